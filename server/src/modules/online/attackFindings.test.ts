// Regression tests of the report findings: report SQL that would keep the embedded
// database's only thread busy, and reports on a data source that skipped the SQL guard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf, useExternalDb } from '../../test/externalDb.ts';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';

describe('attack findings (reports)', () => {
  let t: TestApp;
  let admin: string;
  const ext = useExternalDb(
    'freight_atk',
    `create table waybill_ext (id serial primary key, no text not null, weight numeric(10, 2));
       insert into waybill_ext (no, weight) select 'YD' || g, g from generate_series(1, 5) g;
       create table sys_user (id serial primary key, username text, password text);
       insert into sys_user (username, password) values ('admin', '$argon2id$secret');
       create table payroll (id serial primary key, amount int);`,
  );

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
  }, 60_000);
  afterAll(() => t.close());

  const parse = (sql: string, dbSource?: string, token: string | null = admin) =>
    t.call(token, {
      method: 'POST',
      url: api('/online/cgreport/head/parseSql'),
      payload: { sql, params: [], dbSource },
    });

  it('finding 7: report SQL is refused unauthenticated, and its work is bounded before planning (a 600-way join is refused at once)', async () => {
    for (const [method, path] of [
      ['POST', '/online/cgreport/head/parseSql'],
      ['GET', '/online/cgreport/api/getData/x'],
      ['GET', '/online/cgreport/api/exportXls/x'],
      ['GET', '/online/cgreport/api/getRpColumns/x'],
    ] as const)
      expect((await t.call(null, { method, url: api(path), payload: {} })).statusCode, path).toBe(401);

    // 12 000 characters that took PGlite's single thread 8 s to plan (and broke its buffer manager).
    const joins = `select 1 as x from ${Array.from({ length: 600 }, (_, i) => `sys_dict_item a${i}`).join(', ')}`;
    let started = Date.now();
    const wide = (await parse(joins)).json();
    expect(wide).toMatchObject({ success: false });
    expect(wide.message).toContain('报表SQL过于复杂');
    expect(Date.now() - started).toBeLessThan(5_000);

    const deep = `select ${'('.repeat(500)}1${')'.repeat(500)} as x`;
    started = Date.now();
    expect((await parse(deep)).json().message).toBe('报表SQL的括号嵌套不能超过 32 层');
    const subqueries = `select ${Array.from({ length: 30 }, (_, i) => `(select ${i}) as c${i}`).join(', ')}`;
    expect((await parse(subqueries)).json().message).toContain('最多 20 个子查询');
    expect(Date.now() - started).toBeLessThan(5_000);
    // The text cap, and a costly plan refused with the reason in the answer.
    expect((await parse(`select ${'1+'.repeat(10_001)}1 as x`)).statusCode).toBe(400);
    expect(
      (
        await parse(
          'select a.id from sys_dict_item a, sys_dict_item b, sys_dict_item c, sys_dict_item d, sys_dict_item e',
        )
      ).json(),
    ).toMatchObject({ success: false, message: '报表查询开销过大，请增加查询条件' });
    // An ordinary report still runs.
    expect((await parse('select dict_code from sys_dict where id is not null')).json().success).toBe(true);
  });

  it('finding 8: reports on a data source pass the same guard and read only the tables listed for it', async (ctx) => {
    const external = ext.db;
    if (!external) {
      console.log(`skipped: ${ext.missing}`);
      return ctx.skip();
    }
    const source = {
      code: 'atk_ext',
      name: '外部库',
      ...connectionOf(external),
      reportTables: 'public.waybill_ext, public.sys_user',
    };
    const added = await t.call(admin, { method: 'POST', url: api('/sys/dataSource/add'), payload: source });
    expect(added.json(), JSON.stringify(added.json())).toMatchObject({ success: true });
    for (const [sql, message] of [
      ["select pg_read_file('/etc/passwd') as f", '报表SQL不能调用函数 pg_read_file'],
      ["select pg_ls_dir('.') as f", '报表SQL不能调用函数 pg_ls_dir'],
      ['select username, password from sys_user', '报表SQL不能读取字段 sys_user.password'],
      ['select row_to_json(u) as j from sys_user u', '报表SQL不能引用整行记录'],
      ['select amount from payroll', '报表SQL不能读取表 public.payroll'],
      ['select rolname from pg_authid', '报表SQL不能读取表 pg_catalog.pg_authid'],
      ['select usename from pg_user', '报表SQL不能读取表 pg_catalog.pg_user'],
      [
        "select set_config('default_transaction_read_only', 'off', false) as s",
        '报表SQL不能调用函数 set_config',
      ],
      ["select nextval('waybill_ext_id_seq') as n", '报表SQL不能调用函数 nextval'],
    ]) {
      const body = (await parse(sql, 'atk_ext')).json();
      expect(body.success, sql).toBe(false);
      expect(body.message, sql).toContain(message);
    }
    const fine = (await parse('select no, weight from waybill_ext', 'atk_ext')).json();
    expect(fine).toMatchObject({ success: true, result: { total: 5 } });
    expect(fine.result.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['no', 'weight']);
    // The allow list is checked on the way in too.
    const bad = await t.call(admin, {
      method: 'POST',
      url: api('/sys/dataSource/add'),
      payload: { ...source, code: 'atk_ext2', reportTables: 'pg_catalog.*' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
