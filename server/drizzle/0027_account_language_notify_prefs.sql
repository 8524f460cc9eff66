CREATE TABLE "sys_user_notify_mute" (
	"user_id" varchar(32) NOT NULL,
	"category" varchar(32) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_notify_mute_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "language" varchar(8);--> statement-breakpoint
CREATE INDEX "sys_user_notify_mute_category_idx" ON "sys_user_notify_mute" USING btree ("category");