// Reports on a configured data source: a separate PostgreSQL database on the local server, registered through
// the API, read through a report (paging, totals, search, export) in read-only transactions only.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { adminQuery, connectionOf, useExternalDb } from '../../test/externalDb.ts';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';

describe('online reports on a data source', () => {
  let t: TestApp | undefined;
  let admin: string;
  let reportId: string;
  let sourceId: string;
  const code = `rpt_src_${randomBytes(3).toString('hex')}`;

  const app = () => t as TestApp;
  const get = (path: string) => app().call(admin, { method: 'GET', url: api(path) });
  const send = (method: 'POST' | 'PUT', path: string, payload: Record<string, unknown>) =>
    app().call(admin, { method, url: api(path), payload });
  const sourceBody = (over: Record<string, unknown> = {}) => {
    return {
      code,
      name: '外部运单库',
      // Only tests that found the database call this.
      ...connectionOf(ext.db as NonNullable<typeof ext.db>),
      // Reports read only the tables listed for the source.
      reportTables: 'public.waybill_ext',
      ...over,
    };
  };
  /** Defines a report (head and columns, no parameters); answers the envelope. */
  const addReport = async (head: Record<string, unknown>, items: Record<string, unknown>[] = []) =>
    (
      await send('POST', '/online/cgreport/head/add', {
        head: { name: '外部报表', ...head },
        items,
        params: [],
      })
    ).json();
  /** Parses a report's SQL on a data source; answers the envelope. */
  const parseSql = async (sql: string, dbSource: string) =>
    (await send('POST', '/online/cgreport/head/parseSql', { sql, dbSource })).json();

  /** Skips a test, saying why, when no PostgreSQL server was there to hold the external database. */
  const needsExternalDb = (ctx: TestContext) => {
    if (!ext.missing) return;
    console.log(`skipped: ${ext.missing}`);
    ctx.skip();
  };

  const ext = useExternalDb(
    'freight_rpt',
    `create table waybill_ext (id serial primary key, no text not null, weight numeric(10, 2), loaded date);
       insert into waybill_ext (no, weight, loaded)
         select 'YD' || lpad(g::text, 3, '0'), g * 1.5, date '2026-01-01' + g from generate_series(1, 25) g;
       create sequence ext_seq;`,
  );

  beforeAll(async () => {
    if (!ext.db) return;
    t = await startTestApp();
    admin = await t.login('admin');
    const added = (await send('POST', '/sys/dataSource/add', sourceBody())).json();
    expect(added).toMatchObject({ success: true });
    const listed = (await get(`/sys/dataSource/list?code=${code}`)).json();
    sourceId = listed.result.records[0].id;
  }, 60_000);

  afterAll(() => t?.close());

  it('defines a report on the data source and pages, totals, searches and exports its rows', async (ctx) => {
    needsExternalDb(ctx);
    const parsed = await parseSql('select no, weight, loaded from waybill_ext', code);
    expect(parsed).toMatchObject({ success: true, result: { total: 25 } });
    expect(parsed.result.fields.map((f: { fieldType: string }) => f.fieldType)).toEqual([
      'String',
      'BigDecimal',
      'Date',
    ]);
    expect(parsed.result.records[0]).toMatchObject({ no: 'YD001', weight: '1.50', loaded: '2026-01-02' });

    const added = await addReport(
      { code: `${code}_rows`, cgrSql: 'select no, weight, loaded from waybill_ext', dbSource: code },
      [
        { fieldName: 'no', fieldTxt: '运单号', isSearch: 1, isOrder: 1 },
        { fieldName: 'weight', fieldTxt: '重量', fieldType: 'BigDecimal', isTotal: 1 },
        { fieldName: 'loaded', fieldTxt: '装货日期', fieldType: 'Date' },
      ],
    );
    expect(added).toMatchObject({ success: true });
    reportId = added.result.id;

    const page = (
      await get(`/online/cgreport/api/getData/${reportId}?pageNo=2&pageSize=10&column=no&order=desc`)
    ).json();
    expect(page.success).toBe(true);
    expect(page.result).toMatchObject({ total: 25, current: 2, pages: 3, totals: { weight: '487.50' } });
    expect(page.result.records).toHaveLength(10);
    expect(page.result.records[0]).toMatchObject({ no: 'YD015', weight: '22.50', loaded: '2026-01-16' });

    const searched = (await get(`/online/cgreport/api/getData/${reportId}?no=YD02`)).json();
    expect(searched.result.total).toBe(6);

    const res = await get(`/online/cgreport/api/exportXls/${reportId}?column=no&order=asc`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].rowCount).toBe(1 + 25);
    expect(book.worksheets[0].getRow(2).getCell(1).value).toBe('YD001');
  });

  it('runs every query read-only: a write through the report fails and changes nothing', async (ctx) => {
    needsExternalDb(ctx);
    // A function with a side effect is refused by the guard before anything runs …
    const added = await addReport({
      code: `${code}_write`,
      cgrSql: "select nextval('ext_seq') as n",
      dbSource: code,
    });
    expect(added).toMatchObject({ success: false, message: '报表SQL不能调用函数 nextval' });
    const [seq] = (await adminQuery(ext.db?.url.toString() as string, 'select is_called from ext_seq')).rows;
    expect(seq.is_called).toBe(false);
    // Still one SELECT only, as on the platform database.
    for (const sql of ['delete from waybill_ext', 'select 1; delete from waybill_ext']) {
      const refused = await parseSql(sql, code);
      expect(refused.success).toBe(false);
    }
    expect(
      (await adminQuery(ext.db?.url.toString() as string, 'select count(*)::int as n from waybill_ext'))
        .rows[0].n,
    ).toBe(25);
  });

  it('refuses MySQL sources, unknown codes and unreachable databases with a plain message', async (ctx) => {
    needsExternalDb(ctx);
    const mysql = (
      await send(
        'POST',
        '/sys/dataSource/add',
        sourceBody({ code: `${code}_my`, name: 'MySQL库', dbType: 'mysql', dbPort: 3306 }),
      )
    ).json();
    expect(mysql.success).toBe(true);
    const onMysql = await addReport({ code: `${code}_my`, cgrSql: 'select 1 as a', dbSource: `${code}_my` });
    expect(onMysql).toMatchObject({ success: false, message: '报表暂只支持 PostgreSQL 数据源' });

    const unknown = await parseSql('select 1 as a', 'no_such_source');
    expect(unknown).toMatchObject({ success: false, message: '数据源 no_such_source 不存在' });

    // Editing the data source drops its pool: the next call connects with the new settings.
    const moved = (
      await send('PUT', '/sys/dataSource/edit', { id: sourceId, ...sourceBody({ dbPort: 1 }) })
    ).json();
    expect(moved.success).toBe(true);
    const down = await get(`/online/cgreport/api/getData/${reportId}`);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ success: false });
    expect(down.json().message).toMatch(new RegExp(`^数据源 ${code} 连接失败`));
    expect(down.body).not.toMatch(/\bat \S+ \(/);
    await send('PUT', '/sys/dataSource/edit', { id: sourceId, ...sourceBody() });
    expect((await get(`/online/cgreport/api/getData/${reportId}`)).json().result.total).toBe(25);
  });
});
