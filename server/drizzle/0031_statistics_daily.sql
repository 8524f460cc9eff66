CREATE TABLE "stat_daily_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"built_through" date,
	"built_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stat_dirty_day" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stat_dirty_day_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_note_daily" (
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"customer_id" varchar(32) NOT NULL,
	"customer_name" varchar(200),
	"agent_id" varchar(32),
	"captain_id" varchar(32),
	"load_city" varchar(30) NOT NULL,
	"unload_city" varchar(30) NOT NULL,
	"vehicle_type" varchar(4),
	"waybills" integer NOT NULL,
	"weight_g" bigint NOT NULL,
	"freight_fen" bigint NOT NULL,
	"service_fee_fen" bigint NOT NULL,
	"agent_fee_fen" bigint NOT NULL,
	"driver_fee_fen" bigint NOT NULL,
	"loss_g" bigint NOT NULL,
	"loss_deduction_fen" bigint NOT NULL,
	"arrived" integer NOT NULL,
	"on_time" integer NOT NULL,
	"flagged" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stat_dirty_day_idx" ON "stat_dirty_day" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_note_daily_day_idx" ON "stat_note_daily" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "stat_note_daily_customer_idx" ON "stat_note_daily" USING btree ("tenant_id","customer_id","day");--> statement-breakpoint
CREATE INDEX "stat_note_daily_agent_idx" ON "stat_note_daily" USING btree ("tenant_id","agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_note_daily_captain_idx" ON "stat_note_daily" USING btree ("tenant_id","captain_id","day");