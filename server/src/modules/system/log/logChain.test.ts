// Operation and login logs hash-chained per month, verified on demand, archived to
// compressed files after the online period and still searched and verified there.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archiveLogs, monthKeyOf, monthsBefore, sealLogs } from '../../../platform/audit/logChain.ts';
import { sysLog } from '../../../platform/audit/schema.ts';
import { api, useLogins, useTestApp } from '../../../test/harness.ts';

describe('log hash chain, verify and archive', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });
  const get = (path: string, token = tokens.admin) => t.call(token, { method: 'GET', url: api(path) });

  it('verifies this month, and a tampered row fails the month with the row named', async () => {
    const month = monthKeyOf(new Date());
    // A changing call writes an operation log row; the sign-in above wrote a login row.
    await t.call(tokens.admin, { method: 'PUT', url: api('/sys/user/updatePassword'), payload: {} });
    const good = (await get(`/sys/log/verify?month=${month}`)).json();
    expect(good.success).toBe(true);
    expect(good.result).toMatchObject({ month, ok: true, source: 'online' });
    expect(good.result.rows).toBeGreaterThan(1);

    const [victim] = await t.db
      .select({ id: sysLog.id, seq: sysLog.chainSeq })
      .from(sysLog)
      .where(eq(sysLog.monthKey, month))
      .orderBy(sysLog.chainSeq)
      .limit(1);
    await t.db.update(sysLog).set({ username: 'nobody' }).where(eq(sysLog.id, victim.id));
    const bad = (await get(`/sys/log/verify?month=${month}`)).json().result;
    expect(bad.ok).toBe(false);
    expect(bad.brokenAt).toMatchObject({ seq: victim.seq, id: victim.id });
    expect(bad.brokenAt.reason).toContain('修改');

    // A removed row is noticed as well (a gap in the sequence or a short tail).
    await t.db.update(sysLog).set({ username: 'admin' }).where(eq(sysLog.id, victim.id));
    await t.db.delete(sysLog).where(eq(sysLog.id, victim.id));
    expect((await get(`/sys/log/verify?month=${month}`)).json().result.ok).toBe(false);
  });

  it('keeps six months online, archives older months to files still searched and verified', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 220 * 24 * 3_600_000);
    const oldMonth = monthKeyOf(old);
    const recent = new Date(now.getTime() - 150 * 24 * 3_600_000);
    await t.db.insert(sysLog).values([
      {
        logType: 1,
        logContent: '登录成功 archived-one',
        username: 'archie',
        ip: '10.1.1.1',
        createTime: old,
      },
      { logType: 2, logContent: 'POST /x archived-two', username: 'archie', ip: '10.1.1.2', createTime: old },
      { logType: 1, logContent: '登录成功 recent', username: 'recent', ip: '10.1.1.3', createTime: recent },
    ]);
    await sealLogs(t.db);
    const outcome = await archiveLogs(t.db, t.config.dataDir, 6, now);
    expect(outcome.refused).toEqual([]);
    expect(outcome.archived.map((a) => a.month)).toContain(oldMonth);
    expect(outcome.archived.map((a) => a.month)).not.toContain(monthKeyOf(recent));
    expect(monthsBefore(monthKeyOf(now), 6)).toBeLessThanOrEqual(monthKeyOf(recent));
    // Gone from the table, kept online for the recent month.
    const left = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sysLog)
      .where(eq(sysLog.monthKey, oldMonth));
    expect(left[0].n).toBe(0);
    expect(
      (await get(`/sys/log/list?logType=1&username=recent&pageSize=5`)).json().result.total,
    ).toBeGreaterThan(0);

    const months = (await get('/sys/log/months')).json().result;
    expect(months.find((m: { month: number }) => m.month === oldMonth)).toMatchObject({
      archived: true,
      rows: 2,
    });
    const found = (await get(`/sys/log/archive/list?month=${oldMonth}&logContent=archived-two`)).json();
    expect(found.result.total).toBe(1);
    expect(found.result.records[0]).toMatchObject({ username: 'archie', ip: '10.1.1.2', logType: 2 });
    const verify = (await get(`/sys/log/verify?month=${oldMonth}`)).json().result;
    expect(verify).toMatchObject({ ok: true, source: 'archive', rows: 2 });
    // A month still online is searched in the list, not in the archive.
    expect((await get(`/sys/log/archive/list?month=${monthKeyOf(recent)}`)).json().success).toBe(false);
  });

  it('lets only holders of the log screen verify or search archives', async () => {
    const shipper = await t.login('shipper');
    expect((await get(`/sys/log/verify?month=${monthKeyOf(new Date())}`, shipper)).statusCode).toBe(403);
    expect((await get('/sys/log/months', shipper)).statusCode).toBe(403);
    expect((await get('/sys/log/verify?month=202613')).statusCode).toBe(400);
  });
});
