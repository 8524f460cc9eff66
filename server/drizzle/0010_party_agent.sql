ALTER TABLE "hy_driver" ADD COLUMN "agent_id" varchar(32);--> statement-breakpoint
ALTER TABLE "hy_vehicle" ADD COLUMN "agent_id" varchar(32);--> statement-breakpoint
CREATE INDEX "hy_driver_agent_idx" ON "hy_driver" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "hy_vehicle_agent_idx" ON "hy_vehicle" USING btree ("agent_id");