CREATE TABLE "sys_category" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"pid" varchar(32) DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(100) NOT NULL,
	"has_child" varchar(3) DEFAULT '0' NOT NULL,
	"sys_org_code" varchar(64),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_check_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_json" varchar(4000) NOT NULL,
	"rule_description" varchar(500),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_data_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"data_table" varchar(64) NOT NULL,
	"data_id" varchar(32) NOT NULL,
	"data_content" text NOT NULL,
	"data_version" integer NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_data_source" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"remark" varchar(200),
	"db_type" varchar(20) NOT NULL,
	"db_host" varchar(255) NOT NULL,
	"db_port" integer NOT NULL,
	"db_name" varchar(100) NOT NULL,
	"db_username" varchar(100) NOT NULL,
	"db_password" text,
	"sys_org_code" varchar(64),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_class" varchar(100) NOT NULL,
	"rule_params" varchar(2000),
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule_counter" (
	"counter_key" varchar(200) PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_gateway_route" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"router_id" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"uri" varchar(500) NOT NULL,
	"predicates" varchar(2000),
	"filters" varchar(2000),
	"strip_prefix" smallint DEFAULT 0 NOT NULL,
	"retryable" smallint DEFAULT 0 NOT NULL,
	"persistable" smallint DEFAULT 1 NOT NULL,
	"show_api" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_class_name" varchar(100) NOT NULL,
	"cron_expression" varchar(100) NOT NULL,
	"parameter" varchar(2000),
	"description" varchar(255),
	"status" smallint DEFAULT -1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" varchar(64),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"job_id" varchar(32) NOT NULL,
	"job_class_name" varchar(100) NOT NULL,
	"fire_time" timestamp with time zone,
	"trigger" varchar(10) DEFAULT 'cron' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"duration_ms" integer,
	"success" smallint,
	"message" varchar(2000),
	"error" varchar(2000),
	"instance" varchar(100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_category_code_uidx" ON "sys_category" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sys_category_pid_idx" ON "sys_category" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_check_rule_code_uidx" ON "sys_check_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_data_log_version_uidx" ON "sys_data_log" USING btree ("data_table","data_id","data_version");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_data_source_code_uidx" ON "sys_data_source" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_fill_rule_code_uidx" ON "sys_fill_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_gateway_route_router_uidx" ON "sys_gateway_route" USING btree ("router_id");--> statement-breakpoint
CREATE INDEX "sys_quartz_job_status_idx" ON "sys_quartz_job" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_quartz_job_log_fire_uidx" ON "sys_quartz_job_log" USING btree ("job_id","fire_time");--> statement-breakpoint
CREATE INDEX "sys_quartz_job_log_job_idx" ON "sys_quartz_job_log" USING btree ("job_id","start_time");