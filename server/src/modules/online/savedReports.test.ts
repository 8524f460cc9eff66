import type { SavedReportDetail, SavedReportPage, SavedReportSummary } from '@freight/contracts';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { readXlsx } from '../../test/kit.ts';
import { api, CUSTOMERS, ShippingKit } from '../../test/shippingKit.ts';
import { hyShippingNote } from '../freight/index.ts';

// 报表列表 (/statistics/report): the saved reports a caller may run are listed by its codes and party; a run
// sums exactly what the waybills hold (parameters as `self_<name>`, like the online report API); the export has numeric money cells and a totals row; a shipper's run
// holds only its own customer's rows whatever it sends; platform-only reports and callers without the code
// are refused.

interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
}

describe('saved reports (报表列表)', () => {
  let t: TestApp;
  let k: ShippingKit;
  let admin: string;
  let shipper: string;
  let operations: string;
  let captain: string;
  const noteIds: string[] = [];
  // China today: every note of the test is dispatched today.
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
    k = new ShippingKit(t, admin);
    shipper = await t.login('shipper');
    operations = await t.login('operations01');
    captain = await t.login('captain01');
    // Two waybills of 恒达 (the shipper's customer), one of 华东钢铁; one of 恒达's driven to unloading.
    const hengda = await k.order({ customerId: CUSTOMERS.hengda });
    const steel = await k.order({ customerId: CUSTOMERS.eastSteel });
    for (const orderId of [hengda, hengda, steel]) {
      const party = await k.driverWithVehicle();
      noteIds.push((await k.dispatch(orderId, party)).id);
    }
    await k.drive(noteIds[0] as string, 'unload');
  }, 240_000);
  afterAll(() => t.close());

  const get = async <T>(token: string, path: string, query: Record<string, string> = {}) => {
    const qs = new URLSearchParams(query).toString();
    const res = await t.call(token, { method: 'GET', url: api(qs ? `${path}?${qs}` : path) });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const run = (token: string, code: string, query: Record<string, string> = {}) =>
    get<SavedReportPage>(token, `/statistics/report/getData/${code}`, {
      self_begin_date: today,
      self_end_date: today,
      pageSize: '100',
      ...query,
    });
  /** What the test's waybills hold, summed in SQL (yuan text of two decimals). */
  const direct = async (customerId?: string) => {
    const [row] = await t.db
      .select({
        waybills: sql<number>`count(*)::int`,
        fee: sql<string>`round(coalesce(sum(${hyShippingNote.customerFee}), 0) / 100.0, 2)::text`,
        service: sql<string>`round(coalesce(sum(${hyShippingNote.serviceFee}), 0) / 100.0, 2)::text`,
      })
      .from(hyShippingNote)
      .where(
        and(
          gte(hyShippingNote.status, 0),
          gte(hyShippingNote.createTime, new Date(`${today}T00:00:00+08:00`)),
          customerId ? eq(hyShippingNote.customerId, customerId) : undefined,
        ),
      );
    return { waybills: Number(row?.waybills), fee: String(row?.fee), service: String(row?.service) };
  };

  it('lists the reports the caller may run, by category; a shipper never sees platform-only ones', async () => {
    const all = await get<SavedReportSummary[]>(admin, '/statistics/report/list');
    expect(all.status).toBe(200);
    const codes = all.body.result.map((r) => r.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'rpt_settlement_customer_month',
        'rpt_receivable_aging',
        'rpt_driver_tax_month',
        'rpt_operations_daily',
      ]),
    );
    expect(new Set(all.body.result.map((r) => r.category))).toEqual(
      new Set(['settlement', 'tax', 'operations']),
    );
    const tax = await get<SavedReportSummary[]>(admin, '/statistics/report/list', { category: 'tax' });
    expect(tax.body.result.map((r) => r.code)).toEqual(['rpt_driver_tax_month']);
    const searched = await get<SavedReportSummary[]>(admin, '/statistics/report/list', { keyword: '账龄' });
    expect(searched.body.result.map((r) => r.code)).toEqual(['rpt_receivable_aging']);

    const mine = await get<SavedReportSummary[]>(shipper, '/statistics/report/list');
    expect(mine.status).toBe(200);
    expect(mine.body.result.map((r) => r.code).sort()).toEqual([
      'rpt_operations_daily',
      'rpt_receivable_aging',
      'rpt_settlement_customer_month',
    ]);
    // Operations staff hold settlement and operations, not tax.
    const ops = await get<SavedReportSummary[]>(operations, '/statistics/report/list');
    expect(ops.body.result.map((r) => r.category)).not.toContain('tax');
    expect(ops.body.result.length).toBeGreaterThan(0);
  });

  it('opens a report with its parameters, columns, search boxes and chart', async () => {
    const { status, body } = await get<SavedReportDetail>(
      admin,
      '/statistics/report/detail/rpt_settlement_customer_month',
    );
    expect(status).toBe(200);
    expect(body.result.params.map((p) => [p.name, p.type])).toEqual([
      ['begin_date', 'date'],
      ['end_date', 'date'],
    ]);
    expect(body.result.columns.find((c) => c.field === 'customer_fee')).toMatchObject({
      fieldType: 'Money',
      total: true,
    });
    // The customer id is not shown.
    expect(body.result.columns.map((c) => c.field)).not.toContain('customer_id');
    expect(body.result.search.map((s) => s.field)).toContain('customer_name');
    expect(body.result.chart?.x).toBe('customer_name');
    expect(body.result.canExport).toBe(true);
  });

  it('runs with parameters: rows and totals equal what the waybills hold', async () => {
    const { status, body } = await run(admin, 'rpt_settlement_customer_month');
    expect(status, body.message).toBe(200);
    const all = await direct();
    expect(all.waybills).toBe(3);
    expect(body.result.totals.waybills).toBe('3');
    expect(body.result.totals.customer_fee).toBe(all.fee);
    expect(body.result.totals.service_fee).toBe(all.service);
    const hengda = body.result.records.find((r) => r.customer_id === CUSTOMERS.hengda);
    const expected = await direct(CUSTOMERS.hengda);
    expect(hengda).toMatchObject({ month: today.slice(0, 7), waybills: 2, customer_fee: expected.fee });
    // A date range before the waybills holds none of them.
    const before = await run(admin, 'rpt_settlement_customer_month', {
      self_begin_date: '2020-01-01',
      self_end_date: '2020-01-31',
    });
    expect(before.body.result.total).toBe(0);
    // Sorted by a column of the report, searched by customer name.
    const sorted = await run(admin, 'rpt_settlement_customer_month', {
      column: 'customer_fee',
      order: 'asc',
      customer_name: '恒达',
    });
    expect(sorted.body.result.records.map((r) => r.customer_id)).toEqual([CUSTOMERS.hengda]);
    // A bad parameter is the user's message, not a server error.
    const bad = await run(admin, 'rpt_settlement_customer_month', { self_begin_date: 'yesterday' });
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toContain('begin_date');

    const daily = await run(admin, 'rpt_operations_daily');
    expect(daily.status, daily.body.message).toBe(200);
    expect(daily.body.result.totals).toMatchObject({ waybills: '3', arrived: '1' });
    // One route, one day: the three waybills, the one unloaded.
    expect(daily.body.result.records).toEqual([
      expect.objectContaining({ day: today, route: '南京市 → 上海市', waybills: 3, arrived: 1 }),
    ]);
    for (const code of ['rpt_receivable_aging', 'rpt_driver_tax_month']) {
      const other = await run(admin, code);
      expect(other.status, `${code}: ${other.body.message}`).toBe(200);
    }
  });

  it('a shipper sees only its own customer, whatever it sends', async () => {
    const expected = await direct(CUSTOMERS.hengda);
    const queries: Array<Record<string, string>> = [
      {},
      { sys_customer_id: CUSTOMERS.eastSteel },
      { self_sys_customer_id: CUSTOMERS.eastSteel },
      { customer_name: '华东' },
    ];
    for (const query of queries) {
      const { status, body } = await run(shipper, 'rpt_settlement_customer_month', query);
      expect(status, body.message).toBe(200);
      for (const row of body.result.records) expect(row.customer_id).toBe(CUSTOMERS.hengda);
      if (!('customer_name' in query)) {
        expect(body.result.records).toHaveLength(1);
        expect(body.result.totals.customer_fee).toBe(expected.fee);
      } else expect(body.result.records).toHaveLength(0);
    }
    const daily = await run(shipper, 'rpt_operations_daily');
    expect(daily.body.result.totals.waybills).toBe('2');
    expect(daily.body.result.records.map((r) => r.route)).toEqual(['南京市 → 上海市']);
    // Its export holds its rows only.
    const res = await t.call(shipper, {
      method: 'GET',
      url: api(`/statistics/report/exportXls/rpt_settlement_customer_month?self_begin_date=${today}`),
    });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    const [own] = await t.db
      .select({ name: hyShippingNote.customerName })
      .from(hyShippingNote)
      .where(eq(hyShippingNote.customerId, CUSTOMERS.hengda))
      .limit(1);
    // Header, its one month, the totals row.
    expect(rows).toHaveLength(3);
    expect(rows[1]?.[1]).toBe(own?.name);
  });

  it('exports an xlsx with numeric money cells and a totals row', async () => {
    const res = await t.call(admin, {
      method: 'GET',
      url: api(
        `/statistics/report/exportXls/rpt_settlement_customer_month?self_begin_date=${today}&self_end_date=${today}`,
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    const header = rows[0] as string[];
    expect(header).toEqual(expect.arrayContaining(['月份', '货主', '运单数', '运费(元)', '服务费(元)']));
    expect(header).not.toContain('货主ID');
    const fee = header.indexOf('运费(元)');
    const body = rows.slice(1, -1);
    expect(body).toHaveLength(2);
    for (const row of body) expect(typeof row[fee]).toBe('number');
    const last = rows.at(-1) as unknown[];
    expect(last[0]).toBe('合计');
    expect(last[header.indexOf('运单数')]).toBe(3);
    expect(last[fee]).toBe(Number((await direct()).fee));
  });

  it('refuses platform-only reports to a shipper and callers without the code', async () => {
    const tax = await run(shipper, 'rpt_driver_tax_month');
    expect(tax.status).toBe(403);
    const detail = await get(shipper, '/statistics/report/detail/rpt_driver_tax_month');
    expect(detail.status).toBe(403);
    // Nor through the online report API by id.
    const [head] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from onl_cgreport_head where code = 'rpt_driver_tax_month'`),
    );
    const online = await get(shipper, `/online/cgreport/api/getData/${head?.id}`);
    expect(online.status).toBe(403);
    // Operations staff do not hold the tax code.
    expect((await run(operations, 'rpt_driver_tax_month')).status).toBe(403);
    // The captain holds none of the page's codes.
    expect((await get(captain, '/statistics/report/list')).status).toBe(403);
    expect((await run(captain, 'rpt_settlement_customer_month')).status).toBe(403);
    const exported = await t.call(captain, {
      method: 'GET',
      url: api('/statistics/report/exportXls/rpt_settlement_customer_month'),
    });
    expect(exported.statusCode).toBe(403);
    // An unknown code is a message, not a report.
    const unknown = await run(admin, 'report_driver');
    expect(unknown.body.success).toBe(false);
    expect(noteIds).toHaveLength(3);
    expect((await t.db.select().from(hyShippingNote).where(inArray(hyShippingNote.id, noteIds))).length).toBe(
      3,
    );
  });
});
