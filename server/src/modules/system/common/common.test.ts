import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { useLogins, useTestApp } from '../../../test/harness.ts';
import { sysTenant, sysUser } from '../schema.ts';

const api = (path: string) => `/jeecg-boot${path}`;
// 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function form(file: Buffer, name: string, type: string, biz?: string): FormData {
  const data = new FormData();
  if (biz !== undefined) data.append('biz', biz);
  data.append('isup', '1');
  data.append('file', new Blob([file], { type }), name);
  return data;
}

describe('files', () => {
  const t = useTestApp({ dataDir: `/tmp/freight-test-files-${process.pid}-${Date.now()}` });
  const tokens = useLogins(t, { admin: 'admin' });

  const upload = (data: FormData, token: string | null = tokens.admin) =>
    t.call(token, { method: 'POST', url: api('/sys/common/upload'), payload: data as unknown as string });

  it('stores an image under its biz folder and returns the path in message', async () => {
    const res = await upload(form(PNG, 'licence.png', 'image/png', 'customer'));
    const body = res.json();
    expect(body.success).toBe(true);
    // A random name: neither the uploaded name nor a time.
    expect(body.message).toMatch(/^customer\/\d{8}\/[\w-]{24}\.png$/);
    expect(body.result.name).toBe('licence.png');
    const file = await t.call(tokens.admin, {
      method: 'GET',
      url: api(`/sys/common/static/${body.message}`),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('defaults the folder to temp and refuses traversal in biz', async () => {
    expect((await upload(form(PNG, 'a.png', 'image/png'))).json().message).toMatch(/^temp\//);
    for (const biz of ['../etc', '..', 'a/../../b', '/abs', 'a\\b']) {
      const res = await upload(form(PNG, 'a.png', 'image/png', biz));
      expect(res.json(), biz).toMatchObject({ success: false, message: '上传目录不合法' });
    }
  });

  it('decides the type by content: spoofed, SVG and HTML files are refused', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await upload(form(html, 'photo.png', 'image/png'))).json().message).toBe('不支持的文件类型');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload(form(svg, 'logo.svg', 'image/svg+xml'))).json().message).toBe('不支持的文件类型');
    expect((await upload(form(svg, 'notes.txt', 'text/plain'))).json().message).toBe('不支持的文件类型');
    expect((await upload(form(Buffer.from('plain text'), 'notes.txt', 'text/plain'))).json().success).toBe(
      true,
    );
  });

  it('refuses files over 10 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect((await upload(form(big, 'big.png', 'image/png'))).json()).toMatchObject({
      success: false,
      message: '文件大小超出10MB限制',
    });
  });

  it('serves files only to signed-in users or through a short-lived signed URL of the same user', async () => {
    const path = (await upload(form(PNG, 'd.png', 'image/png', 'driver'))).json().message;
    expect((await t.call(null, { method: 'GET', url: api(`/sys/common/static/${path}`) })).statusCode).toBe(
      401,
    );
    const signing = await t.call(tokens.admin, {
      method: 'GET',
      url: api(`/sys/common/signUrl?path=${encodeURIComponent(path)}`),
    });
    const signed = signing.json().result;
    // The browser keeps the session for the links in an HttpOnly cookie scoped to the static route.
    const cookie = String(signing.headers['set-cookie']).split(';')[0];
    expect(signing.headers['set-cookie']).toMatch(
      /^freight_file_session=[\w-]+; Path=\/jeecg-boot\/sys\/common\/static; HttpOnly; SameSite=Strict$/,
    );
    const asBrowser = (url: string, withCookie = cookie) =>
      t.call(null, { method: 'GET', url, headers: withCookie ? { cookie: withCookie } : {} });
    const served = await asBrowser(signed.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // Without a session the same link is refused.
    expect((await asBrowser(signed.url, '')).statusCode).toBe(401);
    // Copied to another user: their session (got by signing a file of their own) does not match the user
    // the link was made for.
    const shipper = await t.login('shipper');
    const own = (await upload(form(PNG, 'own.png', 'image/png', 'customer'), shipper)).json().message;
    const shipperSigning = await t.call(shipper, {
      method: 'GET',
      url: api(`/sys/common/signUrl?path=${encodeURIComponent(own)}`),
    });
    expect(shipperSigning.json().success).toBe(true);
    const shipperCookie = String(shipperSigning.headers['set-cookie']).split(';')[0];
    expect(await asBrowser(signed.url, shipperCookie)).toMatchObject({ statusCode: 403 });
    // A session that ended takes its links with it.
    await t.call(shipper, { method: 'POST', url: api('/sys/logout') });
    expect((await asBrowser(signed.url, shipperCookie)).statusCode).toBe(401);
    // The link lives ten to fifteen minutes (expiries are rounded to five-minute windows).
    expect(signed.expiresAt - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(signed.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    vi.useFakeTimers({ toFake: ['Date'], now: signed.expiresAt + 1_000 });
    try {
      const expired = await asBrowser(signed.url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toBe('文件链接已过期，请刷新页面');
    } finally {
      vi.useRealTimers();
    }
    expect((await asBrowser(signed.url.replace(/sign=.+$/, 'sign=forged'))).statusCode).toBe(403);
    const otherFile = signed.url.replace('driver/', 'customer/');
    expect((await asBrowser(otherFile)).statusCode).toBe(403);
    expect(
      (await asBrowser(signed.url.replace(/expires=\d+/, `expires=${signed.expiresAt + 3_600_000}`)))
        .statusCode,
    ).toBe(403);
    // A shorter life may be asked for.
    const short = (
      await t.call(tokens.admin, {
        method: 'GET',
        url: api(`/sys/common/signUrl?path=${encodeURIComponent(path)}&ttl=5`),
      })
    ).json().result;
    expect(short.expiresAt - Date.now()).toBeLessThanOrEqual(5_000);
    expect(
      (
        await t.call(tokens.admin, { method: 'GET', url: api('/sys/common/signUrl?path=..%2Fsecret.png') })
      ).json(),
    ).toMatchObject({ success: false, message: '文件路径不合法' });
    // A percent sign in the path is a missing file, not a failure.
    expect(
      (await t.call(tokens.admin, { method: 'GET', url: api('/sys/common/static/%25') })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(tokens.admin, { method: 'GET', url: api('/sys/common/static/..%2F..%2Fetc%2Fpasswd') })
      ).json().success,
    ).toBe(false);
    expect((await upload(form(PNG, 'x.png', 'image/png'), null)).statusCode).toBe(401);
  });
});

describe('dictionaries and validators', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });
  const get = (path: string, token: string = tokens.admin) =>
    t.call(token, { method: 'GET', url: api(path) });

  it('answers code dictionaries and whitelisted table dictionaries with bound keywords', async () => {
    expect((await get('/sys/dict/getDictItems/plate_color')).json().result).toHaveLength(10);
    expect((await get('/sys/dict/getDictItems/%20')).json().message).toBe('字典Code不能为空!');
    const users = (await get('/sys/dict/loadDict/sys_user,realname,username?keyword=王')).json().result;
    expect(users).toEqual([expect.objectContaining({ value: 'shipper_admin', text: '王建国' })]);
    expect(
      (await get('/sys/dict/loadDictItem/sys_user,realname,username?key=admin,agent01')).json().result,
    ).toEqual(['平台管理员', '赵志强']);
    expect((await get('/sys/dict/loadDictItem/user_status?key=1,2')).json().result).toEqual(['正常', '冻结']);
  });

  it('refuses the SQL-injection payloads a JeecgBoot client is known to be probed with', async () => {
    const payloads = [
      'sys_user,password,username',
      'sys_user,realname,username,1=1',
      "sys_user,realname,username,username='admin' or 1=1",
      'sys_user,(select password from sys_user limit 1),username',
      'sys_user,realname,username/*%0A*/',
      'information_schema.tables,table_name,table_name',
      'sys_user,`realname`,username',
    ];
    for (const code of payloads) {
      const res = await get(`/sys/dict/loadDict/${encodeURIComponent(code)}?keyword=a`);
      expect(res.json(), code).toMatchObject({ success: false });
      expect(JSON.stringify(res.json())).not.toContain('argon2');
    }
    const keyword = (
      await get(`/sys/dict/loadDict/sys_user,realname,username?keyword=${encodeURIComponent("%' or '1'='1")}`)
    ).json();
    expect(keyword.result).toEqual([]);
    // The other two lookups take the same dictionary codes and keys.
    for (const code of payloads) {
      const items = (await get(`/sys/dict/loadDictItem/${encodeURIComponent(code)}?key=admin`)).json();
      expect(items, code).toMatchObject({ success: false });
      const byCode = (await get(`/sys/dict/getDictItems/${encodeURIComponent(code)}`)).json();
      expect(JSON.stringify(byCode), code).not.toContain('argon2');
      expect(byCode.result ?? [], code).toEqual([]);
    }
    const key = (
      await get(
        `/sys/dict/loadDictItem/sys_user,realname,username?key=${encodeURIComponent("admin' or '1'='1")}`,
      )
    ).json();
    // An unknown key comes back as itself (reference behaviour), never as another row's text.
    expect(key.result).toEqual(["admin' or '1'='1"]);
  });

  it('checks uniqueness on whitelisted fields, excluding the record itself', async () => {
    expect(
      (await get('/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin')).json(),
    ).toMatchObject({
      success: false,
      message: '该值不可用，系统中已存在！',
    });
    expect(
      (await get('/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=newbie')).json(),
    ).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    const adminId = (await get('/sys/user/list?username=admin')).json().result.records[0].id;
    expect(
      (
        await get(
          `/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin&dataId=${adminId}`,
        )
      ).json().success,
    ).toBe(true);
    expect(
      (await get('/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=')).json(),
    ).toMatchObject({ success: true, code: 500 });
    expect(
      (await get('/sys/duplicate/check?tableName=sys_user&fieldName=password&fieldVal=x')).json().success,
    ).toBe(false);
    expect(
      (await get('/sys/duplicate/check?tableName=pg_user&fieldName=usename&fieldVal=postgres')).json()
        .success,
    ).toBe(false);
  });
});

