ALTER TABLE "sys_dict" ADD COLUMN "dict_name_en" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_dict_item" ADD COLUMN "item_text_en" varchar(100);