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
ALTER TABLE "hy_driver" ADD COLUMN "expiry_warned_on" date;--> statement-breakpoint
ALTER TABLE "hy_vehicle" ADD COLUMN "expiry_warned_on" date;--> statement-breakpoint
CREATE UNIQUE INDEX "hy_bank_code_uidx" ON "hy_bank" USING btree ("bank_code");