describe('realtime', () => {
  const t = useTestApp();
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jeecg-boot`;
  });

  const open = (url: string, token?: string, headers?: Record<string, string>) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url, token ? [token] : [], { headers });
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
      socket.once('unexpected-response', (req, res) => {
        // Listening to this event makes aborting the handshake our job; a dangling request errors later.
        req.destroy();
        reject(new Error(`HTTP ${res.statusCode}`));
      });
    });
  const next = (socket: WebSocket) =>
    new Promise<unknown>((resolve) => socket.once('message', (raw) => resolve(JSON.parse(raw.toString()))));

  it('refuses a socket without a valid token', async () => {
    await expect(open(`${base}/websocket/x`)).rejects.toThrow(/401/);
  });

  it('pushes announcements to a user and merges table row updates into the other open tables', async () => {
    const token = await t.login('admin');
    const userId = (await t.call(token, { method: 'GET', url: api('/sys/user/list?username=admin') })).json()
      .result.records[0].id;
    const inbox = await open(`${base}/websocket/${userId}`, token);
    const arriving = next(inbox);
    inbox.send('HeartBeat');
    expect(await arriving).toMatchObject({ cmd: 'heartcheck' });
    const pushed = next(inbox);
    await t.ctx.realtime.pushToUsers([userId], { cmd: 'user', msgId: 'annt-1', msgTxt: '新公告' });
    expect(await pushed).toEqual({ cmd: 'user', msgId: 'annt-1', msgTxt: '新公告' });
    const broadcast = next(inbox);
    await t.ctx.realtime.pushToUsers('all', { cmd: 'topic', msgId: 'annt-2', msgTxt: '全员公告' });
    expect(await broadcast).toMatchObject({ cmd: 'topic', msgId: 'annt-2' });

    const tableA = await open(`${base}/vxeSocket/${userId}/page-a`, token);
    const tableB = await open(`${base}/vxeSocket/${userId}/page-a`, token);
    const beat = next(tableA);
    tableA.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    expect(await beat).toEqual({ type: 'heart_beat', data: true });
    const received = next(tableB);
    let echoed = false;
    tableA.once('message', () => {
      echoed = true;
    });
    tableA.send(
      JSON.stringify({
        type: 'update_vxe_table',
        data: { socketKey: 'orders', args: [{ id: '1', qty: 3 }, 'case-a'] },
      }),
    );
    expect(await received).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'orders', args: [{ id: '1', qty: 3 }, 'case-a'] },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(echoed).toBe(false);
    await Promise.all(
      [inbox, tableA, tableB].map((s) => new Promise((resolve) => s.once('close', resolve).close())),
    );
  });

  const idOf = async (username: string) =>
    (await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0].id;

  it('relays a row update only to the same table in the same tenant and customer, never to the sender', async () => {
    await t.db.insert(sysTenant).values({ id: 7, name: '华南分公司' }).onConflictDoNothing();
    await t.db.update(sysUser).set({ relTenantIds: '7' }).where(eq(sysUser.username, 'admin'));
    const admin = await t.login('admin');
    const shipper = await t.login('shipper');
    const adminId = await idOf('admin');
    const shipperId = await idOf('shipper');
    const page = 'tenant-leak-page';
    const sender = await open(`${base}/vxeSocket/${adminId}/${page}`, admin);
    const sameTable = await open(`${base}/vxeSocket/${adminId}/${page}`, admin);
    const otherTable = await open(`${base}/vxeSocket/${adminId}/another-page`, admin);
    const otherTenantByHeader = await open(`${base}/vxeSocket/${adminId}/${page}`, admin, { tenant_id: '7' });
    const otherTenantByQuery = await open(`${base}/vxeSocket/${adminId}/${page}?tenant_id=7`, admin);
    const otherCustomer = await open(`${base}/vxeSocket/${shipperId}/${page}`, shipper);
    const inboxes = new Map<WebSocket, unknown[]>();
    for (const s of [sender, sameTable, otherTable, otherTenantByHeader, otherTenantByQuery, otherCustomer]) {
      const inbox: unknown[] = [];
      inboxes.set(s, inbox);
      s.on('message', (raw) => inbox.push(JSON.parse(raw.toString())));
    }
    const update = {
      type: 'update_vxe_table',
      data: { socketKey: 'orders', args: [{ id: '9', qty: 1 }, 'case-x'] },
    };
    const arrived = next(sameTable);
    sender.send(JSON.stringify(update));
    expect(await arrived).toEqual(update);
    // The other tenant's sockets do talk to each other, so their silence above is the filter, not a dead socket.
    const inTenant7 = next(otherTenantByQuery);
    otherTenantByHeader.send(JSON.stringify({ ...update, data: { ...update.data, socketKey: 't7' } }));
    expect(await inTenant7).toMatchObject({ data: { socketKey: 't7' } });
    await new Promise((r) => setTimeout(r, 150));
    expect(inboxes.get(sender)).toEqual([]);
    expect(inboxes.get(sameTable)).toEqual([update]);
    expect(inboxes.get(otherTable)).toEqual([]);
    expect(inboxes.get(otherTenantByHeader)).toEqual([]);
    expect(inboxes.get(otherTenantByQuery)).toHaveLength(1);
    expect(inboxes.get(otherCustomer)).toEqual([]);
    await Promise.all(
      [...inboxes.keys()].map((s) => new Promise((resolve) => s.once('close', resolve).close())),
    );
  });

  it('refuses a table socket for a tenant the user does not belong to', async () => {
    const token = await t.login('shipper');
    const socket = await open(`${base}/vxeSocket/${await idOf('shipper')}/p?tenant_id=7`, token);
    const code = await new Promise<number>((resolve) => socket.once('close', (c) => resolve(c)));
    expect(code).toBe(4403);
  });

  it('refuses a socket for another user id', async () => {
    const token = await t.login('shipper');
    const socket = await open(`${base}/websocket/someone-else`, token);
    const code = await new Promise<number>((resolve) => socket.once('close', (c) => resolve(c)));
    expect(code).toBe(4403);
  });
});
