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
CREATE INDEX "hy_report_attempt_message_idx" ON "hy_report_attempt" USING btree ("message_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_report_channel_active_uidx" ON "hy_report_channel" USING btree ("tenant_id") WHERE "hy_report_channel"."enabled";--> statement-breakpoint
CREATE INDEX "hy_report_channel_time_idx" ON "hy_report_channel" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_report_message_open_uidx" ON "hy_report_message" USING btree ("type","business_id") WHERE state in ('pending', 'sending', 'failed');--> statement-breakpoint
CREATE INDEX "hy_report_message_due_idx" ON "hy_report_message" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "hy_report_message_claim_idx" ON "hy_report_message" USING btree ("claimed_until") WHERE state = 'sending';--> statement-breakpoint
CREATE INDEX "hy_report_message_business_idx" ON "hy_report_message" USING btree ("business_id","type");--> statement-breakpoint
CREATE INDEX "hy_report_message_list_idx" ON "hy_report_message" USING btree ("tenant_id","create_time","id");--> statement-breakpoint
CREATE INDEX "hy_report_message_state_idx" ON "hy_report_message" USING btree ("tenant_id","state","create_time");