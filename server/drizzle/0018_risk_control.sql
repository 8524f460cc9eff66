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
	"update_time" timestamp with time zone
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
CREATE UNIQUE INDEX "risk_note_note_uq" ON "risk_note" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_param_rule_uq" ON "risk_param" USING btree ("tenant_id","rule_type",coalesce("customer_id", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "risk_violation_warning_uq" ON "risk_violation" USING btree ("warning_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_warning_dedupe_uq" ON "risk_warning" USING btree ("tenant_id","note_id","rule_type","dedupe_key");--> statement-breakpoint
CREATE INDEX "risk_warning_note_idx" ON "risk_warning" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "risk_warning_state_idx" ON "risk_warning" USING btree ("tenant_id","state","create_time");