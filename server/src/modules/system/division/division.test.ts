import { describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../../test/harness.ts';

describe('administrative divisions', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { token: 'shipper' });

  const get = (url: string) => t.call(tokens.token, { method: 'GET', url: `/jeecg-boot${url}` });

  it('lists provinces, their cities and districts with six-digit codes', async () => {
    const provinces = (await get('/sys/division/children')).json().result;
    expect(provinces).toHaveLength(31);
    expect(provinces).toContainEqual({ code: '320000', name: '江苏省', level: 1, isLeaf: false });
    const cities = (await get('/sys/division/children?parentCode=320000')).json().result;
    expect(cities).toContainEqual({ code: '320100', name: '南京市', level: 2, isLeaf: false });
    const districts = (await get('/sys/division/children?parentCode=320100')).json().result;
    expect(districts).toContainEqual({ code: '320106', name: '鼓楼区', level: 3, isLeaf: true });
  });

  it('gives a district its province and city, and refuses codes that are not divisions', async () => {
    const chain = (await get('/sys/division/path?code=320106')).json().result;
    expect(chain.map((d: { name: string }) => d.name)).toEqual(['江苏省', '南京市', '鼓楼区']);
    expect((await get('/sys/division/path?code=999999')).statusCode).toBe(404);
    const bad = await get('/sys/division/path?code=32%27or1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it('needs a signed-in user', async () => {
    const res = await t.call(null, { method: 'GET', url: '/jeecg-boot/sys/division/children' });
    expect(res.statusCode).toBe(401);
  });
});
