import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import { seedQuartzJobs } from '../system/index.ts';
import { type SenderDeps, sendDue } from './sender.ts';

export const REPORT_JOB = 'sendRegulatorReports';

export function reportJob(deps: SenderDeps): JobDefinition {
  return {
    key: REPORT_JOB,
    title: '监管数据上报',
    description: '把到期的监管报文（驾驶员、车辆、电子运单、资金流水）发送到启用的上报通道，失败的按规则重试',
    params: z.object({ limit: z.number().int().min(1).max(10_000).optional() }).strict(),
    async run(params) {
      const { limit } = params as { limit?: number };
      const totals = { claimed: 0, accepted: 0, failed: 0, retrying: 0, waiting: 0 };
      // Runs until nothing is due, a page at a time.
      for (let round = 0; round < 50; round++) {
        const summary = await sendDue(deps, { limit: limit ?? 200 });
        for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += summary[key];
        if (summary.claimed === 0 || summary.accepted + summary.failed === 0) break;
      }
      return JSON.stringify(totals);
    },
  };
}

/** The job's schedule row: every minute (China time). Added at server start like the certificate job. */
export async function seedReportJob(db: Db): Promise<void> {
  await seedQuartzJobs(db, [
    {
      jobClassName: REPORT_JOB,
      cronExpression: '0 * * * * ?',
      parameter: '{}',
      description: '每分钟发送到期的监管报文',
    },
  ]);
}
