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
CREATE INDEX "compliance_liveness_driver_idx" ON "compliance_liveness" USING btree ("driver_id","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_verification_request_uidx" ON "compliance_verification" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "compliance_verification_subject_idx" ON "compliance_verification" USING btree ("subject_type","subject_id","kind","checked_at");--> statement-breakpoint
CREATE INDEX "compliance_verification_list_idx" ON "compliance_verification" USING btree ("tenant_id","checked_at");--> statement-breakpoint
CREATE INDEX "compliance_verification_retry_idx" ON "compliance_verification" USING btree ("result","next_retry_at");