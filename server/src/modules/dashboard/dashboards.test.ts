import {
  liveStateOf,
  type MonitorSummary,
  monitorSummary,
  type TaskSummary,
  taskSummary,
  type WorkplaceSummary,
  workplaceSummary,
} from '@freight/contracts';
import { and, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { LOG_TYPE, sysLog } from '../../platform/audit/schema.ts';
import { api, useTestApp } from '../../test/harness.ts';
import { hyShippingNote, hyVehiclePosition } from '../freight/index.ts';
import { hyReportMessage } from '../regulator/index.ts';
import { riskWarning } from '../risk/index.ts';
import { sysUser } from '../system/index.ts';
import { chinaDay, countRows, getter, useDemoViewers } from './dashboardTestKit.ts';

// 工作台, 监控页 and 任务页 answer the caller's own figures (a shipper its own waybills and
// vehicles), only the to-dos whose lists the caller may open, and refuse a caller without the page's code.

describe('dashboards', () => {
  const t = useTestApp();
  const viewers = useDemoViewers(t);
  const get = getter(t);
  const count = (where: SQL | undefined, table?: PgTable) => countRows(t, where, table);
  const chinaToday = () => new Date(`${chinaDay(new Date())}T00:00:00+08:00`);

  it('workplace: the admin to-dos equal their lists and the own operations are listed', async () => {
    // An operation of the admin's own and one of another user's: only the first is the admin's.
    const [me] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
    await t.db.insert(sysLog).values([
      {
        logType: LOG_TYPE.operate,
        logContent: '编辑运单：dashboard-test',
        userid: me?.id,
        username: 'admin',
      },
      { logType: LOG_TYPE.operate, logContent: '他人操作：dashboard-test', userid: 'someone', username: 'x' },
    ]);
    const { body } = await get<WorkplaceSummary>(viewers.admin, '/dashboard/workplace');
    expect(body.success).toBe(true);
    const summary = workplaceSummary.parse(body.result);
    const todo = (key: string) => summary.todos.find((x) => x.key === key);
    expect(summary.todos.map((x) => x.key).sort()).toEqual(
      [
        'driverReview',
        'payoutApproval',
        'reportFailed',
        'riskOpen',
        'vehicleReview',
        'waybillAudit',
        'waybillSign',
      ].sort(),
    );
    expect(todo('waybillAudit')?.count).toBe(await count(eq(hyShippingNote.status, 5)));
    expect(todo('waybillSign')?.count).toBe(await count(eq(hyShippingNote.status, 4)));
    expect(todo('riskOpen')?.count).toBe(await count(eq(riskWarning.state, 'open'), riskWarning as never));
    expect(todo('reportFailed')?.count).toBe(
      await count(eq(hyReportMessage.state, 'failed'), hyReportMessage as never),
    );
    // Each to-do's figure equals the total of the list it opens.
    const audit = await get<{ total: number }>(
      viewers.admin,
      '/shipping/hyShippingNote/audit/list?pageNo=1&pageSize=1',
    );
    if (audit.body.success) expect(todo('waybillAudit')?.count).toBe(audit.body.result.total);
    const drivers = await get<{ total: number }>(
      viewers.admin,
      '/hydriver/hyDriver/list?pageNo=1&pageSize=1&state=1',
    );
    if (drivers.body.success) expect(todo('driverReview')?.count).toBe(drivers.body.result.total);
    expect(summary.recentLogs.map((l) => l.content)).toContain('编辑运单：dashboard-test');
    expect(summary.recentLogs.map((l) => l.content)).not.toContain('他人操作：dashboard-test');
    expect(summary.realname.length).toBeGreaterThan(0);
  });

  it('workplace: a shipper gets only its waybill to-dos, never staff work, and only its own log', async () => {
    const { body } = await get<WorkplaceSummary>(viewers.shipper, '/dashboard/workplace');
    expect(body.success).toBe(true);
    const summary = workplaceSummary.parse(body.result);
    for (const key of ['driverReview', 'vehicleReview', 'payoutApproval', 'riskOpen', 'reportFailed'])
      expect(
        summary.todos.some((x) => x.key === key),
        key,
      ).toBe(false);
    const admins = await get<WorkplaceSummary>(viewers.admin, '/dashboard/workplace');
    const adminLogIds = new Set(admins.body.result.recentLogs.map((l) => l.id));
    expect(summary.recentLogs.some((l) => adminLogIds.has(l.id))).toBe(false);
  });

  it('monitor: the admin sees the whole fleet and today, the shipper only its own', async () => {
    const [mine, all] = [
      await get<MonitorSummary>(viewers.shipper, '/dashboard/monitor'),
      await get<MonitorSummary>(viewers.admin, '/dashboard/monitor'),
    ];
    expect(all.body.success).toBe(true);
    const admins = monitorSummary.parse(all.body.result);
    const shippers = monitorSummary.parse(mine.body.result);

    const fleet = await t.db.select().from(hyVehiclePosition);
    const expected = { transit: 0, loading: 0, idle: 0, offline: 0 };
    const now = Date.now();
    for (const p of fleet) expected[liveStateOf(p.gpsTime.getTime(), p.noteStatus, now)]++;
    expect(admins.vehicles).toEqual(expected);
    const ownFleet = fleet.filter((p) => p.customerId === viewers.shipperCid);
    const sum = (v: MonitorSummary['vehicles']) => v.transit + v.loading + v.idle + v.offline;
    expect(sum(shippers.vehicles)).toBe(ownFleet.length);
    expect(sum(shippers.vehicles)).toBeLessThan(sum(admins.vehicles));

    const today = chinaToday();
    const total = (s: MonitorSummary) => s.waybillsToday.reduce((n, r) => n + r.count, 0);
    expect(total(admins)).toBe(await count(gte(hyShippingNote.createTime, today)));
    expect(total(shippers)).toBe(
      await count(
        and(gte(hyShippingNote.createTime, today), eq(hyShippingNote.customerId, viewers.shipperCid)),
      ),
    );
    expect(admins.dispatchesByHour.today).toHaveLength(24);
    expect(admins.dispatchesByHour.today.reduce((a, b) => a + b, 0)).toBe(total(admins));
    expect(admins.warnings).not.toBeNull();
    expect(admins.warnings?.length).toBe(
      Math.min(8, await count(eq(riskWarning.state, 'open'), riskWarning as never)),
    );
    // Warnings are platform staff's: a shipper gets none.
    expect(shippers.warnings).toBeNull();

    // An agent counts the vehicles and waybills of its own party (the lists' agent column).
    const agent = await t.login('agent01');
    const [agentRow] = await t.db
      .select({ cid: sysUser.cid })
      .from(sysUser)
      .where(eq(sysUser.username, 'agent01'));
    const agents = monitorSummary.parse((await get<MonitorSummary>(agent, '/dashboard/monitor')).body.result);
    expect(sum(agents.vehicles)).toBe(fleet.filter((p) => p.agentId === agentRow?.cid).length);
    expect(total(agents)).toBe(
      await count(
        and(gte(hyShippingNote.createTime, today), eq(hyShippingNote.agentId, String(agentRow?.cid))),
      ),
    );
    expect(agents.warnings).toBeNull();
  });

  it('task: jobs with their next run and the outbox queues for the admin', async () => {
    const { body } = await get<TaskSummary>(viewers.admin, '/dashboard/task');
    expect(body.success).toBe(true);
    const summary = taskSummary.parse(body.result);
    expect(summary.jobs?.length).toBeGreaterThan(0);
    for (const job of summary.jobs ?? [])
      if (job.status === 0) expect(job.nextRun).toMatch(/^\d{4}-\d\d-\d\d /);
    const regulator = summary.queues.find((q) => q.key === 'regulator');
    expect(regulator?.failed).toBe(
      await count(eq(hyReportMessage.state, 'failed'), hyReportMessage as never),
    );
    expect(regulator?.waiting).toBe(
      await count(inArray(hyReportMessage.state, ['pending', 'sending']), hyReportMessage as never),
    );
    expect(summary.queues.map((q) => q.key).sort()).toEqual(['bankPayment', 'payout', 'regulator']);
  });

  it('refuses callers without the code, and without a token', async () => {
    const task = await get(viewers.shipper, '/dashboard/task');
    expect(task.body.success).toBe(false);
    expect(task.status).toBe(403);
    const captain = await t.login('captain01');
    // A captain holds the workplace and monitor, not the task page.
    expect((await get(captain, '/dashboard/task')).status).toBe(403);
    expect((await get<MonitorSummary>(captain, '/dashboard/monitor')).body.success).toBe(true);
    for (const path of ['/dashboard/workplace', '/dashboard/monitor', '/dashboard/task'])
      expect((await t.call(null, { method: 'GET', url: api(path) })).statusCode).toBe(401);
  });
});
