ALTER TABLE "hy_vehicle" ADD COLUMN "net_state" smallint;--> statement-breakpoint
ALTER TABLE "hy_vehicle" ADD COLUMN "net_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_vehicle" ADD COLUMN "net_checked_at" timestamp with time zone;