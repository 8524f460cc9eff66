CREATE TABLE "fin_invoice" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"apply_no" varchar(32) NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"kind" smallint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"buyer_title" varchar(200),
	"buyer_tax_no" varchar(30),
	"buyer_address" varchar(255),
	"buyer_phone" varchar(30),
	"buyer_bank" varchar(100),
	"buyer_account" varchar(40),
	"seller_title" varchar(200),
	"seller_tax_no" varchar(30),
	"tax_rate_bp" integer NOT NULL,
	"note_count" integer DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"net_fen" bigint DEFAULT 0 NOT NULL,
	"tax_fen" bigint DEFAULT 0 NOT NULL,
	"bill_id" varchar(32),
	"invoice_no" varchar(20),
	"issue_request_no" varchar(48),
	"issue_attempt" integer DEFAULT 0 NOT NULL,
	"issue_start_time" timestamp with time zone,
	"issue_time" timestamp with time zone,
	"fail_reason" varchar(255),
	"reject_reason" varchar(255),
	"deliver_to" varchar(100),
	"deliver_time" timestamp with time zone,
	"red_letter_no" varchar(32),
	"red_reason" varchar(255),
	"red_time" timestamp with time zone,
	"remark" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_invoice_history" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"invoice_id" varchar(32) NOT NULL,
	"action" varchar(20) NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"operator" varchar(64) NOT NULL,
	"detail" varchar(255),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_invoice_note" (
	"invoice_id" varchar(32) NOT NULL,
	"note_id" varchar(32) NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"shipping_note_number" varchar(20),
	"load_place" varchar(100),
	"unload_place" varchar(100),
	"vehicle" varchar(60),
	"goods_name" varchar(100),
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"net_fen" bigint DEFAULT 0 NOT NULL,
	"tax_fen" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "fin_invoice_note_invoice_id_note_id_pk" PRIMARY KEY("invoice_id","note_id")
);
--> statement-breakpoint
CREATE TABLE "fin_tax_batch" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"period" varchar(7) NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"freight_fen" bigint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"answer_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_tax_record" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"period" varchar(7) NOT NULL,
	"driver_id" varchar(32) NOT NULL,
	"driver_name" varchar(30),
	"id_card" varchar(18),
	"card_no" varchar(30),
	"note_count" integer DEFAULT 0 NOT NULL,
	"freight_fen" bigint DEFAULT 0 NOT NULL,
	"note_ids" text,
	"bank_serial_nos" text,
	"state" smallint DEFAULT 0 NOT NULL,
	"block_reason" varchar(255),
	"fail_code" varchar(20),
	"fail_message" varchar(255),
	"invoice_no" varchar(20),
	"vat_fen" bigint DEFAULT 0 NOT NULL,
	"surcharge_fen" bigint DEFAULT 0 NOT NULL,
	"iit_fen" bigint DEFAULT 0 NOT NULL,
	"certificate_no" varchar(40),
	"batch_id" varchar(32),
	"send_count" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoice_apply_no_uidx" ON "fin_invoice" USING btree ("tenant_id","apply_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoice_no_uidx" ON "fin_invoice" USING btree ("invoice_no") WHERE invoice_no is not null;--> statement-breakpoint
CREATE INDEX "fin_invoice_customer_idx" ON "fin_invoice" USING btree ("tenant_id","customer_id","create_time");--> statement-breakpoint
CREATE INDEX "fin_invoice_state_idx" ON "fin_invoice" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE INDEX "fin_invoice_history_invoice_idx" ON "fin_invoice_history" USING btree ("invoice_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoice_note_active_uidx" ON "fin_invoice_note" USING btree ("note_id") WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_tax_batch_no_uidx" ON "fin_tax_batch" USING btree ("tenant_id","batch_no");--> statement-breakpoint
CREATE INDEX "fin_tax_batch_time_idx" ON "fin_tax_batch" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_tax_record_driver_period_uidx" ON "fin_tax_record" USING btree ("tenant_id","period","driver_id");--> statement-breakpoint
CREATE INDEX "fin_tax_record_state_idx" ON "fin_tax_record" USING btree ("tenant_id","state","period");