// Regression tests of the attack findings that live in the system module: each failed on the
// code before its fix.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastCode } from '../../test/authKit.ts';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { commonUpload, PNG } from '../../test/kit.ts';
import { sysFillRuleCounter } from './adminSchema.ts';
import { sysSms } from './authSchema.ts';
import { nextFillValue } from './fillRule/generators.ts';
import { sysAnnouncement } from './schema.ts';

const api = (path: string) => `/jeecg-boot${path}`;

/**
 * A stand-in PostgreSQL server that asks for a clear-text password and writes down what it is sent: what a
 * server of the attacker's would learn.
 */
async function passwordTrap() {
  const received: string[] = [];
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    let startup = true;
    socket.on('data', (data) => {
      if (startup) {
        startup = false;
        // AuthenticationCleartextPassword
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
        return;
      }
      if (data[0] === 0x70) received.push(data.subarray(5, data.length - 1).toString());
      socket.destroy();
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('attack findings (system)', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin', shipper: 'shipper' });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    token: string | null = tokens.admin,
    headers?: Record<string, string>,
  ) => t.call(token, { method, url: api(path), payload: payload as object, headers });

  it('finding 5: without the fill-rule permission executeRuleByCode only previews; a run-out sequence widens', async () => {
    const added = await call('POST', '/sys/fillRule/add', {
      ruleName: '测试流水',
      ruleCode: 'attack_seq',
      ruleClass: 'dateSerial',
      ruleParams: '{"prefix":"AT","datePattern":"YYYYMMDD","digits":2}',
    });
    expect(added.json().success).toBe(true);
    const shipperSees = await Promise.all(
      Array.from(
        { length: 120 },
        async () =>
          (await call('PUT', '/sys/fillRule/executeRuleByCode/attack_seq', {}, tokens.shipper)).json().result,
      ),
    );
    // 120 calls, more than the 99 two-digit serials: one previewed value, nothing used up.
    expect(new Set(shipperSees).size).toBe(1);
    expect(shipperSees[0]).toMatch(/^AT\d{8}01$/);
    expect(await t.db.select().from(sysFillRuleCounter)).not.toContainEqual(
      expect.objectContaining({ counterKey: expect.stringMatching(/^attack_seq:/) }),
    );
    // The administrator of fill rules (and the server) use numbers up.
    expect((await call('PUT', '/sys/fillRule/executeRuleByCode/attack_seq', {})).json().result).toBe(
      shipperSees[0],
    );
    const [counter] = await t.db
      .select()
      .from(sysFillRuleCounter)
      .where(like(sysFillRuleCounter.counterKey, 'attack_seq:%'));
    await t.db
      .update(sysFillRuleCounter)
      .set({ value: 99 })
      .where(eq(sysFillRuleCounter.counterKey, counter.counterKey));
    expect(await nextFillValue(t.db, 'attack_seq')).toMatch(/^AT\d{8}100$/);
  });

  /** A raw HTTP request to the listening app: the path goes out byte for byte, as an attacker sends it. */
  const rawGet = (port: number, path: string, token: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path, method: 'GET', headers: { 'x-access-token': token } },
        (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('finding 3: gateway paths with ../, %2e%2e/, ..%2f or double encoding never leave the route prefix', async () => {
    const seen: string[] = [];
    const upstream: Server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ url: req.url }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/public`;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    try {
      const added = await call('POST', '/sys/gatewayRoute/add', {
        routerId: 'files',
        name: '文件服务',
        uri: upstreamUrl,
        predicates: '["/api/**"]',
        stripPrefix: 1,
      });
      expect(added.json().success).toBe(true);
      const ok = await rawGet(port, '/jeecg-boot/gateway/files/api/reports/a.txt?x=1', tokens.shipper);
      expect(ok.status).toBe(200);
      expect(seen).toEqual(['/public/reports/a.txt?x=1']);
      for (const attack of [
        '/api/../../admin/secret',
        '/api/%2e%2e/%2e%2e/admin/secret',
        '/api/%2E%2E/admin/secret',
        '/api/..%2f..%2fadmin/secret',
        '/api/..%5c..%5cadmin/secret',
        '/api/%252e%252e%252f%252e%252e%252fadmin/secret',
        '/api/.%2e/admin/secret',
        '/api/x/..',
      ]) {
        const res = await rawGet(port, `/jeecg-boot/gateway/files${attack}`, tokens.shipper);
        expect(res.status, attack).toBeGreaterThanOrEqual(400);
      }
      expect(
        seen.every((url) => url.startsWith('/public/')),
        seen.join(' '),
      ).toBe(true);
      expect(seen).toHaveLength(1);
    } finally {
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it('finding 4: a stored data source password is never sent to a changed host or port', async () => {
    const trap = await passwordTrap();
    try {
      const settings = {
        code: 'finance_pg',
        name: '财务库',
        dbType: 'postgresql',
        dbHost: '127.0.0.1',
        dbPort: 5432,
        dbName: 'finance',
        dbUsername: 'report',
      };
      expect(
        (await call('POST', '/sys/dataSource/add', { ...settings, dbPassword: 'Stored#Secret1' })).json(),
      ).toMatchObject({ success: true });
      const stored = (await call('GET', '/sys/dataSource/list?code=finance_pg')).json().result.records[0];
      const moved = await call('POST', '/sys/dataSource/testConnection', {
        ...settings,
        id: stored.id,
        dbPort: trap.port,
        dbPassword: '******',
      });
      expect(moved.json()).toMatchObject({
        success: false,
        message: '更换数据库类型、主机或端口后，请重新输入密码',
      });
      const blank = await call('POST', '/sys/dataSource/testConnection', {
        ...settings,
        id: stored.id,
        dbHost: 'localhost',
        dbPort: trap.port,
      });
      expect(blank.json().success).toBe(false);
      // An edit that moves the source without the password is refused the same way.
      const edit = await call('PUT', '/sys/dataSource/edit', { ...stored, dbPort: trap.port });
      expect(edit.json()).toMatchObject({
        success: false,
        message: '更换数据库类型、主机或端口后，请重新输入密码',
      });
      expect(trap.received).toEqual([]);
      expect(trap.connections()).toBe(0);

      // A password typed again goes where it was typed for.
      const typed = await call('POST', '/sys/dataSource/testConnection', {
        ...settings,
        id: stored.id,
        dbPort: trap.port,
        dbPassword: 'typed-for-this-host',
      });
      expect(typed.json().success).toBe(false);
      expect(trap.received).toEqual(['typed-for-this-host']);
    } finally {
      await trap.close();
    }
  });

  it('finding 13: SMS codes are never stored or listed; announcement titles are plain text; openPage is a console path or http(s)', async () => {
    const mobile = '13712345678';
    expect((await call('POST', '/sys/sms', { mobile, smsmode: '1' }, null)).json().success).toBe(true);
    const code = await lastCode(t, mobile);
    expect(code).toMatch(/^\d{6}$/);
    const listed = (await call('GET', `/sys/message/sysMessage/list?esReceiver=${mobile}`)).json().result
      .records as Array<{ id: string }>;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(code);
    const detail = await call('GET', `/sys/message/sysMessage/queryById?id=${listed[0].id}`);
    expect(JSON.stringify(detail.json())).not.toContain(code);
    const stored = await t.db.select().from(sysSms).where(eq(sysSms.esReceiver, mobile));
    expect(JSON.stringify(stored)).not.toContain(code);
    // A failed code message is not sent again (its text holds no code any more, and it would be stale).
    await t.db.update(sysSms).set({ esSendStatus: 2 }).where(eq(sysSms.esReceiver, mobile));
    expect((await call('PUT', '/sys/message/sysMessage/resend', { ids: listed[0].id })).json().success).toBe(
      false,
    );

    const add = async (body: Record<string, unknown>) =>
      (await call('POST', '/sys/annountCement/add', { msgContent: '<p>内容</p>', ...body })).json();
    expect(
      (await add({ titile: '<img src=x onerror=alert(1)>停机<script>alert(2)</script>通知<b>!</b>' }))
        .success,
    ).toBe(true);
    const [titled] = await t.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, '停机通知!'));
    expect(titled).toBeDefined();
    for (const [openType, openPage] of [
      ['url', 'javascript:alert(document.cookie)'],
      ['url', ' JavaScript:alert(1)'],
      ['url', 'data:text/html,<script>alert(1)</script>'],
      ['url', '//evil.example.com/login'],
      ['url', '/\\evil.example.com'],
      ['url', 'https://user:pw@evil.example.com/'],
      ['component', 'https://evil.example.com/'],
      ['component', 'vbscript:msgbox(1)'],
    ])
      expect((await add({ titile: '跳转', openType, openPage })).success, openPage).toBe(false);
    expect((await add({ titile: '站内', openType: 'component', openPage: '/order/list' })).success).toBe(
      true,
    );
    expect(
      (await add({ titile: '站外', openType: 'url', openPage: 'https://example.com/a?b=1' })).success,
    ).toBe(true);
  });

  it('finding 12: table dictionaries are allowed per table and role and masked; duplicate-check tells a shipper nothing of other parties', async () => {
    const items = async (code: string, token = tokens.shipper) =>
      (await call('GET', `/sys/dict/getDictItems/${encodeURIComponent(code)}`, undefined, token)).json()
        .result as Array<{ value: string; text: string }>;
    const everyone = await items('sys_user,realname,username', tokens.admin);
    expect(everyone.map((i) => i.value)).toEqual(expect.arrayContaining(['admin', 'shipper', 'agent01']));
    // A shipper sees the users of its own customer only, names masked.
    const mine = await items('sys_user,realname,username');
    expect(mine).toEqual([{ value: 'shipper', text: '陈**', title: '陈**', label: '陈**' }]);
    expect(await items('sys_user,realname,id,status = 1')).toHaveLength(1);
    for (const code of [
      'sys_depart,depart_name,org_code',
      'sys_role,role_name,role_code',
      'sys_position,name,code',
    ])
      expect(await items(code), code).toEqual([]);
    const named = (
      await call(
        'GET',
        '/sys/dict/loadDictItem/sys_user,realname,username?key=admin,agent01',
        undefined,
        tokens.shipper,
      )
    ).json().result;
    expect(named).toEqual(['admin', 'agent01']);
    const searched = (
      await call(
        'GET',
        `/sys/dict/loadDict/sys_user,realname,username?keyword=${encodeURIComponent('赵')}`,
        undefined,
        tokens.shipper,
      )
    ).json().result;
    expect(searched).toEqual([]);

    const check = (tableName: string, fieldName: string, fieldVal: string, token = tokens.shipper) =>
      call(
        'GET',
        `/sys/duplicate/check?tableName=${tableName}&fieldName=${fieldName}&fieldVal=${encodeURIComponent(fieldVal)}`,
        undefined,
        token,
      ).then((r) => r.json());
    const taken = await check('sys_user', 'phone', '13800000002', tokens.admin);
    expect(taken.success).toBe(false);
    for (const [table, field, value] of [
      ['sys_user', 'phone', '13800000002'],
      ['sys_user', 'phone', '13999999999'],
      ['hy_customer', 'credit_code', '91320000MA1MX0C45P'],
      ['hy_agent', 'mobile', '13770881234'],
      ['sys_depart', 'org_code', 'A01'],
    ]) {
      const answer = await check(table, field, value);
      expect(answer, `${table}.${field}`).toMatchObject({ success: false, message: '不支持校验该字段' });
    }
    // Whether a login name is free stays answerable: accounts need one.
    expect((await check('sys_user', 'username', 'admin')).success).toBe(false);
    expect((await check('sys_user', 'username', 'no_such_login_x')).success).toBe(true);
  });

  it('finding 11: private files are read only by their uploader, its party or platform staff; stored names are random', async () => {
    const upload = async (token: string, biz: string, name = 'yyzz.png') => {
      const body = (await commonUpload(t, token, { data: PNG, name, type: 'image/png', biz })).json();
      expect(body.success).toBe(true);
      return body.message as string;
    };
    const read = async (token: string, path: string) =>
      (await t.call(token, { method: 'GET', url: api(`/sys/common/static/${path}`) })).statusCode;
    const shipperAdmin = await t.login('shipper_admin');
    const agent = await t.login('agent01');

    const licence = await upload(tokens.shipper, 'customer');
    const again = await upload(tokens.shipper, 'customer');
    expect(licence).not.toBe(again);
    expect(licence).not.toContain('yyzz');
    expect(licence).toMatch(/^customer\/\d{8}\/[\w-]{24}\.png$/);
    expect(await read(tokens.shipper, licence)).toBe(200);
    expect(await read(tokens.admin, licence)).toBe(200);
    expect(await read(shipperAdmin, licence)).toBe(404);
    expect(await read(agent, licence)).toBe(404);

    const driverPhoto = await upload(tokens.admin, 'driver');
    expect(await read(tokens.shipper, driverPhoto)).toBe(404);
    expect(await read(tokens.shipper, `${driverPhoto.slice(0, -4)}x.png`)).toBe(404);
    // No signed link for a file the caller may not read.
    const signed = await call(
      'GET',
      `/sys/common/signUrl?path=${encodeURIComponent(driverPhoto)}`,
      undefined,
      agent,
    );
    expect(signed.json().success).toBe(false);
    const signing = await call(
      'GET',
      `/sys/common/signUrl?path=${encodeURIComponent(licence)}`,
      undefined,
      tokens.shipper,
    );
    // The browser sends the file-session cookie the signing set with the link.
    const cookie = String(signing.headers['set-cookie']).split(';')[0];
    const own = signing.json().result;
    expect((await t.call(null, { method: 'GET', url: own.url, headers: { cookie } })).statusCode).toBe(200);
  });
});
