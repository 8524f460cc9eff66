ALTER TABLE "hy_vehicle" ADD COLUMN "blacklisted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hy_vehicle" ADD COLUMN "blacklist_reason" varchar(255);