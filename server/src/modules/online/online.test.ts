// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${name}` is the report placeholder syntax, not a template.
import { exportColumnsOf, reportHeadResource } from '@freight/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { readXlsx } from '../../test/kit.ts';
import { hyDriver, hyVehicle } from '../freight/index.ts';

const api = (path: string) => `/jeecg-boot${path}`;

describe('online reports', () => {
  let t: TestApp;
  let admin: string;
  let driverReportId: string;
  const get = (path: string, token: string | null = admin) =>
    t.call(token, { method: 'GET', url: api(path) });
  const send = (method: 'POST' | 'PUT', path: string, payload: unknown, token = admin) =>
    t.call(token, { method, url: api(path), payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
    const names = [
      '张三',
      '李四',
      '王五',
      '赵六',
      '钱七',
      '孙八',
      '周九',
      '吴十',
      '郑十一',
      '王十二',
      '冯十三',
      '陈十四',
    ];
    await t.db.insert(hyDriver).values(
      names.map((driverName, i) => ({
        driverName,
        mobile: `138001380${String(i).padStart(2, '0')}`,
        idCard: `11010119900101${String(1000 + i)}`,
        drivingClass: i % 2 ? 'A2' : 'B2',
        score: 60 + i,
        tenantId: 0,
        blacklisted: i === 11,
        createTime: new Date(Date.UTC(2026, 0, 1 + i, 4)),
      })),
    );
    // Another tenant's driver must never show.
    await t.db
      .insert(hyDriver)
      .values({ driverName: '别家司机', mobile: '13900000000', idCard: '110101199001019999', tenantId: 7 });
    await t.db.insert(hyVehicle).values([
      { plateNo: '苏A12345', plateColor: '2', ratedLoadKg: 30_000, tenantId: 0 },
      { plateNo: '苏A54321', plateColor: '1', ratedLoadKg: 12_500, tenantId: 0 },
    ]);
    driverReportId = (await get('/online/cgreport/api/getRpColumns/report_driver')).json().result
      .cgRpConfigId;
  });
  afterAll(() => t.close());

  it('describes the columns of a report by code, with their dictionaries', async () => {
    const body = (await get('/online/cgreport/api/getRpColumns/report_driver')).json();
    expect(body.success).toBe(true);
    expect(body.result.cgRpConfigName).toBe('司机选择');
    expect(body.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
      'driver_name',
      'mobile',
      'driving_class',
      'score',
      'state',
      'create_time',
    ]);
    expect(body.result.columns[0]).toMatchObject({ title: '司机姓名', align: 'center', sorter: 'true' });
    expect(body.result.dictOptions.driving_class).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 'A2' })]),
    );
    expect((await get('/online/cgreport/api/getRpColumns/nope')).json()).toMatchObject({
      success: false,
      message: '报表不存在',
    });
  });

  it('lists the search items, collapsing those after the second', async () => {
    const items = (await get(`/online/cgreport/api/getQueryInfo/${driverReportId}`)).json().result;
    expect(items.map((i: { field: string }) => i.field)).toEqual([
      'driver_name',
      'mobile',
      'driving_class',
      'state',
      'create_time',
    ]);
    expect(items[0]).toMatchObject({ label: '司机姓名', view: 'string', mode: 'single' });
    expect(items[0].hidden).toBeUndefined();
    expect(items[2]).toMatchObject({ view: 'list', hidden: '1' });
    expect(items[4]).toMatchObject({ view: 'datetime', mode: 'group' });
  });

  it('pages, sorts and searches with bound values; the tenant comes from the session', async () => {
    const page = (
      await get(`/online/cgreport/api/getData/${driverReportId}?pageNo=2&pageSize=5&column=score&order=desc`)
    ).json().result;
    expect(page.total).toBe(11);
    expect(page.records.map((r: { score: number }) => r.score)).toEqual([65, 64, 63, 62, 61]);
    expect(page.records[0].create_time).toMatch(/^2026-01-\d{2} 12:00:00$/);
    expect(page.records[0].driving_class_dictText).toBeTruthy();
    const wang = (
      await get(`/online/cgreport/api/getData/${driverReportId}?driver_name=${encodeURIComponent('王')}`)
    ).json().result;
    expect(wang.records.map((r: { driver_name: string }) => r.driver_name).sort()).toEqual([
      '王五',
      '王十二',
    ]);
    const range = (
      await get(
        `/online/cgreport/api/getData/${driverReportId}?create_time_begin=2026-01-02&create_time_end=2026-01-03`,
      )
    ).json().result;
    expect(range.total).toBe(2);
    const b2 = (
      await get(`/online/cgreport/api/getData/${driverReportId}?driving_class=B2&pageSize=50`)
    ).json().result;
    expect(b2.records.every((r: { driving_class: string }) => r.driving_class === 'B2')).toBe(true);
  });

  // Sort columns come from the report, and the order is asc or desc only.
  it.each([
    'column=score&order=desc;drop table hy_driver',
    'column=score&order=(case when 1=1 then 1 end)',
    'column=password&order=asc',
    'column=score desc, (select 1)&order=asc',
    'column=id_card;select&order=asc',
  ])('refuses the sort %s', async (query) => {
    const body = (
      await get(`/online/cgreport/api/getData/${driverReportId}?${query.replace(/ /g, '%20')}`)
    ).json();
    expect(body.success, query).toBe(false);
  });

  it('sorts by a column of the report', async () => {
    expect(
      (await get(`/online/cgreport/api/getData/${driverReportId}?column=mobile&order=asc`)).json().success,
    ).toBe(true);
  });

  it('treats injection payloads in search values as plain text', async () => {
    for (const value of [
      "' or '1'='1",
      "%' or 1=1 --",
      '1<>(select user())',
      "张三'/*%0A*/union select password from sys_user--",
    ]) {
      const body = (
        await get(`/online/cgreport/api/getData/${driverReportId}?driver_name=${encodeURIComponent(value)}`)
      ).json();
      expect(body.success, value).toBe(true);
      expect(body.result.total, value).toBe(0);
    }
    expect(
      (await get(`/online/cgreport/api/getData/${driverReportId}?score=1%20or%201=1`)).json().success,
    ).toBe(true);
    expect(
      (await get(`/online/cgreport/api/getData/${driverReportId}?create_time_begin=x'`)).json(),
    ).toMatchObject({
      success: false,
    });
  });

  it('sums total columns over the whole filtered result', async () => {
    const id = (await get('/online/cgreport/api/getRpColumns/report_vehicle')).json().result.cgRpConfigId;
    const body = (await get(`/online/cgreport/api/getData/${id}?pageSize=1`)).json().result;
    expect(body.records).toHaveLength(1);
    expect(body.totals).toEqual({ rated_load_kg: '42500' });
  });

  it('reads a report only with its permission', async () => {
    const shipper = await t.login('shipper');
    expect((await get('/online/cgreport/api/getRpColumns/report_driver', shipper)).statusCode).toBe(403);
    expect((await get(`/online/cgreport/api/getData/${driverReportId}`, shipper)).statusCode).toBe(403);
    const agent = await t.login('agent01');
    expect((await get(`/online/cgreport/api/getData/${driverReportId}`, agent)).json().result.total).toBe(11);
    expect((await get(`/online/cgreport/api/getData/${driverReportId}`, null)).statusCode).toBe(401);
  });

  it('exports the filtered report to Excel with dictionary texts', async () => {
    const res = await get(
      `/online/cgreport/api/exportXls/${driverReportId}?driving_class=A2&column=score&order=asc`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['司机姓名', '准驾车型']));
    expect(sheet.rowCount).toBe(1 + 5);
    expect(sheet.getRow(2).getCell(1).value).toBe('李四');
  });

  describe('definitions', () => {
    const definition = (sql: string, extra: Record<string, unknown> = {}) => ({
      head: { code: `r_${Math.random().toString(36).slice(2, 8)}`, name: '测试报表', cgrSql: sql },
      items: [],
      params: [],
      ...extra,
    });
    const parse = (sql: string, params: unknown[] = []) =>
      send('POST', '/online/cgreport/head/parseSql', { sql, params });

    it('tests SQL: its columns, parameters and first rows', async () => {
      const body = (
        await parse(
          'select driver_name, score, create_time from hy_driver where tenant_id = ${sys_tenant_id} and score >= ${min}',
          [{ paramName: 'min', paramType: 'number', paramValue: '70' }],
        )
      ).json();
      expect(body.success).toBe(true);
      expect(body.result.fields).toEqual([
        expect.objectContaining({ fieldName: 'driver_name', fieldType: 'String' }),
        expect.objectContaining({ fieldName: 'score', fieldType: 'Integer' }),
        expect.objectContaining({ fieldName: 'create_time', fieldType: 'Datetime' }),
      ]);
      expect(body.result.params).toEqual([{ paramName: 'min', paramType: 'number', paramValue: '70' }]);
      expect(body.result.total).toBe(2);
    });

    it.each([
      ['select username, password from sys_user', '报表SQL不能读取字段 sys_user.password'],
      ['select * from sys_user', '报表SQL不能读取字段 sys_user.password'],
      ['select token_hash from sys_user_token', '报表SQL不能读取表 public.sys_user_token'],
      ['select setting_value from hy_setting', '报表SQL不能读取表 public.hy_setting'],
      ['select rolname from pg_authid', '报表SQL不能读取表 pg_catalog.pg_authid'],
      ['select table_name from information_schema.tables', '报表SQL不能读取表'],
      ['select row_to_json(u) from sys_user u', '报表SQL不能引用整行记录 (sys_user)'],
      ["select pg_read_file('/etc/passwd')", '报表SQL不能调用函数 pg_read_file'],
      ["select set_config('role', 'none', true)", '报表SQL不能调用函数 set_config'],
      [
        "select query_to_xml('select password from sys_user', true, true, '')",
        '报表SQL不能调用函数 query_to_xml',
      ],
      ['select pg_sleep(30)::text as a', '报表SQL不能调用函数 pg_sleep'],
      ['select "pg_catalog"."pg_sleep"(1)::text as a', '报表SQL不能调用函数 pg_sleep'],
      ['select U&"\\0070g_sleep"(1)::text as a', '报表SQL不能调用函数 pg_sleep'],
      [
        'with recursive r(n) as (select 1 union all select n + 1 from r) select n from r',
        '报表SQL不支持递归查询',
      ],
      ['select 1 as a; delete from hy_driver', '报表SQL只能是一条查询语句'],
      ['delete from hy_driver', '报表SQL必须是一条 SELECT 查询'],
      ['select driver_name from hy_driver where driver_name = ${name} -- x', '报表SQL不能包含注释'],
      ['select nosuch from hy_driver', 'SQL解析失败'],
      ['select 1 as a, 2 as a', 'specified more than once'],
      [
        'select username from sys_user where exists (select 1 from sys_user_token)',
        '报表SQL不能读取表 public.sys_user_token',
      ],
    ])('refuses %s', async (sql, message) => {
      const body = (await parse(sql)).json();
      expect(body.success, sql).toBe(false);
      expect(body.message).toContain(message);
    });

    it('refuses a query whose plan is too costly before it runs', async () => {
      const body = (
        await parse(
          'select a.id from sys_dict_item a, sys_dict_item b, sys_dict_item c, sys_dict_item d, sys_dict_item e',
        )
      ).json();
      expect(body).toMatchObject({ success: false, message: '报表查询开销过大，请增加查询条件' });
    });

    it('stores a definition with columns and parameters, binds the parameters and edits it', async () => {
      const def = definition(
        "select driver_name, score, concat(driver_name, '-', mobile) as label from hy_driver where tenant_id = ${sys_tenant_id} and blacklisted = false and score >= ${min} and (${name} is null or driver_name = ${name})",
        {
          items: [
            { fieldName: 'driver_name', fieldTxt: '姓名', isSearch: 1 },
            { fieldName: 'score', fieldTxt: '评分', fieldType: 'Integer', isTotal: 1, isOrder: 1 },
            {
              fieldName: 'label',
              fieldTxt: '标签',
              fieldHref: '/wlhy/hydriver/HyDriverList?name=${driver_name}',
            },
          ],
          params: [
            { paramName: 'min', paramTxt: '最低分', paramType: 'number', paramValue: '65' },
            { paramName: 'name', paramTxt: '姓名' },
          ],
        },
      );
      const added = (await send('POST', '/online/cgreport/head/add', def)).json();
      expect(added.success).toBe(true);
      const id = added.result.id;
      const data = (await get(`/online/cgreport/api/getData/${id}?column=score&order=asc`)).json().result;
      expect(data.records.map((r: { score: number }) => r.score)).toEqual([65, 66, 67, 68, 69, 70]);
      expect(data.totals).toEqual({ score: '405' });
      const named = (
        await get(
          `/online/cgreport/api/getData/${id}?self_min=0&self_name=${encodeURIComponent("张三' or '1'='1")}`,
        )
      ).json();
      expect(named.result.total).toBe(0);
      expect((await get(`/online/cgreport/api/getData/${id}?self_min=abc`)).json()).toMatchObject({
        success: false,
        message: '参数 min: 请输入数字',
      });
      const params = (await get(`/online/cgreport/api/getParamsInfo/${id}`)).json().result;
      expect(params.map((p: { paramName: string }) => p.paramName)).toEqual(['min', 'name']);

      const detail = (await get(`/online/cgreport/head/detail?id=${id}`)).json().result;
      expect(detail.items).toHaveLength(3);
      const edited = (
        await send('PUT', '/online/cgreport/head/edit', {
          id,
          head: { ...def.head, name: '改名' },
          items: detail.items.slice(0, 2),
          params: detail.params,
        })
      ).json();
      expect(edited.success).toBe(true);
      expect((await get(`/online/cgreport/head/detail?id=${id}`)).json().result).toMatchObject({
        head: { name: '改名' },
        items: [{ fieldName: 'driver_name' }, { fieldName: 'score' }],
      });
      const list = (await get('/online/cgreport/head/list?name=*改名*')).json().result;
      expect(list.records.map((r: { id: string }) => r.id)).toEqual([id]);
      // The export's headers are the declaration's labels, the ones the console's columns show.
      const exported = await get('/online/cgreport/head/exportXls?name=*改名*');
      const [header, ...rows] = await readXlsx(exported.rawPayload);
      expect(header).toEqual(exportColumnsOf(reportHeadResource).map((column) => column.title));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.[1]).toBe('改名');
      expect(
        (await t.call(admin, { method: 'DELETE', url: api(`/online/cgreport/head/delete?id=${id}`) })).json()
          .success,
      ).toBe(true);
      expect((await get(`/online/cgreport/head/detail?id=${id}`)).json().success).toBe(false);
    });

    it('refuses definitions that do not match their SQL', async () => {
      const sql = 'select driver_name from hy_driver where score > ${min}';
      expect((await send('POST', '/online/cgreport/head/add', definition(sql))).json().message).toBe(
        '请配置SQL中的参数: min',
      );
      const badItem = definition('select driver_name from hy_driver', { items: [{ fieldName: 'mobile' }] });
      expect((await send('POST', '/online/cgreport/head/add', badItem)).json().message).toBe(
        'SQL没有返回字段 mobile',
      );
      const badDict = definition('select driver_name from hy_driver', {
        items: [{ fieldName: 'driver_name', dictCode: 'sys_user,password,username' }],
      });
      expect((await send('POST', '/online/cgreport/head/add', badDict)).json().message).toBe(
        '字典 sys_user,password,username 不在白名单中',
      );
      const badHref = definition('select driver_name from hy_driver', {
        items: [{ fieldName: 'driver_name', fieldHref: 'javascript:alert(1)' }],
      });
      expect((await send('POST', '/online/cgreport/head/add', badHref)).json().success).toBe(false);
      const dup = definition('select 1 as a');
      dup.head.code = 'report_driver';
      expect((await send('POST', '/online/cgreport/head/add', dup)).json().message).toBe('报表编码已存在!');
    });

    it('needs the definition permissions', async () => {
      const agent = await t.login('agent01');
      expect(
        (await send('POST', '/online/cgreport/head/parseSql', { sql: 'select 1 as a' }, agent)).statusCode,
      ).toBe(403);
      expect(
        (await send('POST', '/online/cgreport/head/add', definition('select 1 as a'), agent)).statusCode,
      ).toBe(403);
      expect((await get('/online/cgreport/head/list', agent)).statusCode).toBe(403);
      expect((await get('/online/cgreport/head/exportXls', agent)).statusCode).toBe(403);
    });
  });
});
