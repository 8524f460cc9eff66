import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pendingCountersOf } from '../modules/freight/pendingCounters.ts';
import { hyCustomer } from '../modules/freight/schema.ts';
import { invalidateGrants } from '../modules/system/accessDirectory.ts';
import {
  sysPermission,
  sysPermissionDataRule,
  sysRole,
  sysRolePermission,
  sysTenant,
  sysUser,
  sysUserRole,
} from '../modules/system/schema.ts';
import { hashPassword } from '../platform/auth/crypto.ts';
import { stableId } from '../seed/seed.ts';
import { useLogins, useTestApp } from './harness.ts';

const api = (path: string) => `/jeecg-boot${path}`;

describe('access control', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });

  // Every route declaring its access is the start-up guard's job (the test below); here, what it declared holds.
  it('answers 401 on every non-public route without a token', async () => {
    expect(t.app.routeTable.length).toBeGreaterThan(20);
    const open: string[] = [];
    for (const route of t.app.routeTable) {
      if (route.access === 'public') continue;
      const url = route.url.replace(/:(\w+)/g, 'x').replace('*', 'x');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      if (res.statusCode !== 401) open.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(open).toEqual([]);
    const publicRoutes = t.app.routeTable
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes).toEqual(
      expect.arrayContaining([
        'POST /jeecg-boot/sys/login',
        'GET /jeecg-boot/setting/hySetting/queryPlatformSettings',
      ]),
    );
    // Only the self-service doors (registration, reset by phone code) are public under these prefixes.
    const selfService = [
      'POST /jeecg-boot/sys/user/register',
      'POST /jeecg-boot/sys/user/phoneVerification',
      'POST /jeecg-boot/sys/user/passwordChange',
      'POST /jeecg-boot/customer/hyCustomer/register',
    ];
    expect(
      publicRoutes.filter(
        (r) => (r.includes('/sys/user') || r.includes('/customer/')) && !selfService.includes(r),
      ),
    ).toEqual([]);
  });

  it('refuses to build an app with an undeclared route', async () => {
    const Fastify = (await import('fastify')).default;
    const { requireAccessDeclarations } = await import('../platform/access/declare.ts');
    const app = Fastify();
    requireAccessDeclarations(app);
    expect(() => app.get('/naked', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('answers 403 for a tenant the user does not belong to, and scopes tenant-owned rows', async () => {
    const foreign = await t.call(tokens.admin, {
      method: 'GET',
      url: api('/customer/hyCustomer/list'),
      headers: { tenant_id: '7' },
    });
    expect(foreign.statusCode).toBe(403);

    await t.db.insert(sysTenant).values({ id: 7, name: '华南分公司' });
    await t.db.insert(hyCustomer).values({ customerName: '深圳南山物流有限公司', tenantId: 7, state: 2 });
    await t.db.update(sysUser).set({ relTenantIds: '7' }).where(eq(sysUser.username, 'admin'));
    const inTenant7 = await t.call(tokens.admin, {
      method: 'GET',
      url: api('/customer/hyCustomer/list'),
      headers: { tenant_id: '7' },
    });
    expect(inTenant7.statusCode).toBe(200);
    expect(inTenant7.json().result.records.map((c: { customerName: string }) => c.customerName)).toEqual([
      '深圳南山物流有限公司',
    ]);
    const inTenant0 = await t.call(tokens.admin, { method: 'GET', url: api('/customer/hyCustomer/list') });
    const names = inTenant0.json().result.records.map((c: { customerName: string }) => c.customerName);
    expect(names).not.toContain('深圳南山物流有限公司');
    expect(names.length).toBe(4);
    // A row of another tenant is "not found", not readable by id.
    const [other] = await t.db.select().from(hyCustomer).where(eq(hyCustomer.tenantId, 7));
    const byId = await t.call(tokens.admin, {
      method: 'GET',
      url: api(`/customer/hyCustomer/queryById?id=${other.id}`),
    });
    expect(byId.json().success).toBe(false);
  });

  it('lets customer users (userType 2 and 6) see only their current customer', async () => {
    const customerRole = stableId('role', 'customer');
    const adminRole = stableId('role', 'customer_admin');
    const listPerm = stableId('menu', '/customer/manager');
    await t.db.insert(sysRolePermission).values([
      { roleId: customerRole, permissionId: listPerm },
      { roleId: adminRole, permissionId: listPerm },
    ]);
    invalidateGrants();
    const shipper = await t.login('shipper');
    const shipperRows = (
      await t.call(shipper, { method: 'GET', url: api('/customer/hyCustomer/list') })
    ).json().result.records;
    expect(shipperRows.map((c: { customerName: string }) => c.customerName)).toEqual([
      '苏州恒达建材有限公司',
    ]);

    const shipperAdmin = await t.login('shipper_admin');
    const before = (
      await t.call(shipperAdmin, { method: 'GET', url: api('/customer/hyCustomer/list') })
    ).json().result.records;
    expect(before.map((c: { customerName: string }) => c.customerName)).toEqual(['华东钢铁贸易有限公司']);

    const myList = (
      await t.call(shipperAdmin, { method: 'GET', url: api('/customer/hyCustomerAdmin/myList') })
    ).json().result;
    expect(myList).toHaveLength(2);
    expect(myList.filter((c: { isUsed: number }) => c.isUsed === 1)).toHaveLength(1);
    const other = myList.find((c: { isUsed: number }) => c.isUsed === 0);
    const switched = await t.call(shipperAdmin, {
      method: 'PUT',
      url: api('/customer/hyCustomerAdmin/selectCustomer'),
      payload: { customerId: other.customerId },
    });
    expect(switched.json()).toMatchObject({ success: true, message: '已切换指定货主' });
    const after = (
      await t.call(shipperAdmin, { method: 'GET', url: api('/customer/hyCustomer/list') })
    ).json().result.records;
    expect(after.map((c: { customerName: string }) => c.customerName)).toEqual([other.customerName]);

    const notMine = await t.call(shipperAdmin, {
      method: 'PUT',
      url: api('/customer/hyCustomerAdmin/selectCustomer'),
      payload: { customerId: stableId('customer', 'hengda-build') },
    });
    expect(notMine.json().success).toBe(false);
  });

  it('applies data rules granted with a menu: a role limited to its own department sees only those users', async () => {
    const userMenu = stableId('menu', '/system/user');
    const ruleId = 'ruleowndepartusers00000000000001';
    await t.db.insert(sysPermissionDataRule).values({
      id: ruleId,
      permissionId: userMenu,
      ruleName: '本部门及下级',
      ruleColumn: 'org_code',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
    });
    const roleId = 'rolefinanceviewer000000000000001';
    await t.db.insert(sysRole).values({ id: roleId, roleCode: 'finance_viewer', roleName: '财务查看' });
    await t.db.insert(sysRolePermission).values({ roleId, permissionId: userMenu, dataRuleIds: ruleId });
    const password = await hashPassword('Finance#2026');
    for (const [username, orgCode] of [
      ['fin_lead', 'A01A02'],
      ['fin_clerk', 'A01A02'],
      ['ops_clerk', 'A01A01'],
    ]) {
      const id = stableId('user', username);
      await t.db.insert(sysUser).values({ id, username, realname: username, password, orgCode, userType: 1 });
      if (username === 'fin_lead') await t.db.insert(sysUserRole).values({ userId: id, roleId });
    }
    invalidateGrants();
    const token = await t.login('fin_lead', 'Finance#2026');
    const res = await t.call(token, { method: 'GET', url: api('/sys/user/list?pageSize=100') });
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .result.records.map((u: { username: string }) => u.username)
      .sort();
    expect(names).toEqual(['fin_clerk', 'fin_lead']);
    // The same list for admin (no rule) shows everyone.
    const all = (
      await t.call(tokens.admin, { method: 'GET', url: api('/sys/user/list?pageSize=100') })
    ).json().result.records;
    expect(all.length).toBeGreaterThan(5);
  });

  it('builds menus from grants: a role with one menu sees that menu only, and no button it lacks', async () => {
    const token = await t.login('fin_lead', 'Finance#2026');
    const result = (
      await t.call(token, { method: 'GET', url: api('/sys/permission/getUserPermissionByToken') })
    ).json().result;
    expect(result.menu.map((m: { path: string }) => m.path)).toEqual(['/system/user']);
    expect(result.codes).toEqual(['system:user:list']);
    const [button] = await t.db
      .select({ perms: sysPermission.perms })
      .from(sysPermission)
      .where(eq(sysPermission.perms, 'system:user:add'));
    // The button exists, so the 403 below is the missing grant, not a missing button.
    expect(button?.perms).toBe('system:user:add');
    expect((await t.call(token, { method: 'POST', url: api('/sys/user/add'), payload: {} })).statusCode).toBe(
      403,
    );
  });
});

describe('list queries', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });

  const list = (query: string) =>
    t.call(tokens.admin, { method: 'GET', url: api(`/sys/user/list?${query}`) });

  it('pages with {records,total,size,current,pages}', async () => {
    const body = (await list('pageNo=1&pageSize=2&column=username&order=asc')).json();
    expect(body.result).toMatchObject({ total: 6, size: 2, current: 1, pages: 3 });
    expect(body.result.records.map((u: { username: string }) => u.username)).toEqual(['admin', 'agent01']);
    expect(body.result.records[0].status_dictText).toBe('正常');
    expect(body.result.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body.result.records[0]).not.toHaveProperty('password');
  });

  it('filters by value shape: like, not, in, ranges', async () => {
    const names = async (q: string) =>
      (await list(q))
        .json()
        .result.records.map((u: { username: string }) => u.username)
        .sort();
    expect(await names('username=*ship*')).toEqual(['shipper', 'shipper_admin']);
    expect(await names('username=ship*')).toEqual(['shipper', 'shipper_admin']);
    expect(await names('username=*admin')).toEqual(['admin', 'shipper_admin']);
    expect(await names('username=!admin')).toEqual([
      'agent01',
      'captain01',
      'operations01',
      'shipper',
      'shipper_admin',
    ]);
    expect(await names('userType=2,6')).toEqual(['shipper', 'shipper_admin']);
    expect(await names('createTime_begin=2000-01-01&createTime_end=2999-12-31')).toHaveLength(6);
    expect(await names('createTime_end=2000-01-01')).toEqual([]);
    // Fields not on the whitelist are ignored, never reach SQL.
    expect(await names('password=x')).toHaveLength(6);
  });

  it('answers injection attempts with a clear 4xx error and no harm', async () => {
    const sortAttack = await list('column=id;drop table sys_user&order=asc');
    expect(sortAttack.statusCode).toBe(400);
    expect(sortAttack.json()).toMatchObject({ success: false, code: 400 });
    expect(sortAttack.json().message).toContain('排序');
    expect((await list('column=username&order=asc;delete')).statusCode).toBe(400);
    const valueAttack = await list(`username=${encodeURIComponent("admin' or '1'='1")}`);
    expect(valueAttack.json().result.records).toEqual([]);
    const likeAttack = await list(`username=${encodeURIComponent('*%*')}`);
    expect(likeAttack.json().result.records).toEqual([]);
    expect((await list('status=abc')).statusCode).toBe(400);
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(sysUser);
    expect(Number(count.n)).toBe(6);
  });

  it('reports the seven pending counters, real where the table exists', async () => {
    const body = (
      await t.call(tokens.admin, { method: 'GET', url: api('/hydriver/hyDriver/getDsXx') })
    ).json();
    expect(body.result).toEqual({
      sijiCount: 0,
      cheCount: 0,
      huozhuCount: 1,
      yuejieZhangQi: 0,
      pijieZhangQi: 0,
      tangjieZhangQi: 0,
      dianfuZq: 0,
    });
    await t.db.update(hyCustomer).set({ state: 1 });
    // A write behind the services' back: drop the briefly cached counts as a submission would.
    pendingCountersOf(t.db).invalidate();
    const after = (
      await t.call(tokens.admin, { method: 'GET', url: api('/hydriver/hyDriver/getDsXx') })
    ).json();
    expect(after.result.huozhuCount).toBe(4);
  });

  it('serves the session calls of the console', async () => {
    const departs = (
      await t.call(tokens.admin, { method: 'GET', url: api('/sys/user/getCurrentUserDeparts') })
    ).json().result;
    expect(departs.list.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01', 'A01A01']);
    const selected = await t.call(tokens.admin, {
      method: 'PUT',
      url: api('/sys/selectDepart'),
      payload: { orgCode: 'A01A01' },
    });
    expect(selected.json().result.userInfo.orgCode).toBe('A01A01');
    const refused = await t.call(tokens.admin, {
      method: 'PUT',
      url: api('/sys/selectDepart'),
      payload: { orgCode: 'A01A03' },
    });
    expect(refused.json().success).toBe(false);
    const cfg = (await t.call(tokens.admin, { method: 'GET', url: api('/hyconfig/hyConfig/cfg') })).json()
      .result;
    expect(cfg.service_rate_bp).toBe('600');
    const dicts = (
      await t.call(tokens.admin, { method: 'GET', url: api('/sys/dict/queryAllDictItems') })
    ).json().result;
    expect(dicts.plate_color).toHaveLength(10);
    expect(
      (await t.call(tokens.admin, { method: 'GET', url: api('/sys/dict/refleshCache') })).json().message,
    ).toBe('刷新缓存完成！');
    const info = (await t.call(tokens.admin, { method: 'GET', url: api('/sys/loginfo') })).json().result;
    expect(info.todayVisitCount).toBeGreaterThanOrEqual(1);
    const visits = (await t.call(tokens.admin, { method: 'GET', url: api('/sys/visitInfo') })).json().result;
    expect(visits).toHaveLength(7);
    expect(visits[6].visit).toBeGreaterThanOrEqual(1);
    const annts = (
      await t.call(tokens.admin, { method: 'GET', url: api('/sys/annountCement/listByUser') })
    ).json().result;
    expect(annts.anntMsgTotal).toBe(1);
    expect(annts.sysMsgTotal).toBe(1);
    const id = annts.anntMsgList[0].id;
    expect(
      (
        await t.call(tokens.admin, { method: 'GET', url: api(`/sys/annountCement/queryById?id=${id}`) })
      ).json().result.titile,
    ).toBe('平台上线通知');
    await t.call(tokens.admin, {
      method: 'PUT',
      url: api('/sys/sysAnnouncementSend/editByAnntIdAndUserId'),
      payload: { anntId: id },
    });
    const afterRead = (
      await t.call(tokens.admin, { method: 'GET', url: api('/sys/annountCement/listByUser') })
    ).json().result;
    expect(afterRead.anntMsgTotal).toBe(0);
  });
});
