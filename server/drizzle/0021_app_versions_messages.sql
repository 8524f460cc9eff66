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
CREATE INDEX "hy_app_message_due_idx" ON "hy_app_message" USING btree ("state","send_time");--> statement-breakpoint
CREATE INDEX "hy_app_message_annt_idx" ON "hy_app_message" USING btree ("announcement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_app_version_code_uidx" ON "hy_app_version" USING btree ("platform","version_code");