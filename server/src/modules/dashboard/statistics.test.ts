import {
  type AnalysisSummary,
  analysisSummary,
  type BusinessSummary,
  businessSummary,
  type DataScreen,
  dataScreen,
  type FinanceScreen,
  financeScreen,
  type StatisticsResult,
  statisticsResult,
  UNPAID_PAY_STATUSES,
} from '@freight/contracts';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { api, type TestApp, useTestApp } from '../../test/harness.ts';
import { finWallet } from '../finance/index.ts';
import { hyShippingNote } from '../freight/index.ts';
import { riskWarning } from '../risk/index.ts';
import { chinaDay, countRows, getter, useDemoViewers } from './dashboardTestKit.ts';
import { directNoteFigures } from './directFigures.ts';
import { buildDailyStatistics, statDailyState, statDirtyDay, statNoteDaily } from './index.ts';

// 统计分析, 经营看板 and the large screens: figures equal direct SQL aggregates over the waybills,
// a shipper's are its own, a caller without the page's code is refused and bad parameters answer 400. The
// closed days are read from the daily figures the job builds (run here before comparing), today live.

/** The waybills matching every condition, counted by direct SQL. */
const noteCount = (t: TestApp, ...conditions: Array<SQL | undefined>) => countRows(t, and(...conditions));

