import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stableId } from '../../seed/seed.ts';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { invalidateGrants, sysPermission, sysRolePermission, sysUser } from '../system/index.ts';
import { api, caller, creditCode, userIdOf } from './partyTestKit.ts';

const EAST_STEEL = stableId('customer', 'east-steel');
const LUXI_CHEM = stableId('customer', 'luxi-chem');
const HENGDA = stableId('customer', 'hengda-build');

describe('customers, customer staff and customer admins', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, () => tokens.admin)(...args);

  const company = (over: object = {}) => ({
    customerName: '南京远航物流有限公司',
    customerType: 1,
    creditCode: creditCode('91320105MA1Y7T6K3'),
    legalPerson: '吴海',
    contactName: '吴海',
    contactMobile: '13952001234',
    address: '江苏省南京市秦淮区中山南路1号',
    settleMode: 3,
    creditDays: 30,
    creditLimitFen: 50_000_000,
    serviceFeeMode: 2,
    serviceRateBp: 650,
    invoiceTitle: '南京远航物流有限公司',
    invoiceTaxNo: creditCode('91320105MA1Y7T6K3'),
    invoiceAddress: '南京市秦淮区中山南路1号',
    invoicePhone: '025-84561234',
    invoiceBank: '中国工商银行南京新街口支行',
    invoiceAccount: '4301011309100012345',
    ...over,
  });

  it('keeps settlement, credit, service-fee rule and invoice title, validated, and reviews shippers moving the counter', async () => {
    const message = async (body: object) =>
      (await call('POST', '/customer/hyCustomer/add', body)).json().message;
    expect(await message(company({ creditCode: null }))).toBe('企业货主必须填写统一社会信用代码');
    expect(await message(company({ creditCode: '91320105MA1Y7T6K30' }))).toBe('请输入正确的统一社会信用代码');
    expect(await message(company({ settleMode: 1, creditDays: 15 }))).toBe('趟结货主不设账期');
    expect(await message(company({ creditDays: 400 }))).toBe('账期最多365天');
    expect(await message(company({ serviceRateBp: 10_000 }))).toBe('服务费率必须小于100%');
    expect(await message(company({ invoiceTaxNo: '123' }))).toBe('请输入正确的纳税人识别号');
    expect(await message(company({ invoiceAccount: 'abc' }))).toBe('请输入正确的银行账号');
    expect(await message(company({ contactMobile: '1395200123' }))).toBe('请输入正确的手机号码');
    expect(await message(company({ creditLimitFen: 10.5 }))).toBe('金额最多两位小数');
    expect(await message(company())).toBe('添加成功！');
    // The same credit code twice in one tenant is refused by the database.
    expect(await message(company({ customerName: '重复' }))).toBe('数据库中已存在该记录');
    // An individual shipper needs no credit code.
    expect(await message({ customerName: '个体户张三', customerType: 2, settleMode: 1 })).toBe('添加成功！');

    const [row] = (await call('GET', '/customer/hyCustomer/list?customerName=南京远航物流有限公司')).json()
      .result.records;
    expect(row).toMatchObject({
      state: 1,
      settleMode: 3,
      settleMode_dictText: '月结',
      creditDays: 30,
      creditLimitFen: 50_000_000,
      serviceFeeMode: 2,
      serviceFeeMode_dictText: '含税反算',
      serviceRateBp: 650,
      invoiceTitle: '南京远航物流有限公司',
      invoiceAccount: '4301011309100012345',
      customerType_dictText: '企业',
    });

    const counts = async () => (await call('GET', '/hydriver/hyDriver/getDsXx')).json().result.huozhuCount;
    const before = await counts();
    expect(
      (
        await call('POST', '/customer/hyCustomer/review', { id: row.id, state: 3, reason: '营业执照已过期' })
      ).json().success,
    ).toBe(true);
    expect(await counts()).toBe(before - 1);
    // Editing the rejected shipper sends it back to review.
    expect(
      (
        await call('PUT', '/customer/hyCustomer/edit', {
          ...company({ creditLimitFen: 80_000_000 }),
          id: row.id,
        })
      ).json().success,
    ).toBe(true);
    expect(await counts()).toBe(before);
    expect((await call('POST', '/customer/hyCustomer/review', { id: row.id, state: 2 })).json().message).toBe(
      '审核通过',
    );
    expect(await counts()).toBe(before - 1);
    const log = (await call('GET', `/customer/hyCustomer/reviewLog?id=${row.id}`)).json().result;
    expect(log.map((s: { fromState: number; toState: number }) => `${s.fromState}>${s.toState}`)).toEqual([
      '1>3',
      '3>1',
      '1>2',
    ]);
  });

  it('lets staff of a customer manage its users only; adding one creates a userType-2 login that must change its password', async () => {
    const shipperAdmin = await t.login('shipper_admin');
    const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
      t.call(token, { method, url: api(path), payload });
    // shipper_admin acts for east-steel; the customerId of the form is ignored, the current customer is used.
    const added = await as(shipperAdmin, 'POST', '/customer/hyCustomerUser/add', {
      customerId: HENGDA,
      username: 'east_clerk',
      realname: '孙丽',
      mobile: '13851230001',
      password: 'Clerk#2026a',
      userType: 6,
    });
    expect(added.json().message).toBe('添加成功！');
    const [login] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'east_clerk'));
    expect(login).toMatchObject({
      userType: 2,
      cid: EAST_STEEL,
      phone: '13851230001',
      realname: '孙丽',
      passwordChangedAt: null,
    });
    // The first sign-in asks for a new password (406), as for any password set by someone else.
    const first = await t.app.inject({
      method: 'POST',
      url: api('/sys/loginByUsername'),
      payload: { username: 'east_clerk', password: 'Clerk#2026a' },
    });
    expect(first.json()).toMatchObject({ success: true, code: 406 });
    expect(
      (
        await as(shipperAdmin, 'POST', '/customer/hyCustomerUser/add', {
          customerId: EAST_STEEL,
          username: 'admin',
          realname: 'x',
          mobile: '13851230002',
          password: 'Clerk#2026a',
        })
      ).json().message,
    ).toBe('用户名已存在');
    expect(
      (
        await as(shipperAdmin, 'POST', '/customer/hyCustomerUser/add', {
          customerId: EAST_STEEL,
          username: 'weak_pw',
          realname: 'x',
          mobile: '13851230002',
          password: 'abc',
        })
      ).json().message,
    ).toBe('密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!');

    // Platform staff add a user to luxi-chem; shipper_admin sees only the current customer's users…
    expect(
      (
        await call('POST', '/customer/hyCustomerUser/add', {
          customerId: LUXI_CHEM,
          username: 'luxi_clerk',
          realname: '高峰',
          mobile: '13905350001',
          password: 'Clerk#2026a',
        })
      ).json().success,
    ).toBe(true);
    const names = async (token: string) =>
      (await as(token, 'GET', '/customer/hyCustomerUser/list?pageSize=50'))
        .json()
        .result.records.map((r: { username: string }) => r.username);
    expect(await names(shipperAdmin)).toEqual(['east_clerk']);
    // …until switching to luxi-chem (spec: switching the current customer changes cid).
    expect(
      (
        await as(shipperAdmin, 'PUT', '/customer/hyCustomerAdmin/selectCustomer', { customerId: LUXI_CHEM })
      ).json().message,
    ).toBe('已切换指定货主');
    expect(await names(shipperAdmin)).toEqual(['luxi_clerk']);
    const east = (await call('GET', '/customer/hyCustomerUser/list?username=east_clerk')).json().result
      .records[0];
    expect(east).toMatchObject({
      customerName: '华东钢铁贸易有限公司',
      userType: 2,
      userType_dictText: expect.any(String),
    });
    // A row of another customer is "not found" to it, for edit and delete alike.
    expect(
      (await as(shipperAdmin, 'PUT', '/customer/hyCustomerUser/edit', { ...east, realname: '改' })).json()
        .message,
    ).toBe('未找到对应数据');
    expect(
      (await as(shipperAdmin, 'DELETE', `/customer/hyCustomerUser/delete?id=${east.id}`)).json().message,
    ).toBe('未找到对应数据');
    await as(shipperAdmin, 'PUT', '/customer/hyCustomerAdmin/selectCustomer', { customerId: EAST_STEEL });

    // Editing keeps the login in step; freezing ends its sessions.
    expect(
      (
        await call('PUT', '/customer/hyCustomerUser/edit', {
          id: east.id,
          customerId: east.customerId,
          realname: '孙丽华',
          mobile: '13851230009',
          status: 2,
        })
      ).json().message,
    ).toBe('编辑成功!');
    const [frozen] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'east_clerk'));
    expect(frozen).toMatchObject({ realname: '孙丽华', phone: '13851230009', status: 2 });

    // Deleting the staff row deletes the login.
    expect((await call('DELETE', `/customer/hyCustomerUser/delete?id=${east.id}`)).json().success).toBe(true);
    const [gone] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'east_clerk'));
    expect(gone.delFlag).toBe(1);

    // A customer's plain staff (userType 2) hold no customer-user codes.
    const shipper = await t.login('shipper');
    expect((await as(shipper, 'GET', '/customer/hyCustomerUser/list')).statusCode).toBe(403);
    expect((await as(shipper, 'POST', '/customer/hyCustomerUser/add', {})).statusCode).toBe(403);
  });

  it('scopes customer-owned lists to the current customer for userType 2 and 6', async () => {
    // Give the customer roles the shipper list, as an operator might, to see the scope at work.
    const [list] = await t.db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(eq(sysPermission.perms, 'customer:manager:list'));
    for (const role of ['customer', 'customer_admin'])
      await t.db
        .insert(sysRolePermission)
        .values({ roleId: stableId('role', role), permissionId: list.id })
        .onConflictDoNothing();
    invalidateGrants();
    const ids = async (username: string) =>
      (
        await t.call(await t.login(username), {
          method: 'GET',
          url: api('/customer/hyCustomer/list?pageSize=50'),
        })
      )
        .json()
        .result.records.map((r: { id: string }) => r.id);
    expect(await ids('shipper')).toEqual([HENGDA]);
    expect(await ids('shipper_admin')).toEqual([EAST_STEEL]);
    expect((await ids('admin')).length).toBeGreaterThanOrEqual(4);
    const shipper = await t.login('shipper');
    expect(
      (
        await t.call(shipper, { method: 'GET', url: api(`/customer/hyCustomer/queryById?id=${EAST_STEEL}`) })
      ).json().message,
    ).toBe('未找到对应数据');
  });

  it('links customer admins to the customers they administer (platform staff only) and switches between them', async () => {
    const shipperAdmin = await t.login('shipper_admin');
    const adminId = await userIdOf(t, 'shipper_admin');
    const myList = async () =>
      (await t.call(shipperAdmin, { method: 'GET', url: api('/customer/hyCustomerAdmin/myList') })).json()
        .result as Array<{
        customerId: string;
        isUsed: number;
      }>;
    const selectHengda = async (method: 'PUT' | 'POST') =>
      (
        await t.call(shipperAdmin, {
          method,
          url: api('/customer/hyCustomerAdmin/selectCustomer'),
          payload: { customerId: HENGDA },
        })
      ).json();
    expect((await myList()).map((c) => c.customerId).sort()).toEqual([EAST_STEEL, LUXI_CHEM].sort());
    expect((await myList()).find((c) => c.isUsed === 1)?.customerId).toBe(EAST_STEEL);
    expect((await selectHengda('PUT')).message).toBe('您无权管理该货主');
    // The customer admin cannot grant itself another customer.
    expect(
      (
        await t.call(shipperAdmin, {
          method: 'POST',
          url: api('/customer/hyCustomerAdmin/add'),
          payload: { userId: adminId, customerId: HENGDA },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/customer/hyCustomerAdmin/add', { userId: adminId, customerId: HENGDA })).json()
        .success,
    ).toBe(true);
    expect((await myList()).length).toBe(3);
    expect((await selectHengda('POST')).success).toBe(true);
    const links = (await call('GET', `/customer/hyCustomerAdmin/list?userId=${adminId}`)).json().result;
    expect(links.map((l: { customerName: string }) => l.customerName)).toContain('苏州恒达建材有限公司');
    // Removing the current customer moves the admin to one still administered.
    expect(
      (await call('DELETE', `/customer/hyCustomerAdmin/delete?userId=${adminId}&customerId=${HENGDA}`)).json()
        .success,
    ).toBe(true);
    const [user] = await t.db.select().from(sysUser).where(eq(sysUser.id, adminId));
    expect([EAST_STEEL, LUXI_CHEM]).toContain(user.cid);
    // Only customer admins can be linked.
    const shipperId = await userIdOf(t, 'shipper');
    expect(
      (await call('POST', '/customer/hyCustomerAdmin/add', { userId: shipperId, customerId: HENGDA })).json()
        .message,
    ).toBe('该用户不是货主管理员');
  });
});
