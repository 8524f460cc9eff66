CREATE TABLE "sys_depart_permission" (
	"depart_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000),
	CONSTRAINT "sys_depart_permission_depart_id_permission_id_pk" PRIMARY KEY("depart_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"depart_id" varchar(32) NOT NULL,
	"role_name" varchar(100) NOT NULL,
	"role_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_permission" (
	"depart_id" varchar(32) NOT NULL,
	"role_id" varchar(32) NOT NULL,
	"permission_id" varchar(32) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp with time zone,
	"operate_ip" varchar(100),
	CONSTRAINT "sys_depart_role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_user" (
	"user_id" varchar(32) NOT NULL,
	"drole_id" varchar(32) NOT NULL,
	CONSTRAINT "sys_depart_role_user_user_id_drole_id_pk" PRIMARY KEY("user_id","drole_id")
);
--> statement-breakpoint
CREATE INDEX "sys_depart_permission_perm_idx" ON "sys_depart_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_depart_role_code_uidx" ON "sys_depart_role" USING btree ("depart_id","role_code");--> statement-breakpoint
CREATE INDEX "sys_depart_role_permission_perm_idx" ON "sys_depart_role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "sys_depart_role_user_role_idx" ON "sys_depart_role_user" USING btree ("drole_id");