describe('statistics', () => {
  const t = useTestApp();
  const viewers = useDemoViewers(t, () => buildDailyStatistics(t.db));
  const end = chinaDay(new Date());
  const begin = chinaDay(new Date(Date.now() - 89 * 86_400_000));
  const get = getter(t);
  const direct = (where?: SQL) => directNoteFigures(t.db, begin, end, where);

  it('the admin figures equal a direct aggregate, for every grouping', async () => {
    const expected = await direct();
    expect(expected.waybills).toBeGreaterThan(0);
    for (const groupBy of ['period', 'customer', 'route', 'agent', 'vehicleType'])
      for (const period of groupBy === 'period' ? ['day', 'week', 'month'] : ['day']) {
        const { body } = await get<StatisticsResult>(
          viewers.admin,
          `/statistics/list?begin=${begin}&end=${end}&groupBy=${groupBy}&period=${period}`,
        );
        expect(body.success, `${groupBy} ${period}: ${body.message}`).toBe(true);
        const result = statisticsResult.parse(body.result);
        expect(result.total.waybills).toBe(expected.waybills);
        expect(result.total.freightFen).toBe(expected.freightFen);
        expect(result.total.serviceFeeFen).toBe(expected.serviceFeeFen);
        expect(result.total.agentFeeFen).toBe(expected.agentFeeFen);
        expect(result.total.tonnage).toBeCloseTo(expected.tonnage, 3);
        // The rows add up to the total.
        expect(result.rows.reduce((s, r) => s + r.waybills, 0)).toBe(expected.waybills);
        expect(result.rows.reduce((s, r) => s + r.freightFen, 0)).toBe(expected.freightFen);
        if (groupBy === 'route')
          for (const row of result.rows.slice(0, 3)) {
            const one = await direct(
              and(
                eq(hyShippingNote.loadCity, String(row.drill?.loadCity)),
                eq(hyShippingNote.unloadCity, String(row.drill?.unloadCity)),
              ),
            );
            expect(row.waybills).toBe(one.waybills);
          }
      }
  });

  it('a shipper counts only its own waybills', async () => {
    const { body } = await get<StatisticsResult>(
      viewers.shipper,
      `/statistics/list?begin=${begin}&end=${end}&groupBy=customer`,
    );
    expect(body.success, body.message).toBe(true);
    const result = statisticsResult.parse(body.result);
    const own = await direct(eq(hyShippingNote.customerId, viewers.shipperCid));
    const all = await direct();
    expect(result.total.waybills).toBe(own.waybills);
    expect(result.total.freightFen).toBe(own.freightFen);
    expect(result.total.waybills).toBeLessThan(all.waybills);
    expect(result.rows.every((r) => r.key === viewers.shipperCid)).toBe(true);
  });

  it('exports the table as Excel with numbers as numbers', async () => {
    const res = await t.call(viewers.admin, {
      method: 'GET',
      url: api(`/statistics/list/exportXls?begin=${begin}&end=${end}&groupBy=route`),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const last = sheet?.getRow(sheet.rowCount);
    expect(last?.getCell(1).value).toBe('合计');
    const expected = await direct();
    expect(last?.getCell(2).value).toBe(expected.waybills);
    expect(last?.getCell(4).value).toBe(expected.freightFen / 100);
  });

  it('bad parameters answer 400, callers without the code 403, no token 401', async () => {
    for (const query of [
      'begin=2026-13-01&end=2026-01-01',
      `begin=${end}&end=${begin}`,
      `begin=2020-01-01&end=${end}`,
      `begin=${begin}&end=${end}&groupBy=driver`,
      `begin=${begin}&end=${end}&period=year`,
      '',
    ]) {
      const res = await get(viewers.admin, `/statistics/list?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const captain = await t.login('captain01');
    expect((await get(captain, `/statistics/list?begin=${begin}&end=${end}`)).status).toBe(403);
    for (const path of ['/statistics/business', '/screen/data', '/screen/finance']) {
      expect((await get(viewers.shipper, path)).status, path).toBe(403);
      expect((await get(null, path)).status, path).toBe(401);
    }
    const operations = await t.login('operations01');
    expect((await get(operations, '/screen/finance')).status).toBe(403);
    expect((await get(operations, '/screen/data')).body.success).toBe(true);
  });

  it('business: trend and top customers from the waybills, wallet float from the wallets', async () => {
    const { body } = await get<BusinessSummary>(viewers.admin, '/statistics/business');
    expect(body.success, body.message).toBe(true);
    const summary = businessSummary.parse(body.result);
    expect(summary.trend).toHaveLength(12);
    const since = new Date(`${summary.trend[0]?.month}-01T00:00:00+08:00`);
    const [row] = await t.db
      .select({
        n: sql<number>`count(*)::int`,
        fee: sql<number>`coalesce(sum(service_fee), 0)::bigint`,
      })
      .from(hyShippingNote)
      .where(and(gte(hyShippingNote.status, 0), gte(hyShippingNote.createTime, since)));
    expect(summary.trend.reduce((s, m) => s + m.waybills, 0)).toBe(Number(row?.n));
    expect(summary.trend.reduce((s, m) => s + m.serviceFeeFen, 0)).toBe(Number(row?.fee));
    expect(summary.topCustomers.length).toBeGreaterThan(0);
    expect(summary.topCustomers.length).toBeLessThanOrEqual(10);
    const freights = summary.topCustomers.map((c) => c.freightFen);
    expect([...freights].sort((a, b) => b - a)).toEqual(freights);
    const [float] = await t.db
      .select({ fen: sql<number>`coalesce(sum(balance_fen), 0)::bigint` })
      .from(finWallet)
      .where(sql`${finWallet.ownerType} <> 9`);
    expect(summary.walletFloatFen).toBe(Number(float?.fen));
    expect(summary.receivables).toHaveLength(5);
    expect(summary.risk?.waybills).toBeGreaterThan(0);
    const flagged = await noteCount(
      t,
      gte(hyShippingNote.status, 0),
      sql`exists (select 1 from ${riskWarning} where ${riskWarning.noteId} = ${hyShippingNote.id})`,
    );
    expect(summary.risk?.flagged).toBe(flagged);
    const month = summary.trend.at(-1);
    if (month && month.freightFen > 0)
      expect(month.marginRate).toBeCloseTo(month.marginFen / month.freightFen, 3);
    expect(summary.regulator).not.toBeNull();
  });

  it('screens: today and the routes, the finance totals', async () => {
    const data = await get<DataScreen>(viewers.admin, '/screen/data');
    expect(data.body.success, data.body.message).toBe(true);
    const screen = dataScreen.parse(data.body.result);
    const today = new Date(`${end}T00:00:00+08:00`);
    const todays = await noteCount(t, gte(hyShippingNote.status, 0), gte(hyShippingNote.createTime, today));
    expect(screen.today.waybills).toBe(todays);
    // 运输中 is every note on the road now (not only today's, not the accepted or loaded ones): the home
    // page's 在途运单 shows the same figure
    const transit = await noteCount(t, eq(hyShippingNote.status, 3));
    expect(transit).toBeGreaterThan(0);
    expect(screen.today.inTransit).toBe(transit);
    const home = await get<AnalysisSummary>(viewers.admin, '/dashboard/analysis');
    expect(home.body.result.inTransit).toBe(screen.today.inTransit);
    expect(screen.daily).toHaveLength(14);
    expect(screen.daily.at(-1)?.waybills).toBe(todays);
    expect(screen.routes.length).toBeGreaterThan(0);
    const finance = await get<FinanceScreen>(viewers.admin, '/screen/finance');
    expect(finance.body.success, finance.body.message).toBe(true);
    const money = financeScreen.parse(finance.body.result);
    expect(money.daily).toHaveLength(30);
    expect(money.walletFloatFen).toBe(
      (await get<BusinessSummary>(viewers.admin, '/statistics/business')).body.result.walletFloatFen,
    );
  });
});

describe('statistics over the daily figures', () => {
  const t = useTestApp();
  const viewers = useDemoViewers(t);
  const DAY = 86_400_000;
  const today = chinaDay(new Date());
  const yesterday = chinaDay(new Date(Date.now() - DAY));
  const begin = chinaDay(new Date(Date.now() - 89 * DAY));
  const from = new Date(`${begin}T00:00:00+08:00`);

  const statistics = async (token: string, groupBy = 'period') => {
    const res = await t.call(token, {
      method: 'GET',
      url: api(`/statistics/list?begin=${begin}&end=${today}&groupBy=${groupBy}`),
    });
    const body = res.json() as { success: boolean; result: StatisticsResult; message: string };
    expect(body.success, body.message).toBe(true);
    return statisticsResult.parse(body.result);
  };
  const direct = (where?: SQL) => directNoteFigures(t.db, begin, today, where);
  const expectEqual = async (scope: 'admin' | 'shipper') => {
    const own = scope === 'shipper' ? eq(hyShippingNote.customerId, viewers.shipperCid) : undefined;
    const expected = await direct(own);
    for (const groupBy of ['period', 'customer', 'route', 'agent', 'vehicleType']) {
      const result = await statistics(scope === 'admin' ? viewers.admin : viewers.shipper, groupBy);
      const { waybills, freightFen, serviceFeeFen, agentFeeFen, tonnage, arrived } = result.total;
      expect(
        { waybills, freightFen, serviceFeeFen, agentFeeFen, tonnage, arrived },
        `${scope} ${groupBy}`,
      ).toEqual(expected);
      expect(result.rows.reduce((sum, r) => sum + r.waybills, 0)).toBe(expected.waybills);
    }
    return expected;
  };
  const built = async () => {
    const [row] = await t.db
      .select({ rows: sql<number>`count(*)::int`, waybills: sql<number>`coalesce(sum(waybills), 0)::int` })
      .from(statNoteDaily);
    return { rows: Number(row?.rows), waybills: Number(row?.waybills) };
  };

  it('builds closed days, reads them from the daily figures and equals direct aggregates', async () => {
    // Before any build everything is counted live.
    const liveAdmin = await expectEqual('admin');
    const outcome = await buildDailyStatistics(t.db);
    expect(outcome.builtThrough).toBe(yesterday);
    expect(outcome.days).toBeNull();
    const first = await built();
    const closed = await noteCount(
      t,
      gte(hyShippingNote.status, 0),
      lt(hyShippingNote.createTime, new Date(`${today}T00:00:00+08:00`)),
    );
    expect(first.waybills).toBe(closed);
    expect(first.waybills).toBeGreaterThan(0);
    expect(await expectEqual('admin')).toEqual(liveAdmin);
    const own = await expectEqual('shipper');
    expect(own.waybills).toBeLessThan(liveAdmin.waybills);
    // Idempotent: a second run rebuilds nothing new and leaves the same rows.
    const again = await buildDailyStatistics(t.db);
    expect(again.days).toBe(0);
    expect(await built()).toEqual(first);
    const [state] = await t.db.select().from(statDailyState);
    expect(state?.builtThrough).toBe(yesterday);
  });

  it('closed days are read from the daily figures, not recounted', async () => {
    await buildDailyStatistics(t.db);
    const before = (await statistics(viewers.admin)).total.waybills;
    // A row of the daily figures changed behind the job's back shows once the state row says a build ran:
    // the page reads them (the figures of one build are kept until the next).
    const [some] = await t.db
      .select({ day: statNoteDaily.day })
      .from(statNoteDaily)
      .where(gte(statNoteDaily.day, begin))
      .limit(1);
    expect(some).toBeDefined();
    await t.db
      .update(statNoteDaily)
      .set({ waybills: sql`${statNoteDaily.waybills} + 1000` })
      .where(eq(statNoteDaily.day, String(some?.day)));
    expect((await statistics(viewers.admin)).total.waybills).toBe(before);
    await t.db.update(statDailyState).set({ builtAt: new Date() });
    const tampered = (await statistics(viewers.admin)).total.waybills;
    expect(tampered - before).toBeGreaterThanOrEqual(1000);
    // Marked dirty, the day is counted live again at once, and the next build repairs it.
    await t.db.insert(statDirtyDay).values({ tenantId: 0, day: String(some?.day) });
    expect((await statistics(viewers.admin)).total.waybills).toBe(before);
    await buildDailyStatistics(t.db);
    expect((await statistics(viewers.admin)).total.waybills).toBe(before);
    expect(await t.db.select().from(statDirtyDay).where(lt(statDirtyDay.day, today))).toEqual([]);
  });

  it('a waybill changed on a closed day after a build: live at once, built by the next run', async () => {
    await buildDailyStatistics(t.db);
    const [note] = await t.db
      .select({
        id: hyShippingNote.id,
        createTime: hyShippingNote.createTime,
        fee: hyShippingNote.customerFee,
      })
      .from(hyShippingNote)
      .where(
        and(
          eq(hyShippingNote.customerId, viewers.shipperCid),
          gte(hyShippingNote.status, 0),
          gte(hyShippingNote.createTime, from),
          lt(hyShippingNote.createTime, new Date(`${yesterday}T00:00:00+08:00`)),
        ),
      )
      .limit(1);
    expect(note, 'a waybill of the shipper on a closed day').toBeDefined();
    const day = chinaDay(note?.createTime as Date);
    const adminBefore = await direct();
    const ownBefore = await direct(eq(hyShippingNote.customerId, viewers.shipperCid));
    await t.db
      .update(hyShippingNote)
      .set({ customerFee: sql`${hyShippingNote.customerFee} + 12345` })
      .where(eq(hyShippingNote.id, String(note?.id)));
    // The trigger logged the day; the page counts it live before any rebuild.
    const dirty = await t.db.select({ day: statDirtyDay.day }).from(statDirtyDay);
    expect(dirty.map((r) => r.day)).toContain(day);
    expect((await expectEqual('admin')).freightFen).toBe(adminBefore.freightFen + 12345);
    expect((await expectEqual('shipper')).freightFen).toBe(ownBefore.freightFen + 12345);

    // Cancelled on its closed day: no longer counted.
    await t.db
      .update(hyShippingNote)
      .set({ status: -1 })
      .where(eq(hyShippingNote.id, String(note?.id)));
    const cancelled = await expectEqual('shipper');
    expect(cancelled.waybills).toBe(ownBefore.waybills - 1);

    const outcome = await buildDailyStatistics(t.db);
    expect(outcome.days).toBe(1);
    expect(await t.db.select().from(statDirtyDay).where(eq(statDirtyDay.day, day))).toEqual([]);
    expect(await expectEqual('admin')).toEqual({ ...(await direct()) });
    expect((await expectEqual('shipper')).waybills).toBe(ownBefore.waybills - 1);
    // The rebuilt day's row holds the change.
    const [rebuilt] = await t.db
      .select({ waybills: sql<number>`coalesce(sum(waybills), 0)::int` })
      .from(statNoteDaily)
      .where(and(eq(statNoteDaily.day, day), eq(statNoteDaily.customerId, viewers.shipperCid)));
    const rows = await noteCount(
      t,
      eq(hyShippingNote.customerId, viewers.shipperCid),
      gte(hyShippingNote.status, 0),
      sql`(${hyShippingNote.createTime} at time zone 'UTC' + interval '8 hours')::date = ${day}::date`,
    );
    expect(Number(rebuilt?.waybills)).toBe(rows);
  });

  it('business trend and top customers equal direct aggregates after the build', async () => {
    await buildDailyStatistics(t.db);
    const res = await t.call(viewers.admin, { method: 'GET', url: api('/statistics/business') });
    const summary = businessSummary.parse((res.json() as { result: BusinessSummary }).result);
    const since = new Date(`${summary.trend[0]?.month}-01T00:00:00+08:00`);
    const [row] = await t.db
      .select({
        n: sql<number>`count(*)::int`,
        fee: sql<number>`coalesce(sum(customer_fee), 0)::bigint`,
        margin: sql<number>`coalesce(sum(customer_fee - driver_fee - agent_fee), 0)::bigint`,
      })
      .from(hyShippingNote)
      .where(and(gte(hyShippingNote.status, 0), gte(hyShippingNote.createTime, since)));
    expect(summary.trend.reduce((s, m) => s + m.waybills, 0)).toBe(Number(row?.n));
    expect(summary.trend.reduce((s, m) => s + m.freightFen, 0)).toBe(Number(row?.fee));
    expect(summary.trend.reduce((s, m) => s + m.marginFen, 0)).toBe(Number(row?.margin));
    expect(summary.risk?.waybills).toBe(await noteCount(t, gte(hyShippingNote.status, 0)));
  });

  it('analysis KPIs equal direct aggregates, for admin and for a shipper', async () => {
    await buildDailyStatistics(t.db);
    const monthStart = `${today.slice(0, 7)}-01`;
    const lastDay = chinaDay(new Date(new Date(`${monthStart}T00:00:00+08:00`).getTime() - DAY));
    const lastStart = `${lastDay.slice(0, 7)}-01`;
    for (const [token, where] of [
      [viewers.admin, undefined],
      [viewers.shipper, eq(hyShippingNote.customerId, viewers.shipperCid)],
    ] as const) {
      const res = await t.call(token, { method: 'GET', url: api('/dashboard/analysis') });
      const body = res.json() as { success: boolean; result: AnalysisSummary; message: string };
      expect(body.success, body.message).toBe(true);
      const kpis = analysisSummary.parse(body.result);
      const pick = (p: { waybills: number; freightFen: number; serviceFeeFen: number } | null) =>
        p && { waybills: p.waybills, freightFen: p.freightFen, serviceFeeFen: p.serviceFeeFen };
      expect(pick(kpis.today)).toEqual(pick(await directNoteFigures(t.db, today, today, where)));
      expect(pick(kpis.month)).toEqual(pick(await directNoteFigures(t.db, monthStart, today, where)));
      expect(pick(kpis.lastMonth)).toEqual(pick(await directNoteFigures(t.db, lastStart, lastDay, where)));
      expect(kpis.inTransit).toBe(await noteCount(t, eq(hyShippingNote.status, 3), where));
      const countWhere = (...conditions: SQL[]) => noteCount(t, ...conditions, where);
      const awaitingAudit = await countWhere(eq(hyShippingNote.status, 5));
      const duePayments = await countWhere(
        eq(hyShippingNote.status, 6),
        inArray(hyShippingNote.payStatus, [...UNPAID_PAY_STATUSES]),
      );
      if (token === viewers.admin) {
        expect(kpis.awaitingAudit).toBe(awaitingAudit);
        expect(kpis.duePayments).toBe(duePayments);
        expect(duePayments + awaitingAudit).toBeGreaterThan(0);
      } else {
        // a shipper sees the figures of the lists it may open, over its own waybills
        if (kpis.awaitingAudit !== null) expect(kpis.awaitingAudit).toBe(awaitingAudit);
        if (kpis.duePayments !== null) expect(kpis.duePayments).toBe(duePayments);
      }
      expect(kpis.paths).toMatchObject({
        today: `/statistics/list?begin=${today}&end=${today}`,
        month: `/statistics/list?begin=${monthStart}&end=${today}`,
        duePayments: '/shipping/paylist',
      });
      if (token === viewers.shipper) {
        expect(kpis.openWarnings).toBeNull();
        expect(kpis.regulatorFailed).toBeNull();
      } else {
        const [open] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(riskWarning)
          .where(eq(riskWarning.state, 'open'));
        expect(kpis.openWarnings).toBe(Number(open?.n));
      }
    }
  });
});
