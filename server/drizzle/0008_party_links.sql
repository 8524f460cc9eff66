CREATE TABLE "hy_collection_agreement" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"captain_id" varchar(32) NOT NULL,
	"driver_id" varchar(32) NOT NULL,
	"agreement_no" varchar(50),
	"agreement_img" varchar(255) NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_customer_user" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"user_id" varchar(32) NOT NULL,
	"username" varchar(64) NOT NULL,
	"realname" varchar(50) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"user_type" smallint DEFAULT 2 NOT NULL,
	"post" varchar(100),
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hy_driver_bank" ADD COLUMN "driver_name" varchar(30);--> statement-breakpoint
ALTER TABLE "hy_driver_bank" ADD COLUMN "bank_name" varchar(60);--> statement-breakpoint
ALTER TABLE "hy_customer" ADD COLUMN "service_fee_mode" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "hy_customer" ADD COLUMN "service_fee_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "hy_collection_agreement_uidx" ON "hy_collection_agreement" USING btree ("captain_id","driver_id");--> statement-breakpoint
CREATE INDEX "hy_collection_agreement_driver_idx" ON "hy_collection_agreement" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_customer_user_user_uidx" ON "hy_customer_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hy_customer_user_customer_idx" ON "hy_customer_user" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "hy_driver_captain_idx" ON "hy_driver" USING btree ("captain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_bank_card_uidx" ON "hy_driver_bank" USING btree ("tenant_id","driver_id","card_no");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_bank_default_uidx" ON "hy_driver_bank" USING btree ("driver_id") WHERE "hy_driver_bank"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_vehicle_default_uidx" ON "hy_driver_vehicle" USING btree ("driver_id") WHERE "hy_driver_vehicle"."is_default";--> statement-breakpoint
CREATE INDEX "hy_vehicle_captain_idx" ON "hy_vehicle" USING btree ("captain_id");