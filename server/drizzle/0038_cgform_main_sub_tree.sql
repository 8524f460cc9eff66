ALTER TABLE "onl_cgform_field" ADD COLUMN "main_table" varchar(64);--> statement-breakpoint
ALTER TABLE "onl_cgform_field" ADD COLUMN "main_field" varchar(64);--> statement-breakpoint
ALTER TABLE "onl_cgform_head" ADD COLUMN "sub_table_str" varchar(1000);--> statement-breakpoint
ALTER TABLE "onl_cgform_head" ADD COLUMN "relation_type" smallint;--> statement-breakpoint
ALTER TABLE "onl_cgform_head" ADD COLUMN "tab_order_num" integer;--> statement-breakpoint
ALTER TABLE "onl_cgform_head" ADD COLUMN "is_tree" varchar(1) DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "onl_cgform_head" ADD COLUMN "tree_parent_id_field" varchar(64);--> statement-breakpoint
ALTER TABLE "onl_cgform_head" ADD COLUMN "tree_id_field" varchar(64);--> statement-breakpoint
ALTER TABLE "onl_cgform_head" ADD COLUMN "tree_fieldname" varchar(64);