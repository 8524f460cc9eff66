CREATE TABLE "onl_cgreport_head" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"cgr_sql" text NOT NULL,
	"return_val_field" varchar(100),
	"return_txt_field" varchar(100),
	"return_type" varchar(2),
	"db_source" varchar(100),
	"content" varchar(1000),
	"perms" varchar(100),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_item" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(32) NOT NULL,
	"field_name" varchar(64) NOT NULL,
	"field_txt" varchar(100),
	"field_width" integer,
	"field_type" varchar(20) DEFAULT 'String' NOT NULL,
	"search_mode" varchar(10),
	"is_order" smallint DEFAULT 0 NOT NULL,
	"is_search" smallint DEFAULT 0 NOT NULL,
	"dict_code" varchar(200),
	"field_href" varchar(500),
	"is_show" smallint DEFAULT 1 NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"replace_val" varchar(200),
	"is_total" smallint DEFAULT 0 NOT NULL,
	"group_title" varchar(50),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_param" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(32) NOT NULL,
	"param_name" varchar(64) NOT NULL,
	"param_txt" varchar(100),
	"param_value" varchar(200),
	"param_type" varchar(10) DEFAULT 'string' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgreport_head_code_uidx" ON "onl_cgreport_head" USING btree ("code");--> statement-breakpoint
CREATE INDEX "onl_cgreport_item_head_idx" ON "onl_cgreport_item" USING btree ("cgrhead_id","order_num");--> statement-breakpoint
CREATE INDEX "onl_cgreport_param_head_idx" ON "onl_cgreport_param" USING btree ("cgrhead_id","order_num");