ALTER TABLE "onl_cgreport_head" ADD COLUMN "category" varchar(20);--> statement-breakpoint
ALTER TABLE "onl_cgreport_head" ADD COLUMN "chart_config" jsonb;