CREATE TABLE "fin_etc_record" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"provider_serial" varchar(64) NOT NULL,
	"plate_no" varchar(12) NOT NULL,
	"entry_station" varchar(100),
	"exit_station" varchar(100),
	"entry_time" timestamp with time zone,
	"exit_time" timestamp with time zone NOT NULL,
	"amount_fen" bigint NOT NULL,
	"invoice_no" varchar(32),
	"vehicle_id" varchar(32),
	"match_state" smallint DEFAULT 0 NOT NULL,
	"note_id" varchar(32),
	"shipping_note_number" varchar(32),
	"match_time" timestamp with time zone,
	"import_batch" varchar(32) NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_etc_record_serial_uidx" ON "fin_etc_record" USING btree ("tenant_id","provider_serial");--> statement-breakpoint
CREATE INDEX "fin_etc_record_time_idx" ON "fin_etc_record" USING btree ("tenant_id","exit_time");--> statement-breakpoint
CREATE INDEX "fin_etc_record_match_idx" ON "fin_etc_record" USING btree ("tenant_id","match_state","exit_time");--> statement-breakpoint
CREATE INDEX "fin_etc_record_note_idx" ON "fin_etc_record" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_etc_record_batch_idx" ON "fin_etc_record" USING btree ("tenant_id","import_batch");--> statement-breakpoint
CREATE INDEX "hy_shipping_note_vehicle_load_idx" ON "hy_shipping_note" USING btree ("vehicle_id","load_time");