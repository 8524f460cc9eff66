CREATE TABLE "onl_cgform_field" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"db_field_name" varchar(64) NOT NULL,
	"db_field_txt" varchar(200) NOT NULL,
	"db_field_txt_en" varchar(200),
	"db_type" varchar(20) NOT NULL,
	"db_length" integer,
	"db_point_length" integer,
	"db_default_val" varchar(200),
	"db_is_null" smallint DEFAULT 1 NOT NULL,
	"is_show_form" smallint DEFAULT 1 NOT NULL,
	"is_show_list" smallint DEFAULT 1 NOT NULL,
	"is_query" smallint DEFAULT 0 NOT NULL,
	"query_mode" varchar(10),
	"field_show_type" varchar(20),
	"dict_field" varchar(100),
	"field_valid_type" varchar(200),
	"sort_flag" smallint DEFAULT 0 NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_head" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"table_txt" varchar(200) NOT NULL,
	"table_txt_en" varchar(200),
	"table_type" smallint DEFAULT 1 NOT NULL,
	"is_db_synch" varchar(1) DEFAULT 'N' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"synced" jsonb,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_index" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"index_name" varchar(64) NOT NULL,
	"index_field" varchar(500) NOT NULL,
	"index_type" varchar(10) DEFAULT 'normal' NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_version" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "onl_cgform_field_head_idx" ON "onl_cgform_field" USING btree ("cgform_head_id","order_num");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgform_head_table_uidx" ON "onl_cgform_head" USING btree ("table_name");--> statement-breakpoint
CREATE INDEX "onl_cgform_index_head_idx" ON "onl_cgform_index" USING btree ("cgform_head_id");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_cgform_version_head_uidx" ON "onl_cgform_version" USING btree ("cgform_head_id","version");