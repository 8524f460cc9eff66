// Online forms beyond a single table: a main form with a one-to-many and a one-to-one sub-table saved in one
// transaction, a sub-table pointing at a missing master refused, and a tree form that loads lazily and
// refuses a circular parent.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';

type Body = Record<string, unknown>;

const field = (dbFieldName: string, dbFieldTxt: string, extra: Body = {}): Body => ({
  dbFieldName,
  dbFieldTxt,
  dbType: 'string',
  dbLength: 50,
  dbIsNull: 1,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  orderNum: 0,
  ...extra,
});

const form = (head: Body, fields: Body[]) => ({ head: { tableTxtEn: null, ...head }, fields, indexs: [] });
const orderKey = (extra: Body = {}) =>
  field('order_id', '运单', {
    dbLength: 32,
    mainTable: 'route_order',
    mainField: 'id',
    isShowForm: 0,
    ...extra,
  });

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
    const res = (
      await call(
        'POST',
        '/online/cgform/api/addAll',
        form({ tableName: 'route_stop', tableTxt: '经停点', tableType: 3 }, [
          field('stop_name', '经停点'),
          orderKey(),
        ]),
      )
    ).json();
    expect(res.success).toBe(false);
    expect(res.message).toContain('fields[1](order_id).mainTable(route_order)');
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
    await define(
      'main',
      form({ tableName: 'route_order', tableTxt: '线路运单', tableType: 2 }, [
        field('order_no', '单号', { dbIsNull: 0, isQuery: 1, queryMode: 'like' }),
        field('shipper', '托运人'),
      ]),
    );
    await define(
      'stop',
      form({ tableName: 'route_stop', tableTxt: '经停点', tableType: 3, relationType: 0, tabOrderNum: 1 }, [
        field('stop_name', '经停点', { dbIsNull: 0 }),
        field('seq', '顺序', { dbType: 'int' }),
        orderKey(),
      ]),
    );
    await define(
      'note',
      form({ tableName: 'route_note', tableTxt: '备注', tableType: 3, relationType: 1, tabOrderNum: 2 }, [
        field('remark', '说明'),
        orderKey(),
      ]),
    );
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
    const bad = (
      await call('POST', `/online/cgform/api/form/${ids.main}`, {
        order_no: 'RO-BAD',
        route_stop: [{ stop_name: '郑州', seq: 1 }, { seq: 'not a number' }],
      })
    ).json();
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('经停点第2行');
    expect(await count('route_order')).toBe(0);
    expect(await count('route_stop')).toBe(0);
    // A one-to-one sub-table takes one row.
    const twoNotes = (
      await call('POST', `/online/cgform/api/form/${ids.main}`, {
        order_no: 'RO-2',
        route_note: [{ remark: 'a' }, { remark: 'b' }],
      })
    ).json();
    expect(twoNotes.message).toContain('一对一');
    expect(await count('route_order')).toBe(0);

    const good = (
      await call('POST', `/online/cgform/api/form/${ids.main}`, {
        order_no: 'RO-1',
        order_id: 'ignored',
        route_stop: [
          { stop_name: '郑州', seq: 1, order_id: 'forged' },
          { stop_name: '西安', seq: 2 },
        ],
        route_note: { remark: '易碎' },
      })
    ).json();
    expect(good).toMatchObject({ success: true });
    const masterId = good.result.id as string;
    // The ERP tab's list: the sub form's own rows filtered by the foreign key.
    const stops = (await call('GET', `/online/cgform/api/getData/${ids.stop}?order_id=${masterId}`)).json()
      .result;
    expect(stops.total).toBe(2);
    expect(stops.records.map((r: Body) => r.order_id)).toEqual([masterId, masterId]);
    // The master row comes with its sub rows (the edit form, the inner table).
    const detail = (await call('GET', `/online/cgform/api/form/${ids.main}/${masterId}`)).json().result;
    expect(detail.route_stop.map((r: Body) => r.stop_name).sort()).toEqual(['西安', '郑州']);
    expect(detail.route_note).toHaveLength(1);

    // An edit replaces the sub rows it names: one kept (by id) and changed, one removed, one added; a bad row
    // in it changes nothing.
    const zhengzhou = detail.route_stop.find((r: Body) => r.stop_name === '郑州');
    const badEdit = (
      await call('PUT', `/online/cgform/api/form/${ids.main}`, {
        id: masterId,
        order_no: 'RO-1-changed',
        route_stop: [
          { id: zhengzhou.id, stop_name: '郑州东', seq: 1 },
          { stop_name: '', seq: 3 },
        ],
      })
    ).json();
    expect(badEdit.success).toBe(false);
    const blanked = (
      await call('PUT', `/online/cgform/api/form/${ids.main}`, {
        id: masterId,
        route_stop: [{ id: zhengzhou.id, stop_name: '' }],
      })
    ).json();
    expect(blanked.message).toContain('经停点第1行: 经停点不能为空');
    const unchanged = (await call('GET', `/online/cgform/api/form/${ids.main}/${masterId}`)).json().result;
    expect(unchanged.order_no).toBe('RO-1');
    expect(unchanged.route_stop).toHaveLength(2);
    const edited = (
      await call('PUT', `/online/cgform/api/form/${ids.main}`, {
        id: masterId,
        order_no: 'RO-1-changed',
        route_stop: [
          { id: zhengzhou.id, stop_name: '郑州东', seq: 1 },
          { stop_name: '兰州', seq: 3 },
        ],
      })
    ).json();
    expect(edited.success).toBe(true);
    const after = (await call('GET', `/online/cgform/api/form/${ids.main}/${masterId}`)).json().result;
    expect(after.route_stop.map((r: Body) => r.stop_name).sort()).toEqual(['兰州', '郑州东']);
    expect(after.route_stop.find((r: Body) => r.stop_name === '郑州东').id).toBe(zhengzhou.id);
    expect(after.route_note).toHaveLength(1);

    // A sub row added on its own (the ERP tab) must name an existing master row.
    const orphan = (
      await call('POST', `/online/cgform/api/form/${ids.stop}`, { stop_name: '成都', order_id: 'nope' })
    ).json();
    expect(orphan.success).toBe(false);
    expect(orphan.message).toContain('主表记录不存在');
    const tab = (
      await call('POST', `/online/cgform/api/form/${ids.stop}`, { stop_name: '成都', order_id: masterId })
    ).json();
    expect(tab.success).toBe(true);

    // Deleting the master deletes its sub rows with it.
    expect((await call('DELETE', `/online/cgform/api/form/${ids.main}/${masterId}`)).json().success).toBe(
      true,
    );
    expect(await count('route_stop')).toBe(0);
    expect(await count('route_note')).toBe(0);
  });

  it('loads a tree lazily, keeps has-child, and refuses a circular parent', async () => {
    const treeForm = (extra: Body = {}) =>
      form(
        {
          tableName: 'goods_category',
          tableTxt: '货物分类',
          tableType: 1,
          isTree: 'Y',
          treeParentIdField: 'pid',
          treeIdField: 'has_child',
          treeFieldname: 'name',
          ...extra,
        },
        [
          field('name', '名称', { dbIsNull: 0, isQuery: 1, queryMode: 'like' }),
          field('pid', '父级', { dbLength: 32, isShowList: 0 }),
          field('has_child', '是否有子节点', { dbLength: 3, isShowForm: 0, isShowList: 0 }),
        ],
      );
    // The tree fields must be fields of the form.
    const wrong = (
      await call('POST', '/online/cgform/api/addAll', treeForm({ treeParentIdField: 'parent' }))
    ).json();
    expect(wrong.success).toBe(false);
    expect(wrong.message).toContain('treeParentIdField');
    await define('tree', treeForm());
    expect((await sync('tree')).success).toBe(true);
    const add = async (name: string, pid?: string) => {
      const res = (
        await call('POST', `/online/cgform/api/form/${ids.tree}`, { name, ...(pid ? { pid } : {}) })
      ).json();
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
      const res = (
        await call('PUT', `/online/cgform/api/form/${ids.tree}`, { id: a, name: '电子产品', pid })
      ).json();
      expect(res.success).toBe(false);
      expect(res.message).toContain('父级(pid)');
    }
    const missing = (
      await call('POST', `/online/cgform/api/form/${ids.tree}`, { name: 'x', pid: 'nope' })
    ).json();
    expect(missing.message).toContain('上级记录不存在');
    expect((await data(`?pid=${a}`)).records.map((r: Body) => r.name)).toEqual(['手机']);

    // A row with children is not deleted from under them; moving the child away clears has-child.
    expect((await call('DELETE', `/online/cgform/api/form/${ids.tree}/${b}`)).json().success).toBe(false);
    const moved = (
      await call('PUT', `/online/cgform/api/form/${ids.tree}`, { id: c, name: '智能手机', pid: a })
    ).json();
    expect(moved.success).toBe(true);
    const level = await data(`?pid=${a}`);
    expect(level.records.find((r: Body) => r.name === '手机').has_child).toBe('0');
    expect((await call('DELETE', `/online/cgform/api/form/${ids.tree}/${b}`)).json().success).toBe(true);
  });
});
