CREATE TABLE "fin_income_report" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"quarter" varchar(7) NOT NULL,
	"report_no" varchar(32) NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"driver_count" integer DEFAULT 0 NOT NULL,
	"agent_count" integer DEFAULT 0 NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"income_fen" bigint DEFAULT 0 NOT NULL,
	"generated_by" varchar(64),
	"generate_time" timestamp with time zone,
	"reviewed_by" varchar(64),
	"review_time" timestamp with time zone,
	"sent_by" varchar(64),
	"send_time" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"receipt_no" varchar(40),
	"fail_code" varchar(20),
	"fail_message" varchar(255),
	"answer_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_income_report_line" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"report_id" varchar(32) NOT NULL,
	"quarter" varchar(7) NOT NULL,
	"payee_kind" smallint NOT NULL,
	"payee_id" varchar(32) NOT NULL,
	"payee_name" varchar(50),
	"id_card" varchar(18),
	"mobile" varchar(20),
	"tax_identity" smallint,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"income_fen" bigint DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fin_note_settlement" ADD COLUMN "etc_deduct_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_etc_record" ADD COLUMN "settle_state" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_etc_record" ADD COLUMN "settle_rule" smallint;--> statement-breakpoint
ALTER TABLE "fin_etc_record" ADD COLUMN "settle_payout_id" varchar(32);--> statement-breakpoint
ALTER TABLE "fin_etc_record" ADD COLUMN "settle_posting_id" varchar(32);--> statement-breakpoint
ALTER TABLE "fin_etc_record" ADD COLUMN "settle_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_order" ADD COLUMN "etc_rule" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hy_shipping_note" ADD COLUMN "etc_rule" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_income_report_quarter_uidx" ON "fin_income_report" USING btree ("tenant_id","quarter");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_income_report_line_payee_uidx" ON "fin_income_report_line" USING btree ("report_id","payee_kind","payee_id");--> statement-breakpoint
CREATE INDEX "fin_income_report_line_tenant_idx" ON "fin_income_report_line" USING btree ("tenant_id","quarter");