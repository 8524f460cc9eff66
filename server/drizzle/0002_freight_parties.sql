CREATE TABLE "hy_captain" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"captain_name" varchar(30) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"fee_mode" smallint DEFAULT 2 NOT NULL,
	"fee_value" bigint DEFAULT 0 NOT NULL,
	"collection_agreement" varchar(255),
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_carrier" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"carrier_name" varchar(256) NOT NULL,
	"carrier_type" smallint DEFAULT 1 NOT NULL,
	"credit_code" varchar(18),
	"permit_no" varchar(50),
	"permit_valid_to" date,
	"legal_person" varchar(50),
	"contact_mobile" varchar(11),
	"bank_name" varchar(100),
	"bank_account" varchar(40),
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_driver" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"driver_name" varchar(30) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"id_card" varchar(18) NOT NULL,
	"id_card_front" varchar(255),
	"id_card_back" varchar(255),
	"id_card_valid_from" date,
	"id_card_valid_to" date,
	"driving_class" varchar(10),
	"driving_issuer" varchar(100),
	"driving_file_no" varchar(30),
	"driving_valid_from" date,
	"driving_valid_to" date,
	"driving_img" varchar(255),
	"qualification_no" varchar(30),
	"qualification_valid_to" date,
	"qualification_img" varchar(255),
	"captain_id" varchar(32),
	"tax_entrusted" boolean DEFAULT false NOT NULL,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"blacklist_reason" varchar(255),
	"score" integer DEFAULT 100 NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_driver_bank" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"driver_id" varchar(32) NOT NULL,
	"card_no" varchar(30) NOT NULL,
	"holder_name" varchar(30) NOT NULL,
	"holder_id_card" varchar(18) NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"branch" varchar(100),
	"reserved_mobile" varchar(11),
	"verified" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hy_driver_vehicle" (
	"driver_id" varchar(32) NOT NULL,
	"vehicle_id" varchar(32) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hy_driver_vehicle_driver_id_vehicle_id_pk" PRIMARY KEY("driver_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "hy_review_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"entity" varchar(32) NOT NULL,
	"entity_id" varchar(32) NOT NULL,
	"from_state" smallint NOT NULL,
	"to_state" smallint NOT NULL,
	"reason" text,
	"operator" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hy_vehicle" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"plate_no" varchar(12) NOT NULL,
	"plate_color" varchar(4) DEFAULT '2' NOT NULL,
	"vehicle_type" varchar(4),
	"owner" varchar(100),
	"use_character" varchar(20),
	"vin" varchar(17),
	"energy_type" varchar(2),
	"rated_load_kg" integer,
	"gross_mass_kg" integer,
	"license_issuer" varchar(100),
	"register_date" date,
	"issue_date" date,
	"license_valid_to" date,
	"license_img" varchar(255),
	"road_transport_no" varchar(30),
	"road_transport_valid_to" date,
	"road_transport_img" varchar(255),
	"trailer_plate_no" varchar(12),
	"ownership" smallint DEFAULT 1 NOT NULL,
	"transport_state" smallint DEFAULT 0 NOT NULL,
	"captain_id" varchar(32),
	"state" smallint DEFAULT 1 NOT NULL,
	"reject_reason" varchar(255),
	"reviewed_by" varchar(64),
	"reviewed_at" timestamp with time zone,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "hy_captain_state_idx" ON "hy_captain" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "hy_carrier_state_idx" ON "hy_carrier" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_id_card_uidx" ON "hy_driver" USING btree ("tenant_id","id_card");--> statement-breakpoint
CREATE INDEX "hy_driver_state_idx" ON "hy_driver" USING btree ("tenant_id","state","create_time");--> statement-breakpoint
CREATE INDEX "hy_driver_mobile_idx" ON "hy_driver" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "hy_driver_bank_driver_idx" ON "hy_driver_bank" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "hy_driver_bank_state_idx" ON "hy_driver_bank" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "hy_driver_vehicle_vehicle_idx" ON "hy_driver_vehicle" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "hy_review_log_entity_idx" ON "hy_review_log" USING btree ("entity","entity_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_vehicle_plate_uidx" ON "hy_vehicle" USING btree ("tenant_id","plate_no","plate_color");--> statement-breakpoint
CREATE INDEX "hy_vehicle_state_idx" ON "hy_vehicle" USING btree ("tenant_id","state","create_time");