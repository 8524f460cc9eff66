CREATE TABLE "sys_division" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"parent_code" varchar(12),
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_division_parent_idx" ON "sys_division" USING btree ("parent_code");