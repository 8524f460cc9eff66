import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysCaptcha, sysUserToken } from '../../../platform/auth/schema.ts';
import { useAdminApi } from '../../../test/kit.ts';
import { sysQuartzJob, sysQuartzJobLog } from '../adminSchema.ts';
import type { MessageChannel } from '../auth/smsChannel.ts';
import { sysSms } from '../authSchema.ts';
import { deliverQueuedMessages } from './jobs.ts';
import { quartzStore, toScheduled } from './store.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduled jobs', () => {
  const { t, call } = useAdminApi();
  const jobByKey = async (key: string) =>
    (await call('GET', `/sys/quartzJob/list?jobClassName=${key}`)).json().result.records[0];

  it('seeds the jobs of the code and validates job key, cron and parameters', async () => {
    const shipper = await t.login('shipper');
    expect((await call('GET', '/sys/quartzJob/list', undefined, shipper)).statusCode).toBe(403);
    expect((await call('GET', '/sys/quartzJob/execute?id=x', undefined, shipper)).statusCode).toBe(403);
    const list = (await call('GET', '/sys/quartzJob/list?column=jobClassName&order=asc')).json().result
      .records;
    expect(list.map((j: { jobClassName: string; status: number }) => [j.jobClassName, j.status])).toEqual([
      ['archiveLogs', 0],
      ['purgeExpiredSessions', 0],
      ['refreshCounters', -1],
      ['sealLogs', 0],
      ['sendQueuedMessages', -1],
    ]);
    const keys = (await call('GET', '/sys/quartzJob/jobKeys')).json().result;
    expect(keys.map((k: { value: string }) => k.value)).toContain('sendQueuedMessages');

    const add = (body: object) =>
      call('POST', '/sys/quartzJob/add', { jobClassName: 'refreshCounters', ...body });
    expect((await add({ jobClassName: 'rm -rf', cronExpression: '0 * * * * ?' })).json().message).toBe(
      '任务不存在：rm -rf',
    );
    expect((await add({ cronExpression: '0 61 * * * ?' })).json().message).toMatch(/^Cron表达式不正确/);
    expect((await add({ cronExpression: '0 * * * * ?', parameter: '{bad' })).json().message).toBe(
      '参数不是有效的JSON',
    );
    expect(
      (
        await add({
          jobClassName: 'sendQueuedMessages',
          cronExpression: '0 * * * * ?',
          parameter: '{"batchSize":0}',
        })
      ).json().message,
    ).toMatch(/^参数不正确/);
    const ok = await add({ cronExpression: '0 0/10 * * * ?', description: '另一个计数任务' });
    expect(ok.json().success).toBe(true);
  });

  it('runs a job once on demand and keeps its history with duration and outcome', async () => {
    const now = Date.now();
    await t.db
      .insert(sysUserToken)
      .values({ tokenHash: 'e'.repeat(64), userId: 'x', expiresAt: new Date(now - 1000) });
    await t.db.insert(sysCaptcha).values({ checkKey: 'old', codeHash: 'h', expiresAt: new Date(now - 1000) });
    const job = await jobByKey('purgeExpiredSessions');
    const run = (await call('GET', `/sys/quartzJob/execute?id=${job.id}`)).json();
    expect(run.success).toBe(true);
    expect(run.result).toMatchObject({ jobId: job.id, trigger: 'manual', success: 1 });
    expect(run.result.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(run.result.message)).toMatchObject({ tokens: 1, captchas: 1 });
    expect(
      await t.db
        .select()
        .from(sysUserToken)
        .where(eq(sysUserToken.tokenHash, 'e'.repeat(64))),
    ).toEqual([]);

    const counters = await jobByKey('refreshCounters');
    const counted = (await call('POST', `/sys/quartzJob/execute?id=${counters.id}`)).json().result;
    expect(JSON.parse(counted.message)['0']).toHaveProperty('huozhuCount');

    const history = (await call('GET', `/sys/quartzJob/logs?jobId=${job.id}&pageSize=5`)).json().result;
    expect(history.total).toBe(1);
    expect(history.records[0]).toMatchObject({ success: 1, trigger: 'manual' });
  });

  it('records a failing run with its error', async () => {
    const [job] = await t.db
      .insert(sysQuartzJob)
      .values({ jobClassName: 'noLongerInCode', cronExpression: '0 0 * * * ?', status: -1 })
      .returning();
    const run = (await call('GET', `/sys/quartzJob/execute?id=${job.id}`)).json();
    expect(run).toMatchObject({ success: true, message: '执行失败', result: { success: 0 } });
    expect(run.result.error).toBe('未注册的任务：noLongerInCode');
  });

  it('starts and stops jobs in the scheduler, reports misfires, and runs a trigger once', async () => {
    const jobs = t.ctx.jobs;
    const purge = await jobByKey('purgeExpiredSessions');
    // Pretend the server was down for two hours: the hourly trigger in between was missed.
    await t.db
      .update(sysQuartzJob)
      .set({ updateTime: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(sysQuartzJob.id, purge.id));
    await jobs.start();
    try {
      const misfires = await t.db
        .select()
        .from(sysQuartzJobLog)
        .where(and(eq(sysQuartzJobLog.jobId, purge.id), eq(sysQuartzJobLog.trigger, 'misfire')));
      expect(misfires).toHaveLength(1);
      expect(misfires[0].error).toMatch(/^misfire: missed trigger at /);
      // The log seal and archive run from the start as well.
      const logJobs = [(await jobByKey('sealLogs')).id, (await jobByKey('archiveLogs')).id];
      expect([...jobs.scheduledIds()].sort()).toEqual([purge.id, ...logJobs].sort());

      // A job every second: resume it, see it run from the scheduler, pause it.
      const counters = await jobByKey('refreshCounters');
      await call('PUT', '/sys/quartzJob/edit', { ...counters, cronExpression: '* * * * * *' });
      expect((await call('GET', `/sys/quartzJob/resume?id=${counters.id}`)).json().message).toBe(
        '启动定时任务成功',
      );
      expect(jobs.scheduledIds()).toContain(counters.id);
      let runs: Array<{ trigger: string; success: number | null }> = [];
      for (let i = 0; i < 40 && !runs.some((r) => r.trigger === 'cron' && r.success === 1); i++) {
        await sleep(100);
        runs = (await call('GET', `/sys/quartzJob/logs?jobId=${counters.id}&trigger=cron`)).json().result
          .records;
      }
      expect(runs.some((r) => r.trigger === 'cron' && r.success === 1)).toBe(true);
      await call('GET', `/sys/quartzJob/pause?id=${counters.id}`);
      expect(jobs.scheduledIds()).not.toContain(counters.id);
    } finally {
      await jobs.stop();
    }

    // Two instances firing the same trigger: only one claims it.
    const store = quartzStore(t.db);
    const [row] = await t.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.id, purge.id));
    const fireTime = new Date('2030-01-01T00:00:00Z');
    const claims = await Promise.all([
      store.claim(toScheduled(row), fireTime, 'cron', 'a'),
      store.claim(toScheduled(row), fireTime, 'cron', 'b'),
      store.claim(toScheduled(row), fireTime, 'cron', 'c'),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.claim(toScheduled(row), fireTime, 'cron', 'd')).toBeNull();
  });

  it('delivers queued messages, retrying failures up to five attempts', async () => {
    const [ok, flaky] = await t.db
      .insert(sysSms)
      .values([
        { esReceiver: '13900000001', esContent: '你好', esTitle: '登录验证码', esParam: '{"code":"1"}' },
        { esReceiver: '13900000002', esContent: '你好' },
      ])
      .returning();
    const sent: string[] = [];
    const channel: MessageChannel = {
      name: 'stub',
      async send(message) {
        sent.push(message.receiver);
        return message.receiver === ok.esReceiver
          ? { status: 1, result: 'OK' }
          : { status: 2, result: 'provider down' };
      },
    };
    expect(await deliverQueuedMessages(t.db, channel, 100)).toEqual({
      sent: 1,
      failed: 1,
      gaveUp: 0,
      kept: 0,
    });
    for (let i = 0; i < 6; i++) await deliverQueuedMessages(t.db, channel, 100);
    const rows = await t.db.select().from(sysSms);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ok.id)).toMatchObject({ esSendStatus: 1, esSendNum: 1, esResult: 'OK' });
    expect(byId.get(flaky.id)).toMatchObject({ esSendStatus: -1, esSendNum: 5, esResult: 'provider down' });
    expect(sent.filter((r) => r === flaky.esReceiver)).toHaveLength(5);
  });
});
