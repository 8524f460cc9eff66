// Online form field types beyond plain columns: table dictionary, user, department, region, file, rich text,
// and the unique flag — defined, synced, written through the data API and read back with their texts.

import { cgformTestField as field } from '@freight/contracts/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';
import { commonUpload } from '../../test/kit.ts';
import { onlCgreportHead } from './schema.ts';

type Body = Record<string, unknown>;

const catalogue = (fields: Body[] = []) => ({
  head: { tableName: 'goods_catalogue', tableTxt: '货物目录', tableTxtEn: 'Goods catalogue', tableType: 1 },
  fields: [
    field('goods_code', '货物编码', { dbIsNull: 0, isUnique: 1, orderNum: 1 }),
    field('owner_name', '负责人', {
      fieldShowType: 'sel_search',
      dictTable: 'sys_user',
      dictText: 'realname',
      dictField: 'username',
      orderNum: 2,
    }),
    field('handler', '经办人', { fieldShowType: 'sel_user', orderNum: 3 }),
    field('depart', '部门', { fieldShowType: 'sel_depart', orderNum: 4 }),
    field('origin', '产地', { fieldShowType: 'pca', dbLength: 12, orderNum: 5 }),
    field('manual', '说明书', { fieldShowType: 'file', dbLength: 500, orderNum: 6 }),
    field('notes', '介绍', { fieldShowType: 'umeditor', dbType: 'Text', orderNum: 7 }),
    ...fields,
  ],
  indexs: [],
});

