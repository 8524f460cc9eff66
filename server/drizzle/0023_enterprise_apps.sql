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
CREATE UNIQUE INDEX "hy_enterprise_app_key_uidx" ON "hy_enterprise_app" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "hy_enterprise_app_customer_idx" ON "hy_enterprise_app" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_openapi_nonce_uidx" ON "hy_openapi_nonce" USING btree ("app_id","nonce");--> statement-breakpoint
CREATE INDEX "hy_openapi_nonce_time_idx" ON "hy_openapi_nonce" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "hy_webhook_delivery_due_idx" ON "hy_webhook_delivery" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "hy_webhook_delivery_app_idx" ON "hy_webhook_delivery" USING btree ("app_id","create_time");