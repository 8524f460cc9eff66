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
CREATE UNIQUE INDEX "hy_contract_template_version_uidx" ON "hy_contract_template" USING btree ("tenant_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_transport_contract_no_uidx" ON "hy_transport_contract" USING btree ("contract_no");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_transport_contract_note_uidx" ON "hy_transport_contract" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "hy_transport_contract_customer_idx" ON "hy_transport_contract" USING btree ("customer_id","period_from");