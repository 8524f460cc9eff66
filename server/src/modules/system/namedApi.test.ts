import { describe, expect, it } from 'vitest';
import { api, useLogins, useTestApp } from '../../test/harness.ts';

describe('named calls of the reference console (/api/*) and POST /sys/selectDepart', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin', operations: 'operations01', shipper: 'shipper' });

  const get = (token: string, url: string) => t.call(token, { method: 'GET', url: api(url) });

  it('pages the real users without their passwords', async () => {
    const res = (await get(tokens.admin, '/api/user?pageNo=1&pageSize=3')).json();
    expect(res.success).toBe(true);
    expect(res.result.records).toHaveLength(3);
    expect(res.result.total).toBeGreaterThanOrEqual(6);
    expect(res.result.size).toBe(3);
    expect(res.result.records[0]).not.toHaveProperty('password');
    const all = (await get(tokens.admin, '/api/user?pageSize=100')).json().result.records;
    expect(all.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'operations01', 'agent01']),
    );
  });

  it('pages the roles', async () => {
    const res = (await get(tokens.admin, '/api/role?pageSize=100')).json();
    expect(res.result.records.map((r: { roleCode: string }) => r.roleCode)).toContain('admin');
    expect(res.result.total).toBe(res.result.records.length);
  });

  it('lists the server modules and the gateway routes as services', async () => {
    const res = (await get(tokens.admin, '/api/service?pageSize=1000')).json();
    const names = res.result.records.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['sys', 'api']));
    const sys = res.result.records.find((s: { name: string }) => s.name === 'sys');
    expect(sys).toMatchObject({ kind: 'module', uri: '/jeecg-boot/sys' });
    expect(sys.routes).toBeGreaterThan(50);
  });

  it('answers the permissions paged and without pages', async () => {
    const paged = (await get(tokens.admin, '/api/permission?pageNo=2&pageSize=5')).json().result;
    expect(paged.records).toHaveLength(5);
    expect(paged.current).toBe(2);
    const all = (await get(tokens.admin, '/api/permission/no-pager')).json().result;
    expect(all).toHaveLength(paged.total);
    expect(all.map((p: { perms: string | null }) => p.perms)).toContain('system:user:list');
  });

  it.each(['/api/user', '/api/role', '/api/service', '/api/permission', '/api/permission/no-pager'])(
    'keeps %s behind its list permission',
    async (url) => {
      expect((await get(tokens.operations, url)).statusCode, url).toBe(403);
      expect((await get(tokens.shipper, url)).statusCode, url).toBe(403);
      expect((await t.call(null, { method: 'GET', url: api(url) })).statusCode, url).toBe(401);
    },
  );

  it('pages every paged call: pages do not overlap and the total stays', async () => {
    for (const url of ['/api/user', '/api/role', '/api/service', '/api/permission']) {
      const first = (await get(tokens.admin, `${url}?pageNo=1&pageSize=2`)).json().result;
      const second = (await get(tokens.admin, `${url}?pageNo=2&pageSize=2`)).json().result;
      expect(first.records, url).toHaveLength(2);
      expect(second.current, url).toBe(2);
      expect(second.total, url).toBe(first.total);
      const key = (row: { id?: string; name?: string; kind?: string }) => row.id ?? `${row.kind}:${row.name}`;
      const firstKeys = new Set(first.records.map(key));
      expect(
        second.records.some((row: object) => firstKeys.has(key(row))),
        url,
      ).toBe(false);
    }
    const beyond = (await get(tokens.admin, '/api/user?pageNo=999&pageSize=10')).json().result;
    expect(beyond.records).toEqual([]);
  });

  it('never answers a password, salt, hash or token', async () => {
    const bodies = await Promise.all(
      ['/api/user?pageSize=1000', '/api/role?pageSize=1000', '/api/service?pageSize=1000']
        .concat(['/api/permission?pageSize=1000', '/api/permission/no-pager'])
        .map(async (url) => (await get(tokens.admin, url)).body),
    );
    for (const body of bodies) {
      expect(body).not.toMatch(/"(password|salt|token|accessToken|passwordHash)"\s*:/i);
      expect(body).not.toMatch(/\$(argon2|scrypt|2[aby]\$)/);
      expect(body).not.toContain(tokens.admin);
    }
  });

  it('selects the department by POST as by PUT', async () => {
    const select = (method: 'POST' | 'PUT', orgCode: string) =>
      t.call(tokens.admin, {
        method,
        url: api('/sys/selectDepart'),
        payload: { orgCode, username: 'admin' },
      });
    const departs = (await get(tokens.admin, '/sys/user/getCurrentUserDeparts')).json().result.list;
    const codes = departs.map((d: { orgCode: string }) => d.orgCode);
    expect(codes).toContain('A01A01');
    const other = codes.find((code: string) => code !== 'A01A01') ?? 'A01A01';

    const byPut = await select('PUT', other);
    const byPost = await select('POST', other);
    expect(byPost.statusCode).toBe(byPut.statusCode);
    expect(byPost.json()).toEqual({ ...byPut.json(), timestamp: expect.anything() });
    expect(byPost.json().result.userInfo).not.toHaveProperty('password');

    const selected = await select('POST', 'A01A01');
    expect(selected.json().result.userInfo.orgCode).toBe('A01A01');
    expect((await get(tokens.admin, '/sys/user/getCurrentUserDeparts')).json().result.orgCode).toBe('A01A01');

    // A department the user does not belong to is refused the same way by both.
    const refusedPost = (await select('POST', 'A01A03')).json();
    const refusedPut = (await select('PUT', 'A01A03')).json();
    expect(refusedPost.success).toBe(false);
    expect(refusedPost.message).toBe(refusedPut.message);
    expect(
      (await t.call(null, { method: 'POST', url: api('/sys/selectDepart'), payload: { orgCode: 'A01A01' } }))
        .statusCode,
    ).toBe(401);
  });
});
