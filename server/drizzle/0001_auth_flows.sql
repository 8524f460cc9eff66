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
	"update_time" timestamp with time zone
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
CREATE INDEX "sys_auth_ticket_expires_idx" ON "sys_auth_ticket" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sys_remember_key_chain_idx" ON "sys_remember_key" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "sys_remember_key_user_idx" ON "sys_remember_key" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_sms_receiver_idx" ON "sys_sms" USING btree ("es_receiver","create_time");--> statement-breakpoint
CREATE INDEX "sys_sms_code_mobile_idx" ON "sys_sms_code" USING btree ("mobile","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_sms_template_code_uidx" ON "sys_sms_template" USING btree ("template_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_third_account_subject_uidx" ON "sys_third_account" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "sys_third_account_user_idx" ON "sys_third_account" USING btree ("user_id");