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
CREATE TABLE "hy_contract_template" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_transport_contract" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"contract_no" varchar(40) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"note_id" varchar(32),
	"shipping_note_number" varchar(32),
	"customer_id" varchar(32),
	"customer_name" varchar(200),
	"period_from" date,
	"period_to" date,
	"template_id" varchar(32),
	"template_version" integer NOT NULL,
	"party_a" varchar(200) NOT NULL,
	"party_b" varchar(200) NOT NULL,
	"party_b_id" varchar(32),
	"goods_name" varchar(100),
	"route" varchar(200),
	"freight_fen" bigint DEFAULT 0 NOT NULL,
	"pdf" "bytea",
	"digest" varchar(64),
	"state" smallint DEFAULT 0 NOT NULL,
	"sign_time" timestamp with time zone,
	"signer" varchar(100),
	"signed_by" varchar(64),
	"signature" text,
	"sign_key_id" varchar(64),
	"ca_name" varchar(64),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hy_vehicle" ADD COLUMN "net_state" smallint;--> statement-breakpoint
ALTER TABLE "hy_vehicle" ADD COLUMN "net_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hy_vehicle" ADD COLUMN "net_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_fuel_card_no_uidx" ON "fin_fuel_card" USING btree ("tenant_id","card_no");--> statement-breakpoint
CREATE INDEX "fin_fuel_card_driver_idx" ON "fin_fuel_card" USING btree ("tenant_id","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_fuel_recharge_note_uidx" ON "fin_fuel_recharge" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "fin_fuel_recharge_card_idx" ON "fin_fuel_recharge" USING btree ("tenant_id","card_id","match_state");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_fuel_statement_serial_uidx" ON "fin_fuel_statement" USING btree ("tenant_id","serial_no");--> statement-breakpoint
CREATE INDEX "fin_fuel_statement_match_idx" ON "fin_fuel_statement" USING btree ("tenant_id","match_state","trade_time");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_contract_template_version_uidx" ON "hy_contract_template" USING btree ("tenant_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_transport_contract_no_uidx" ON "hy_transport_contract" USING btree ("contract_no");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_transport_contract_note_uidx" ON "hy_transport_contract" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "hy_transport_contract_customer_idx" ON "hy_transport_contract" USING btree ("customer_id","period_from");