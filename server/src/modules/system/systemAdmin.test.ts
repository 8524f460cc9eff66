import {
  categoryResource,
  dataSourceResource,
  dictResource,
  exportColumnsOf,
  gatewayRouteResource,
  positionResource,
  roleResource,
  userResource,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  importWithRefusals,
  readXlsx,
  upload as uploadAs,
  useAdminApi,
  xlsx,
} from '../../test/kit.ts';
import { sysDataSource } from './adminSchema.ts';
import { checkValue } from './checkRule/check.ts';
import { nextFillValue } from './fillRule/generators.ts';
import { sysUser } from './schema.ts';
import { TENANT_FROZEN_MSG } from './tenant/service.ts';

describe('system administration: dictionaries, rules, tenants, logs', () => {
  const { t, tokens, call } = useAdminApi({ shipper: 'shipper' });
  const upload = (path: string, data: Buffer, token: string = tokens.admin) => uploadAs(t, token, path, data);

  it('manages a dictionary and its items, and every change reaches the dictionary cache', async () => {
    const missing = await call('POST', '/sys/dict/add', { dictName: '车型', dictCode: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('字典Code不能为空!');
    expect(
      (await call('POST', '/sys/dict/add', { dictName: '车型', dictCode: 'truck_kind' })).json().success,
    ).toBe(true);
    const dup = await call('POST', '/sys/dict/add', { dictName: '车型2', dictCode: 'truck_kind' });
    expect(dup.json()).toMatchObject({ success: false, message: '字典编码已存在!' });
    const dict = (await call('GET', '/sys/dict/list?dictCode=truck_kind')).json().result.records[0];

    for (const [itemValue, itemText, sortOrder] of [
      ['2', '厢式', 2],
      ['1', '平板', 1],
      ['3', '冷藏', 3],
    ] as const) {
      const res = await call('POST', '/sys/dictItem/add', {
        dictId: dict.id,
        itemValue,
        itemText,
        sortOrder,
      });
      expect(res.json().success).toBe(true);
    }
    expect(
      (await call('POST', '/sys/dictItem/add', { dictId: dict.id, itemValue: '1', itemText: 'x' })).json()
        .message,
    ).toBe('该字典中已存在此数据值!');
    const items = (await call('GET', `/sys/dictItem/list?dictId=${dict.id}`)).json().result.records;
    expect(items.map((i: { itemText: string }) => i.itemText)).toEqual(['平板', '厢式', '冷藏']);
    const cached = async () =>
      (await call('GET', '/sys/dict/getDictItems/truck_kind'))
        .json()
        .result.map((i: { text: string }) => i.text);
    expect(await cached()).toEqual(['平板', '厢式', '冷藏']);

    // Disable one, reorder the rest: the cache follows each change.
    const cold = items.find((i: { itemValue: string }) => i.itemValue === '3');
    await call('PUT', '/sys/dictItem/status', { ids: cold.id, status: 0 });
    expect(await cached()).toEqual(['平板', '厢式']);
    await call('PUT', '/sys/dictItem/sort', { ids: [items[1].id, items[0].id, items[2].id] });
    expect(await cached()).toEqual(['厢式', '平板']);
    // An item's English text is kept and served with it (English mode shows it).
    await call('PUT', '/sys/dictItem/edit', { ...items[0], itemText: '平板车', itemTextEn: 'Flatbed' });
    expect(await cached()).toContain('平板车');
    expect((await call('GET', '/sys/dict/getDictItems/truck_kind')).json().result).toContainEqual(
      expect.objectContaining({ text: '平板车', textEn: 'Flatbed' }),
    );

    // Deleting the dictionary empties it from the cache; the recycle bin brings it back.
    await call('DELETE', `/sys/dict/delete?id=${dict.id}`);
    expect(await cached()).toEqual([]);
    expect(
      (await call('GET', '/sys/dict/deleteList')).json().result.map((d: { id: string }) => d.id),
    ).toContain(dict.id);
    await call('PUT', `/sys/dict/back/${dict.id}`);
    expect(await cached()).toEqual(['厢式', '平板车']);

    // Every add and edit kept a version; two of them compare side by side.
    const versions = (
      await call('GET', `/sys/dataLog/list?dataTable=sys_dict_item&dataId=${items[0].id}`)
    ).json().result.records;
    expect(versions.map((v: { dataVersion: number }) => v.dataVersion).sort()).toEqual([1, 2]);
    const compare = await compareVersions(call, versions[0].id, versions[1].id);
    expect(compare.map((v) => v.content.itemText)).toEqual(['平板', '平板车']);
  });

  it('imports dictionaries from Excel with a per-row error report, and exports them', async () => {
    const file = await xlsx([
      ['字典名称', '字典编码', '描述'],
      ['付款方式', 'pay_way', '结算用'],
      ['缺编码', null, ''],
      ['重复', 'pay_way', ''],
      ['结算周期', 'settle_cycle', null],
    ]);
    const report = await importWithRefusals(t, tokens.admin, '/sys/dict/importExcel', file);
    expect(report.errors).toEqual([
      { row: 3, message: '字典编码: 字典Code不能为空!' },
      { row: 4, message: '字典编码已存在!' },
    ]);
    expect(report.msg).toContain('已导入行数：2');
    expect((await call('GET', '/sys/dict/getDictItems/pay_way')).json().success).toBe(true);
    expect((await call('GET', '/sys/dict/list?dictCode=settle_cycle')).json().result.total).toBe(1);

    const exported = await call('GET', '/sys/dict/exportXls?dictCode=pay_way');
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      ...exportColumnsOf(dictResource).map((column) => column.title),
    ]);
    expect(sheet.getRow(1).getCell(3).value).toBe('字典类型');
    expect(sheet.getRow(2).getCell(2).value).toBe('pay_way');

    const notExcel = await upload('/sys/dict/importExcel', Buffer.from('hello'));
    expect(notExcel.json().success).toBe(false);
  });

  it('manages positions and imports them, refusing duplicate codes per row', async () => {
    expect(
      (await call('POST', '/sys/position/add', { code: 'driver', name: '司机', postRank: '3' })).json()
        .success,
    ).toBe(true);
    const file = await xlsx([
      ['职务编码', '职务名称', '职级'],
      ['dispatcher', '调度员', 2],
      ['driver', '司机2', 1],
      ['bad code!', '坏', 1],
    ]);
    const report = await importWithRefusals(t, tokens.admin, '/sys/position/importExcel', file);
    expect(report.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(report.errors[0].message).toBe('职务编码 driver 已存在');
    const list = (await call('GET', '/sys/position/list?column=code&order=asc')).json().result.records;
    expect(list.map((p: { code: string }) => p.code)).toEqual(['dispatcher', 'driver']);
    expect(list[0].postRank).toBe('2');
    const clean = await xlsx([
      ['职务编码', '职务名称'],
      ['clerk', '文员'],
    ]);
    const ok = (await upload('/sys/position/importExcel', clean)).json();
    expect(ok).toMatchObject({ success: true, code: 200 });

    // The export's headers are the declaration's labels, the console's column titles.
    const exported = await t.call(tokens.admin, { method: 'GET', url: '/jeecg-boot/sys/position/exportXls' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]?.getRow(1).values as unknown[] | undefined)?.slice(1);
    expect(header).toEqual(exportColumnsOf(positionResource).map((column) => column.title));
    expect(header).toEqual(['职务编码', '职务名称', '职级', '创建时间']);
  });

  it('exports data sources and gateway routes under their declarations’ labels, never a password', async () => {
    const password = 'Exp0rt-s3cret!';
    const added = await call('POST', '/sys/dataSource/add', {
      code: 'export_pg',
      name: '导出库',
      dbType: 'postgresql',
      dbHost: '127.0.0.1',
      dbPort: 5432,
      dbName: 'reports',
      dbUsername: 'reader',
      dbPassword: password,
    });
    expect(added.json().success).toBe(true);
    const [stored] = await t.db
      .select({ dbPassword: sysDataSource.dbPassword })
      .from(sysDataSource)
      .where(eq(sysDataSource.code, 'export_pg'));
    const cipher = String(stored?.dbPassword);
    expect(cipher).not.toContain(password);
    const listed = (await call('GET', '/sys/dataSource/list?code=export_pg')).json().result.records;
    expect(listed).toHaveLength(1);
    expect(listed[0].dbPassword).toBe('******');
    const detail = (await call('GET', `/sys/dataSource/queryById?id=${listed[0].id}`)).json().result;
    for (const answer of [listed[0], detail]) {
      expect(JSON.stringify(answer)).not.toContain(password);
      expect(JSON.stringify(answer)).not.toContain(cipher);
    }
    const sources = await readXlsx((await call('GET', '/sys/dataSource/exportXls')).rawPayload);
    expect(sources[0]).toEqual(exportColumnsOf(dataSourceResource).map((column) => column.title));
    expect(sources[0]).not.toContain('密码');
    expect(sources.some((row) => row.includes('export_pg'))).toBe(true);
    expect(JSON.stringify(sources)).not.toContain(password);
    expect(JSON.stringify(sources)).not.toContain(cipher);

    expect(
      (
        await call('POST', '/sys/gatewayRoute/add', {
          routerId: 'export-gw',
          name: '导出路由',
          uri: 'http://127.0.0.1:9',
          predicates: '["/api/**"]',
        })
      ).json().success,
    ).toBe(true);
    const routes = await readXlsx((await call('GET', '/sys/gatewayRoute/exportXls')).rawPayload);
    expect(routes[0]).toEqual(exportColumnsOf(gatewayRouteResource).map((column) => column.title));
    expect(routes[0]).toEqual([
      '路由ID',
      '路由名称',
      '服务地址',
      '路由断言',
      '去除前缀段数',
      '状态',
      '创建时间',
    ]);
    expect(routes.some((row) => row.includes('export-gw'))).toBe(true);
  });

  it('exports roles under the labels of their declaration, and offers its import template', async () => {
    const exported = await call('GET', '/sys/role/exportXls?roleCode=admin');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]?.getRow(1).values as unknown[] | undefined)?.slice(1);
    expect(header).toEqual(exportColumnsOf(roleResource).map((column) => column.title));
    expect(header).toEqual(['角色名称', '角色编码', '描述', '创建时间']);
    const template = await call('GET', '/sys/role/importTemplate');
    const templateBook = new ExcelJS.Workbook();
    await templateBook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((templateBook.worksheets[0]?.getRow(1).values as unknown[] | undefined)?.slice(1)).toEqual([
      '角色名称',
      '角色编码',
      '描述',
    ]);
  });

  it('never lists, shows or exports a password or salt; the user export headers are the declaration labels', async () => {
    const secretKey = /password|salt/i;
    const listed = (await call('GET', '/sys/user/list?username=admin')).json().result.records;
    expect(listed).toHaveLength(1);
    const detail = (await call('GET', `/sys/user/queryById?id=${listed[0].id}`)).json().result;
    for (const row of [listed[0], detail]) {
      expect(Object.keys(row).filter((key) => secretKey.test(key) && key !== 'passwordChangedAt')).toEqual(
        [],
      );
      expect(JSON.stringify(row)).not.toContain('$argon2');
    }

    const exported = await call('GET', '/sys/user/exportXls?username=admin');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[] | undefined)?.slice(1);
    expect(header).toEqual(exportColumnsOf(userResource).map((column) => column.title));
    expect(header).not.toContain('登录密码');
    expect(header).not.toContain('初始密码');
    expect(JSON.stringify(sheet?.getRow(2).values)).not.toContain('$argon2');

    // The template asks for the sheet-only columns the import reads: an initial password, role and department codes.
    const template = new ExcelJS.Workbook();
    await template.xlsx.load(
      (await call('GET', '/sys/user/importTemplate')).rawPayload as unknown as ArrayBuffer,
    );
    expect((template.worksheets[0]?.getRow(1).values as unknown[] | undefined)?.slice(-3)).toEqual([
      '初始密码',
      '角色编码',
      '所属部门编码',
    ]);
  });

  it('builds the category tree with generated codes and deletes a subtree', async () => {
    const add = async (name: string, pid?: string, code?: string) =>
      (await call('POST', '/sys/category/add', { name, pid, code })).json();
    expect((await add('货物类型')).success).toBe(true);
    const root = (await call('GET', '/sys/category/rootList')).json().result.records[0];
    expect(root).toMatchObject({ code: 'A01', hasChild: '0', pid: '0' });
    await add('钢材', root.id);
    await add('煤炭', root.id);
    expect((await add('自定义', root.id, 'A01A01')).message).toBe('类型编码已存在!');
    const children = (await call('GET', `/sys/category/childList?pid=${root.id}`)).json().result;
    expect(children.map((c: { code: string }) => c.code)).toEqual(['A01A01', 'A01A02']);
    expect((await call('GET', `/sys/category/queryById?id=${root.id}`)).json().result.hasChild).toBe('1');
    await add('螺纹钢', children[0].id);
    expect((await call('GET', '/sys/category/loadTreeRoot?pcode=A01A01')).json().result[0].code).toBe(
      'A01A01A01',
    );
    await call('DELETE', `/sys/category/delete?id=${children[0].id}`);
    expect((await call('GET', '/sys/category/list?code=A01A01*')).json().result.total).toBe(0);
    await call('DELETE', `/sys/category/delete?id=${children[1].id}`);
    expect((await call('GET', `/sys/category/queryById?id=${root.id}`)).json().result.hasChild).toBe('0');

    // The export's headers are the declaration's labels; a sheet with a parent puts its rows below it.
    const exported = await readXlsx((await call('GET', '/sys/category/exportXls?code=A01*')).rawPayload);
    expect(exported[0]).toEqual(exportColumnsOf(categoryResource).map((column) => column.title));
    expect(exported[0]).toEqual(['父级节点', '类型名称', '类型编码', '创建时间']);
    expect(exported[1]?.slice(0, 3)).toEqual(['0', '货物类型', 'A01']);
    const sheet = await xlsx([
      ['父级节点', '类型名称', '类型编码'],
      [root.id, '木材', ''],
      ['0', '粮食', 'B01'],
    ]);
    expect((await upload('/sys/category/importExcel', sheet)).json()).toMatchObject({ success: true });
    const imported = (await call('GET', `/sys/category/childList?pid=${root.id}`)).json().result;
    expect(imported.map((c: { name: string; code: string }) => [c.name, c.code])).toEqual([
      ['木材', 'A01A01'],
    ]);
    expect((await call('GET', '/sys/category/list?code=B01')).json().result.records[0].pid).toBe('0');
  });

  it('checks values against an ordered check rule (the test box)', async () => {
    const rules = [
      { digits: '2', pattern: '[A-Z]+', message: '前两位必须是大写字母' },
      { digits: '*', pattern: '.{5,}', message: '至少5位' },
      { digits: '3', pattern: '\\d+', message: '第3到5位必须是数字' },
    ];
    const bad = await call('POST', '/sys/checkRule/add', {
      ruleName: '坏',
      ruleCode: 'bad',
      ruleJson: JSON.stringify([{ digits: '2', pattern: '([', message: 'x' }]),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await call('POST', '/sys/checkRule/add', {
          ruleName: '车牌号前缀',
          ruleCode: 'plate',
          ruleJson: JSON.stringify(rules),
        })
      ).json().success,
    ).toBe(true);
    const check = async (value: string) =>
      (
        await call(
          'GET',
          `/sys/checkRule/checkByCode?ruleCode=plate&value=${encodeURIComponent(value)}`,
          undefined,
          tokens.shipper,
        )
      ).json();
    expect((await check('AB123')).success).toBe(true);
    expect((await check('ab123')).message).toBe('前两位必须是大写字母');
    expect((await check('AB12')).message).toBe('至少5位');
    const digits = await check('ABX23');
    expect(digits).toMatchObject({
      success: false,
      message: '第3到5位必须是数字',
      result: { beginIndex: 2, endIndex: 5, checkValue: 'X23', passed: false },
    });
    expect((await call('GET', '/sys/checkRule/checkByCode?ruleCode=none&value=1')).json().message).toBe(
      '该编码不存在',
    );
    // Past the end of the value the remaining slices are empty and stop the checks, as in the reference.
    expect(
      checkValue(
        [
          { digits: '3', pattern: '\\d+', message: 'm' },
          { digits: '2', pattern: 'X', message: 'n' },
        ],
        '123',
      )?.message,
    ).toBe('n');
    expect(
      checkValue(
        [
          { digits: '2', pattern: 'A', message: 'm' },
          { digits: '2', pattern: 'X', message: 'n' },
        ],
        'A',
      ),
    ).toBeNull();
  });

  it('generates date-prefixed serial numbers that never repeat under concurrency', async () => {
    const addWaybillRule = async (rule: { ruleClass: string; ruleParams?: string }) =>
      (
        await call('POST', '/sys/fillRule/add', { ruleName: '运单号', ruleCode: 'waybill_no', ...rule })
      ).json();
    expect((await addWaybillRule({ ruleClass: 'nope' })).message).toBe('规则实现不存在：nope');
    expect(
      (await addWaybillRule({ ruleClass: 'dateSerial', ruleParams: '{"prefix":"YD","digits":"x"}' })).success,
    ).toBe(false);
    expect(
      (
        await addWaybillRule({
          ruleClass: 'dateSerial',
          ruleParams: '{"prefix":"YD","datePattern":"YYYYMMDD","digits":4}',
        })
      ).success,
    ).toBe(true);
    const values = await Promise.all(
      Array.from({ length: 50 }, async () => {
        // An administrator of fill rules uses numbers up (anybody else only previews one).
        const res = await call('PUT', '/sys/fillRule/executeRuleByCode/waybill_no', {});
        return res.json().result as string;
      }),
    );
    expect(new Set(values).size).toBe(50);
    for (const v of values) expect(v).toMatch(/^YD\d{8}\d{4}$/);
    const serials = values.map((v) => Number(v.slice(-4))).sort((a, b) => a - b);
    expect(serials[0]).toBe(1);
    expect(serials[49]).toBe(50);
    expect(await nextFillValue(t.db, 'waybill_no')).toMatch(/0051$/);
    // A new day starts again at 1.
    expect(await nextFillValue(t.db, 'waybill_no', new Date('2030-01-01T01:00:00Z'))).toBe('YD203001010001');
    expect((await call('PUT', '/sys/fillRule/executeRuleByCode/none', {})).json().message).toBe(
      '该编码不存在',
    );
  });

  it('freezes a tenant: its users cannot sign in and its header is refused', async () => {
    expect((await call('POST', '/sys/tenant/add', { id: 7, name: '华东租户' })).json().success).toBe(true);
    expect((await call('POST', '/sys/tenant/add', { id: 8, name: '华南租户' })).json().success).toBe(true);
    expect((await call('POST', '/sys/tenant/add', { id: 7, name: 'x' })).json().message).toBe(
      '该租户编号已存在',
    );
    expect(
      (
        await call('POST', '/sys/tenant/add', {
          id: 9,
          name: 'x',
          beginDate: '2026-02-01',
          endDate: '2026-01-01',
        })
      ).statusCode,
    ).toBe(400);
    await t.db.update(sysUser).set({ relTenantIds: '7' }).where(eq(sysUser.username, 'agent01'));
    await t.db.update(sysUser).set({ relTenantIds: '7,8' }).where(eq(sysUser.username, 'shipper_admin'));
    const agent = await t.login('agent01');
    const shipperAdmin = await t.login('shipper_admin');
    expect((await call('GET', '/sys/loginfo', undefined, agent, { 'tenant-id': '7' })).statusCode).toBe(200);

    expect(
      (await call('PUT', '/sys/tenant/edit', { id: 7, name: '华东租户', status: 0 })).json().success,
    ).toBe(true);
    // Sessions of users whose every tenant is frozen end at once; signing in again is refused.
    expect((await call('GET', '/sys/loginfo', undefined, agent)).statusCode).toBe(401);
    await expect(t.login('agent01')).rejects.toThrow(TENANT_FROZEN_MSG);
    // A user with another usable tenant keeps working, but not in the frozen one.
    expect(
      (await call('GET', '/sys/loginfo', undefined, shipperAdmin, { 'tenant-id': '8' })).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', '/sys/loginfo', undefined, shipperAdmin, { 'tenant-id': '7' })).statusCode,
    ).toBe(403);

    // An expired tenant counts as frozen.
    await call('PUT', '/sys/tenant/edit', { id: 7, name: '华东租户', status: 1, endDate: '2020-01-01' });
    await expect(t.login('agent01')).rejects.toThrow(TENANT_FROZEN_MSG);
    await call('PUT', '/sys/tenant/edit', { id: 7, name: '华东租户', status: 1, endDate: null });
    expect(await t.login('agent01')).toBeTruthy();
    expect((await call('DELETE', '/sys/tenant/delete?id=7')).json().message).toBe(
      '租户 7 下还有用户，不能删除',
    );
    expect((await call('PUT', '/sys/tenant/edit', { id: 0, name: '平台', status: 0 })).json().message).toBe(
      '平台租户不能冻结',
    );
    await t.db.update(sysUser).set({ relTenantIds: null }).where(eq(sysUser.username, 'agent01'));
    await t.db.update(sysUser).set({ relTenantIds: null }).where(eq(sysUser.username, 'shipper_admin'));
  });

  it('lists the address book by department and the logs with filters and export', async () => {
    const book = (await call('GET', '/sys/user/queryByOrgCodeForAddressList?orgCode=A01&pageSize=100')).json()
      .result;
    expect(book.total).toBeGreaterThan(0);
    expect(book.records.map((u: { username: string }) => u.username)).toContain('admin');
    expect(Object.keys(book.records[0])).toEqual(
      expect.arrayContaining(['realname', 'phone', 'email', 'post', 'departName']),
    );
    const none = (await call('GET', '/sys/user/queryByOrgCodeForAddressList?orgCode=Z99')).json().result;
    expect(none.total).toBe(0);

    // The user box matches a part of the name, as the screen's search does.
    const logins = (
      await call('GET', '/sys/log/list?logType=1&username=dmi&column=createTime&order=desc')
    ).json().result;
    expect(logins.total).toBeGreaterThan(0);
    expect(
      logins.records.every(
        (l: { logType: number; username: string }) => l.logType === 1 && l.username.includes('dmi'),
      ),
    ).toBe(true);
    expect(logins.records.map((l: { username: string }) => l.username)).toContain('admin');
    const future = (await call('GET', '/sys/log/list?createTime_begin=2099-01-01')).json().result;
    expect(future.total).toBe(0);
    expect((await call('GET', '/sys/log/list?column=requestParam')).statusCode).toBe(400);
    const exported = await call('GET', '/sys/log/exportXls?logType=1');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await call('POST', '/sys/log/add', {})).statusCode).toBe(404);
  });
});
