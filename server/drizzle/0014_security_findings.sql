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
ALTER TABLE "hy_track_point" ADD COLUMN "source_id" varchar(32);--> statement-breakpoint
ALTER TABLE "hy_track_point" ADD COLUMN "note_id" varchar(32);--> statement-breakpoint
ALTER TABLE "sys_data_source" ADD COLUMN "report_tables" varchar(2000);--> statement-breakpoint
ALTER TABLE "sys_sms" ADD COLUMN "secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "hy_track_source_key_uidx" ON "hy_track_source" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "sys_file_party_idx" ON "sys_file" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "hy_track_point_note_idx" ON "hy_track_point" USING btree ("note_id","gps_time");--> statement-breakpoint
CREATE INDEX "sys_login_failure_ip_idx" ON "sys_login_failure" USING btree ("ip","failed_at");