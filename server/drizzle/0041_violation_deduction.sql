ALTER TABLE "risk_violation" ADD COLUMN "captain_id" varchar(32);--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "deduction_state" varchar(16);--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "deduction_fen" bigint;--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "contract_no" varchar(40);--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "penalty_pct" smallint;--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "appeal_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "appeal_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "appeal_by" varchar(64);--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "appeal_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "decide_by" varchar(64);--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "decide_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "decide_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "adjust_no" varchar(32);--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "posted_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "risk_violation" ADD COLUMN "deduction_note" varchar(255);--> statement-breakpoint
ALTER TABLE "hy_contract_template" ADD COLUMN "penalty_pct" smallint;--> statement-breakpoint
ALTER TABLE "hy_transport_contract" ADD COLUMN "penalty_pct" smallint;--> statement-breakpoint
CREATE INDEX "risk_violation_deduction_idx" ON "risk_violation" USING btree ("deduction_state","appeal_deadline");