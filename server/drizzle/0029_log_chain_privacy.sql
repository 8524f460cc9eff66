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
ALTER TABLE "sys_log" ADD COLUMN "month_key" integer;--> statement-breakpoint
ALTER TABLE "sys_log" ADD COLUMN "chain_seq" integer;--> statement-breakpoint
ALTER TABLE "sys_log" ADD COLUMN "prev_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_log" ADD COLUMN "row_hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "pi_consent_subject_version_uidx" ON "pi_consent" USING btree ("subject_type","subject_id","policy_version");--> statement-breakpoint
CREATE INDEX "pi_consent_time_idx" ON "pi_consent" USING btree ("accepted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pi_privacy_policy_version_uidx" ON "pi_privacy_policy" USING btree ("version");--> statement-breakpoint
CREATE INDEX "pi_privacy_policy_published_idx" ON "pi_privacy_policy" USING btree ("published","published_at");--> statement-breakpoint
CREATE INDEX "pi_request_subject_idx" ON "pi_request" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "pi_request_time_idx" ON "pi_request" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_log_chain_uidx" ON "sys_log" USING btree ("month_key","chain_seq");--> statement-breakpoint
CREATE INDEX "sys_log_unsealed_idx" ON "sys_log" USING btree ("create_time") WHERE "sys_log"."row_hash" is null;