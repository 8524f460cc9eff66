CREATE TABLE "ins_policy" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"policy_no" varchar(50) NOT NULL,
	"insurer_code" varchar(20) NOT NULL,
	"insurer_request_id" varchar(64) NOT NULL,
	"note_id" varchar(32) NOT NULL,
	"shipping_note_number" varchar(20) NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"cargo_type" varchar(10) NOT NULL,
	"goods_name" varchar(100),
	"insured_value_fen" bigint DEFAULT 0 NOT NULL,
	"rate_bp" integer NOT NULL,
	"premium_fen" bigint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"insure_time" timestamp with time zone DEFAULT now() NOT NULL,
	"premium_posting_id" varchar(32),
	"cancel_time" timestamp with time zone,
	"cancel_reason" varchar(200),
	"refund_posting_id" varchar(32),
	"claim_adjust_no" varchar(32),
	"claim_fen" bigint DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ins_rate" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"cargo_type" varchar(10) NOT NULL,
	"insurer_code" varchar(20) NOT NULL,
	"rate_bp" integer NOT NULL,
	"min_premium_fen" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(200),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_voucher_account" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"account_key" varchar(32) NOT NULL,
	"account_name" varchar(100) NOT NULL,
	"subject_code" varchar(20) NOT NULL,
	"subject_name" varchar(100) NOT NULL,
	"auxiliary" varchar(10) DEFAULT 'none' NOT NULL,
	"remark" varchar(200),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ins_policy_note_insured_uidx" ON "ins_policy" USING btree ("note_id") WHERE state = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "ins_policy_no_uidx" ON "ins_policy" USING btree ("insurer_code","policy_no");--> statement-breakpoint
CREATE INDEX "ins_policy_list_idx" ON "ins_policy" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "ins_policy_customer_idx" ON "ins_policy" USING btree ("tenant_id","customer_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ins_rate_cargo_uidx" ON "ins_rate" USING btree ("tenant_id","cargo_type");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_voucher_account_key_uidx" ON "fin_voucher_account" USING btree ("tenant_id","account_key");--> statement-breakpoint
CREATE INDEX "fin_voucher_account_sort_idx" ON "fin_voucher_account" USING btree ("tenant_id","sort_no");