describe('online form field types', () => {
  let t: TestApp;
  let admin: string;
  let headId: string;
  let rowId: string;
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
    t.call(admin, { method, url: api(path), ...(payload ? { payload: payload as Body } : {}) });
  const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('refuses a table dictionary outside the whitelist at save, naming the field', async () => {
    const body = catalogue();
    body.fields[1] = {
      ...body.fields[1],
      dictTable: 'sys_user',
      dictText: 'password',
      dictField: 'username',
    };
    const refused = (await call('POST', '/online/cgform/api/addAll', body)).json();
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('owner_name');
    expect(refused.message).toContain('dictTable');
    const missing = catalogue();
    missing.fields[1] = { ...missing.fields[1], dictTable: 'pg_shadow' };
    const refusedToo = (await call('POST', '/online/cgform/api/addAll', missing)).json();
    expect(refusedToo.success).toBe(false);
    expect(refusedToo.message).toContain('owner_name');
    const incomplete = catalogue();
    incomplete.fields[1] = { ...incomplete.fields[1], dictText: null };
    expect((await call('POST', '/online/cgform/api/addAll', incomplete)).json().message).toContain(
      'owner_name',
    );
  });

  it('defines the field types, syncs them with a unique index and offers their declaration', async () => {
    const added = (await call('POST', '/online/cgform/api/addAll', catalogue())).json();
    expect(added.success).toBe(true);
    headId = added.result.id;
    expect((await call('POST', `/online/cgform/api/doDbSynch/${headId}/normal`)).json().success).toBe(true);
    const index = await one<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where schemaname = 'onl' and indexname = 'goods_catalogue_goods_code_uidx'`,
    );
    expect(index.indexdef).toMatch(/UNIQUE INDEX .*\(tenant_id, goods_code\)/);
    const decl = (await call('GET', `/online/cgform/api/getColumns/${headId}`)).json().result.decl;
    expect(decl.fields.owner_name).toMatchObject({ kind: 'dict', dict: 'sys_user,realname,username' });
    expect(decl.fields.handler).toMatchObject({ kind: 'dict', dict: 'sys_user,realname,username' });
    expect(decl.fields.depart).toMatchObject({ kind: 'dict', dict: 'sys_depart,depart_name,org_code' });
    expect(decl.fields.origin.kind).toBe('region');
    expect(decl.fields.manual.kind).toBe('file');
    expect(decl.fields.notes.kind).toBe('richtext');
    // The stored definition keeps the new keys (the designer reads them back).
    const { fields } = (await call('GET', `/online/cgform/head/queryById?id=${headId}`)).json().result;
    expect(fields.find((f: Body) => f.dbFieldName === 'owner_name')).toMatchObject({
      dictTable: 'sys_user',
      dictText: 'realname',
      isUnique: 0,
    });
    expect(fields.find((f: Body) => f.dbFieldName === 'goods_code').isUnique).toBe(1);
  });

  it('stores a row and reads it back with user, department, region and file texts and sanitised rich text', async () => {
    const user = await one<{ username: string; realname: string }>(
      sql`select username, realname from sys_user where username = 'admin'`,
    );
    const depart = await one<{ org_code: string; depart_name: string }>(
      sql`select org_code, depart_name from sys_depart where del_flag = 0 and org_code is not null order by org_code limit 1`,
    );
    const district = await one<{ code: string; name: string }>(
      sql`select code, name from sys_division where level = 3 order by code limit 1`,
    );
    // A file uploaded as manual.txt, and a path without an upload record (shown by its stored name).
    const uploaded = (
      await commonUpload(t, admin, { data: '冷藏 2-8 度', name: 'manual.txt', type: 'text/plain' })
    ).json();
    expect(uploaded.success, uploaded.message).toBe(true);
    const manual = `${uploaded.result.path},temp/manual_1.pdf`;
    const added = (
      await call('POST', `/online/cgform/api/form/${headId}`, {
        goods_code: 'G-001',
        owner_name: user.username,
        handler: user.username,
        depart: depart.org_code,
        origin: district?.code ?? null,
        manual,
        notes: '<p>好<b>货</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      })
    ).json();
    expect(added.success).toBe(true);
    rowId = added.result.id;
    const row = (await call('GET', `/online/cgform/api/form/${headId}/${rowId}`)).json().result;
    expect(row.owner_name_dictText).toBe(user.realname);
    expect(row.handler_dictText).toBe(user.realname);
    expect(row.depart_dictText).toBe(depart.depart_name);
    expect(row.origin_dictText).toContain(district.name);
    expect(row.manual).toBe(manual);
    expect(row.manual_dictText).toBe('manual.txt, manual_1.pdf');
    expect(row.notes).toContain('<p>好<b>货</b></p>');
    expect(row.notes).not.toContain('<script');
    expect(row.notes).not.toContain('onerror');
    const list = (await call('GET', `/online/cgform/api/getData/${headId}`)).json().result;
    expect(list.records[0]).toMatchObject({
      manual_dictText: 'manual.txt, manual_1.pdf',
      depart_dictText: depart.depart_name,
      handler_dictText: user.realname,
    });
  });

  it('refuses a unique value already taken, on add and on edit, naming the field', async () => {
    const again = (await call('POST', `/online/cgform/api/form/${headId}`, { goods_code: 'G-001' })).json();
    expect(again.success).toBe(false);
    expect(again.message).toContain('goods_code');
    expect(again.message).toContain('货物编码');
    const other = (await call('POST', `/online/cgform/api/form/${headId}`, { goods_code: 'G-002' })).json();
    expect(other.success).toBe(true);
    const edit = (
      await call('PUT', `/online/cgform/api/form/${headId}`, { id: other.result.id, goods_code: 'G-001' })
    ).json();
    expect(edit.success).toBe(false);
    expect(edit.message).toContain('goods_code');
    // Its own value is no conflict.
    const same = (
      await call('PUT', `/online/cgform/api/form/${headId}`, { id: rowId, goods_code: 'G-001' })
    ).json();
    expect(same.success).toBe(true);
    const total = (await call('GET', `/online/cgform/api/getData/${headId}`)).json().result.total;
    expect(total).toBe(2);
  });
});

describe('online form popup fields', () => {
  let t: TestApp;
  let admin: string;
  const popupForm = (popup: Body) => ({
    head: { tableName: 'route_price', tableTxt: '线路价格', tableType: 1 },
    fields: [
      field('driver_name', '司机', { fieldShowType: 'popup', orderNum: 1, ...popup }),
      field('driver_phone', '电话', { orderNum: 2 }),
    ],
    indexs: [],
  });
  const save = async (body: unknown) =>
    (
      await t.call(admin, { method: 'POST', url: api('/online/cgform/api/addAll'), payload: body as Body })
    ).json();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
    await t.db.insert(onlCgreportHead).values({
      code: 'popup_drivers',
      name: '司机弹窗',
      cgrSql: 'select realname, phone from sys_user',
    });
  });
  afterAll(() => t.close());

  it('refuses a popup over a missing report or onto a field the form lacks, naming the field', async () => {
    const missing = await save(popupForm({ dictTable: 'no_such_report', dictField: 'realname' }));
    expect(missing.success).toBe(false);
    expect(missing.message).toContain('driver_name');
    expect(missing.message).toContain('no_such_report');
    const stray = await save(
      popupForm({ dictTable: 'popup_drivers', dictField: 'realname,phone', dictText: 'driver_name,mobile' }),
    );
    expect(stray.success).toBe(false);
    expect(stray.message).toContain('mobile');
  });

  it('declares a popup over a report, mapping its columns to the form fields', async () => {
    const saved = await save(
      popupForm({
        dictTable: 'popup_drivers',
        dictField: 'realname,phone',
        dictText: 'driver_name,driver_phone',
      }),
    );
    expect(saved.success).toBe(true);
    const head = saved.result.id;
    await t.call(admin, { method: 'POST', url: api(`/online/cgform/api/doDbSynch/${head}/normal`) });
    const decl = (
      await t.call(admin, { method: 'GET', url: api(`/online/cgform/api/getColumns/${head}`) })
    ).json().result.decl;
    expect(decl.fields.driver_name.popup).toEqual({
      code: 'popup_drivers',
      orgFields: 'realname,phone',
      destFields: 'driver_name,driver_phone',
    });
  });
});
