CREATE TABLE "hy_customer_address" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"address_name" varchar(50) NOT NULL,
	"area_code" varchar(12) NOT NULL,
	"province" varchar(30),
	"city" varchar(30),
	"district" varchar(30),
	"address" varchar(255) NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"contact" varchar(50),
	"phone" varchar(20),
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_customer_route" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"route_name" varchar(50) NOT NULL,
	"load_address_id" varchar(32) NOT NULL,
	"load_address_name" varchar(50),
	"unload_address_id" varchar(32) NOT NULL,
	"unload_address_name" varchar(50),
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hy_order" ADD COLUMN "load_window_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_order" ADD COLUMN "load_window_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_order" ADD COLUMN "unload_window_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_order" ADD COLUMN "unload_window_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_order" ADD COLUMN "planned_distance_km" double precision;--> statement-breakpoint
ALTER TABLE "hy_shipping_note" ADD COLUMN "load_window_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_shipping_note" ADD COLUMN "load_window_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_shipping_note" ADD COLUMN "unload_window_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_shipping_note" ADD COLUMN "unload_window_to" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "hy_customer_address_customer_idx" ON "hy_customer_address" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "hy_customer_route_customer_idx" ON "hy_customer_route" USING btree ("tenant_id","customer_id");