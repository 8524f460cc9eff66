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
	"card_no" varchar(30) NOT NULL,
	"holder_name" varchar(30) NOT NULL,
	"holder_id_card" varchar(18),
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
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "hy_agent" ADD COLUMN "bank_code" varchar(20);--> statement-breakpoint
ALTER TABLE "hy_agent" ADD COLUMN "bank_name" varchar(60);--> statement-breakpoint
ALTER TABLE "hy_agent" ADD COLUMN "card_no" varchar(30);--> statement-breakpoint
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
CREATE INDEX "fin_wallet_freeze_wallet_idx" ON "fin_wallet_freeze" USING btree ("wallet_id","create_time");