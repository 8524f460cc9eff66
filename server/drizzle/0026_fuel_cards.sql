CREATE TABLE "fin_fuel_card" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"provider" smallint NOT NULL,
	"driver_id" varchar(32) NOT NULL,
	"driver_name" varchar(50),
	"vehicle_id" varchar(32),
	"plate_no" varchar(12),
	"state" smallint DEFAULT 1 NOT NULL,
	"recharged_fen" bigint DEFAULT 0 NOT NULL,
	"consumed_fen" bigint DEFAULT 0 NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_fuel_recharge" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"card_id" varchar(32) NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"provider" smallint NOT NULL,
	"driver_id" varchar(32),
	"driver_name" varchar(50),
	"note_id" varchar(32) NOT NULL,
	"shipping_note_number" varchar(32),
	"customer_id" varchar(32),
	"amount_fen" bigint NOT NULL,
	"posting_id" varchar(32),
	"payout_id" varchar(32),
	"match_state" smallint DEFAULT 0 NOT NULL,
	"statement_id" varchar(32),
	"statement_serial_no" varchar(64),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_fuel_statement" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"serial_no" varchar(64) NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"card_id" varchar(32),
	"trade_time" timestamp with time zone NOT NULL,
	"kind" smallint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"station" varchar(100),
	"match_state" smallint DEFAULT 0 NOT NULL,
	"recharge_id" varchar(32),
	"shipping_note_number" varchar(32),
	"import_batch" varchar(32),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_fuel_card_no_uidx" ON "fin_fuel_card" USING btree ("tenant_id","card_no");--> statement-breakpoint
CREATE INDEX "fin_fuel_card_driver_idx" ON "fin_fuel_card" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_fuel_recharge_note_uidx" ON "fin_fuel_recharge" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_fuel_recharge_card_idx" ON "fin_fuel_recharge" USING btree ("tenant_id","card_id","match_state");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_fuel_statement_serial_uidx" ON "fin_fuel_statement" USING btree ("tenant_id","serial_no");--> statement-breakpoint
CREATE INDEX "fin_fuel_statement_match_idx" ON "fin_fuel_statement" USING btree ("tenant_id","match_state","trade_time");