-- Baseline: the whole schema that the migration chain 0000_init … 0042_violation_deduction_retry built, in one
-- step; it replaces that chain, whose 43 files repeated the same table shapes and which every new database
-- replayed. Its journal entry carries 0042's `when`: drizzle runs an entry only when it is newer than the last
-- one a database recorded, so a database that ran the chain skips this file and an empty one runs it alone
-- (a database part-way through the chain is refused at start, platform/db/client.ts).
-- Tables, indexes and foreign keys are drizzle-kit's output for the schema, each table's columns in the order
-- the chain left them so both paths give the same database; the hand-written triggers follow at the end.
-- The chain's one data statement (hy_config.value_type backfill) updated rows an empty database has none of.
CREATE TABLE "sys_data_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"data_table" varchar(64) NOT NULL,
	"data_id" varchar(32) NOT NULL,
	"data_content" text NOT NULL,
	"data_version" integer NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"log_type" smallint NOT NULL,
	"log_content" varchar(1000),
	"operate_type" smallint,
	"userid" varchar(32),
	"username" varchar(64),
	"ip" varchar(64),
	"method" varchar(16),
	"request_url" varchar(500),
	"request_param" text,
	"status_code" integer,
	"success" smallint DEFAULT 1 NOT NULL,
	"cost_time" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"month_key" integer,
	"chain_seq" integer,
	"prev_hash" varchar(64),
	"row_hash" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sys_log_month" (
	"month_key" integer PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_hash" varchar(64),
	"archive_file" varchar(255),
	"archive_sha256" varchar(64),
	"archived_rows" integer,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_captcha" (
	"check_key" varchar(64) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_failure" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"ip" varchar(64),
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_token" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hy_config" (
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"config_key" varchar(64) NOT NULL,
	"config_value" text DEFAULT '' NOT NULL,
	"description" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"value_type" varchar(10) DEFAULT 'string' NOT NULL,
	CONSTRAINT "hy_config_tenant_id_config_key_pk" PRIMARY KEY("tenant_id","config_key")
);
--> statement-breakpoint
CREATE TABLE "hy_setting" (
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"setting_key" varchar(64) NOT NULL,
	"setting_value" text DEFAULT '' NOT NULL,
	"description" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	CONSTRAINT "hy_setting_tenant_id_setting_key_pk" PRIMARY KEY("tenant_id","setting_key")
);
--> statement-breakpoint
CREATE TABLE "stat_daily_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"built_through" date,
	"built_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stat_dirty_day" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stat_dirty_day_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_note_daily" (
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"agent_id" varchar(32),
	"captain_id" varchar(32),
	"load_city" varchar(30) NOT NULL,
	"unload_city" varchar(30) NOT NULL,
	"vehicle_type" varchar(4),
	"waybills" integer NOT NULL,
	"weight_g" bigint NOT NULL,
	"freight_fen" bigint NOT NULL,
	"service_fee_fen" bigint NOT NULL,
	"agent_fee_fen" bigint NOT NULL,
	"driver_fee_fen" bigint NOT NULL,
	"loss_g" bigint NOT NULL,
	"loss_deduction_fen" bigint NOT NULL,
	"arrived" integer NOT NULL,
	"on_time" integer NOT NULL,
	"flagged" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_adjustment" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"adjust_no" varchar(32) NOT NULL,
	"kind" smallint NOT NULL,
	"note_id" varchar(32) NOT NULL,
	"shipping_note_number" varchar(20),
	"customer_id" varchar(32) NOT NULL,
	"driver_id" varchar(32),
	"amount_fen" bigint NOT NULL,
	"direction" smallint DEFAULT 1 NOT NULL,
	"reason" varchar(255) NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"reviewed_by" varchar(64),
	"review_time" timestamp with time zone,
	"reject_reason" varchar(255),
	"posting_id" varchar(32),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_approval_limit" (
	"role_code" varchar(100) NOT NULL,
	"step" varchar(20) NOT NULL,
	"max_fen" bigint NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_approval_limit_role_code_step_pk" PRIMARY KEY("role_code","step")
);
--> statement-breakpoint
CREATE TABLE "fin_bank_payment" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"request_no" varchar(64) NOT NULL,
	"kind" smallint NOT NULL,
	"payout_id" varchar(32),
	"note_id" varchar(32),
	"shipping_note_number" varchar(20),
	"customer_id" varchar(32),
	"wallet_id" varchar(32) NOT NULL,
	"payee_type" smallint NOT NULL,
	"payee_id" varchar(32) NOT NULL,
	"payee_name" varchar(100),
	"card_no" text NOT NULL,
	"holder_name" varchar(30) NOT NULL,
	"holder_id_card" text,
	"bank_code" varchar(20),
	"bank_name" varchar(60),
	"amount_fen" bigint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"bank_serial_no" varchar(64),
	"fail_code" varchar(32),
	"fail_reason" varchar(255),
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_bill" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"bill_no" varchar(32) NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"settle_mode" smallint NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"note_count" integer DEFAULT 0 NOT NULL,
	"driver_fee_fen" bigint DEFAULT 0 NOT NULL,
	"service_fee_fen" bigint DEFAULT 0 NOT NULL,
	"agent_fee_fen" bigint DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"adjust_fen" bigint DEFAULT 0 NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"due_date" date,
	"send_time" timestamp with time zone,
	"confirm_time" timestamp with time zone,
	"dispute_reason" varchar(255),
	"paid_time" timestamp with time zone,
	"close_time" timestamp with time zone,
	"remark" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_bill_note" (
	"bill_id" varchar(32) NOT NULL,
	"note_id" varchar(32) NOT NULL,
	"shipping_note_number" varchar(20),
	"customer_id" varchar(32) NOT NULL,
	"agent_id" varchar(32),
	"audit_time" timestamp with time zone,
	"driver_fee" bigint DEFAULT 0 NOT NULL,
	"service_fee" bigint DEFAULT 0 NOT NULL,
	"agent_fee" bigint DEFAULT 0 NOT NULL,
	"customer_fee" bigint DEFAULT 0 NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "fin_bill_note_bill_id_note_id_pk" PRIMARY KEY("bill_id","note_id")
);
--> statement-breakpoint
CREATE TABLE "fin_idempotency" (
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"key" varchar(64) NOT NULL,
	"operation" varchar(40) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"response" jsonb,
	"operator" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_idempotency_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "fin_ledger_line" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"posting_id" varchar(32) NOT NULL,
	"wallet_id" varchar(32) NOT NULL,
	"owner_type" smallint NOT NULL,
	"owner_id" varchar(32) NOT NULL,
	"customer_id" varchar(32),
	"type" smallint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"note_id" varchar(32),
	"shipping_note_number" varchar(20),
	"bill_id" varchar(32),
	"bank_serial_no" varchar(64),
	"memo" varchar(255),
	"operator" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_loss_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32),
	"customer_name" varchar(200),
	"goods_name" varchar(100),
	"load_city" varchar(30),
	"unload_city" varchar(30),
	"allowance_mode" smallint DEFAULT 2 NOT NULL,
	"allowance_value" integer DEFAULT 0 NOT NULL,
	"unit_price_fen" bigint DEFAULT 0 NOT NULL,
	"deduct_whole" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_note_settlement" (
	"note_id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"bill_id" varchar(32),
	"charged_fen" bigint DEFAULT 0 NOT NULL,
	"charge_time" timestamp with time zone,
	"advanced_fen" bigint DEFAULT 0 NOT NULL,
	"card_share_fen" bigint DEFAULT 0 NOT NULL,
	"prepaid_fen" bigint DEFAULT 0 NOT NULL,
	"final_paid_fen" bigint DEFAULT 0 NOT NULL,
	"agent_paid_fen" bigint DEFAULT 0 NOT NULL,
	"adjust_fen" bigint DEFAULT 0 NOT NULL,
	"held_fen" bigint DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"etc_deduct_fen" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_payout" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"payout_no" varchar(32) NOT NULL,
	"kind" smallint NOT NULL,
	"shares" varchar(20),
	"note_count" integer NOT NULL,
	"total_fen" bigint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"submitted_by" varchar(64) NOT NULL,
	"submit_time" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" varchar(64),
	"review_time" timestamp with time zone,
	"executed_by" varchar(64),
	"execute_time" timestamp with time zone,
	"reject_reason" varchar(255),
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_payout_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"payout_id" varchar(32) NOT NULL,
	"step" varchar(20) NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"operator" varchar(64) NOT NULL,
	"remark" varchar(255),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_payout_note" (
	"payout_id" varchar(32) NOT NULL,
	"note_id" varchar(32) NOT NULL,
	"kind" smallint NOT NULL,
	"shipping_note_number" varchar(20),
	"amount_fen" bigint NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "fin_payout_note_payout_id_note_id_pk" PRIMARY KEY("payout_id","note_id")
);
--> statement-breakpoint
CREATE TABLE "fin_posting" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"event" varchar(20) NOT NULL,
	"note_id" varchar(32),
	"bill_id" varchar(32),
	"payment_id" varchar(32),
	"bank_serial_no" varchar(64),
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"operator" varchar(64) NOT NULL,
	"memo" varchar(255),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_recharge" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"recharge_no" varchar(32) NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"channel" smallint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"voucher_img" varchar(255),
	"payer_name" varchar(100),
	"payer_account" varchar(40),
	"bank_serial_no" varchar(64),
	"state" smallint DEFAULT 0 NOT NULL,
	"statement_line_id" varchar(32),
	"posting_id" varchar(32),
	"reviewed_by" varchar(64),
	"review_time" timestamp with time zone,
	"reject_reason" varchar(255),
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_sim_bank_txn" (
	"request_no" varchar(64) PRIMARY KEY NOT NULL,
	"direction" smallint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"account" varchar(40) NOT NULL,
	"account_name" varchar(100),
	"status" varchar(12) NOT NULL,
	"outcome" varchar(12) NOT NULL,
	"fail_code" varchar(32),
	"bank_serial_no" varchar(64) NOT NULL,
	"due_time" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_statement_line" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"bank_serial_no" varchar(64) NOT NULL,
	"trade_time" timestamp with time zone NOT NULL,
	"direction" smallint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"counterparty_name" varchar(100),
	"counterparty_account" varchar(40),
	"memo" varchar(255),
	"match_state" smallint DEFAULT 0 NOT NULL,
	"matched_posting_id" varchar(32),
	"matched_ref" varchar(64),
	"import_batch" varchar(32),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_wallet" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"owner_type" smallint NOT NULL,
	"owner_id" varchar(32) NOT NULL,
	"owner_name" varchar(200),
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"frozen_fen" bigint DEFAULT 0 NOT NULL,
	"available_fen" bigint GENERATED ALWAYS AS (balance_fen - frozen_fen) STORED NOT NULL,
	"credit_limit_fen" bigint DEFAULT 0 NOT NULL,
	"line_count" bigint DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_wallet_config" (
	"customer_id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_name" varchar(200),
	"settle_mode" smallint DEFAULT 1 NOT NULL,
	"credit_days" integer DEFAULT 0 NOT NULL,
	"credit_limit_fen" bigint DEFAULT 0 NOT NULL,
	"prepay_ratio_cap_bp" integer DEFAULT 5000 NOT NULL,
	"bank_channel" varchar(20) DEFAULT 'sim' NOT NULL,
	"sub_account_no" varchar(40),
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_wallet_config_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"before" jsonb,
	"after" jsonb NOT NULL,
	"operator" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_wallet_freeze" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"wallet_id" varchar(32) NOT NULL,
	"customer_id" varchar(32),
	"amount_fen" bigint NOT NULL,
	"frozen_after_fen" bigint NOT NULL,
	"reason" varchar(255) NOT NULL,
	"note_id" varchar(32),
	"operator" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hy_agent" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"agent_name" varchar(50) NOT NULL,
	"id_card" text,
	"mobile" varchar(20),
	"fee_mode" smallint DEFAULT 2 NOT NULL,
	"fee_value" bigint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"bank_code" varchar(20),
	"bank_name" varchar(60),
	"card_no" text,
	"id_card_hash" varchar(64) GENERATED ALWAYS AS (CASE WHEN "id_card" LIKE 'enc:v1:%' THEN split_part("id_card", ':', 6) END) STORED
);
--> statement-breakpoint
CREATE TABLE "hy_customer" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_name" varchar(200) NOT NULL,
	"customer_type" smallint DEFAULT 1 NOT NULL,
	"credit_code" varchar(18),
	"legal_person" varchar(50),
	"license_img" varchar(255),
	"contact_name" varchar(50),
	"contact_mobile" varchar(20),
	"address" varchar(255),
	"settle_mode" smallint DEFAULT 1 NOT NULL,
	"credit_days" integer DEFAULT 0 NOT NULL,
	"credit_limit_fen" bigint DEFAULT 0 NOT NULL,
	"service_rate_bp" integer DEFAULT 0 NOT NULL,
	"invoice_title" varchar(200),
	"invoice_tax_no" varchar(30),
	"invoice_address" varchar(255),
	"invoice_phone" varchar(30),
	"invoice_bank" varchar(100),
	"invoice_account" varchar(40),
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"service_fee_mode" smallint DEFAULT 1 NOT NULL,
	"service_fee_fen" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hy_customer_admin" (
	"user_id" varchar(32) NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	CONSTRAINT "hy_customer_admin_user_id_customer_id_pk" PRIMARY KEY("user_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "hy_customer_user" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"user_id" varchar(32) NOT NULL,
	"username" varchar(64) NOT NULL,
	"realname" varchar(50) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"user_type" smallint DEFAULT 2 NOT NULL,
	"post" varchar(100),
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
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
CREATE TABLE "onl_cgreport_head" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"cgr_sql" text NOT NULL,
	"return_val_field" varchar(100),
	"return_txt_field" varchar(100),
	"return_type" varchar(2),
	"db_source" varchar(100),
	"content" varchar(1000),
	"perms" varchar(100),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"category" varchar(20),
	"chart_config" jsonb
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_item" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(32) NOT NULL,
	"field_name" varchar(64) NOT NULL,
	"field_txt" varchar(100),
	"field_width" integer,
	"field_type" varchar(20) DEFAULT 'String' NOT NULL,
	"search_mode" varchar(10),
	"is_order" smallint DEFAULT 0 NOT NULL,
	"is_search" smallint DEFAULT 0 NOT NULL,
	"dict_code" varchar(200),
	"field_href" varchar(500),
	"is_show" smallint DEFAULT 1 NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"replace_val" varchar(200),
	"is_total" smallint DEFAULT 0 NOT NULL,
	"group_title" varchar(50),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_param" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(32) NOT NULL,
	"param_name" varchar(64) NOT NULL,
	"param_txt" varchar(100),
	"param_value" varchar(200),
	"param_type" varchar(10) DEFAULT 'string' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pi_consent" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"subject_type" varchar(10) NOT NULL,
	"subject_id" varchar(32) NOT NULL,
	"subject_name" varchar(100),
	"policy_version" varchar(20) NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64),
	"channel" varchar(10) NOT NULL,
	"user_agent" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "pi_privacy_policy" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"version" varchar(20) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pi_request" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"subject_type" varchar(10) NOT NULL,
	"subject_id" varchar(32) NOT NULL,
	"subject_name" varchar(100),
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"detail" varchar(1000),
	"result" varchar(1000),
	"retain_until" date,
	"requested_by" varchar(64),
	"handled_by" varchar(64),
	"handled_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_report_attempt" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"message_id" varchar(32) NOT NULL,
	"channel_id" varchar(32),
	"attempt_no" integer NOT NULL,
	"reference_number" varchar(36),
	"outcome" varchar(10) NOT NULL,
	"code" varchar(20),
	"message" varchar(500),
	"request" jsonb,
	"response" jsonb,
	"duration_ms" integer,
	"calls" smallint DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hy_report_channel" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"channel_name" varchar(50) NOT NULL,
	"province" varchar(20) NOT NULL,
	"province_code" varchar(6) NOT NULL,
	"variant" varchar(16) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"environment" varchar(8) DEFAULT 'test' NOT NULL,
	"base_url" varchar(255) NOT NULL,
	"login_path" varchar(100),
	"send_path" varchar(100),
	"account" varchar(64) NOT NULL,
	"sender_code" varchar(64),
	"password" text,
	"sm2_public_key_secret" text,
	"sm2_cipher_mode" varchar(8) DEFAULT 'C1C3C2' NOT NULL,
	"aes_secret" text,
	"aes_iv_secret" text,
	"format" varchar(8) DEFAULT 'json' NOT NULL,
	"tag_case" varchar(8) DEFAULT 'camel' NOT NULL,
	"success_codes" varchar(50),
	"code_map" jsonb,
	"deadline_hours" integer DEFAULT 24 NOT NULL,
	"platform_name" varchar(512) NOT NULL,
	"platform_credit_code" varchar(18) NOT NULL,
	"platform_permit_no" varchar(50) NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	"simulator_key_secret" text,
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_report_message" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"type" varchar(16) NOT NULL,
	"business_id" varchar(32) NOT NULL,
	"business_no" varchar(64),
	"channel_id" varchar(32),
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claim_token" varchar(32),
	"claimed_until" timestamp with time zone,
	"last_code" varchar(20),
	"last_message" varchar(500),
	"field_errors" jsonb,
	"payload" jsonb,
	"touched_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_note" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"note_id" varchar(32) NOT NULL,
	"shipping_note_number" varchar(32),
	"plate_no" varchar(20),
	"driver_name" varchar(50),
	"customer_name" varchar(200),
	"risk_status" smallint DEFAULT 0 NOT NULL,
	"open_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"rules" varchar(300),
	"last_warn_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_param" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"rule_type" varchar(32) NOT NULL,
	"customer_id" varchar(32),
	"customer_name" varchar(200),
	"severity" smallint DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_violation" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"warning_id" varchar(32) NOT NULL,
	"note_id" varchar(32),
	"shipping_note_number" varchar(32),
	"rule_type" varchar(32) NOT NULL,
	"message" varchar(500) NOT NULL,
	"customer_name" varchar(200),
	"driver_id" varchar(32),
	"driver_name" varchar(50),
	"plate_no" varchar(20),
	"consequence" varchar(100) NOT NULL,
	"reason" varchar(255) NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"captain_id" varchar(32),
	"deduction_state" varchar(16),
	"deduction_fen" bigint,
	"contract_no" varchar(40),
	"penalty_pct" smallint,
	"appeal_deadline" timestamp with time zone,
	"appeal_reason" varchar(255),
	"appeal_by" varchar(64),
	"appeal_time" timestamp with time zone,
	"decide_by" varchar(64),
	"decide_reason" varchar(255),
	"decide_time" timestamp with time zone,
	"adjust_no" varchar(32),
	"posted_time" timestamp with time zone,
	"deduction_note" varchar(255),
	"deduction_attempts" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_warning" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"note_id" varchar(32),
	"shipping_note_number" varchar(32),
	"rule_type" varchar(32) NOT NULL,
	"severity" smallint NOT NULL,
	"message" varchar(500) NOT NULL,
	"state" varchar(16) DEFAULT 'open' NOT NULL,
	"dedupe_key" varchar(100) NOT NULL,
	"customer_id" varchar(32),
	"customer_name" varchar(200),
	"driver_id" varchar(32),
	"driver_name" varchar(50),
	"vehicle_id" varchar(32),
	"plate_no" varchar(20),
	"source" varchar(32),
	"assignee" varchar(64),
	"evidence" jsonb,
	"handle_by" varchar(64),
	"handle_reason" varchar(255),
	"handle_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart_permission" (
	"depart_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000),
	CONSTRAINT "sys_depart_permission_depart_id_permission_id_pk" PRIMARY KEY("depart_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"depart_id" varchar(32) NOT NULL,
	"role_name" varchar(100) NOT NULL,
	"role_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_permission" (
	"depart_id" varchar(32) NOT NULL,
	"role_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp with time zone,
	"operate_ip" varchar(100),
	CONSTRAINT "sys_depart_role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_user" (
	"user_id" varchar(32) NOT NULL,
	"drole_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_depart_role_user_user_id_drole_id_pk" PRIMARY KEY("user_id","drole_id")
);
--> statement-breakpoint
CREATE TABLE "sys_division" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"parent_code" varchar(12),
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_announcement" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"titile" varchar(100) NOT NULL,
	"msg_content" text DEFAULT '' NOT NULL,
	"msg_abstract" varchar(500),
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"sender" varchar(100),
	"priority" varchar(1) DEFAULT 'L' NOT NULL,
	"msg_category" varchar(1) DEFAULT '1' NOT NULL,
	"msg_type" varchar(10) DEFAULT 'ALL' NOT NULL,
	"user_ids" text,
	"send_status" varchar(1) DEFAULT '0' NOT NULL,
	"send_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"bus_type" varchar(20),
	"bus_id" varchar(50),
	"open_type" varchar(20),
	"open_page" varchar(255),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_announcement_send" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"annt_id" varchar(32) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"read_flag" varchar(1) DEFAULT '0' NOT NULL,
	"read_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"parent_id" varchar(32),
	"depart_name" varchar(100) NOT NULL,
	"depart_name_en" varchar(500),
	"depart_name_abbr" varchar(500),
	"depart_order" integer DEFAULT 0,
	"description" text,
	"org_category" varchar(10) DEFAULT '1',
	"org_type" varchar(10),
	"org_code" varchar(64) NOT NULL,
	"mobile" varchar(32),
	"fax" varchar(32),
	"address" varchar(100),
	"memo" varchar(500),
	"status" varchar(1) DEFAULT '1',
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_dict" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"dict_name" varchar(100) NOT NULL,
	"dict_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"dict_name_en" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_dict_item" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"dict_id" varchar(32) NOT NULL,
	"item_text" varchar(100) NOT NULL,
	"item_value" varchar(100) NOT NULL,
	"item_color" varchar(20),
	"description" varchar(255),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"item_text_en" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_permission" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"parent_id" varchar(32),
	"name" varchar(100) NOT NULL,
	"url" varchar(255),
	"component" varchar(255),
	"component_name" varchar(100),
	"redirect" varchar(255),
	"menu_type" smallint NOT NULL,
	"perms" varchar(255),
	"perms_type" varchar(10) DEFAULT '1',
	"sort_no" double precision DEFAULT 0,
	"always_show" boolean DEFAULT false NOT NULL,
	"icon" varchar(100),
	"is_route" boolean DEFAULT true NOT NULL,
	"is_leaf" boolean DEFAULT true NOT NULL,
	"keep_alive" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hide_tab" boolean DEFAULT false NOT NULL,
	"description" varchar(255),
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"rule_flag" smallint DEFAULT 0 NOT NULL,
	"internal_or_external" boolean DEFAULT false NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"name_en" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_permission_data_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"rule_name" varchar(50) NOT NULL,
	"rule_column" varchar(50) NOT NULL,
	"rule_conditions" varchar(50) NOT NULL,
	"rule_value" varchar(300) NOT NULL,
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_position" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"post_rank" varchar(2),
	"company_id" varchar(255),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"role_name" varchar(200) NOT NULL,
	"role_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_role_permission" (
	"role_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp with time zone,
	"operate_ip" varchar(100),
	CONSTRAINT "sys_role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_tenant" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"begin_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"realname" varchar(100) NOT NULL,
	"password" varchar(255) NOT NULL,
	"password_changed_at" timestamp with time zone,
	"avatar" varchar(255),
	"birthday" date,
	"sex" smallint DEFAULT 0,
	"email" varchar(100),
	"phone" varchar(20),
	"org_code" varchar(64),
	"status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"work_no" varchar(100),
	"post" varchar(100),
	"telephone" varchar(45),
	"user_identity" smallint DEFAULT 1,
	"rel_tenant_ids" varchar(256),
	"user_type" smallint DEFAULT 1 NOT NULL,
	"cid" varchar(32),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"language" varchar(8)
);
--> statement-breakpoint
CREATE TABLE "sys_user_depart" (
	"user_id" varchar(32) NOT NULL,
	"dep_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_user_depart_user_id_dep_id_pk" PRIMARY KEY("user_id","dep_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_notify_mute" (
	"user_id" varchar(32) NOT NULL,
	"category" varchar(32) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_notify_mute_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" varchar(32) NOT NULL,
	"role_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_liveness" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"driver_id" varchar(32) NOT NULL,
	"passed" boolean NOT NULL,
	"score" integer,
	"reported_by" varchar(64),
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_verification" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"subject_type" varchar(16) NOT NULL,
	"subject_id" varchar(32) NOT NULL,
	"subject_name" varchar(100),
	"kind" varchar(24) NOT NULL,
	"provider" varchar(60) NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"result" varchar(8) NOT NULL,
	"reason" varchar(255),
	"input_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"operator" varchar(64),
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"agent_id" varchar(32),
	"captain_id" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "fin_etc_record" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"provider_serial" varchar(64) NOT NULL,
	"plate_no" varchar(12) NOT NULL,
	"entry_station" varchar(100),
	"exit_station" varchar(100),
	"entry_time" timestamp with time zone,
	"exit_time" timestamp with time zone NOT NULL,
	"amount_fen" bigint NOT NULL,
	"invoice_no" varchar(32),
	"vehicle_id" varchar(32),
	"match_state" smallint DEFAULT 0 NOT NULL,
	"note_id" varchar(32),
	"shipping_note_number" varchar(32),
	"match_time" timestamp with time zone,
	"import_batch" varchar(32) NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"settle_state" smallint DEFAULT 0 NOT NULL,
	"settle_rule" smallint,
	"settle_payout_id" varchar(32),
	"settle_posting_id" varchar(32),
	"settle_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_fuel_card" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"provider" smallint NOT NULL,
	"driver_id" varchar(32) NOT NULL,
	"driver_name" varchar(50),
	"vehicle_id" varchar(32),
	"plate_no" varchar(12),
	"state" smallint DEFAULT 1 NOT NULL,
	"recharged_fen" bigint DEFAULT 0 NOT NULL,
	"consumed_fen" bigint DEFAULT 0 NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_fuel_recharge" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"card_id" varchar(32) NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"provider" smallint NOT NULL,
	"driver_id" varchar(32),
	"driver_name" varchar(50),
	"note_id" varchar(32) NOT NULL,
	"shipping_note_number" varchar(32),
	"customer_id" varchar(32),
	"amount_fen" bigint NOT NULL,
	"posting_id" varchar(32),
	"payout_id" varchar(32),
	"match_state" smallint DEFAULT 0 NOT NULL,
	"statement_id" varchar(32),
	"statement_serial_no" varchar(64),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_fuel_statement" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"serial_no" varchar(64) NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"card_id" varchar(32),
	"trade_time" timestamp with time zone NOT NULL,
	"kind" smallint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"station" varchar(100),
	"match_state" smallint DEFAULT 0 NOT NULL,
	"recharge_id" varchar(32),
	"shipping_note_number" varchar(32),
	"import_batch" varchar(32),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
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
	"id_card" text,
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
	"id_card" text,
	"card_no" text,
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
CREATE TABLE "hy_app_message" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"audience" varchar(16) NOT NULL,
	"customer_id" varchar(32),
	"customer_name" varchar(200),
	"send_time" timestamp with time zone,
	"state" smallint DEFAULT 0 NOT NULL,
	"sent_time" timestamp with time zone,
	"announcement_id" varchar(32),
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_app_version" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"platform" varchar(10) NOT NULL,
	"version_code" integer NOT NULL,
	"version_name" varchar(30) NOT NULL,
	"package_path" varchar(255),
	"download_url" varchar(500),
	"release_notes" text,
	"min_version_code" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"publish_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_enterprise_app" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"app_name" varchar(60) NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"app_key" varchar(40) NOT NULL,
	"secret_cipher" text NOT NULL,
	"secret_hint" varchar(8),
	"scopes" varchar(200) NOT NULL,
	"ip_allow_list" text,
	"rate_limit_per_minute" integer DEFAULT 600 NOT NULL,
	"webhook_url" varchar(500),
	"enabled" boolean DEFAULT true NOT NULL,
	"last_used_at" timestamp with time zone,
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_openapi_nonce" (
	"app_id" varchar(32) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hy_webhook_delivery" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"app_id" varchar(32) NOT NULL,
	"event" varchar(40) NOT NULL,
	"payload" text NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"claim_token" varchar(32),
	"claimed_until" timestamp with time zone,
	"last_status" integer,
	"last_error" varchar(500),
	"sent_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hy_contract_template" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"penalty_pct" smallint
);
--> statement-breakpoint
CREATE TABLE "hy_transport_contract" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"contract_no" varchar(40) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"note_id" varchar(32),
	"shipping_note_number" varchar(32),
	"customer_id" varchar(32),
	"customer_name" varchar(200),
	"period_from" date,
	"period_to" date,
	"template_id" varchar(32),
	"template_version" integer NOT NULL,
	"party_a" varchar(200) NOT NULL,
	"party_b" varchar(200) NOT NULL,
	"party_b_id" varchar(32),
	"goods_name" varchar(100),
	"route" varchar(200),
	"freight_fen" bigint DEFAULT 0 NOT NULL,
	"pdf" "bytea",
	"digest" varchar(64),
	"state" smallint DEFAULT 0 NOT NULL,
	"sign_time" timestamp with time zone,
	"signer" varchar(100),
	"signed_by" varchar(64),
	"signature" text,
	"sign_key_id" varchar(64),
	"ca_name" varchar(64),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"penalty_pct" smallint
);
--> statement-breakpoint
CREATE TABLE "hy_customer_address" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"address_name" varchar(50) NOT NULL,
	"area_code" varchar(12) NOT NULL,
	"province" varchar(30),
	"city" varchar(30),
	"district" varchar(30),
	"address" varchar(255) NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"contact" varchar(50),
	"phone" varchar(20),
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_customer_route" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"route_name" varchar(50) NOT NULL,
	"load_address_id" varchar(32) NOT NULL,
	"load_address_name" varchar(50),
	"unload_address_id" varchar(32) NOT NULL,
	"unload_address_name" varchar(50),
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_bank" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"bank_name" varchar(60) NOT NULL,
	"short_name" varchar(20),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_captain" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"captain_name" varchar(30) NOT NULL,
	"id_card" text NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"fee_mode" smallint DEFAULT 2 NOT NULL,
	"fee_value" bigint DEFAULT 0 NOT NULL,
	"collection_agreement" varchar(255),
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"id_card_hash" varchar(64) GENERATED ALWAYS AS (CASE WHEN "id_card" LIKE 'enc:v1:%' THEN split_part("id_card", ':', 6) END) STORED
);
--> statement-breakpoint
CREATE TABLE "hy_carrier" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"carrier_name" varchar(256) NOT NULL,
	"carrier_type" smallint DEFAULT 1 NOT NULL,
	"credit_code" varchar(18),
	"permit_no" varchar(50),
	"permit_valid_to" date,
	"legal_person" varchar(50),
	"contact_mobile" varchar(11),
	"bank_name" varchar(100),
	"bank_account" varchar(40),
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_collection_agreement" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"captain_id" varchar(32) NOT NULL,
	"driver_id" varchar(32) NOT NULL,
	"agreement_no" varchar(50),
	"agreement_img" varchar(255) NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_driver" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"driver_name" varchar(30) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"id_card" text NOT NULL,
	"id_card_front" varchar(255),
	"id_card_back" varchar(255),
	"id_card_valid_from" date,
	"id_card_valid_to" date,
	"driving_class" varchar(10),
	"driving_issuer" varchar(100),
	"driving_file_no" varchar(30),
	"driving_valid_from" date,
	"driving_valid_to" date,
	"driving_img" varchar(255),
	"qualification_no" varchar(30),
	"qualification_valid_to" date,
	"qualification_img" varchar(255),
	"captain_id" varchar(32),
	"tax_entrusted" boolean DEFAULT false NOT NULL,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"blacklist_reason" varchar(255),
	"score" integer DEFAULT 100 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"expiry_warned_on" date,
	"agent_id" varchar(32),
	"id_card_hash" varchar(64) GENERATED ALWAYS AS (CASE WHEN "id_card" LIKE 'enc:v1:%' THEN split_part("id_card", ':', 6) END) STORED
);
--> statement-breakpoint
CREATE TABLE "hy_driver_bank" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"driver_id" varchar(32) NOT NULL,
	"card_no" text NOT NULL,
	"holder_name" varchar(30) NOT NULL,
	"holder_id_card" text NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"branch" varchar(100),
	"reserved_mobile" varchar(11),
	"verified" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"driver_name" varchar(30),
	"bank_name" varchar(60),
	"card_no_hash" varchar(64) GENERATED ALWAYS AS (CASE WHEN "card_no" LIKE 'enc:v1:%' THEN split_part("card_no", ':', 6) END) STORED
);
--> statement-breakpoint
CREATE TABLE "hy_driver_vehicle" (
	"driver_id" varchar(32) NOT NULL,
	"vehicle_id" varchar(32) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hy_driver_vehicle_driver_id_vehicle_id_pk" PRIMARY KEY("driver_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "hy_review_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"entity" varchar(32) NOT NULL,
	"entity_id" varchar(32) NOT NULL,
	"from_state" smallint NOT NULL,
	"to_state" smallint NOT NULL,
	"reason" text,
	"operator" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hy_vehicle" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"plate_no" varchar(12) NOT NULL,
	"plate_color" varchar(4) DEFAULT '2' NOT NULL,
	"vehicle_type" varchar(4),
	"owner" varchar(100),
	"use_character" varchar(20),
	"vin" varchar(17),
	"energy_type" varchar(2),
	"rated_load_kg" integer,
	"gross_mass_kg" integer,
	"license_issuer" varchar(100),
	"register_date" date,
	"issue_date" date,
	"license_valid_to" date,
	"license_img" varchar(255),
	"road_transport_no" varchar(30),
	"road_transport_valid_to" date,
	"road_transport_img" varchar(255),
	"trailer_plate_no" varchar(12),
	"ownership" smallint DEFAULT 1 NOT NULL,
	"transport_state" smallint DEFAULT 0 NOT NULL,
	"captain_id" varchar(32),
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"expiry_warned_on" date,
	"agent_id" varchar(32),
	"net_state" smallint,
	"net_since" timestamp with time zone,
	"net_checked_at" timestamp with time zone,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"blacklist_reason" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "hy_complaint" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"complaint_no" varchar(32) NOT NULL,
	"note_id" varchar(32) NOT NULL,
	"shipping_note_number" varchar(20),
	"customer_id" varchar(32),
	"complainant_role" smallint DEFAULT 1 NOT NULL,
	"complainant_name" varchar(50) NOT NULL,
	"respondent_role" smallint DEFAULT 2 NOT NULL,
	"respondent_name" varchar(50),
	"complaint_type" smallint DEFAULT 1 NOT NULL,
	"content" text NOT NULL,
	"images" varchar(255),
	"status" smallint DEFAULT 0 NOT NULL,
	"handler" varchar(64),
	"handle_time" timestamp with time zone,
	"result" text,
	"close_time" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_evaluation" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"note_id" varchar(32) NOT NULL,
	"shipping_note_number" varchar(20),
	"customer_id" varchar(32),
	"driver_id" varchar(32) NOT NULL,
	"driver_name" varchar(30),
	"rater_role" smallint DEFAULT 1 NOT NULL,
	"punctuality" smallint NOT NULL,
	"service" smallint NOT NULL,
	"cargo_safety" smallint NOT NULL,
	"score" integer NOT NULL,
	"content" varchar(500),
	"tags" varchar(100),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_order" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"order_mode" smallint DEFAULT 1 NOT NULL,
	"agent_id" varchar(32),
	"captain_id" varchar(32),
	"status" smallint DEFAULT 0 NOT NULL,
	"goods_name" varchar(100) NOT NULL,
	"cargo_type" varchar(4),
	"load_province" varchar(30),
	"load_city" varchar(30) NOT NULL,
	"load_district" varchar(30),
	"load_area_code" varchar(12),
	"load_address" varchar(255) NOT NULL,
	"load_lng" double precision,
	"load_lat" double precision,
	"load_contact" varchar(50),
	"load_phone" varchar(20),
	"unload_province" varchar(30),
	"unload_city" varchar(30) NOT NULL,
	"unload_district" varchar(30),
	"unload_area_code" varchar(12),
	"unload_address" varchar(255) NOT NULL,
	"unload_lng" double precision,
	"unload_lat" double precision,
	"unload_contact" varchar(50),
	"unload_phone" varchar(20),
	"planned_weight_g" bigint NOT NULL,
	"dispatched_weight_g" bigint DEFAULT 0 NOT NULL,
	"completed_weight_g" bigint DEFAULT 0 NOT NULL,
	"dispatched_count" integer DEFAULT 0 NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"price_mode" smallint DEFAULT 1 NOT NULL,
	"driver_unit_price_fen" bigint DEFAULT 0 NOT NULL,
	"settle_weight_basis" smallint DEFAULT 3 NOT NULL,
	"loss_allowance_mode" smallint DEFAULT 1 NOT NULL,
	"loss_allowance_value" integer DEFAULT 0 NOT NULL,
	"loss_unit_price_fen" bigint DEFAULT 0 NOT NULL,
	"loss_deduct_whole" boolean DEFAULT false NOT NULL,
	"service_fee_mode" smallint DEFAULT 1 NOT NULL,
	"service_fee_value" bigint DEFAULT 0 NOT NULL,
	"agent_fee_mode" smallint DEFAULT 2 NOT NULL,
	"agent_fee_value" bigint DEFAULT 0 NOT NULL,
	"fuel_card_mode" smallint DEFAULT 0 NOT NULL,
	"fuel_card_value" bigint DEFAULT 0 NOT NULL,
	"etc_mode" smallint DEFAULT 0 NOT NULL,
	"etc_value" bigint DEFAULT 0 NOT NULL,
	"prepay_mode" smallint DEFAULT 0 NOT NULL,
	"prepay_value" bigint DEFAULT 0 NOT NULL,
	"settle_mode" smallint DEFAULT 1 NOT NULL,
	"credit_days" integer DEFAULT 0 NOT NULL,
	"driver_fee" bigint DEFAULT 0 NOT NULL,
	"service_fee" bigint DEFAULT 0 NOT NULL,
	"agent_fee" bigint DEFAULT 0 NOT NULL,
	"customer_fee" bigint DEFAULT 0 NOT NULL,
	"remark" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"etc_rule" smallint DEFAULT 0 NOT NULL,
	"load_window_from" timestamp with time zone,
	"load_window_to" timestamp with time zone,
	"unload_window_from" timestamp with time zone,
	"unload_window_to" timestamp with time zone,
	"planned_distance_km" double precision
);
--> statement-breakpoint
CREATE TABLE "hy_shipping_note" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"shipping_note_number" varchar(20) NOT NULL,
	"serial_number" varchar(4) DEFAULT '0000' NOT NULL,
	"order_id" varchar(32) NOT NULL,
	"order_no" varchar(32),
	"order_mode" smallint DEFAULT 1 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"driver_id" varchar(32) NOT NULL,
	"driver_name" varchar(30),
	"driver_mobile" varchar(11),
	"vehicle_id" varchar(32) NOT NULL,
	"plate_no" varchar(12),
	"agent_id" varchar(32),
	"captain_id" varchar(32),
	"carrier_id" varchar(32),
	"goods_name" varchar(100),
	"cargo_type" varchar(4),
	"load_province" varchar(30),
	"load_city" varchar(30) NOT NULL,
	"load_district" varchar(30),
	"load_area_code" varchar(12),
	"load_address" varchar(255) NOT NULL,
	"load_lng" double precision,
	"load_lat" double precision,
	"load_contact" varchar(50),
	"load_phone" varchar(20),
	"unload_province" varchar(30),
	"unload_city" varchar(30) NOT NULL,
	"unload_district" varchar(30),
	"unload_area_code" varchar(12),
	"unload_address" varchar(255) NOT NULL,
	"unload_lng" double precision,
	"unload_lat" double precision,
	"unload_contact" varchar(50),
	"unload_phone" varchar(20),
	"status" smallint DEFAULT 0 NOT NULL,
	"pay_status" smallint DEFAULT 0 NOT NULL,
	"invoice_status" smallint DEFAULT 0 NOT NULL,
	"report_status" smallint DEFAULT 0 NOT NULL,
	"fund_report_status" smallint DEFAULT 0 NOT NULL,
	"tax_status" smallint DEFAULT 0 NOT NULL,
	"risk_status" smallint DEFAULT 0 NOT NULL,
	"planned_weight_g" bigint NOT NULL,
	"load_weight_g" bigint,
	"load_photo" varchar(255),
	"unload_weight_g" bigint,
	"unload_photo" varchar(255),
	"receipt_photo" varchar(255),
	"price_mode" smallint DEFAULT 1 NOT NULL,
	"driver_unit_price_fen" bigint DEFAULT 0 NOT NULL,
	"settle_weight_basis" smallint DEFAULT 3 NOT NULL,
	"loss_allowance_mode" smallint DEFAULT 1 NOT NULL,
	"loss_allowance_value" integer DEFAULT 0 NOT NULL,
	"loss_unit_price_fen" bigint DEFAULT 0 NOT NULL,
	"loss_deduct_whole" boolean DEFAULT false NOT NULL,
	"service_fee_mode" smallint DEFAULT 1 NOT NULL,
	"service_fee_value" bigint DEFAULT 0 NOT NULL,
	"agent_fee_mode" smallint DEFAULT 2 NOT NULL,
	"agent_fee_value" bigint DEFAULT 0 NOT NULL,
	"fuel_card_mode" smallint DEFAULT 0 NOT NULL,
	"fuel_card_value" bigint DEFAULT 0 NOT NULL,
	"etc_mode" smallint DEFAULT 0 NOT NULL,
	"etc_value" bigint DEFAULT 0 NOT NULL,
	"prepay_mode" smallint DEFAULT 0 NOT NULL,
	"prepay_value" bigint DEFAULT 0 NOT NULL,
	"settle_mode" smallint DEFAULT 1 NOT NULL,
	"credit_days" integer DEFAULT 0 NOT NULL,
	"other_deduction_fen" bigint DEFAULT 0 NOT NULL,
	"settle_weight_g" bigint,
	"loss_weight_g" bigint,
	"loss_allowance_g" bigint,
	"loss_deduction_fen" bigint DEFAULT 0 NOT NULL,
	"driver_freight_fen" bigint DEFAULT 0 NOT NULL,
	"driver_fee" bigint DEFAULT 0 NOT NULL,
	"service_fee" bigint DEFAULT 0 NOT NULL,
	"agent_fee" bigint DEFAULT 0 NOT NULL,
	"customer_fee" bigint DEFAULT 0 NOT NULL,
	"fuel_card_fen" bigint DEFAULT 0 NOT NULL,
	"etc_fen" bigint DEFAULT 0 NOT NULL,
	"prepay_fen" bigint DEFAULT 0 NOT NULL,
	"final_pay_fen" bigint DEFAULT 0 NOT NULL,
	"contract_no" varchar(32),
	"dispatch_time" timestamp with time zone DEFAULT now() NOT NULL,
	"accept_time" timestamp with time zone,
	"load_time" timestamp with time zone,
	"depart_time" timestamp with time zone,
	"unload_time" timestamp with time zone,
	"sign_time" timestamp with time zone,
	"audit_time" timestamp with time zone,
	"audit_by" varchar(64),
	"complete_time" timestamp with time zone,
	"close_time" timestamp with time zone,
	"close_reason" varchar(255),
	"due_date" date,
	"remark" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"etc_rule" smallint DEFAULT 0 NOT NULL,
	"load_window_from" timestamp with time zone,
	"load_window_to" timestamp with time zone,
	"unload_window_from" timestamp with time zone,
	"unload_window_to" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_shipping_note_history" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"note_id" varchar(32) NOT NULL,
	"action" varchar(20) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"operator" varchar(64) NOT NULL,
	"remark" varchar(255),
	"data" jsonb,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hy_track_point" (
	"vehicle_id" varchar(32) NOT NULL,
	"gps_time" timestamp with time zone NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"speed" smallint,
	"direction" smallint,
	"source" smallint DEFAULT 1 NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"source_id" varchar(32),
	"note_id" varchar(32),
	CONSTRAINT "hy_track_point_vehicle_id_gps_time_pk" PRIMARY KEY("vehicle_id","gps_time")
);
--> statement-breakpoint
CREATE TABLE "hy_track_source" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(50) NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"key_hint" varchar(8) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"last_used_at" timestamp with time zone,
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_vehicle_position" (
	"vehicle_id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"plate_no" varchar(12),
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"speed" smallint,
	"direction" smallint,
	"gps_time" timestamp with time zone NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"note_id" varchar(32),
	"shipping_note_number" varchar(20),
	"note_status" smallint,
	"driver_name" varchar(32),
	"customer_id" varchar(32),
	"agent_id" varchar(32),
	"captain_id" varchar(32),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_copy" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"physic_id" varchar(32) NOT NULL,
	"table_txt" varchar(200) NOT NULL,
	"table_txt_en" varchar(200),
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_button" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"button_code" varchar(50) NOT NULL,
	"button_name" varchar(50) NOT NULL,
	"button_name_en" varchar(50),
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_enhance" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"kind" varchar(3) NOT NULL,
	"button_code" varchar(50) NOT NULL,
	"content" text NOT NULL,
	"version" integer NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_field" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"db_field_name" varchar(64) NOT NULL,
	"db_field_txt" varchar(200) NOT NULL,
	"db_field_txt_en" varchar(200),
	"db_type" varchar(20) NOT NULL,
	"db_length" integer,
	"db_point_length" integer,
	"db_default_val" varchar(200),
	"db_is_null" smallint DEFAULT 1 NOT NULL,
	"is_show_form" smallint DEFAULT 1 NOT NULL,
	"is_show_list" smallint DEFAULT 1 NOT NULL,
	"is_query" smallint DEFAULT 0 NOT NULL,
	"query_mode" varchar(10),
	"field_show_type" varchar(20),
	"dict_field" varchar(100),
	"field_valid_type" varchar(200),
	"sort_flag" smallint DEFAULT 0 NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"main_table" varchar(64),
	"main_field" varchar(64),
	"dict_table" varchar(100),
	"dict_text" varchar(100),
	"is_unique" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_head" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"table_txt" varchar(200) NOT NULL,
	"table_txt_en" varchar(200),
	"table_type" smallint DEFAULT 1 NOT NULL,
	"is_db_synch" varchar(1) DEFAULT 'N' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"synced" jsonb,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"sub_table_str" varchar(1000),
	"relation_type" smallint,
	"tab_order_num" integer,
	"is_tree" varchar(1) DEFAULT 'N' NOT NULL,
	"tree_parent_id_field" varchar(64),
	"tree_id_field" varchar(64),
	"tree_fieldname" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_index" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"index_name" varchar(64) NOT NULL,
	"index_field" varchar(500) NOT NULL,
	"index_type" varchar(10) DEFAULT 'normal' NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_version" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_category" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"pid" varchar(32) DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(100) NOT NULL,
	"has_child" varchar(3) DEFAULT '0' NOT NULL,
	"sys_org_code" varchar(64),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_check_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_json" varchar(4000) NOT NULL,
	"rule_description" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_data_source" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"remark" varchar(200),
	"db_type" varchar(20) NOT NULL,
	"db_host" varchar(255) NOT NULL,
	"db_port" integer NOT NULL,
	"db_name" varchar(100) NOT NULL,
	"db_username" varchar(100) NOT NULL,
	"db_password" text,
	"sys_org_code" varchar(64),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"report_tables" varchar(2000)
);
--> statement-breakpoint
CREATE TABLE "sys_file" (
	"path" varchar(255) PRIMARY KEY NOT NULL,
	"biz" varchar(100) NOT NULL,
	"original_name" varchar(255),
	"uploader_id" varchar(32),
	"uploader_type" smallint,
	"party_id" varchar(32),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_class" varchar(100) NOT NULL,
	"rule_params" varchar(2000),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule_counter" (
	"counter_key" varchar(200) PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_gateway_route" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"router_id" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"uri" varchar(500) NOT NULL,
	"predicates" varchar(2000),
	"filters" varchar(2000),
	"strip_prefix" smallint DEFAULT 0 NOT NULL,
	"retryable" smallint DEFAULT 0 NOT NULL,
	"persistable" smallint DEFAULT 1 NOT NULL,
	"show_api" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_class_name" varchar(100) NOT NULL,
	"cron_expression" varchar(100) NOT NULL,
	"parameter" varchar(2000),
	"description" varchar(255),
	"status" smallint DEFAULT -1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_id" varchar(32) NOT NULL,
	"job_class_name" varchar(100) NOT NULL,
	"fire_time" timestamp with time zone,
	"trigger" varchar(10) DEFAULT 'cron' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"duration_ms" integer,
	"success" smallint,
	"message" varchar(2000),
	"error" varchar(2000),
	"instance" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "sys_auth_ticket" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"user_id" varchar(32),
	"data" varchar(2000),
	"expires_at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_remember_key" (
	"key_hash" varchar(64) PRIMARY KEY NOT NULL,
	"chain_id" varchar(32) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_sms" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"es_title" varchar(100),
	"es_type" varchar(1) DEFAULT '1' NOT NULL,
	"es_receiver" varchar(50) NOT NULL,
	"es_param" varchar(1000),
	"es_content" text,
	"es_send_time" timestamp with time zone,
	"es_send_status" smallint DEFAULT 0 NOT NULL,
	"es_send_num" integer DEFAULT 0 NOT NULL,
	"es_result" varchar(255),
	"remark" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone,
	"secret" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_sms_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"purpose" smallint NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"salt" varchar(32) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_sms_template" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"template_name" varchar(50) NOT NULL,
	"template_code" varchar(32) NOT NULL,
	"template_type" varchar(1) DEFAULT '1' NOT NULL,
	"template_content" varchar(1000) NOT NULL,
	"template_test_json" varchar(1000),
	"provider_template_code" varchar(64),
	"use_status" varchar(1) DEFAULT '1' NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_third_account" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_data_log_version_uidx" ON "sys_data_log" USING btree ("data_table","data_id","data_version");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_log_chain_uidx" ON "sys_log" USING btree ("month_key","chain_seq");--> statement-breakpoint
CREATE INDEX "sys_log_unsealed_idx" ON "sys_log" USING btree ("create_time") WHERE "sys_log"."row_hash" is null;--> statement-breakpoint
CREATE INDEX "sys_log_type_time_idx" ON "sys_log" USING btree ("log_type","create_time");--> statement-breakpoint
CREATE INDEX "sys_log_user_idx" ON "sys_log" USING btree ("username");--> statement-breakpoint
CREATE INDEX "sys_log_time_id_idx" ON "sys_log" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "sys_captcha_expires_idx" ON "sys_captcha" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sys_login_failure_user_idx" ON "sys_login_failure" USING btree ("username","failed_at");--> statement-breakpoint
CREATE INDEX "sys_login_failure_ip_idx" ON "sys_login_failure" USING btree ("ip","failed_at");--> statement-breakpoint
CREATE INDEX "sys_user_token_user_idx" ON "sys_user_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_user_token_expires_idx" ON "sys_user_token" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "stat_dirty_day_idx" ON "stat_dirty_day" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_note_daily_day_idx" ON "stat_note_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_note_daily_customer_idx" ON "stat_note_daily" USING btree ("tenant_id","customer_id","day");--> statement-breakpoint
CREATE INDEX "stat_note_daily_agent_idx" ON "stat_note_daily" USING btree ("tenant_id","agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_note_daily_captain_idx" ON "stat_note_daily" USING btree ("tenant_id","captain_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_adjustment_no_uidx" ON "fin_adjustment" USING btree ("tenant_id","adjust_no");--> statement-breakpoint
CREATE INDEX "fin_adjustment_note_idx" ON "fin_adjustment" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_adjustment_state_idx" ON "fin_adjustment" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_bank_payment_request_uidx" ON "fin_bank_payment" USING btree ("request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_bank_payment_live_uidx" ON "fin_bank_payment" USING btree ("note_id","kind") WHERE state in (0, 1, 2);--> statement-breakpoint
CREATE INDEX "fin_bank_payment_note_idx" ON "fin_bank_payment" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_bank_payment_state_idx" ON "fin_bank_payment" USING btree ("state","update_time");--> statement-breakpoint
CREATE INDEX "fin_bank_payment_time_idx" ON "fin_bank_payment" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "fin_bank_payment_serial_idx" ON "fin_bank_payment" USING btree ("bank_serial_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_bill_no_uidx" ON "fin_bill" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "fin_bill_customer_idx" ON "fin_bill" USING btree ("tenant_id","customer_id","period_start");--> statement-breakpoint
CREATE INDEX "fin_bill_status_idx" ON "fin_bill" USING btree ("tenant_id","status","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_bill_note_note_uidx" ON "fin_bill_note" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_ledger_line_wallet_idx" ON "fin_ledger_line" USING btree ("wallet_id","create_time","id");--> statement-breakpoint
CREATE INDEX "fin_ledger_line_note_idx" ON "fin_ledger_line" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_ledger_line_bill_idx" ON "fin_ledger_line" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "fin_ledger_line_posting_idx" ON "fin_ledger_line" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "fin_ledger_line_type_idx" ON "fin_ledger_line" USING btree ("tenant_id","type","create_time");--> statement-breakpoint
CREATE INDEX "fin_ledger_line_time_idx" ON "fin_ledger_line" USING btree ("tenant_id","create_time","id");--> statement-breakpoint
CREATE INDEX "fin_loss_rule_customer_idx" ON "fin_loss_rule" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_payout_no_uidx" ON "fin_payout" USING btree ("tenant_id","payout_no");--> statement-breakpoint
CREATE INDEX "fin_payout_state_idx" ON "fin_payout" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE INDEX "fin_payout_log_payout_idx" ON "fin_payout_log" USING btree ("payout_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_payout_note_open_uidx" ON "fin_payout_note" USING btree ("note_id","kind") WHERE open;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_posting_note_once_uidx" ON "fin_posting" USING btree ("note_id","event") WHERE event in ('charge', 'advance', 'card_share');--> statement-breakpoint
CREATE UNIQUE INDEX "fin_posting_payment_uidx" ON "fin_posting" USING btree ("payment_id") WHERE event = 'payout';--> statement-breakpoint
CREATE UNIQUE INDEX "fin_posting_recharge_uidx" ON "fin_posting" USING btree ("tenant_id","bank_serial_no") WHERE event = 'recharge';--> statement-breakpoint
CREATE INDEX "fin_posting_note_idx" ON "fin_posting" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_posting_time_idx" ON "fin_posting" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_recharge_no_uidx" ON "fin_recharge" USING btree ("tenant_id","recharge_no");--> statement-breakpoint
CREATE INDEX "fin_recharge_customer_idx" ON "fin_recharge" USING btree ("tenant_id","customer_id","create_time");--> statement-breakpoint
CREATE INDEX "fin_recharge_state_idx" ON "fin_recharge" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE INDEX "fin_sim_bank_txn_time_idx" ON "fin_sim_bank_txn" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_statement_line_serial_uidx" ON "fin_statement_line" USING btree ("tenant_id","bank_serial_no");--> statement-breakpoint
CREATE INDEX "fin_statement_line_match_idx" ON "fin_statement_line" USING btree ("tenant_id","match_state","trade_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_wallet_owner_uidx" ON "fin_wallet" USING btree ("tenant_id","owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "fin_wallet_type_idx" ON "fin_wallet" USING btree ("tenant_id","owner_type","create_time");--> statement-breakpoint
CREATE INDEX "fin_wallet_config_tenant_idx" ON "fin_wallet_config" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "fin_wallet_config_log_customer_idx" ON "fin_wallet_config_log" USING btree ("customer_id","create_time");--> statement-breakpoint
CREATE INDEX "fin_wallet_freeze_wallet_idx" ON "fin_wallet_freeze" USING btree ("wallet_id","create_time");--> statement-breakpoint
CREATE INDEX "hy_agent_state_idx" ON "hy_agent" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_customer_credit_code_uidx" ON "hy_customer" USING btree ("tenant_id","credit_code");--> statement-breakpoint
CREATE INDEX "hy_customer_state_idx" ON "hy_customer" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_customer_user_user_uidx" ON "hy_customer_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hy_customer_user_customer_idx" ON "hy_customer_user" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ins_policy_note_insured_uidx" ON "ins_policy" USING btree ("note_id") WHERE state = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "ins_policy_no_uidx" ON "ins_policy" USING btree ("insurer_code","policy_no");--> statement-breakpoint
CREATE INDEX "ins_policy_list_idx" ON "ins_policy" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "ins_policy_customer_idx" ON "ins_policy" USING btree ("tenant_id","customer_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ins_rate_cargo_uidx" ON "ins_rate" USING btree ("tenant_id","cargo_type");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgreport_head_code_uidx" ON "onl_cgreport_head" USING btree ("code");--> statement-breakpoint
CREATE INDEX "onl_cgreport_item_head_idx" ON "onl_cgreport_item" USING btree ("cgrhead_id","order_num");--> statement-breakpoint
CREATE INDEX "onl_cgreport_param_head_idx" ON "onl_cgreport_param" USING btree ("cgrhead_id","order_num");--> statement-breakpoint
CREATE UNIQUE INDEX "pi_consent_subject_version_uidx" ON "pi_consent" USING btree ("subject_type","subject_id","policy_version");--> statement-breakpoint
CREATE INDEX "pi_consent_time_idx" ON "pi_consent" USING btree ("accepted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pi_privacy_policy_version_uidx" ON "pi_privacy_policy" USING btree ("version");--> statement-breakpoint
CREATE INDEX "pi_privacy_policy_published_idx" ON "pi_privacy_policy" USING btree ("published","published_at");--> statement-breakpoint
CREATE INDEX "pi_request_subject_idx" ON "pi_request" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "pi_request_time_idx" ON "pi_request" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "hy_report_attempt_message_idx" ON "hy_report_attempt" USING btree ("message_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_report_channel_active_uidx" ON "hy_report_channel" USING btree ("tenant_id") WHERE "hy_report_channel"."enabled";--> statement-breakpoint
CREATE INDEX "hy_report_channel_time_idx" ON "hy_report_channel" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_report_message_open_uidx" ON "hy_report_message" USING btree ("type","business_id") WHERE state in ('pending', 'sending', 'failed');--> statement-breakpoint
CREATE INDEX "hy_report_message_due_idx" ON "hy_report_message" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "hy_report_message_claim_idx" ON "hy_report_message" USING btree ("claimed_until") WHERE state = 'sending';--> statement-breakpoint
CREATE INDEX "hy_report_message_business_idx" ON "hy_report_message" USING btree ("business_id","type");--> statement-breakpoint
CREATE INDEX "hy_report_message_list_idx" ON "hy_report_message" USING btree ("tenant_id","create_time","id");--> statement-breakpoint
CREATE INDEX "hy_report_message_state_idx" ON "hy_report_message" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_note_note_uq" ON "risk_note" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_param_rule_uq" ON "risk_param" USING btree ("tenant_id","rule_type",coalesce("customer_id", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "risk_violation_warning_uq" ON "risk_violation" USING btree ("warning_id");--> statement-breakpoint
CREATE INDEX "risk_violation_deduction_idx" ON "risk_violation" USING btree ("deduction_state","appeal_deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_warning_dedupe_uq" ON "risk_warning" USING btree ("tenant_id","note_id","rule_type","dedupe_key");--> statement-breakpoint
CREATE INDEX "risk_warning_note_idx" ON "risk_warning" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "risk_warning_state_idx" ON "risk_warning" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE INDEX "sys_depart_permission_perm_idx" ON "sys_depart_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_depart_role_code_uidx" ON "sys_depart_role" USING btree ("depart_id","role_code");--> statement-breakpoint
CREATE INDEX "sys_depart_role_permission_perm_idx" ON "sys_depart_role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "sys_depart_role_user_role_idx" ON "sys_depart_role_user" USING btree ("drole_id");--> statement-breakpoint
CREATE INDEX "sys_division_parent_idx" ON "sys_division" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "sys_announcement_status_idx" ON "sys_announcement" USING btree ("send_status","send_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_announcement_send_uidx" ON "sys_announcement_send" USING btree ("annt_id","user_id");--> statement-breakpoint
CREATE INDEX "sys_annt_send_user_idx" ON "sys_announcement_send" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_depart_org_code_uidx" ON "sys_depart" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "sys_depart_parent_idx" ON "sys_depart" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_code_uidx" ON "sys_dict" USING btree ("dict_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_item_value_uidx" ON "sys_dict_item" USING btree ("dict_id","item_value");--> statement-breakpoint
CREATE INDEX "sys_permission_parent_idx" ON "sys_permission" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_permission_component_idx" ON "sys_permission" USING btree ("component");--> statement-breakpoint
CREATE INDEX "sys_permission_data_rule_perm_idx" ON "sys_permission_data_rule" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_position_code_uidx" ON "sys_position" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_code_uidx" ON "sys_role" USING btree ("role_code");--> statement-breakpoint
CREATE INDEX "sys_role_permission_perm_idx" ON "sys_role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_username_uidx" ON "sys_user" USING btree ("username");--> statement-breakpoint
CREATE INDEX "sys_user_org_idx" ON "sys_user" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "sys_user_create_time_idx" ON "sys_user" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_user_depart_dep_idx" ON "sys_user_depart" USING btree ("dep_id");--> statement-breakpoint
CREATE INDEX "sys_user_notify_mute_category_idx" ON "sys_user_notify_mute" USING btree ("category");--> statement-breakpoint
CREATE INDEX "sys_user_role_role_idx" ON "sys_user_role" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "compliance_liveness_driver_idx" ON "compliance_liveness" USING btree ("driver_id","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_verification_request_uidx" ON "compliance_verification" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "compliance_verification_subject_idx" ON "compliance_verification" USING btree ("subject_type","subject_id","kind","checked_at");--> statement-breakpoint
CREATE INDEX "compliance_verification_list_idx" ON "compliance_verification" USING btree ("tenant_id","checked_at");--> statement-breakpoint
CREATE INDEX "compliance_verification_retry_idx" ON "compliance_verification" USING btree ("result","next_retry_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_etc_record_serial_uidx" ON "fin_etc_record" USING btree ("tenant_id","provider_serial");--> statement-breakpoint
CREATE INDEX "fin_etc_record_time_idx" ON "fin_etc_record" USING btree ("tenant_id","exit_time");--> statement-breakpoint
CREATE INDEX "fin_etc_record_match_idx" ON "fin_etc_record" USING btree ("tenant_id","match_state","exit_time");--> statement-breakpoint
CREATE INDEX "fin_etc_record_note_idx" ON "fin_etc_record" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_etc_record_batch_idx" ON "fin_etc_record" USING btree ("tenant_id","import_batch");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_fuel_card_no_uidx" ON "fin_fuel_card" USING btree ("tenant_id","card_no");--> statement-breakpoint
CREATE INDEX "fin_fuel_card_driver_idx" ON "fin_fuel_card" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_fuel_recharge_note_uidx" ON "fin_fuel_recharge" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_fuel_recharge_card_idx" ON "fin_fuel_recharge" USING btree ("tenant_id","card_id","match_state");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_fuel_statement_serial_uidx" ON "fin_fuel_statement" USING btree ("tenant_id","serial_no");--> statement-breakpoint
CREATE INDEX "fin_fuel_statement_match_idx" ON "fin_fuel_statement" USING btree ("tenant_id","match_state","trade_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoice_apply_no_uidx" ON "fin_invoice" USING btree ("tenant_id","apply_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoice_no_uidx" ON "fin_invoice" USING btree ("invoice_no") WHERE invoice_no is not null;--> statement-breakpoint
CREATE INDEX "fin_invoice_customer_idx" ON "fin_invoice" USING btree ("tenant_id","customer_id","create_time");--> statement-breakpoint
CREATE INDEX "fin_invoice_state_idx" ON "fin_invoice" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE INDEX "fin_invoice_history_invoice_idx" ON "fin_invoice_history" USING btree ("invoice_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoice_note_active_uidx" ON "fin_invoice_note" USING btree ("note_id") WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_income_report_quarter_uidx" ON "fin_income_report" USING btree ("tenant_id","quarter");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_income_report_line_payee_uidx" ON "fin_income_report_line" USING btree ("report_id","payee_kind","payee_id");--> statement-breakpoint
CREATE INDEX "fin_income_report_line_tenant_idx" ON "fin_income_report_line" USING btree ("tenant_id","quarter");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_tax_batch_no_uidx" ON "fin_tax_batch" USING btree ("tenant_id","batch_no");--> statement-breakpoint
CREATE INDEX "fin_tax_batch_time_idx" ON "fin_tax_batch" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_tax_record_driver_period_uidx" ON "fin_tax_record" USING btree ("tenant_id","period","driver_id");--> statement-breakpoint
CREATE INDEX "fin_tax_record_state_idx" ON "fin_tax_record" USING btree ("tenant_id","state","period");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_voucher_account_key_uidx" ON "fin_voucher_account" USING btree ("tenant_id","account_key");--> statement-breakpoint
CREATE INDEX "fin_voucher_account_sort_idx" ON "fin_voucher_account" USING btree ("tenant_id","sort_no");--> statement-breakpoint
CREATE INDEX "hy_app_message_due_idx" ON "hy_app_message" USING btree ("state","send_time");--> statement-breakpoint
CREATE INDEX "hy_app_message_annt_idx" ON "hy_app_message" USING btree ("announcement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_app_version_code_uidx" ON "hy_app_version" USING btree ("platform","version_code");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_enterprise_app_key_uidx" ON "hy_enterprise_app" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "hy_enterprise_app_customer_idx" ON "hy_enterprise_app" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_openapi_nonce_uidx" ON "hy_openapi_nonce" USING btree ("app_id","nonce");--> statement-breakpoint
CREATE INDEX "hy_openapi_nonce_time_idx" ON "hy_openapi_nonce" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "hy_webhook_delivery_due_idx" ON "hy_webhook_delivery" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "hy_webhook_delivery_app_idx" ON "hy_webhook_delivery" USING btree ("app_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_contract_template_version_uidx" ON "hy_contract_template" USING btree ("tenant_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_transport_contract_no_uidx" ON "hy_transport_contract" USING btree ("contract_no");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_transport_contract_note_uidx" ON "hy_transport_contract" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "hy_transport_contract_customer_idx" ON "hy_transport_contract" USING btree ("customer_id","period_from");--> statement-breakpoint
CREATE INDEX "hy_customer_address_customer_idx" ON "hy_customer_address" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "hy_customer_route_customer_idx" ON "hy_customer_route" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_bank_code_uidx" ON "hy_bank" USING btree ("bank_code");--> statement-breakpoint
CREATE INDEX "hy_captain_state_idx" ON "hy_captain" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "hy_carrier_state_idx" ON "hy_carrier" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_collection_agreement_uidx" ON "hy_collection_agreement" USING btree ("captain_id","driver_id");--> statement-breakpoint
CREATE INDEX "hy_collection_agreement_driver_idx" ON "hy_collection_agreement" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_id_card_uidx" ON "hy_driver" USING btree ("tenant_id","id_card_hash");--> statement-breakpoint
CREATE INDEX "hy_driver_state_idx" ON "hy_driver" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE INDEX "hy_driver_mobile_idx" ON "hy_driver" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "hy_driver_captain_idx" ON "hy_driver" USING btree ("captain_id");--> statement-breakpoint
CREATE INDEX "hy_driver_agent_idx" ON "hy_driver" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "hy_driver_bank_driver_idx" ON "hy_driver_bank" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "hy_driver_bank_state_idx" ON "hy_driver_bank" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_bank_card_uidx" ON "hy_driver_bank" USING btree ("tenant_id","driver_id","card_no_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_bank_default_uidx" ON "hy_driver_bank" USING btree ("driver_id") WHERE "hy_driver_bank"."is_default";--> statement-breakpoint
CREATE INDEX "hy_driver_vehicle_vehicle_idx" ON "hy_driver_vehicle" USING btree ("vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_vehicle_default_uidx" ON "hy_driver_vehicle" USING btree ("driver_id") WHERE "hy_driver_vehicle"."is_default";--> statement-breakpoint
CREATE INDEX "hy_review_log_entity_idx" ON "hy_review_log" USING btree ("entity","entity_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_vehicle_plate_uidx" ON "hy_vehicle" USING btree ("tenant_id","plate_no","plate_color");--> statement-breakpoint
CREATE INDEX "hy_vehicle_state_idx" ON "hy_vehicle" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE INDEX "hy_vehicle_captain_idx" ON "hy_vehicle" USING btree ("captain_id");--> statement-breakpoint
CREATE INDEX "hy_vehicle_agent_idx" ON "hy_vehicle" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_complaint_no_uidx" ON "hy_complaint" USING btree ("tenant_id","complaint_no");--> statement-breakpoint
CREATE INDEX "hy_complaint_status_idx" ON "hy_complaint" USING btree ("tenant_id","status","create_time");--> statement-breakpoint
CREATE INDEX "hy_complaint_note_idx" ON "hy_complaint" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_evaluation_note_rater_uidx" ON "hy_evaluation" USING btree ("note_id","rater_role");--> statement-breakpoint
CREATE INDEX "hy_evaluation_driver_idx" ON "hy_evaluation" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "hy_evaluation_time_idx" ON "hy_evaluation" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_order_no_uidx" ON "hy_order" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "hy_order_customer_idx" ON "hy_order" USING btree ("tenant_id","customer_id","status","create_time");--> statement-breakpoint
CREATE INDEX "hy_order_status_idx" ON "hy_order" USING btree ("tenant_id","status","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_shipping_note_no_uidx" ON "hy_shipping_note" USING btree ("tenant_id","shipping_note_number");--> statement-breakpoint
CREATE INDEX "hy_shipping_note_customer_idx" ON "hy_shipping_note" USING btree ("tenant_id","customer_id","status","create_time","id");--> statement-breakpoint
CREATE INDEX "hy_shipping_note_status_idx" ON "hy_shipping_note" USING btree ("tenant_id","status","create_time","id");--> statement-breakpoint
CREATE INDEX "hy_shipping_note_time_idx" ON "hy_shipping_note" USING btree ("tenant_id","create_time","id");--> statement-breakpoint
CREATE INDEX "hy_shipping_note_order_idx" ON "hy_shipping_note" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "hy_shipping_note_driver_idx" ON "hy_shipping_note" USING btree ("driver_id","create_time");--> statement-breakpoint
CREATE INDEX "hy_shipping_note_vehicle_idx" ON "hy_shipping_note" USING btree ("vehicle_id","create_time");--> statement-breakpoint
CREATE INDEX "hy_shipping_note_vehicle_load_idx" ON "hy_shipping_note" USING btree ("vehicle_id","load_time");--> statement-breakpoint
CREATE INDEX "hy_shipping_note_due_idx" ON "hy_shipping_note" USING btree ("tenant_id","settle_mode","due_date") WHERE status = 6;--> statement-breakpoint
CREATE UNIQUE INDEX "hy_shipping_note_active_vehicle_uidx" ON "hy_shipping_note" USING btree ("vehicle_id") WHERE status between 0 and 3;--> statement-breakpoint
CREATE UNIQUE INDEX "hy_shipping_note_active_driver_uidx" ON "hy_shipping_note" USING btree ("driver_id") WHERE status between 0 and 3;--> statement-breakpoint
CREATE INDEX "hy_shipping_note_history_note_idx" ON "hy_shipping_note_history" USING btree ("note_id","create_time");--> statement-breakpoint
CREATE INDEX "hy_track_point_note_idx" ON "hy_track_point" USING btree ("note_id","gps_time");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_track_source_key_uidx" ON "hy_track_source" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "hy_vehicle_position_tenant_time_idx" ON "hy_vehicle_position" USING btree ("tenant_id","gps_time");--> statement-breakpoint
CREATE INDEX "hy_vehicle_position_customer_idx" ON "hy_vehicle_position" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hy_vehicle_position_agent_idx" ON "hy_vehicle_position" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "hy_vehicle_position_captain_idx" ON "hy_vehicle_position" USING btree ("captain_id");--> statement-breakpoint
CREATE INDEX "onl_cgform_copy_physic_idx" ON "onl_cgform_copy" USING btree ("physic_id");--> statement-breakpoint
CREATE INDEX "onl_cgform_button_head_idx" ON "onl_cgform_button" USING btree ("cgform_head_id","button_code");--> statement-breakpoint
CREATE INDEX "onl_cgform_enhance_code_idx" ON "onl_cgform_enhance" USING btree ("cgform_head_id","kind","button_code","version");--> statement-breakpoint
CREATE INDEX "onl_cgform_field_head_idx" ON "onl_cgform_field" USING btree ("cgform_head_id","order_num");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgform_head_table_uidx" ON "onl_cgform_head" USING btree ("table_name");--> statement-breakpoint
CREATE INDEX "onl_cgform_index_head_idx" ON "onl_cgform_index" USING btree ("cgform_head_id");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgform_version_head_uidx" ON "onl_cgform_version" USING btree ("cgform_head_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_category_code_uidx" ON "sys_category" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sys_category_pid_idx" ON "sys_category" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_check_rule_code_uidx" ON "sys_check_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_data_source_code_uidx" ON "sys_data_source" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sys_file_party_idx" ON "sys_file" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_fill_rule_code_uidx" ON "sys_fill_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_gateway_route_router_uidx" ON "sys_gateway_route" USING btree ("router_id");--> statement-breakpoint
CREATE INDEX "sys_quartz_job_status_idx" ON "sys_quartz_job" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_quartz_job_log_fire_uidx" ON "sys_quartz_job_log" USING btree ("job_id","fire_time");--> statement-breakpoint
CREATE INDEX "sys_quartz_job_log_job_idx" ON "sys_quartz_job_log" USING btree ("job_id","start_time");--> statement-breakpoint
CREATE INDEX "sys_auth_ticket_expires_idx" ON "sys_auth_ticket" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sys_remember_key_chain_idx" ON "sys_remember_key" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "sys_remember_key_user_idx" ON "sys_remember_key" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_sms_receiver_idx" ON "sys_sms" USING btree ("es_receiver","create_time");--> statement-breakpoint
CREATE INDEX "sys_sms_code_mobile_idx" ON "sys_sms_code" USING btree ("mobile","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_sms_template_code_uidx" ON "sys_sms_template" USING btree ("template_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_third_account_subject_uidx" ON "sys_third_account" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "sys_third_account_user_idx" ON "sys_third_account" USING btree ("user_id");
--> statement-breakpoint
-- session_change_notify
-- Sessions are answered from memory while the server hears of every change to users and their tokens: each
-- statement that changes one notifies, at its commit, every server listening (one per instance).
CREATE OR REPLACE FUNCTION "freight_session_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('freight_session_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sys_user_session_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_user"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_session_change_notify"();
--> statement-breakpoint
CREATE TRIGGER "sys_user_token_session_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sys_user_token"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_session_change_notify"();
--> statement-breakpoint
-- statistics_daily_triggers
-- Every change to what the daily statistics count appends the China day of the waybill's creation to
-- stat_dirty_day (append-only: no event waits on another's roll-up row); the build job rebuilds those days and
-- readers count a dirty day live from the waybills until then. Statement triggers with transition tables: a bulk
-- statement appends one row per day it touched, not one per waybill.
CREATE OR REPLACE FUNCTION "freight_stat_note_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT "tenant_id", ("create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date FROM "stat_new_rows";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "freight_stat_note_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT "tenant_id", ("create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date FROM "stat_old_rows";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "freight_stat_note_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT d."tenant_id", d."day" FROM "stat_old_rows" o
    JOIN "stat_new_rows" n ON n."id" = o."id"
    CROSS JOIN LATERAL (VALUES
      (o."tenant_id", (o."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date),
      (n."tenant_id", (n."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date)
    ) AS d("tenant_id", "day")
  WHERE ROW(o."tenant_id", o."create_time", o."status", o."customer_id", o."customer_name", o."agent_id",
      o."captain_id", o."vehicle_id", o."order_id", o."load_city", o."unload_city", o."settle_weight_g",
      o."planned_weight_g", o."customer_fee", o."service_fee", o."agent_fee", o."driver_fee", o."loss_weight_g",
      o."loss_deduction_fen", o."unload_time")
    IS DISTINCT FROM ROW(n."tenant_id", n."create_time", n."status", n."customer_id", n."customer_name",
      n."agent_id", n."captain_id", n."vehicle_id", n."order_id", n."load_city", n."unload_city",
      n."settle_weight_g", n."planned_weight_g", n."customer_fee", n."service_fee", n."agent_fee", n."driver_fee",
      n."loss_weight_g", n."loss_deduction_fen", n."unload_time");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hy_shipping_note_stat_insert" AFTER INSERT ON "hy_shipping_note"
  REFERENCING NEW TABLE AS "stat_new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_note_inserted"();
--> statement-breakpoint
CREATE TRIGGER "hy_shipping_note_stat_update" AFTER UPDATE ON "hy_shipping_note"
  REFERENCING OLD TABLE AS "stat_old_rows" NEW TABLE AS "stat_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_note_updated"();
--> statement-breakpoint
CREATE TRIGGER "hy_shipping_note_stat_delete" AFTER DELETE ON "hy_shipping_note"
  REFERENCING OLD TABLE AS "stat_old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_note_deleted"();
--> statement-breakpoint
-- A warning raised or removed changes its waybill's "flagged" figure.
CREATE OR REPLACE FUNCTION "freight_stat_warning_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT s."tenant_id", (s."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date
  FROM "hy_shipping_note" s WHERE s."id" IN (SELECT "note_id" FROM "stat_changed_rows");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "risk_warning_stat_insert" AFTER INSERT ON "risk_warning"
  REFERENCING NEW TABLE AS "stat_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_warning_changed"();
--> statement-breakpoint
CREATE TRIGGER "risk_warning_stat_delete" AFTER DELETE ON "risk_warning"
  REFERENCING OLD TABLE AS "stat_changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_warning_changed"();
--> statement-breakpoint
-- A vehicle's type and an order's deadline are read by the vehicle-type grouping and the on-time count.
CREATE OR REPLACE FUNCTION "freight_stat_vehicle_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT s."tenant_id", (s."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date
  FROM "hy_shipping_note" s WHERE s."vehicle_id" IN (
    SELECT n."id" FROM "stat_old_rows" o JOIN "stat_new_rows" n ON n."id" = o."id"
    WHERE o."vehicle_type" IS DISTINCT FROM n."vehicle_type");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hy_vehicle_stat_update" AFTER UPDATE ON "hy_vehicle"
  REFERENCING OLD TABLE AS "stat_old_rows" NEW TABLE AS "stat_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_vehicle_updated"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "freight_stat_order_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stat_dirty_day" ("tenant_id", "day")
  SELECT DISTINCT s."tenant_id", (s."create_time" AT TIME ZONE 'UTC' + interval '8 hours')::date
  FROM "hy_shipping_note" s WHERE s."order_id" IN (
    SELECT n."id" FROM "stat_old_rows" o JOIN "stat_new_rows" n ON n."id" = o."id"
    WHERE o."valid_to" IS DISTINCT FROM n."valid_to");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "hy_order_stat_update" AFTER UPDATE ON "hy_order"
  REFERENCING OLD TABLE AS "stat_old_rows" NEW TABLE AS "stat_new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "freight_stat_order_updated"();
