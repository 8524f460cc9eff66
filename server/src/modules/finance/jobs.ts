import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import { seedQuartzJobs } from '../system/index.ts';
import { resumePayments } from './bankPayments.ts';
import { generateMonthEndBills } from './bills.ts';
import type { Finance } from './context.ts';
import { checkLedger } from './reconcile.ts';

// Scheduled money work: the nightly reconcile, the month-end bills of 月结 customers, and the bank payments
// whose answer is overdue (lost callbacks, timeouts) — each also runnable on demand.

export const FINANCE_JOBS = {
  reconcile: 'reconcileLedger',
  monthlyBills: 'generateMonthlyBills',
  resolvePayments: 'resolveBankPayments',
} as const;

export function financeJobs(fin: Finance): JobDefinition[] {
  return [
    {
      key: FINANCE_JOBS.reconcile,
      title: '账务核对',
      description: '全部流水合计为零、每笔记账凭证借贷平衡、每个账户余额等于其流水合计',
      params: z.object({}).strict(),
      async run(_params, log) {
        const check = await checkLedger(fin.db);
        if (!check.balanced) log.error({ check }, 'ledger does not reconcile');
        const summary = `balanced=${check.balanced} lines=${check.lineCount} sum=${check.ledgerSumFen} mismatches=${check.mismatches.length} unbalancedPostings=${check.unbalancedPostings.length}`;
        if (!check.balanced) throw new Error(`账务不平：${summary}`);
        return summary;
      },
    },
    {
      key: FINANCE_JOBS.monthlyBills,
      title: '月结账单',
      description: '为月结货主生成上月账单（已出账单的运单不会重复出账）',
      params: z.object({ tenantId: z.number().int().min(0).default(0) }).strict(),
      async run(params) {
        const { tenantId } = params as { tenantId: number };
        return JSON.stringify(await generateMonthEndBills(fin, tenantId));
      },
    },
    {
      key: FINANCE_JOBS.resolvePayments,
      title: '银行付款查询',
      description: '发送未发出的付款，向银行查询超过1分钟未回复的付款（不会重复付款）',
      params: z.object({}).strict(),
      async run() {
        return JSON.stringify(await resumePayments(fin, 60_000));
      },
    },
  ];
}

const SCHEDULE = [
  {
    jobClassName: FINANCE_JOBS.reconcile,
    cronExpression: '0 30 2 * * ?',
    description: '每天02:30核对账务：全部流水合计为零、每个账户余额等于其流水合计',
  },
  {
    jobClassName: FINANCE_JOBS.monthlyBills,
    cronExpression: '0 0 1 1 * ?',
    description: '每月1日01:00为月结货主生成上月账单',
  },
  {
    jobClassName: FINANCE_JOBS.resolvePayments,
    cronExpression: '0 */5 * * * ?',
    description: '每5分钟向银行查询超过1分钟未回复的付款，并发送未发出的付款',
  },
  {
    // Registered by invoiceRoutes.ts (INVOICE_JOB), which holds the e-invoice adapter.
    jobClassName: 'resolveIssuingInvoices',
    cronExpression: '0 * * * * ?',
    description: '每分钟向税务系统查询开票中超过30秒的发票（不会重复开票）',
  },
];

/**
 * The jobs' schedule rows (running), added by the server's start and the seed command — like the
 * certificate expiry job, outside seedSystem whose job list the scheduled-jobs tests pin. An administrator's
 * later changes are kept.
 */
export async function seedFinanceJobs(db: Db): Promise<void> {
  await seedQuartzJobs(
    db,
    SCHEDULE.map((s) => ({ ...s, parameter: '{}' })),
  );
}
