// Online forms: define a single form, sync it, use its generated list's API, change it with and
// without data loss, and refuse injection in every identifier and default value with nothing half-applied.

import { CGFORM_SYSTEM_COLUMNS, type CgformField } from '@freight/contracts';
import { cgformTestField as field } from '@freight/contracts/testing';
import { eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../seed/seed.ts';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';
import { upload } from '../../test/kit.ts';
import { sysPermission } from '../system/index.ts';
import { type CgformSnapshot, onlCgformHead } from './cgformSchema.ts';

type Body = Record<string, unknown>;

const blacklist = (extra: Body = {}) => ({
  head: {
    tableName: 'carrier_blacklist',
    tableTxt: '承运商黑名单',
    tableTxtEn: 'Carrier blacklist',
    tableType: 1,
    ...extra,
  },
  fields: [
    field('carrier_name', '承运商名称', { dbIsNull: 0, isQuery: 1, queryMode: 'like', orderNum: 1 }),
    field('reason_code', '原因', {
      isQuery: 1,
      queryMode: 'single',
      fieldShowType: 'list',
      dictField: 'sex',
      orderNum: 2,
    }),
    field('penalty', '罚款', {
      dbType: 'BigDecimal',
      dbLength: 10,
      dbPointLength: 2,
      isQuery: 1,
      queryMode: 'group',
      orderNum: 3,
    }),
    field('listed_on', '列入日期', { dbType: 'Date', isQuery: 1, queryMode: 'group', orderNum: 4 }),
    field('strikes', '次数', { dbType: 'int', dbDefaultVal: '1', sortFlag: 1, orderNum: 5 }),
  ],
  indexs: [{ indexName: 'name_idx', indexField: 'carrier_name', indexType: 'normal' }],
});

describe('online forms', () => {
  let t: TestApp;
  let admin: string;
  let headId: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, token = admin) =>
    t.call(token, { method, url: api(path), ...(payload ? { payload: payload as Body } : {}) });
  const tables = async () =>
    (
      (await t.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'onl' order by 1`,
      )) as unknown as { rows: Array<{ table_name: string }> }
    ).rows.map((r) => r.table_name);
  const columns = async (table: string) =>
    (
      (await t.db.execute(
        sql`select column_name, data_type from information_schema.columns where table_schema = 'onl' and table_name = ${table} order by ordinal_position`,
      )) as unknown as { rows: Array<{ column_name: string; data_type: string }> }
    ).rows;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('defines a single form, lists it by table name and syncs it to a table in the onl schema', async () => {
    const added = await call('POST', '/online/cgform/api/addAll', blacklist());
    expect(added.json()).toMatchObject({ success: true });
    headId = added.json().result.id;
    const list = (await call('GET', '/online/cgform/head/list?tableName=blacklist')).json();
    expect(list.result.total).toBe(1);
    expect(list.result.records[0]).toMatchObject({ tableName: 'carrier_blacklist', isDbSynch: 'N' });
    expect((await call('GET', '/online/cgform/head/list?tableName=nothing')).json().result.total).toBe(0);
    // Not synced yet: no data.
    expect((await call('GET', `/online/cgform/api/getData/${headId}`)).json().success).toBe(false);

    const synced = await call('POST', `/online/cgform/api/doDbSynch/${headId}/normal`);
    expect(synced.json()).toMatchObject({ success: true });
    expect(await tables()).toContain('carrier_blacklist');
    // The system columns first, in their declared order, then the fields.
    expect((await columns('carrier_blacklist')).map((c) => c.column_name)).toEqual([
      ...CGFORM_SYSTEM_COLUMNS,
      'carrier_name',
      'reason_code',
      'penalty',
      'listed_on',
      'strikes',
    ]);
    const head = (await call('GET', '/online/cgform/head/list?tableName=carrier_blacklist')).json().result
      .records[0];
    expect(head.isDbSynch).toBe('Y');
  });

  it('describes the generated list as a resource declaration', async () => {
    const res = (await call('GET', `/online/cgform/api/getColumns/${headId}`)).json();
    expect(res.success).toBe(true);
    const { decl } = res.result;
    expect(decl.path).toBe(`/online/cgform/api/data/${headId}`);
    expect(decl.permission).toBe('online:carrier_blacklist');
    expect(decl.fields.carrier_name).toMatchObject({
      label: ['承运商名称', '承运商名称'],
      search: 'like',
      required: true,
    });
    expect(decl.fields.reason_code).toMatchObject({ kind: 'dict', dict: 'sex', search: true });
    expect(decl.fields.penalty).toMatchObject({ search: 'range' });
  });

  it('adds, edits, queries in every mode, deletes, exports and re-imports rows', async () => {
    const rows = [
      { carrier_name: '速达物流', reason_code: '1', penalty: '100.50', listed_on: '2026-01-05' },
      { carrier_name: '快运通', reason_code: '2', penalty: 20, listed_on: '2026-02-10', strikes: 3 },
      { carrier_name: '达达速运', reason_code: '1', penalty: '5000', listed_on: '2026-03-15' },
    ];
    for (const row of rows)
      expect((await call('POST', `/online/cgform/api/form/${headId}`, row)).json().success).toBe(true);
    const data = (q = '') =>
      call('GET', `/online/cgform/api/getData/${headId}${q}`).then((r) => r.json().result);
    const all = await data();
    expect(all.total).toBe(3);
    // The default is applied, bound, when a row leaves the field out.
    expect(all.records.find((r: Body) => r.carrier_name === '速达物流').strikes).toBe(1);
    expect(all.records.find((r: Body) => r.reason_code === '1').reason_code_dictText).toBeTruthy();
    // like
    expect((await data(`?carrier_name=${encodeURIComponent('速')}`)).total).toBe(2);
    // exact (single)
    expect((await data('?reason_code=2')).records.map((r: Body) => r.carrier_name)).toEqual(['快运通']);
    // range (group) on a number and on a date
    expect(
      (await data('?penalty_begin=50&penalty_end=1000')).records.map((r: Body) => r.carrier_name),
    ).toEqual(['速达物流']);
    expect((await data('?listed_on_begin=2026-02-01&listed_on_end=2026-12-31')).total).toBe(2);
    // sort by a sortable field; an undeclared one is refused
    expect((await data('?column=strikes&order=desc')).records[0].carrier_name).toBe('快运通');
    expect((await call('GET', `/online/cgform/api/getData/${headId}?column=tenant_id`)).json().success).toBe(
      false,
    );
    // a filter on something that is not a field is ignored, never reaching SQL
    expect((await data(`?${encodeURIComponent("carrier_name' or '1'='1")}=x`)).total).toBe(3);

    // required and typed values
    const missing = (await call('POST', `/online/cgform/api/form/${headId}`, { penalty: 1 })).json();
    expect(missing).toMatchObject({ success: false });
    expect(missing.message).toContain('承运商名称');
    const badNumber = await call('POST', `/online/cgform/api/form/${headId}`, {
      carrier_name: 'x',
      penalty: '1; drop table x',
    });
    expect(badNumber.json().success).toBe(false);

    const target = all.records.find((r: Body) => r.carrier_name === '达达速运');
    const edited = await call('PUT', `/online/cgform/api/form/${headId}`, {
      id: target.id,
      carrier_name: '达达速运(改)',
      penalty: '6000.00',
    });
    expect(edited.json().success).toBe(true);
    const detail = (await call('GET', `/online/cgform/api/form/${headId}/${target.id}`)).json().result;
    expect(detail).toMatchObject({ carrier_name: '达达速运(改)', penalty: '6000.00', update_by: 'admin' });

    // the resource paths the console uses answer the same
    const viaResource = (await call('GET', `/online/cgform/api/data/${headId}/list?pageSize=2`)).json()
      .result;
    expect(viaResource).toMatchObject({ total: 3, size: 2 });

    const exported = await call('GET', `/online/cgform/api/exportXls/${headId}`);
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, '承运商名称', '原因', '罚款', '列入日期', '次数']);
    expect(sheet?.actualRowCount).toBe(4);

    await call('DELETE', `/online/cgform/api/form/${headId}/${all.records.map((r: Body) => r.id).join(',')}`);
    expect((await data()).total).toBe(0);
    const imported = await upload(t, admin, `/online/cgform/api/importXls/${headId}`, exported.rawPayload);
    expect(imported.json().result.msg).toContain('已导入行数：3');
    const back = await data('?column=strikes&order=desc');
    expect(back.total).toBe(3);
    expect(back.records[0]).toMatchObject({ carrier_name: '快运通', reason_code: '2', strikes: 3 });
  });

  it('asks before a change that loses data, keeps the previous definition as a version, applies it when confirmed', async () => {
    const changed = blacklist({ id: headId });
    // drop `listed_on`, narrow `carrier_name`, add a required column with a default
    changed.fields = changed.fields
      .filter((f) => f.dbFieldName !== 'listed_on')
      .map((f) => (f.dbFieldName === 'carrier_name' ? { ...f, dbLength: 20 } : f));
    changed.fields.push(
      field('level', '等级', { dbType: 'int', dbIsNull: 0, dbDefaultVal: '2', orderNum: 6 }),
    );
    expect((await call('PUT', '/online/cgform/api/editAll', changed)).json().success).toBe(true);
    const versions = (await call('GET', `/online/cgform/head/versions?id=${headId}`)).json().result;
    expect(versions).toHaveLength(1);
    expect(versions[0].content.fields.map((f: Body) => f.dbFieldName)).toContain('listed_on');

    const asked = (await call('POST', `/online/cgform/api/doDbSynch/${headId}/normal`)).json();
    expect(asked).toMatchObject({ success: false, code: 409 });
    expect(asked.message).toContain('listed_on');
    expect(asked.message).toContain('carrier_name');
    expect((await columns('carrier_blacklist')).map((c) => c.column_name)).toContain('listed_on');
    // the data API still serves the synced definition
    expect((await call('GET', `/online/cgform/api/getData/${headId}`)).json().result.total).toBe(3);

    const done = (await call('POST', `/online/cgform/api/doDbSynch/${headId}/normal?confirm=true`)).json();
    expect(done.success).toBe(true);
    const after = await columns('carrier_blacklist');
    expect(after.map((c) => c.column_name)).not.toContain('listed_on');
    expect(after.find((c) => c.column_name === 'level')?.data_type).toBe('integer');
    const rows = (await call('GET', `/online/cgform/api/getData/${headId}`)).json().result.records;
    expect(rows.every((r: Body) => r.level === 2)).toBe(true);
  });

  it('refuses a type change existing rows cannot take, naming the field, and changes nothing', async () => {
    const changed = blacklist({ id: headId });
    changed.fields = changed.fields
      .filter((f) => f.dbFieldName !== 'listed_on')
      .map((f) => (f.dbFieldName === 'carrier_name' ? { ...f, dbLength: 20, dbType: 'int' } : f));
    changed.fields.push(
      field('level', '等级', { dbType: 'int', dbIsNull: 0, dbDefaultVal: '2', orderNum: 6 }),
    );
    changed.fields.push(field('note', '备注', { dbType: 'Text', orderNum: 7 }));
    expect((await call('PUT', '/online/cgform/api/editAll', changed)).json().success).toBe(true);
    const before = await columns('carrier_blacklist');
    const res = (await call('POST', `/online/cgform/api/doDbSynch/${headId}/normal?confirm=true`)).json();
    expect(res.success).toBe(false);
    expect(res.message).toContain('carrier_name');
    // the new `note` column (added before the failing step) was rolled back with it
    expect(await columns('carrier_blacklist')).toEqual(before);
  });

  describe('injection in every identifier and default value', () => {
    const attacks = [
      'x"; drop table onl_cgform_head; --',
      "a'||pg_sleep(1)||'",
      'Name',
      '1abc',
      'a-b',
      'select',
      'a'.repeat(64),
    ];
    const base = () => ({
      head: { tableName: 'safe_form', tableTxt: '安全表单', tableType: 1 },
      fields: [field('name', '名称')],
      indexs: [] as Body[],
    });
    const refused = async (body: unknown, where: string) => {
      const res = (await call('POST', '/online/cgform/api/addAll', body)).json();
      expect(res.success, JSON.stringify(body)).toBe(false);
      expect(res.message).toContain(where);
    };

    it('refuses bad table, field and index names with the place named, writing nothing', async () => {
      const heads = async () => (await call('GET', '/online/cgform/head/list')).json().result.total;
      const count = await heads();
      for (const name of attacks) {
        const b1 = base();
        b1.head.tableName = name;
        await refused(b1, 'tableName');
        const b2 = base();
        b2.fields.push(field(name, '坏字段'));
        await refused(b2, 'fields[1].dbFieldName');
        const b3 = base();
        b3.indexs.push({ indexName: name, indexField: 'name' });
        await refused(b3, 'indexs[0].indexName');
        const b4 = base();
        b4.indexs.push({ indexName: 'ok_idx', indexField: name });
        await refused(b4, 'indexs[0].indexField');
      }
      for (const system of ['id', 'tenant_id', 'create_by']) {
        const body = base();
        body.fields.push(field(system, '系统字段'));
        await refused(body, 'fields[1].dbFieldName');
      }
      const b5 = base();
      b5.fields.push(field('dict_bad', '字典', { dictField: "sex' or 1=1" }));
      await refused(b5, 'fields[1](dict_bad).dictField');
      expect(await heads()).toBe(count);
      expect(await tables()).toEqual(['carrier_blacklist']);
    });

    it('refuses SQL in the dictionary, popup, master and tree names too, naming the place', async () => {
      const heads = async () => (await call('GET', '/online/cgform/head/list')).json().result.total;
      const count = await heads();
      const sqlAttacks = attacks.slice(0, 2);
      for (const name of sqlAttacks) {
        for (const [extra, where] of [
          [{ dictField: name }, 'dictField'],
          [{ dictTable: name }, 'dictTable'],
          [{ dictText: name }, 'dictText'],
          [
            { fieldShowType: 'sel_search', dictTable: name, dictText: 'realname', dictField: 'username' },
            'dictTable',
          ],
          [
            { fieldShowType: 'sel_search', dictTable: 'sys_user', dictText: name, dictField: 'username' },
            'dictText',
          ],
          [{ fieldShowType: 'popup', dictTable: name, dictField: 'driver_name' }, 'dictTable'],
          [
            { fieldShowType: 'popup', dictTable: 'report_driver', dictField: 'driver_name', dictText: name },
            'dictText',
          ],
        ] as Array<[Body, string]>) {
          const body = base();
          body.fields.push(field('looked_up', '查找', extra));
          await refused(body, `fields[1](looked_up).${where}`);
        }
        const sub = (key: Body) => ({
          head: { tableName: 'safe_sub', tableTxt: '附表', tableType: 3 },
          fields: [field('name', '名称'), field('order_id', '主表', { dbLength: 32, ...key })],
          indexs: [],
        });
        await refused(sub({ mainTable: name, mainField: 'id' }), 'fields[1](order_id).mainTable(');
        await refused(
          sub({ mainTable: 'carrier_blacklist', mainField: name }),
          'fields[1](order_id).mainField(',
        );
        for (const key of ['treeParentIdField', 'treeIdField', 'treeFieldname']) {
          const tree = {
            head: {
              tableName: 'safe_tree',
              tableTxt: '树',
              tableType: 1,
              isTree: 'Y',
              treeParentIdField: 'pid',
              treeIdField: 'has_child',
              treeFieldname: 'name',
              [key]: name,
            },
            fields: [
              field('name', '名称'),
              field('pid', '父级', { dbLength: 32 }),
              field('has_child', '子', { dbLength: 3 }),
            ],
            indexs: [],
          };
          await refused(tree, `树表(${key})`);
        }
      }
      expect(await heads()).toBe(count);
      expect(await tables()).toEqual(['carrier_blacklist']);
    });

    it('refuses defaults that do not fit their type or carry SQL', async () => {
      const cases: Array<[Body, string]> = [
        [{ dbType: 'string', dbDefaultVal: "x'); drop table onl_cgform_head; --" }, 'dbDefaultVal'],
        [{ dbType: 'string', dbDefaultVal: 'a -- b' }, 'dbDefaultVal'],
        [{ dbType: 'Text', dbDefaultVal: 'a;b' }, 'dbDefaultVal'],
        [{ dbType: 'int', dbDefaultVal: '1; drop table x' }, 'dbDefaultVal'],
        [{ dbType: 'int', dbDefaultVal: '99999999999' }, 'dbDefaultVal'],
        [{ dbType: 'double', dbDefaultVal: '1e5' }, 'dbDefaultVal'],
        [{ dbType: 'BigDecimal', dbLength: 5, dbPointLength: 2, dbDefaultVal: '1234.5' }, 'dbDefaultVal'],
        [{ dbType: 'Date', dbDefaultVal: "2026-01-01'::date" }, 'dbDefaultVal'],
        [{ dbType: 'Date', dbDefaultVal: '2026-02-30' }, 'dbDefaultVal'],
        [{ dbType: 'Datetime', dbDefaultVal: 'now()' }, 'dbDefaultVal'],
        [{ dbType: 'string', dbLength: 5000 }, 'dbLength'],
        [{ dbType: 'BigDecimal', dbLength: 5, dbPointLength: 6 }, 'dbPointLength'],
      ];
      for (const [extra, where] of cases) {
        const body = base();
        body.fields.push(field('val', '值', extra));
        await refused(body, `fields[1](val).${where}`);
      }
      expect(await tables()).toEqual(['carrier_blacklist']);
    });

    it('keeps valid defaults as typed, bound values', async () => {
      const body = base();
      body.fields.push(
        field('s', '文本', { dbDefaultVal: '默认 值(1)' }),
        field('n', '数', { dbType: 'BigDecimal', dbLength: 8, dbPointLength: 2, dbDefaultVal: '-12.5' }),
        field('d', '日', { dbType: 'Date', dbDefaultVal: '2026-01-31' }),
        field('dt', '时', { dbType: 'Datetime', dbDefaultVal: '2026-01-31 08:00:00' }),
      );
      const id = (await call('POST', '/online/cgform/api/addAll', body)).json().result.id;
      expect((await call('POST', `/online/cgform/api/doDbSynch/${id}/normal`)).json().success).toBe(true);
      expect((await call('POST', `/online/cgform/api/form/${id}`, { name: 'a' })).json().success).toBe(true);
      const [row] = (await call('GET', `/online/cgform/api/getData/${id}`)).json().result.records;
      expect(row).toMatchObject({ s: '默认 值(1)', n: '-12.50', d: '2026-01-31', dt: '2026-01-31 08:00:00' });
    });
  });

  it('adds a form to the menu; a role granted its codes uses it, others are refused', async () => {
    const added = (await call('POST', '/online/cgform/head/addMenu', { id: headId })).json();
    expect(added).toMatchObject({ success: true, result: { url: `/online/cgformList/${headId}` } });
    expect((await call('POST', '/online/cgform/head/addMenu', { id: headId })).json().success).toBe(false);
    const ops = await t.login('operations01');
    const data = (token: string) => call('GET', `/online/cgform/api/getData/${headId}`, undefined, token);
    expect((await data(ops)).statusCode).toBe(403);

    const menus = await t.db
      .select({ id: sysPermission.id, perms: sysPermission.perms })
      .from(sysPermission)
      .where(like(sysPermission.perms, 'online:carrier_blacklist:%'));
    expect(menus.map((m) => m.perms).sort()).toEqual(
      ['add', 'delete', 'edit', 'export', 'import', 'list'].map((c) => `online:carrier_blacklist:${c}`),
    );
    const roleId = stableId('role', 'operations');
    const held = (await call('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).json().result;
    const granted = menus.filter((m) => !m.perms?.endsWith(':delete')).map((m) => m.id);
    const saved = await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [...held, ...granted].join(','),
    });
    expect(saved.json().success).toBe(true);
    expect((await data(ops)).json().success).toBe(true);
    const row = await call(
      'POST',
      `/online/cgform/api/form/${headId}`,
      { carrier_name: '运营加的', level: 1 },
      ops,
    );
    expect(row.json().success).toBe(true);
    expect((await call('GET', `/online/cgform/api/exportXls/${headId}`, undefined, ops)).statusCode).toBe(
      200,
    );
    // delete was not granted
    const id = (await data(ops)).json().result.records[0].id;
    expect((await call('DELETE', `/online/cgform/api/form/${headId}/${id}`, undefined, ops)).statusCode).toBe(
      403,
    );
    // the designer routes stay the designer's
    expect((await call('GET', '/online/cgform/head/list', undefined, ops)).statusCode).toBe(403);
  });

  it('lists a form as last synced at once: a column retyped under the same list, a sync by another instance', async () => {
    const lane = (dbLength: number) => ({
      head: { tableName: 'lane_note', tableTxt: '线路备注', tableType: 1 },
      fields: [field('lane', '线路', { dbLength, isQuery: 1 })],
    });
    const id = (await call('POST', '/online/cgform/api/addAll', lane(16))).json().result.id as string;
    expect((await call('POST', `/online/cgform/api/doDbSynch/${id}/normal`)).json().success).toBe(true);
    expect((await call('POST', `/online/cgform/api/form/${id}`, { lane: '沪-杭' })).json().success).toBe(
      true,
    );
    const list = async () =>
      (await call('GET', `/online/cgform/api/getData/${id}?lane=${encodeURIComponent('沪-杭')}`)).json();
    // Pages enough for PostgreSQL to keep the list's statement prepared on the connection.
    for (let i = 0; i < 6; i++) expect((await list()).result.total).toBe(1);

    // Wider: the same columns, so the same list statement, whose result type changes under it.
    const wider = lane(64);
    expect(
      (await call('PUT', '/online/cgform/api/editAll', { ...wider, head: { ...wider.head, id } })).json()
        .success,
    ).toBe(true);
    expect(
      (await call('POST', `/online/cgform/api/doDbSynch/${id}/normal?confirm=true`)).json().success,
    ).toBe(true);
    for (let i = 0; i < 3; i++) expect(await list()).toMatchObject({ success: true, result: { total: 1 } });

    // Another instance syncs a new column: its table and the stored definition change behind this process.
    const [head] = await t.db
      .select({ synced: onlCgformHead.synced })
      .from(onlCgformHead)
      .where(eq(onlCgformHead.id, id));
    const synced = head?.synced as CgformSnapshot;
    const remark = {
      ...synced.fields[0],
      dbFieldName: 'remark',
      dbFieldTxt: '备注',
      isQuery: 0,
    } as CgformField;
    await t.db.execute(sql`alter table onl.lane_note add column remark varchar(64)`);
    await t.db.execute(sql`update onl.lane_note set remark = '夜间'`);
    await t.db
      .update(onlCgformHead)
      .set({
        synced: { ...synced, fields: [...synced.fields, remark] },
        updateTime: new Date(Date.now() + 1000),
      })
      .where(eq(onlCgformHead.id, id));
    const [row] = (await list()).result.records;
    expect(row).toMatchObject({ lane: '沪-杭', remark: '夜间' });
  });

  it('guards every data route by the form code and the designer routes by the design codes', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.includes('/online/cgform'));
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) expect(route.access).not.toBe('public');
    expect(routes.find((r) => r.url.endsWith('/online/cgform/api/addAll'))?.access).toEqual({
      perm: 'online:cgform:add',
    });
    expect(
      (await t.call(null, { method: 'GET', url: api(`/online/cgform/api/getData/${headId}`) })).statusCode,
    ).toBe(401);
  });
});
