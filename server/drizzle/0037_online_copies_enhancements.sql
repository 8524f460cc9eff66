CREATE TABLE "onl_cgform_copy" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"physic_id" varchar(32) NOT NULL,
	"table_txt" varchar(200) NOT NULL,
	"table_txt_en" varchar(200),
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_button" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"button_code" varchar(50) NOT NULL,
	"button_name" varchar(50) NOT NULL,
	"button_name_en" varchar(50),
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgform_enhance" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"cgform_head_id" varchar(32) NOT NULL,
	"kind" varchar(3) NOT NULL,
	"button_code" varchar(50) NOT NULL,
	"content" text NOT NULL,
	"version" integer NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "onl_cgform_copy_physic_idx" ON "onl_cgform_copy" USING btree ("physic_id");--> statement-breakpoint
CREATE INDEX "onl_cgform_button_head_idx" ON "onl_cgform_button" USING btree ("cgform_head_id","button_code");--> statement-breakpoint
CREATE INDEX "onl_cgform_enhance_code_idx" ON "onl_cgform_enhance" USING btree ("cgform_head_id","kind","button_code","version");