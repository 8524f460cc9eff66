import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';

describe('named calls of §7 (/api/*) and POST /sys/selectDepart', () => {
  let t: TestApp;
  let admin: string;
  let operations: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
    operations = await t.login('operations01');
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) => t.call(token, { method: 'GET', url: api(url) });

  it('pages the real users without their passwords', async () => {
    const res = (await get(admin, '/api/user?pageNo=1&pageSize=3')).json();
    expect(res.success).toBe(true);
    expect(res.result.records).toHaveLength(3);
    expect(res.result.total).toBeGreaterThanOrEqual(6);
    expect(res.result.size).toBe(3);
    expect(res.result.records[0]).not.toHaveProperty('password');
    const all = (await get(admin, '/api/user?pageSize=100')).json().result.records;
    expect(all.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'operations01', 'agent01']),
    );
  });

  it('pages the roles', async () => {
    const res = (await get(admin, '/api/role?pageSize=100')).json();
    expect(res.result.records.map((r: { roleCode: string }) => r.roleCode)).toContain('admin');
    expect(res.result.total).toBe(res.result.records.length);
  });

  it('lists the server modules and the gateway routes as services', async () => {
    const res = (await get(admin, '/api/service?pageSize=1000')).json();
    const names = res.result.records.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['sys', 'api']));
    const sys = res.result.records.find((s: { name: string }) => s.name === 'sys');
    expect(sys).toMatchObject({ kind: 'module', uri: '/jeecg-boot/sys' });
    expect(sys.routes).toBeGreaterThan(50);
  });

  it('answers the permissions paged and without pages', async () => {
    const paged = (await get(admin, '/api/permission?pageNo=2&pageSize=5')).json().result;
    expect(paged.records).toHaveLength(5);
    expect(paged.current).toBe(2);
    const all = (await get(admin, '/api/permission/no-pager')).json().result;
    expect(all).toHaveLength(paged.total);
    expect(all.map((p: { perms: string | null }) => p.perms)).toContain('system:user:list');
  });

  it('keeps each call behind its list permission', async () => {
    for (const url of [
      '/api/user',
      '/api/role',
      '/api/service',
      '/api/permission',
      '/api/permission/no-pager',
    ]) {
      expect((await get(operations, url)).statusCode, url).toBe(403);
      expect((await t.call(null, { method: 'GET', url: api(url) })).statusCode, url).toBe(401);
    }
  });

  it('selects the department by POST as by PUT', async () => {
    const selected = await t.call(admin, {
      method: 'POST',
      url: api('/sys/selectDepart'),
      payload: { orgCode: 'A01A01', username: 'admin' },
    });
    expect(selected.json().result.userInfo.orgCode).toBe('A01A01');
    const refused = await t.call(admin, {
      method: 'POST',
      url: api('/sys/selectDepart'),
      payload: { orgCode: 'A01A03' },
    });
    expect(refused.json().success).toBe(false);
  });
});
