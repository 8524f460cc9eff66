import { JOB_STATE } from '@freight/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client.ts';
import { rowExists } from '../../../platform/db/idsWhere.ts';
import { rowsOf } from '../../../platform/db/rows.ts';
import type { JobStore, RunOutcome, ScheduledJob } from '../../../platform/jobs/scheduler.ts';
import { sysQuartzJob, sysQuartzJobLog } from '../adminSchema.ts';

/**
 * `pg_try_advisory_xact_lock` keyed by a hash of the job id: held until the claiming transaction ends,
 * so two instances firing the same trigger take turns, and the second finds the first's log row.
 */
async function tryJobLock(tx: DbOrTx, jobId: string): Promise<boolean> {
  const [row] = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`quartz:${jobId}`})) as locked`),
  );
  return row?.locked === true;
}

export function toScheduled(row: typeof sysQuartzJob.$inferSelect): ScheduledJob {
  return {
    id: row.id,
    jobKey: row.jobClassName,
    cron: row.cronExpression,
    parameter: row.parameter,
    since: row.updateTime ?? row.createTime,
  };
}

export function quartzStore(db: Db): JobStore {
  return {
    async activeJobs() {
      const rows = await db
        .select()
        .from(sysQuartzJob)
        .where(and(eq(sysQuartzJob.status, JOB_STATE.running), eq(sysQuartzJob.delFlag, 0)));
      return rows.map(toScheduled);
    },

    async lastRun(jobId) {
      const [row] = await db
        // Manual runs do not stand in for a trigger: only cron fire times (and reported misfires) count.
        .select({ at: sql<Date | string | null>`max(${sysQuartzJobLog.fireTime})` })
        .from(sysQuartzJobLog)
        .where(eq(sysQuartzJobLog.jobId, jobId));
      return row?.at ? new Date(row.at) : null;
    },

    async claim(job, fireTime, trigger, instance) {
      return db.transaction(async (tx) => {
        if (!(await tryJobLock(tx, job.id))) return null;
        if (fireTime) {
          const done = await rowExists(
            tx,
            sysQuartzJobLog,
            eq(sysQuartzJobLog.jobId, job.id),
            eq(sysQuartzJobLog.fireTime, fireTime),
          );
          if (done) return null;
        } else {
          const running = await rowExists(
            tx,
            sysQuartzJobLog,
            eq(sysQuartzJobLog.jobId, job.id),
            sql`${sysQuartzJobLog.success} is null`,
            sql`${sysQuartzJobLog.startTime} > now() - interval '10 minutes'`,
          );
          if (running) return null;
        }
        const [row] = await tx
          .insert(sysQuartzJobLog)
          .values({
            jobId: job.id,
            jobClassName: job.jobKey,
            fireTime,
            trigger,
            startTime: new Date(),
            instance,
          })
          .returning({ id: sysQuartzJobLog.id });
        return row.id;
      });
    },

    async finish(runId, outcome: RunOutcome) {
      await db
        .update(sysQuartzJobLog)
        .set({
          endTime: outcome.endTime,
          durationMs: outcome.durationMs,
          success: outcome.success ? 1 : 0,
          message: outcome.message?.slice(0, 2000) ?? null,
          error: outcome.error?.slice(0, 2000) ?? null,
        })
        .where(eq(sysQuartzJobLog.id, runId));
    },

    async recordMisfire(job, missedAt, instance) {
      const now = new Date();
      await db
        .insert(sysQuartzJobLog)
        .values({
          jobId: job.id,
          jobClassName: job.jobKey,
          fireTime: missedAt,
          trigger: 'misfire',
          startTime: now,
          endTime: now,
          durationMs: 0,
          success: 0,
          error: `misfire: missed trigger at ${missedAt.toISOString()}`,
          instance,
        })
        .onConflictDoNothing();
    },
  };
}

/** A schedule row of a job registered in code, as the server's start and the seed command add it. */
export type SeededJob = Pick<
  typeof sysQuartzJob.$inferInsert,
  'jobClassName' | 'cronExpression' | 'parameter' | 'description'
>;

/**
 * Adds the rows of the jobs the table does not hold yet, running; an administrator's later changes to a
 * row (cron, pause) are kept.
 */
export async function seedQuartzJobs(db: Db, jobs: readonly SeededJob[]): Promise<void> {
  const names = jobs.map((j) => j.jobClassName);
  const existing = await db
    .select({ name: sysQuartzJob.jobClassName })
    .from(sysQuartzJob)
    .where(inArray(sysQuartzJob.jobClassName, names));
  const missing = jobs.filter((j) => !existing.some((e) => e.name === j.jobClassName));
  if (missing.length === 0) return;
  await db
    .insert(sysQuartzJob)
    .values(missing.map((j) => ({ ...j, status: JOB_STATE.running, createBy: 'system' })));
}
