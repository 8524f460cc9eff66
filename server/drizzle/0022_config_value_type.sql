ALTER TABLE "hy_config" ADD COLUMN "value_type" varchar(10) DEFAULT 'string' NOT NULL;--> statement-breakpoint
UPDATE "hy_config" SET "value_type" = 'number' WHERE "config_key" IN ('service_rate_bp', 'invoice_tax_rate_bp', 'driver_invoice_tax_rate_bp', 'oil_card_max_ratio_bp', 'loss_default_allowance_per_mille', 'password_max_age_days');
