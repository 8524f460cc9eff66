CREATE TABLE "hy_vehicle_position" (
	"vehicle_id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"plate_no" varchar(12),
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"speed" smallint,
	"direction" smallint,
	"gps_time" timestamp with time zone NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"note_id" varchar(32),
	"shipping_note_number" varchar(20),
	"note_status" smallint,
	"driver_name" varchar(32),
	"customer_id" varchar(32),
	"agent_id" varchar(32),
	"captain_id" varchar(32),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "hy_vehicle_position_tenant_time_idx" ON "hy_vehicle_position" USING btree ("tenant_id","gps_time");--> statement-breakpoint
CREATE INDEX "hy_vehicle_position_customer_idx" ON "hy_vehicle_position" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "hy_vehicle_position_agent_idx" ON "hy_vehicle_position" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "hy_vehicle_position_captain_idx" ON "hy_vehicle_position" USING btree ("captain_id");