ALTER TABLE "onl_cgform_field" ADD COLUMN "dict_table" varchar(100);--> statement-breakpoint
ALTER TABLE "onl_cgform_field" ADD COLUMN "dict_text" varchar(100);--> statement-breakpoint
ALTER TABLE "onl_cgform_field" ADD COLUMN "is_unique" smallint DEFAULT 0 NOT NULL;