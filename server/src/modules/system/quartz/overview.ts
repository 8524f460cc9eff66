import { JOB_STATE } from '@freight/contracts';
import { Cron } from 'croner';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { formatDateTime } from '../../../platform/http/envelope.ts';
import { CRON_OPTIONS } from '../../../platform/jobs/scheduler.ts';
import { sysQuartzJob, sysQuartzJobLog } from '../adminSchema.ts';

export interface JobOverview {
  id: string;
  jobClassName: string;
  description: string | null;
  cronExpression: string;
  status: number;
  lastRun: { time: string; success: boolean | null; durationMs: number | null } | null;
  nextRun: string | null;
}

/**
 * The scheduled jobs with their last run (the newest log row, manual runs included) and their next trigger
 * (China time, by the scheduler's own cron options; none while stopped): the task dashboard's list.
 */
export async function jobOverview(db: DbOrTx): Promise<JobOverview[]> {
  const jobs = await db
    .select()
    .from(sysQuartzJob)
    .where(eq(sysQuartzJob.delFlag, 0))
    .orderBy(desc(sysQuartzJob.createTime));
  const lastRuns = await db
    .selectDistinctOn([sysQuartzJobLog.jobId], {
      jobId: sysQuartzJobLog.jobId,
      startTime: sysQuartzJobLog.startTime,
      success: sysQuartzJobLog.success,
      durationMs: sysQuartzJobLog.durationMs,
    })
    .from(sysQuartzJobLog)
    .orderBy(sysQuartzJobLog.jobId, desc(sysQuartzJobLog.startTime));
  const byJob = new Map(lastRuns.map((run) => [run.jobId, run]));
  return jobs.map((job) => {
    const run = byJob.get(job.id);
    let nextRun: string | null = null;
    if (job.status === JOB_STATE.running) {
      try {
        const next = new Cron(job.cronExpression, { ...CRON_OPTIONS, paused: true }).nextRun();
        nextRun = next ? formatDateTime(next) : null;
      } catch {
        nextRun = null;
      }
    }
    return {
      id: job.id,
      jobClassName: job.jobClassName,
      description: job.description,
      cronExpression: job.cronExpression,
      status: job.status,
      lastRun: run
        ? {
            time: formatDateTime(run.startTime),
            success: run.success === null ? null : run.success === 1,
            durationMs: run.durationMs,
          }
        : null,
      nextRun,
    };
  });
}
