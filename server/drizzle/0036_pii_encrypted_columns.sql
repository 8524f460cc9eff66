DROP INDEX "hy_driver_id_card_uidx";--> statement-breakpoint
DROP INDEX "hy_driver_bank_card_uidx";--> statement-breakpoint
ALTER TABLE "fin_bank_payment" ALTER COLUMN "card_no" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "fin_bank_payment" ALTER COLUMN "holder_id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "hy_agent" ALTER COLUMN "id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "hy_agent" ALTER COLUMN "card_no" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "fin_income_report_line" ALTER COLUMN "id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "fin_tax_record" ALTER COLUMN "id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "fin_tax_record" ALTER COLUMN "card_no" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "hy_captain" ALTER COLUMN "id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "hy_driver" ALTER COLUMN "id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "hy_driver_bank" ALTER COLUMN "card_no" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "hy_driver_bank" ALTER COLUMN "holder_id_card" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "hy_agent" ADD COLUMN "id_card_hash" varchar(64) GENERATED ALWAYS AS (CASE WHEN "id_card" LIKE 'enc:v1:%' THEN split_part("id_card", ':', 6) END) STORED;--> statement-breakpoint
ALTER TABLE "hy_captain" ADD COLUMN "id_card_hash" varchar(64) GENERATED ALWAYS AS (CASE WHEN "id_card" LIKE 'enc:v1:%' THEN split_part("id_card", ':', 6) END) STORED;--> statement-breakpoint
ALTER TABLE "hy_driver" ADD COLUMN "id_card_hash" varchar(64) GENERATED ALWAYS AS (CASE WHEN "id_card" LIKE 'enc:v1:%' THEN split_part("id_card", ':', 6) END) STORED;--> statement-breakpoint
ALTER TABLE "hy_driver_bank" ADD COLUMN "card_no_hash" varchar(64) GENERATED ALWAYS AS (CASE WHEN "card_no" LIKE 'enc:v1:%' THEN split_part("card_no", ':', 6) END) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_id_card_uidx" ON "hy_driver" USING btree ("tenant_id","id_card_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "hy_driver_bank_card_uidx" ON "hy_driver_bank" USING btree ("tenant_id","driver_id","card_no_hash");