// The demo's 平台收入季度报送 (国务院令第810号): the current quarter's income report generated from the
// ledger of the demo payouts by the report service, as a draft for someone else to review and send (the
// generator may not review its own report). A second run leaves an existing report alone.
import { and, eq } from 'drizzle-orm';
import { SimulatedBank } from '../../modules/finance/bank/simulatedBank.ts';
import {
  type Finance,
  generateIncomeReport,
  quarterIncome,
  SYSTEM_ACTOR,
  silentLog,
} from '../../modules/finance/index.ts';
import { finIncomeReport } from '../../modules/finance/taxSchema.ts';
import type { DemoSeeder } from './types.ts';

/** `2026-Q4` of a moment, in China time. */
const quarterOf = (at: Date) => {
  const china = new Date(at.getTime() + 8 * 3_600_000);
  return `${china.getUTCFullYear()}-Q${Math.floor(china.getUTCMonth() / 3) + 1}`;
};

export const incomeReportSeeder: DemoSeeder = {
  name: 'incomeReports',
  async run(db, ctx) {
    const quarter = quarterOf(ctx.now);
    const [existing] = await db
      .select({ id: finIncomeReport.id })
      .from(finIncomeReport)
      .where(and(eq(finIncomeReport.tenantId, 0), eq(finIncomeReport.quarter, quarter)));
    const rows = { reports: 0, lines: 0 };
    // No payout in the quarter (a demo without finance): nothing to report.
    if (existing || (await quarterIncome(db, 0, quarter)).length === 0) return rows;
    const fin: Finance = { db, bank: new SimulatedBank(db, { delayMs: 0 }), log: silentLog };
    const report = await generateIncomeReport(fin, SYSTEM_ACTOR(0, 'demo'), quarter);
    return { reports: 1, lines: report.driverCount + report.agentCount };
  },
};
