// Online forms beyond a single table: a main form with a one-to-many and a one-to-one sub-table saved in one
// transaction, a sub-table pointing at a missing master refused, and a tree form that loads lazily and
// refuses a circular parent.
import { cgformTestField as field, goodsCategoryForm, routeOrderForms } from '@freight/contracts/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';

type Body = Record<string, unknown>;

// The same definitions the ERP and tree browser tests build (packages/contracts/src/testing).
const forms = routeOrderForms();
const orderKey = () => forms.stop.fields.find((f) => f.dbFieldName === 'order_id') as Body;
const form = (head: Body, fields: Body[]) => ({ head: { tableTxtEn: null, ...head }, fields, indexs: [] });

describe('online main/sub and tree forms', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    t.call(admin, { method, url: api(path), ...(payload ? { payload: payload as Body } : {}) });
  const define = async (key: string, body: unknown) => {
    const res = (await call('POST', '/online/cgform/api/addAll', body)).json();
    expect(res).toMatchObject({ success: true });
    ids[key] = res.result.id;
    return res.result.id as string;
  };
  const sync = (key: string) =>
    call('POST', `/online/cgform/api/doDbSynch/${ids[key]}/normal`).then((r) => r.json());
  /** Saves (POST) or edits (PUT) a row of the form `key`; answers the envelope. */
  const save = async (method: 'POST' | 'PUT', key: string, body: Body) =>
    (await call(method, `/online/cgform/api/form/${ids[key]}`, body)).json();
  /** A row of the form `key` with its sub rows. */
  const rowOf = async (key: string, id: string) =>
    (await call('GET', `/online/cgform/api/form/${ids[key]}/${id}`)).json().result;
  const count = async (table: string) =>
    Number(
      (
        (await t.db.execute(sql`select count(*)::int as n from onl.${sql.identifier(table)}`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('refuses a sub-table whose master is missing, naming its foreign key field', async () => {
    const res = (await call('POST', '/online/cgform/api/addAll', forms.stop)).json();
    expect(res.success).toBe(false);
    expect(res.message).toContain('fields[4](order_id).mainTable(route_order)');
    expect(res.message).toContain('主表不存在');
    // Nothing half-applied: no head was written.
    expect((await call('GET', '/online/cgform/head/list?tableName=route_stop')).json().result.total).toBe(0);
    // A foreign key on a form that is not a sub-table, and a sub-table without one, are refused too.
    const single = (
      await call(
        'POST',
        '/online/cgform/api/addAll',
        form({ tableName: 'route_x', tableTxt: 'x', tableType: 1 }, [orderKey()]),
      )
    ).json();
    expect(single.message).toContain('fields[0](order_id).mainTable');
    const keyless = (
      await call(
        'POST',
        '/online/cgform/api/addAll',
        form({ tableName: 'route_y', tableTxt: 'y', tableType: 3 }, [field('stop_name', '经停点')]),
      )
    ).json();
    expect(keyless.message).toContain('mainTable');
  });

  it('syncs a main form and its sub-tables, the foreign key as a column, the master listing its subs', async () => {
    await define('main', forms.main);
    await define('stop', forms.stop);
    await define('note', forms.note);
    // A sub-table cannot be synced before its master.
    const early = await sync('stop');
    expect(early.success).toBe(false);
    expect(early.message).toContain('order_id');
    expect((await sync('main')).success).toBe(true);
    expect((await sync('stop')).success).toBe(true);
    expect((await sync('note')).success).toBe(true);
    const head = (await call('GET', '/online/cgform/head/list?tableName=route_order')).json().result
      .records[0];
    expect(head.subTableStr).toBe('route_stop,route_note');
    const columns = (
      (await t.db.execute(
        sql`select column_name from information_schema.columns where table_schema = 'onl' and table_name = 'route_stop'`,
      )) as unknown as { rows: Array<{ column_name: string }> }
    ).rows.map((r) => r.column_name);
    expect(columns).toContain('order_id');
    // A master with subs is not deleted from under them.
    const removed = (await call('DELETE', `/online/cgform/head/delete?id=${ids.main}&confirm=true`)).json();
    expect(removed.success).toBe(false);
    expect(removed.message).toContain('route_stop');
  });

  it('saves a master row with its sub rows in one transaction: a bad sub row leaves no master row', async () => {
    const bad = await save('POST', 'main', {
      order_no: 'RO-BAD',
      route_stop: [{ stop_name: '郑州', seq: 1 }, { seq: 'not a number' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('经停点第2行');
    expect(await count('route_order')).toBe(0);
    expect(await count('route_stop')).toBe(0);
    // A one-to-one sub-table takes one row.
    const twoNotes = await save('POST', 'main', {
      order_no: 'RO-2',
      route_note: [{ remark: 'a' }, { remark: 'b' }],
    });
    expect(twoNotes.message).toContain('一对一');
    expect(await count('route_order')).toBe(0);

    const good = await save('POST', 'main', {
      order_no: 'RO-1',
      order_id: 'ignored',
      route_stop: [
        { stop_name: '郑州', seq: 1, order_id: 'forged' },
        { stop_name: '西安', seq: 2 },
      ],
      route_note: { remark: '易碎' },
    });
    expect(good).toMatchObject({ success: true });
    const masterId = good.result.id as string;
    // The ERP tab's list: the sub form's own rows filtered by the foreign key.
    const stops = (await call('GET', `/online/cgform/api/getData/${ids.stop}?order_id=${masterId}`)).json()
      .result;
    expect(stops.total).toBe(2);
    expect(stops.records.map((r: Body) => r.order_id)).toEqual([masterId, masterId]);
    // The master row comes with its sub rows (the edit form, the inner table).
    const detail = await rowOf('main', masterId);
    expect(detail.route_stop.map((r: Body) => r.stop_name).sort()).toEqual(['西安', '郑州']);
    expect(detail.route_note).toHaveLength(1);

    // An edit replaces the sub rows it names: one kept (by id) and changed, one removed, one added; a bad row
    // in it changes nothing.
    const zhengzhou = detail.route_stop.find((r: Body) => r.stop_name === '郑州');
    // Renames the order, keeps and renames 郑州, drops 西安 and adds `added`.
    const editStops = (added: Body) =>
      save('PUT', 'main', {
        id: masterId,
        order_no: 'RO-1-changed',
        route_stop: [{ id: zhengzhou.id, stop_name: '郑州东', seq: 1 }, added],
      });
    const badEdit = await editStops({ stop_name: '', seq: 3 });
    expect(badEdit.success).toBe(false);
    const blanked = await save('PUT', 'main', {
      id: masterId,
      route_stop: [{ id: zhengzhou.id, stop_name: '' }],
    });
    expect(blanked.message).toContain('经停点第1行: 经停点名称不能为空');
    const unchanged = await rowOf('main', masterId);
    expect(unchanged.order_no).toBe('RO-1');
    expect(unchanged.route_stop).toHaveLength(2);
    const edited = await editStops({ stop_name: '兰州', seq: 3 });
    expect(edited.success).toBe(true);
    const after = await rowOf('main', masterId);
    expect(after.route_stop.map((r: Body) => r.stop_name).sort()).toEqual(['兰州', '郑州东']);
    expect(after.route_stop.find((r: Body) => r.stop_name === '郑州东').id).toBe(zhengzhou.id);
    expect(after.route_note).toHaveLength(1);

    // A sub row added on its own (the ERP tab) must name an existing master row.
    const orphan = await save('POST', 'stop', { stop_name: '成都', order_id: 'nope' });
    expect(orphan.success).toBe(false);
    expect(orphan.message).toContain('主表记录不存在');
    const tab = await save('POST', 'stop', { stop_name: '成都', order_id: masterId });
    expect(tab.success).toBe(true);

    // Deleting the master deletes its sub rows with it.
    expect((await call('DELETE', `/online/cgform/api/form/${ids.main}/${masterId}`)).json().success).toBe(
      true,
    );
    expect(await count('route_stop')).toBe(0);
    expect(await count('route_note')).toBe(0);
  });

  it('refuses a unique sub-table value already taken, naming the row and field, and saves nothing of the master', async () => {
    const post = async (body: Body) =>
      (await call('POST', `/online/cgform/api/form/${ids.main}`, body)).json();
    const first = await post({
      order_no: 'RO-U1',
      route_stop: [
        { stop_name: '郑州', stop_code: 'ZZ01' },
        { stop_name: '西安', stop_code: 'XA01' },
      ],
    });
    expect(first).toMatchObject({ success: true });
    const other = await post({ order_no: 'RO-U2', route_stop: [{ stop_name: '成都', stop_code: 'CD01' }] });
    expect(other).toMatchObject({ success: true });
    const masters = await count('route_order');
    const stops = await count('route_stop');

    // Two rows of one body holding one value: the second is named.
    const twice = await post({
      order_no: 'RO-U3',
      route_stop: [
        { stop_name: '兰州', stop_code: 'LZ01' },
        { stop_name: '兰州西', stop_code: 'LZ01' },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.message).toContain('经停点第2行: 站点编码(stop_code): 值 LZ01 已存在');
    // A value a row of another master holds.
    const taken = await post({ order_no: 'RO-U4', route_stop: [{ stop_name: '郑州东', stop_code: 'ZZ01' }] });
    expect(taken.success).toBe(false);
    expect(taken.message).toContain('经停点第1行: 站点编码(stop_code): 值 ZZ01 已存在');
    // Nothing of either master was saved: no master row, no sub row (the first sub row of RO-U3 was written
    // before its second was refused, and rolled back with it).
    expect(await count('route_order')).toBe(masters);
    expect(await count('route_stop')).toBe(stops);
    const search = (await call('GET', `/online/cgform/api/getData/${ids.main}?order_no=RO-U`)).json().result;
    expect(search.records.map((r: Body) => r.order_no).sort()).toEqual(['RO-U1', 'RO-U2']);

    // An edit taking another master's value changes neither the master nor its rows (the rows it leaves out
    // were deleted first in the same transaction).
    const detail = await rowOf('main', first.result.id);
    const zz = detail.route_stop.find((r: Body) => r.stop_code === 'ZZ01');
    const badEdit = await save('PUT', 'main', {
      id: first.result.id,
      order_no: 'RO-U1-changed',
      route_stop: [
        { id: zz.id, stop_name: '郑州', stop_code: 'ZZ01' },
        { stop_name: '成都南', stop_code: 'CD01' },
      ],
    });
    expect(badEdit.success).toBe(false);
    expect(badEdit.message).toContain('经停点第2行: 站点编码(stop_code)');
    const unchanged = await rowOf('main', first.result.id);
    expect(unchanged.order_no).toBe('RO-U1');
    expect(unchanged.route_stop.map((r: Body) => r.stop_code).sort()).toEqual(['XA01', 'ZZ01']);
    // A row keeping its own value is no conflict.
    const kept = await save('PUT', 'main', {
      id: first.result.id,
      route_stop: [{ id: zz.id, stop_name: '郑州站', stop_code: 'ZZ01' }],
    });
    expect(kept.success).toBe(true);

    // A sub row added on its own (the ERP tab) is held to the same rule.
    const tab = await save('POST', 'stop', {
      stop_name: '成都东',
      stop_code: 'CD01',
      order_id: first.result.id,
    });
    expect(tab.success).toBe(false);
    expect(tab.message).toContain('站点编码(stop_code)');
    for (const id of [first.result.id, other.result.id])
      expect((await call('DELETE', `/online/cgform/api/form/${ids.main}/${id}`)).json().success).toBe(true);
  });

  it('loads a tree lazily, keeps has-child, and refuses a circular parent', async () => {
    const treeForm = (extra: Body = {}) => goodsCategoryForm('', extra);
    // The tree fields must be fields of the form.
    const wrong = (
      await call('POST', '/online/cgform/api/addAll', treeForm({ treeParentIdField: 'parent' }))
    ).json();
    expect(wrong.success).toBe(false);
    expect(wrong.message).toContain('treeParentIdField');
    await define('tree', treeForm());
    expect((await sync('tree')).success).toBe(true);
    const add = async (name: string, pid?: string) => {
      const res = await save('POST', 'tree', { name, ...(pid ? { pid } : {}) });
      expect(res).toMatchObject({ success: true });
      return res.result.id as string;
    };
    const data = (q = '') =>
      call('GET', `/online/cgform/api/getData/${ids.tree}${q}`).then((r) => r.json().result);
    const a = await add('电子产品');
    const b = await add('手机', a);
    const c = await add('智能手机', b);
    await add('食品');

    // Roots only, then the children of a row on demand.
    const roots = await data();
    expect(roots.records.map((r: Body) => r.name).sort()).toEqual(['电子产品', '食品']);
    expect(roots.records.find((r: Body) => r.name === '电子产品')).toMatchObject({
      pid: '0',
      has_child: '1',
    });
    expect(roots.records.find((r: Body) => r.name === '食品').has_child).toBe('0');
    expect((await data(`?pid=${a}`)).records.map((r: Body) => r.name)).toEqual(['手机']);
    expect((await data(`?pid=${b}`)).records.map((r: Body) => r.name)).toEqual(['智能手机']);
    expect((await data(`?pid=${c}`)).total).toBe(0);
    // A search shows matches at any level.
    expect((await data(`?name=${encodeURIComponent('手机')}`)).total).toBe(2);

    // Circular parents are refused, the row unchanged.
    for (const pid of [a, c]) {
      const res = await save('PUT', 'tree', { id: a, name: '电子产品', pid });
      expect(res.success).toBe(false);
      expect(res.message).toContain('父级(pid)');
    }
    const missing = await save('POST', 'tree', { name: 'x', pid: 'nope' });
    expect(missing.message).toContain('上级记录不存在');
    expect((await data(`?pid=${a}`)).records.map((r: Body) => r.name)).toEqual(['手机']);

    // A row with children is not deleted from under them; moving the child away clears has-child.
    expect((await call('DELETE', `/online/cgform/api/form/${ids.tree}/${b}`)).json().success).toBe(false);
    const moved = await save('PUT', 'tree', { id: c, name: '智能手机', pid: a });
    expect(moved.success).toBe(true);
    const level = await data(`?pid=${a}`);
    expect(level.records.find((r: Body) => r.name === '手机').has_child).toBe('0');
    expect((await call('DELETE', `/online/cgform/api/form/${ids.tree}/${b}`)).json().success).toBe(true);
  });
});
