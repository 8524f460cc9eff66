import { JOB_STATE, pageQuery, quartzJobResource } from '@freight/contracts';
import { Cron } from 'croner';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { selectPage } from '../../../platform/db/selectPage.ts';
import { formatDateTime, ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { CRON_OPTIONS, parseJobParams, validateCron } from '../../../platform/jobs/scheduler.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { andAll, buildFilters, buildOrder, type FieldMap } from '../../../platform/resource/query.ts';
import { sysQuartzJob, sysQuartzJobLog } from '../adminSchema.ts';
import { systemJobs } from './jobs.ts';
import { quartzStore, toScheduled } from './store.ts';

const idQuery = z.object({ id: z.string().min(1).max(32) });

const logFields: FieldMap = {
  jobId: { column: sysQuartzJobLog.jobId, type: 'string', filter: true },
  trigger: { column: sysQuartzJobLog.trigger, type: 'string', filter: true, sort: true },
  success: { column: sysQuartzJobLog.success, type: 'number', filter: true, sort: true },
  startTime: { column: sysQuartzJobLog.startTime, type: 'date', filter: true, sort: true },
  durationMs: { column: sysQuartzJobLog.durationMs, type: 'number', filter: true, sort: true },
  instance: { column: sysQuartzJobLog.instance, type: 'string', filter: true },
};

/** Scheduled jobs: CRUD over the registry of jobs in code, start, stop, run once, run history. */
export function quartzRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, jobs } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const def of systemJobs(ctx, app.log)) jobs.register(def);
  jobs.useStore(quartzStore(db));
  const live = eq(sysQuartzJob.delFlag, 0);
  // A schedule edited, paused or resumed on one instance is followed by every instance within a second
  // (the backplane signal); the scheduler's own 30 s re-read stays as the safety net.
  const changed = ctx.realtime.sharedCache('quartzJobs', () => jobs.sync(), app.log);

  bindResource(app, ctx, quartzJobResource, sysQuartzJob, {
    dataLog: true,
    beforeWrite(values) {
      const key = String(values.jobClassName);
      const def = jobs.definition(key);
      if (!def) throw bizError(`任务不存在：${key}`);
      const cronError = validateCron(String(values.cronExpression));
      if (cronError) throw bizError(cronError);
      try {
        parseJobParams(def, values.parameter as string | null | undefined);
      } catch (error) {
        throw bizError((error as Error).message);
      }
      return values;
    },
    onChange: changed,
  });

  r.get('/sys/quartzJob/jobKeys', { config: { access: perm('system:quartz:list') } }, async () =>
    ok(
      jobs
        .definitions()
        .map(({ key, title, description }) => ({ value: key, text: title, title, description })),
    ),
  );

  // The form's cron check: the next fire times (China time) or the reason the expression is refused.
  r.get(
    '/sys/quartzJob/cronPreview',
    permitted(
      'system:quartz:list',
      { querystring: z.object({ cron: z.string().trim().min(1).max(100) }) },
      false,
    ),
    async (request) => {
      const error = validateCron(request.query.cron);
      if (error) throw bizError(error);
      const cron = new Cron(request.query.cron, { ...CRON_OPTIONS, paused: true });
      return ok(cron.nextRuns(5).map((at) => formatDateTime(at)));
    },
  );

  async function setStatus(request: FastifyRequest, id: string, status: number) {
    const updated = await db
      .update(sysQuartzJob)
      .set({ status, updateBy: request.session?.user.username, updateTime: new Date() })
      .where(and(eq(sysQuartzJob.id, id), live))
      .returning({ id: sysQuartzJob.id });
    if (!updated.length) throw bizError('定时任务不存在');
    await changed();
  }

  const statusOpts = permitted('system:quartz:edit', { querystring: idQuery });
  for (const method of ['get', 'put', 'post'] as const) {
    r[method]('/sys/quartzJob/resume', statusOpts, async (request) => {
      await setStatus(request, request.query.id, JOB_STATE.running);
      return okMessage('启动定时任务成功');
    });
    r[method]('/sys/quartzJob/pause', statusOpts, async (request) => {
      await setStatus(request, request.query.id, JOB_STATE.stopped);
      return okMessage('停止定时任务成功');
    });
    r[method]('/sys/quartzJob/execute', statusOpts, async (request) => {
      const [job] = await db
        .select()
        .from(sysQuartzJob)
        .where(and(eq(sysQuartzJob.id, request.query.id), live));
      if (!job) throw bizError('定时任务不存在');
      const runId = await jobs.runNow(toScheduled(job));
      if (!runId) throw bizError('任务正在执行，请稍后再试');
      const [run] = await db.select().from(sysQuartzJobLog).where(eq(sysQuartzJobLog.id, runId));
      return ok(run, run?.success === 1 ? '执行成功' : '执行失败');
    });
  }

  r.get(
    '/sys/quartzJob/logs',
    permitted('system:quartz:list', {
      querystring: pageQuery.extend({ jobId: z.string().min(1).max(32) }).passthrough(),
    }),
    async (request) => {
      const { pageNo, pageSize, column, order } = request.query;
      const where = andAll(buildFilters(logFields, request.query as Record<string, unknown>));
      const orderBy = buildOrder(
        logFields,
        column,
        order,
        [desc(sysQuartzJobLog.startTime)],
        sysQuartzJobLog.id,
      );
      return ok(
        await selectPage(
          { pageNo, pageSize },
          db
            .select()
            .from(sysQuartzJobLog)
            .where(where)
            .orderBy(...orderBy),
          db.select({ total: sql<number>`count(*)::int` }).from(sysQuartzJobLog).where(where),
        ),
      );
    },
  );
}
