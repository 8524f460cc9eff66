// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${name}` is the enhancement placeholder syntax.
// Copies of an online form and the enhancements of its custom buttons: a copy shows its own fields over the
// same table; enhancement texts keep 16 versions per code, only designers write them, and an SQL enhancement
// touches nothing but the form's own table.

import { cgformTestField as field } from '@freight/contracts/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';

type Body = Record<string, unknown>;

describe('online form copies and enhancements', () => {
  let t: TestApp;
  let admin: string;
  let ops: string;
  let headId: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, token = admin) =>
    t.call(token, { method, url: api(path), ...(payload ? { payload: payload as Body } : {}) });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
    ops = await t.login('operations01');
    const added = await call('POST', '/online/cgform/api/addAll', {
      head: { tableName: 'route_price', tableTxt: '线路价格', tableType: 1 },
      fields: [
        field('route_name', '线路', { dbIsNull: 0, orderNum: 1 }),
        field('price', '价格', { dbType: 'BigDecimal', dbLength: 10, dbPointLength: 2, orderNum: 2 }),
        field('remark', '备注', { orderNum: 3 }),
        field('status', '状态', { orderNum: 4 }),
      ],
      indexs: [],
    });
    headId = added.json().result.id;
    expect((await call('POST', `/online/cgform/api/doDbSynch/${headId}/normal`)).json().success).toBe(true);
  });
  afterAll(() => t.close());

  it('a copy shows its own fields over the same table and keeps hidden values on edit', async () => {
    const created = await call('POST', '/online/cgform/copy/add', {
      physicId: headId,
      tableTxt: '线路价格（对外）',
      fields: [{ dbFieldName: 'remark', isShowList: 0, isShowForm: 0, isQuery: 0 }],
    });
    expect(created.json().success).toBe(true);
    const copyId = created.json().result.id as string;
    const list = (await call('GET', `/online/cgform/copy/list?physicId=${headId}`)).json().result;
    expect(list).toHaveLength(1);
    const columns = (await call('GET', `/online/cgform/copy/getColumns/${copyId}`)).json().result;
    expect(columns.code).toBe(headId);
    expect(columns.decl.title[0]).toBe('线路价格（对外）');
    expect(columns.decl.fields.remark).toMatchObject({ list: false, form: false });
    expect(columns.decl.fields.price).toMatchObject({ list: true, form: true });
    // the form itself is unchanged
    const own = (await call('GET', `/online/cgform/api/getColumns/${headId}`)).json().result;
    expect(own.decl.fields.remark).toMatchObject({ list: true, form: true });

    // Rows of the form are the copy's rows; an edit through the copy's form leaves the hidden field.
    await call('POST', `/online/cgform/api/form/${headId}`, {
      route_name: '沪-杭',
      price: '100',
      remark: '内部',
    });
    const [row] = (await call('GET', `${columns.decl.path}/list`)).json().result.records;
    await call('PUT', `${columns.decl.path}/edit`, { id: row.id, route_name: '沪-杭', price: '120' });
    const after = (await call('GET', `${columns.decl.path}/queryById?id=${row.id}`)).json().result;
    expect(after).toMatchObject({ price: '120.00', remark: '内部' });

    // a required field cannot be hidden from the copy's form; an unknown field is named
    const hideRequired = await call('PUT', '/online/cgform/copy/edit', {
      id: copyId,
      tableTxt: '线路价格（对外）',
      fields: [{ dbFieldName: 'route_name', isShowList: 1, isShowForm: 0, isQuery: 0 }],
    });
    expect(hideRequired.json().message).toContain('route_name');
    const unknown = await call('PUT', '/online/cgform/copy/edit', {
      id: copyId,
      tableTxt: 'x',
      fields: [{ dbFieldName: 'nope', isShowList: 1, isShowForm: 1, isQuery: 0 }],
    });
    expect(unknown.json()).toMatchObject({ success: false });
    expect(unknown.json().message).toContain('nope');

    // operations01 holds no code of the form: neither its copy's columns nor the copy designer
    expect((await call('GET', `/online/cgform/copy/getColumns/${copyId}`, undefined, ops)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/online/cgform/copy/add', { physicId: headId, tableTxt: 'x' }, ops)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/online/cgform/copy/delete?id=${copyId}`)).json().success).toBe(true);
  });

  it('keeps the newest 16 versions of a button JS and lists its button for the list', async () => {
    expect(
      (
        await call('POST', '/online/cgform/enhance/button', {
          cgformHeadId: headId,
          buttonCode: 'mark',
          buttonName: '标记',
        })
      ).json().success,
    ).toBe(true);
    for (let i = 1; i <= 18; i++) {
      const saved = await call('POST', '/online/cgform/enhance/save', {
        cgformHeadId: headId,
        kind: 'js',
        buttonCode: 'mark',
        content: `api.setField('status', 'v${i}')`,
      });
      expect(saved.json().result.version).toBe(i);
    }
    const history = (
      await call('GET', `/online/cgform/enhance/history?cgformHeadId=${headId}&kind=js&buttonCode=mark`)
    ).json().result as Array<{ version: number }>;
    expect(history).toHaveLength(16);
    expect(history[0]?.version).toBe(18);
    expect(history.at(-1)?.version).toBe(3);
    const buttons = (await call('GET', `/online/cgform/enhance/buttons/${headId}`)).json().result;
    expect(buttons).toEqual([
      expect.objectContaining({ buttonCode: 'mark', js: "api.setField('status', 'v18')", sql: false }),
    ]);
  });

  it('refuses every copy and enhancement route to users without the design permission, changing nothing', async () => {
    const copy = (
      await call('POST', '/online/cgform/copy/add', { physicId: headId, tableTxt: '线路价格（对外）' })
    ).json().result.id as string;
    const [button] = (await call('GET', `/online/cgform/enhance/buttons/${headId}`)).json().result;
    const history = `/online/cgform/enhance/history?cgformHeadId=${headId}&kind=js&buttonCode=mark`;
    const state = async () => ({
      copies: (await call('GET', `/online/cgform/copy/list?physicId=${headId}`)).json().result,
      buttons: (await call('GET', `/online/cgform/enhance/buttons/${headId}`)).json().result,
      history: (await call('GET', history)).json().result,
      rows: (await call('GET', `/online/cgform/api/getData/${headId}?pageSize=100`)).json().result.records,
    });
    const before = await state();
    const [row] = before.rows;
    // One well-formed request per route of cgformCopy.ts and cgformEnhance.ts (so the refusal is the access
    // check's, not the schema's); a route added there without a case here fails the walk below.
    const requests: Record<string, [string, Body?]> = {
      'GET /online/cgform/copy/list': [`/online/cgform/copy/list?physicId=${headId}`],
      'POST /online/cgform/copy/add': ['/online/cgform/copy/add', { physicId: headId, tableTxt: 'x' }],
      'PUT /online/cgform/copy/edit': ['/online/cgform/copy/edit', { id: copy, tableTxt: 'x', fields: [] }],
      'DELETE /online/cgform/copy/delete': [`/online/cgform/copy/delete?id=${copy}`],
      'GET /online/cgform/copy/getColumns/:copyId': [`/online/cgform/copy/getColumns/${copy}`],
      'GET /online/cgform/enhance/buttons/:headId': [`/online/cgform/enhance/buttons/${headId}`],
      'POST /online/cgform/enhance/button': [
        '/online/cgform/enhance/button',
        { cgformHeadId: headId, buttonCode: 'evil', buttonName: 'x' },
      ],
      'DELETE /online/cgform/enhance/button': [`/online/cgform/enhance/button?id=${button.id}`],
      'POST /online/cgform/enhance/save': [
        '/online/cgform/enhance/save',
        { cgformHeadId: headId, kind: 'js', buttonCode: 'mark', content: 'x' },
      ],
      'GET /online/cgform/enhance/history': [history],
      'POST /online/cgform/enhance/run/:headId/:buttonCode': [
        `/online/cgform/enhance/run/${headId}/mark`,
        { id: row?.id ?? 'x' },
      ],
    };
    const routes = t.app.routeTable
      .filter((r) => /\/online\/cgform\/(copy|enhance)\//.test(r.url))
      .map((r) => `${r.method} ${r.url.replace(api(''), '')}`);
    expect(routes.sort()).toEqual(Object.keys(requests).sort());
    const shipper = await t.login('shipper');
    for (const [who, token] of [
      ['operations01', ops],
      ['shipper', shipper],
    ] as const)
      for (const [route, [path, payload]] of Object.entries(requests)) {
        const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
        expect((await call(method, path, payload, token)).statusCode, `${who} ${route}`).toBe(403);
      }
    expect(await state()).toEqual(before);
    expect((await call('DELETE', `/online/cgform/copy/delete?id=${copy}`)).json().success).toBe(true);
  });

  it('runs an SQL enhancement on the own table with bound values and refuses any other table', async () => {
    const refused = async (content: string, why: string) => {
      const res = await call('POST', '/online/cgform/enhance/save', {
        cgformHeadId: headId,
        kind: 'sql',
        buttonCode: 'close',
        content,
      });
      expect(res.json(), content).toMatchObject({ success: false });
      expect(res.json().message, content).toContain(why);
    };
    await refused('update public.sys_user set realname = ${status}', 'sys_user');
    await refused('delete from sys_user', 'sys_user');
    await refused(
      'update route_price set remark = (select password from public.sys_user limit 1)',
      'sys_user',
    );
    await refused('update route_price set remark = pg_read_file(${remark})', 'pg_read_file');
    await refused('select * from route_price', 'UPDATE');
    await refused("update route_price set remark = 'a'; drop table route_price", '一条语句');
    await refused('update route_price set remark = ${password}', 'password');
    await refused('update route_price set remark = 1 -- x', '注释');

    const good = await call('POST', '/online/cgform/enhance/save', {
      cgformHeadId: headId,
      kind: 'sql',
      buttonCode: 'close',
      content: "update route_price set status = 'closed', remark = ${sys_user_code} where id = ${id}",
    });
    expect(good.json().success).toBe(true);
    await call('POST', `/online/cgform/api/form/${headId}`, {
      route_name: "x'); drop table route_price; --",
    });
    const rows = (await call('GET', `/online/cgform/api/getData/${headId}?pageSize=100`)).json().result
      .records;
    const target = rows.find((r: Body) => String(r.route_name).startsWith('x'));
    const ran = await call('POST', `/online/cgform/enhance/run/${headId}/close`, { id: target.id });
    expect(ran.json()).toMatchObject({ success: true, result: { affected: 1 } });
    const after = (await call('GET', `/online/cgform/api/form/${headId}/${target.id}`)).json().result;
    expect(after).toMatchObject({
      status: 'closed',
      remark: 'admin',
      route_name: "x'); drop table route_price; --",
    });
    const others = (await call('GET', `/online/cgform/api/getData/${headId}?pageSize=100`)).json().result
      .records;
    expect(others.filter((r: Body) => r.status === 'closed')).toHaveLength(1);
  });
  it('serves the enhancement frame with a policy of its own: its runtime and eval, no network', async () => {
    const res = await t.call(null, { method: 'GET', url: api('/online/sandbox/enhance.html') });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+' 'unsafe-eval'/);
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(res.body).toContain("post({ type: 'ready' })");
    // The console's own pages keep script-src 'self' without eval.
    const other = await t.call(null, { method: 'GET', url: api('/online/cgform/head/list') });
    const consoleCsp = String(other.headers['content-security-policy']);
    expect(consoleCsp).toContain("script-src 'self'");
    expect(consoleCsp).not.toContain('unsafe-eval');
  });
});
