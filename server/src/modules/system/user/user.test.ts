import { describe, expect, it } from 'vitest';
import { stableId } from '../../../seed/seed.ts';
import {
  importWithRefusals,
  STAFF_PASSWORD as PASSWORD,
  readXlsx,
  useAdminApi,
  xlsx,
} from './accessTestKit.ts';

describe('users (system/UserList)', () => {
  const { t, tokens, call } = useAdminApi();
  const ops = stableId('depart', 'A01A01');
  const finance = stableId('depart', 'A01A02');
  const customerRole = stableId('role', 'customer');
  const agentRole = stableId('role', 'agent');

  const userByName = async (username: string) =>
    (await call('GET', `/sys/user/list?username=${username}`)).json().result.records[0];

  it('adds a user with roles, departments, position and tenant; the current department follows the departments', async () => {
    expect(
      (await call('POST', '/sys/position/add', { code: 'dispatcher', name: '调度员' })).json().success,
    ).toBe(true);
    expect((await call('POST', '/sys/tenant/add', { id: 7, name: '华东分公司' })).json().success).toBe(true);
    const options = {
      positions: (await call('GET', '/sys/position/queryList')).json().result,
      tenants: (await call('GET', '/sys/tenant/queryList')).json().result,
      roles: (await call('GET', '/sys/role/queryall')).json().result,
    };
    expect(options.positions.map((p: { code: string }) => p.code)).toContain('dispatcher');
    expect(options.tenants.map((x: { id: number }) => x.id)).toEqual([0, 7]);
    expect(options.roles.map((x: { roleCode: string }) => x.roleCode)).toContain('customer');

    const added = await call('POST', '/sys/user/add', {
      username: 'ops_li',
      realname: '李运营',
      password: PASSWORD,
      phone: '13911110001',
      email: 'ops_li@example.com',
      workNo: 'W001',
      post: 'dispatcher',
      relTenantIds: '7',
      avatar: 'avatar/li.png',
      orgCode: 'A01A02',
      selectedroles: `${customerRole},${agentRole}`,
      selecteddeparts: `${ops},${finance}`,
    });
    expect(added.json()).toMatchObject({ success: true, message: '添加成功！' });
    const user = await userByName('ops_li');
    expect(user).toMatchObject({ post: 'dispatcher', relTenantIds: '7', orgCode: 'A01A02', status: 1 });
    expect(user.password).toBeUndefined();
    expect(user.status_dictText).toBe('正常');
    expect((await call('GET', `/sys/user/queryUserRole?userid=${user.id}`)).json().result.sort()).toEqual(
      [customerRole, agentRole].sort(),
    );
    const byUserId = (await call('GET', `/sys/user/queryUserRoleByUerId?userId=${user.id}`)).json().result;
    expect(byUserId.map((r: { roleCode: string }) => r.roleCode).sort()).toEqual(['agent', 'customer']);
    const departs = (await call('GET', `/sys/user/userDepartList?userId=${user.id}`)).json().result;
    expect(departs.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual(['A01A01', 'A01A02']);
    const inOps = (await call('GET', `/sys/user/queryUserByDepId?id=${ops}`)).json().result;
    expect(inOps.map((u: { username: string }) => u.username)).toContain('ops_li');
    const filtered = (await call('GET', `/sys/user/list?departId=${finance}&pageSize=50`)).json().result
      .records;
    expect(filtered.map((u: { username: string }) => u.username)).toEqual(['ops_li']);

    // Moving the user out of finance moves the current department to a department the user still has.
    await call('PUT', '/sys/user/edit', { id: user.id, realname: '李运营', selecteddeparts: ops });
    expect((await userByName('ops_li')).orgCode).toBe('A01A01');
    const outside = await call('PUT', '/sys/user/edit', {
      id: user.id,
      realname: '李运营',
      orgCode: 'A01A03',
    });
    expect(outside.json()).toMatchObject({ success: false, message: '当前部门必须是用户所属部门之一' });
    // The account name cannot be changed by edit.
    await call('PUT', '/sys/user/edit', { id: user.id, username: 'renamed', realname: '李运营二' });
    expect((await userByName('ops_li')).realname).toBe('李运营二');
  });

  it('validates the form: formats, strong password, unknown roles, and one account per name, mobile and e-mail', async () => {
    const base = { username: 'ops_wang', realname: '王', password: PASSWORD };
    const bad = await call('POST', '/sys/user/add', { ...base, phone: '1234', password: 'weak' });
    expect(bad.statusCode).toBe(400);
    const taken = [
      [{ username: 'ops_li' }, '用户账号已存在'],
      [{ phone: '13911110001' }, '手机号已存在'],
      [{ email: 'ops_li@example.com' }, '邮箱已存在'],
      [{ workNo: 'W001' }, '工号已存在'],
      [{ selectedroles: 'nosuchrole' }, '所选角色不存在'],
      [{ selecteddeparts: 'nosuchdepart' }, '所选部门不存在'],
      [{ relTenantIds: '99' }, '租户不存在: 99'],
    ] as const;
    for (const [extra, message] of taken) {
      const res = await call('POST', '/sys/user/add', { ...base, ...extra });
      expect(res.json(), message).toMatchObject({ success: false, message });
    }
    const li = await userByName('ops_li');
    const check = async (query: string) => (await call('GET', `/sys/user/checkOnlyUser?${query}`)).json();
    expect(await check('username=ops_li')).toMatchObject({ success: false, message: '用户账号已存在' });
    expect(await check(`username=ops_li&id=${li.id}`)).toMatchObject({ success: true });
    expect(await check('phone=13911110001')).toMatchObject({ success: false, message: '手机号已存在' });
    expect(await check('username=nobody_here')).toMatchObject({ success: true });
  });

  it('freezes and unfreezes in batch: a frozen user is signed out at once; nobody freezes or deletes themselves', async () => {
    const token = await t.login('ops_li', PASSWORD);
    const li = await userByName('ops_li');
    const agent = await userByName('agent01');
    const frozen = await call('PUT', '/sys/user/frozenBatch', { ids: `${li.id},${agent.id}`, status: 2 });
    expect(frozen.json().message).toBe('冻结成功!');
    expect((await call('GET', '/sys/user/getCurrentUserDeparts', undefined, token)).statusCode).toBe(401);
    await expect(t.login('ops_li', PASSWORD)).rejects.toThrow();
    expect((await call('GET', '/sys/user/list?status=2')).json().result.total).toBe(2);
    await call('PUT', '/sys/user/frozenBatch', { ids: `${li.id},${agent.id}`, status: 1 });
    expect(await t.login('ops_li', PASSWORD)).toBeTruthy();

    const me = await userByName('admin');
    expect((await call('PUT', '/sys/user/frozenBatch', { ids: me.id, status: 2 })).json().message).toBe(
      '不能冻结自己',
    );
    expect((await call('DELETE', `/sys/user/delete?id=${me.id}`)).json().message).toBe('不能删除自己');
  });

  it('resets a password as administrator: the old sessions end and the new password signs in', async () => {
    const token = await t.login('ops_li', PASSWORD);
    const mismatch = await call('PUT', '/sys/user/changePassword', {
      username: 'ops_li',
      password: 'Reset#2026b',
      confirmpassword: 'Reset#2026c',
    });
    expect(mismatch.json().message).toBe('两次输入的密码不一样！');
    const reset = await call('PUT', '/sys/user/changePassword', {
      username: 'ops_li',
      password: 'Reset#2026b',
      confirmpassword: 'Reset#2026b',
    });
    expect(reset.json().success).toBe(true);
    expect((await call('GET', '/sys/user/getCurrentUserDeparts', undefined, token)).statusCode).toBe(401);
    expect(await t.login('ops_li', 'Reset#2026b')).toBeTruthy();
    const nobody = await call('PUT', '/sys/user/changePassword', {
      username: 'nobody',
      password: 'Reset#2026b',
      confirmpassword: 'Reset#2026b',
    });
    expect(nobody.json().success).toBe(false);
  });

  it('moves deleted users to a recycle bin: restore brings them back, purge removes them and their links', async () => {
    await call('POST', '/sys/user/add', {
      username: 'temp01',
      realname: '临时',
      password: PASSWORD,
      selectedroles: customerRole,
      selecteddeparts: ops,
    });
    const temp = await userByName('temp01');
    const token = await t.login('temp01', PASSWORD);
    expect((await call('DELETE', `/sys/user/deleteBatch?ids=${temp.id}`)).json().success).toBe(true);
    expect((await call('GET', '/sys/user/getCurrentUserDeparts', undefined, token)).statusCode).toBe(401);
    expect(await userByName('temp01')).toBeUndefined();
    const bin = (await call('GET', '/sys/user/recycleBin')).json().result;
    expect(bin.map((u: { username: string }) => u.username)).toContain('temp01');
    await call('PUT', '/sys/user/putRecycleBin', { userIds: temp.id });
    expect((await userByName('temp01')).id).toBe(temp.id);

    await call('DELETE', `/sys/user/delete?id=${temp.id}`);
    // Only users in the bin can be purged.
    const li = await userByName('ops_li');
    await call('DELETE', `/sys/user/deleteRecycleBin?userIds=${li.id}`);
    expect(await userByName('ops_li')).toBeTruthy();
    await call('DELETE', `/sys/user/deleteRecycleBin?userIds=${temp.id}`);
    expect((await call('GET', '/sys/user/recycleBin')).json().result).toEqual([]);
    expect((await call('GET', `/sys/user/queryUserRole?userid=${temp.id}`)).json().result).toEqual([]);
    // The name is free again.
    expect((await call('GET', '/sys/user/checkOnlyUser?username=temp01')).json().success).toBe(true);
  });

  it('lists online users and forces one out', async () => {
    const token = await t.login('ops_li', 'Reset#2026b');
    const online = (await call('GET', '/sys/online/list')).json().result;
    const session = online.find((s: { username: string }) => s.username === 'ops_li');
    expect(session).toMatchObject({ realname: '李运营二' });
    expect(session.token).toHaveLength(16);
    expect((await call('POST', '/sys/online/forceLogout', { token: session.token })).json().success).toBe(
      true,
    );
    expect((await call('GET', '/sys/user/getCurrentUserDeparts', undefined, token)).statusCode).toBe(401);
    expect((await call('POST', '/sys/online/forceLogout', { token: session.token })).json().message).toBe(
      '该会话已结束',
    );
  });

  it('imports users with an initial password, role and department codes, reporting each refused row', async () => {
    const file = await xlsx([
      ['用户账号', '用户姓名', '手机号', '初始密码', '角色编码', '所属部门编码'],
      ['imp01', '导入一', '13911112001', PASSWORD, 'customer,agent', 'A01A01'],
      ['imp02', '导入二', '13911112002', 'weak', 'customer', 'A01A01'],
      ['imp03', '导入三', '13911112003', PASSWORD, 'no_role', 'A01A01'],
      ['imp04', '导入四', '13911112004', PASSWORD, '', 'Z99'],
      ['ops_li', '重复', '13911112005', PASSWORD, '', ''],
      ['imp06', '导入六', '', PASSWORD, '', ''],
    ]);
    const report = await importWithRefusals(t, tokens.admin, '/sys/user/importExcel', file);
    expect(report.errors).toEqual([
      { row: 3, message: '初始密码: 密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!' },
      { row: 4, message: '角色编码不存在: no_role' },
      { row: 5, message: '部门编码不存在: Z99' },
      { row: 6, message: '用户账号已存在' },
    ]);
    expect(report.msg).toBe('总上传行数：6，已导入行数：2，错误行数：4');
    const imported = await userByName('imp01');
    expect(imported.orgCode).toBe('A01A01');
    expect((await call('GET', `/sys/user/queryUserRole?userid=${imported.id}`)).json().result).toHaveLength(
      2,
    );
    expect(await t.login('imp01', PASSWORD)).toBeTruthy();

    const exported = await call('GET', '/sys/user/exportXls?username=imp*&column=username&order=asc');
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(exported.rawPayload);
    expect(rows[0]).toContain('用户账号');
    expect(rows[0]).not.toContain('初始密码');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['imp01', 'imp06']);
  });
});
