import { describe, expect, it } from 'vitest';
import { stableId } from '../../../seed/seed.ts';
import { useGrantTree } from '../../../test/grantTreeKit.ts';
import { STAFF_PASSWORD as PASSWORD, readXlsx, type TreeNode, upload, xlsx } from '../user/accessTestKit.ts';

describe('roles (system/RoleList): grants, data rules, users of a role', () => {
  const { t, tokens, call, tree: nodes } = useGrantTree();
  let roleId: string;
  let granted: string[] = [];
  const userMenu = stableId('menu', '/system/user');
  const node = (title: string) => nodes.find((n) => n.title === title) as TreeNode;
  const button = (perms: string) => nodes.find((n) => n.perms === perms) as TreeNode;

  const usernames = async (token: string, query = '') =>
    (await call('GET', `/sys/user/list?pageSize=100${query}`, undefined, token))
      .json()
      .result.records.map((u: { username: string }) => u.username)
      .sort();
  const menuTitles = async (token: string) => {
    const result = (await call('GET', '/sys/permission/getUserPermissionByToken', undefined, token)).json()
      .result;
    const walk = (items: Array<{ meta: { title: string }; children?: unknown[] }>): string[] =>
      items.flatMap((m) => [m.meta.title, ...walk((m.children ?? []) as typeof items)]);
    return {
      titles: walk(result.menu),
      actions: result.auth.map((a: { action: string }) => a.action).sort(),
    };
  };

  it('adds, edits and deletes roles with one code each; the system staff role keeps its code and stays', async () => {
    expect(
      (await call('POST', '/sys/role/add', { roleName: '财务主管', roleCode: 'fin_lead' })).json().success,
    ).toBe(true);
    const dup = await call('POST', '/sys/role/add', { roleName: '重复', roleCode: 'fin_lead' });
    expect(dup.json()).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await call('POST', '/sys/role/add', { roleName: 'x', roleCode: 'bad code' })).statusCode).toBe(
      400,
    );
    roleId = (await call('GET', '/sys/role/list?roleCode=fin_lead')).json().result.records[0].id;
    expect((await call('GET', '/sys/role/checkRoleCode?roleCode=fin_lead')).json().success).toBe(false);
    expect((await call('GET', `/sys/role/checkRoleCode?roleCode=fin_lead&id=${roleId}`)).json().success).toBe(
      true,
    );
    await call('PUT', '/sys/role/edit', {
      id: roleId,
      roleName: '财务主管',
      roleCode: 'fin_lead',
      description: '看账',
    });
    expect((await call('GET', `/sys/role/queryById?id=${roleId}`)).json().result.description).toBe('看账');

    const adminRole = stableId('role', 'admin');
    const renamed = await call('PUT', '/sys/role/edit', {
      id: adminRole,
      roleName: '管理员',
      roleCode: 'boss',
    });
    expect(renamed.json().message).toBe('系统管理员角色的编码不能修改');
    expect((await call('DELETE', `/sys/role/delete?id=${adminRole}`)).json().message).toBe(
      '系统管理员角色不能删除',
    );

    const file = await xlsx([
      ['角色名称', '角色编码', '描述'],
      ['调度', 'dispatch', ''],
      ['重复', 'fin_lead', ''],
      ['缺编码', '', ''],
    ]);
    const body = (await upload(t, tokens.admin, '/sys/role/importExcel', file)).json();
    expect(body.result.errors).toEqual([
      { row: 3, message: '角色编码已存在' },
      { row: 4, message: '角色编码: 请输入角色编码' },
    ]);
    const exported = await readXlsx((await call('GET', '/sys/role/exportXls?roleCode=dispatch')).rawPayload);
    expect(exported).toEqual([
      ['角色名称', '角色编码', '描述', '创建时间'],
      ['调度', 'dispatch', undefined, expect.any(Date)],
    ]);
    const dispatch = (await call('GET', '/sys/role/list?roleCode=dispatch')).json().result.records[0];
    expect((await call('DELETE', `/sys/role/delete?id=${dispatch.id}`)).json().success).toBe(true);
  });

  it('grants menus and buttons on the tree: a user with the role sees exactly those, and a change reaches them at the next fetch', async () => {
    granted = [
      node('系统管理').key,
      node('用户管理').key,
      button('system:user:add').key,
      button('system:user:export').key,
      node('运单管理').key,
      node('运单列表').key,
    ];
    const saved = await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: granted.join(','),
      lastpermissionIds: '',
    });
    expect(saved.json().success).toBe(true);
    expect(
      (await call('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).json().result.sort(),
    ).toEqual([...granted].sort());
    await call('POST', '/sys/user/add', {
      username: 'fin01',
      realname: '财务一',
      password: PASSWORD,
      selectedroles: roleId,
      selecteddeparts: stableId('depart', 'A01A02'),
    });
    const token = await t.login('fin01', PASSWORD);
    expect(await menuTitles(token)).toEqual({
      titles: ['运单管理', '运单列表', '系统管理', '用户管理'],
      actions: ['system:user:add', 'system:user:export'],
    });
    expect((await call('GET', '/sys/user/list', undefined, token)).statusCode).toBe(200);
    expect((await call('GET', '/sys/user/exportXls', undefined, token)).statusCode).toBe(200);
    expect((await call('DELETE', '/sys/user/delete?id=x', undefined, token)).statusCode).toBe(403);
    expect((await call('GET', '/sys/role/list', undefined, token)).statusCode).toBe(403);

    await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: granted.filter((id) => id !== button('system:user:export').key).join(','),
    });
    expect((await menuTitles(token)).actions).toEqual(['system:user:add']);
    expect((await call('GET', '/sys/user/exportXls', undefined, token)).statusCode).toBe(403);
  });

  it('limits a role to its own department with a data rule on the user menu', async () => {
    const rule = await call('POST', '/sys/permission/addPermissionRule', {
      permissionId: userMenu,
      ruleName: '本部门及下级',
      ruleColumn: 'org_code',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
    });
    expect(rule.json().success).toBe(true);
    const [ownDepart] = (
      await call('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${userMenu}`)
    ).json().result;
    const offered = (await call('GET', `/sys/role/datarule/${userMenu}/${roleId}`)).json().result;
    expect(offered.datarule.map((r: { ruleName: string }) => r.ruleName)).toEqual(['本部门及下级']);
    expect(offered.drChecked).toBe('');

    // Only rules of that menu, and only on a menu the role holds.
    const wrongMenu = await call('POST', '/sys/role/datarule', {
      permissionId: node('运单列表').key,
      roleId,
      dataRuleIds: ownDepart.id,
    });
    expect(wrongMenu.json().message).toBe('数据规则不属于该菜单');
    const notGranted = await call('POST', '/sys/role/datarule', {
      permissionId: userMenu,
      roleId: stableId('role', 'agent'),
      dataRuleIds: ownDepart.id,
    });
    expect(notGranted.json().message).toBe('请先授权该菜单，再设置数据规则');
    const saved = await call('POST', '/sys/role/datarule', {
      permissionId: userMenu,
      roleId,
      dataRuleIds: ownDepart.id,
    });
    expect(saved.json().success).toBe(true);
    expect((await call('GET', `/sys/role/datarule/${userMenu}/${roleId}`)).json().result.drChecked).toBe(
      ownDepart.id,
    );

    for (const [username, depart] of [
      ['fin02', 'A01A02'],
      ['ops01', 'A01A01'],
    ])
      await call('POST', '/sys/user/add', {
        username,
        realname: username,
        password: PASSWORD,
        selecteddeparts: stableId('depart', depart),
      });
    // The export button back, to see the rule apply to the export as well.
    await call('POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: granted.join(',') });
    await call('POST', '/sys/role/datarule', { permissionId: userMenu, roleId, dataRuleIds: ownDepart.id });
    const token = await t.login('fin01', PASSWORD);
    expect(await usernames(token)).toEqual(['fin01', 'fin02']);
    expect(await usernames(tokens.admin, '&createBy=admin')).toEqual(['fin01', 'fin02', 'ops01']);
    const exported = await readXlsx((await call('GET', '/sys/user/exportXls', undefined, token)).rawPayload);
    expect(
      exported
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['fin01', 'fin02']);
    // A user outside the rule cannot be reached by id either.
    const ops01 = (await call('GET', '/sys/user/list?username=ops01')).json().result.records[0];
    expect((await call('GET', `/sys/user/queryById?id=${ops01.id}`, undefined, token)).json().success).toBe(
      false,
    );

    // The recycle bin and the online users follow the same rule.
    await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [...granted, button('system:user:delete').key, button('system:user:frozen').key].join(
        ',',
      ),
    });
    await t.login('ops01', PASSWORD);
    const fin02 = (await call('GET', '/sys/user/list?username=fin02')).json().result.records[0];
    expect(
      (await call('GET', '/sys/online/list', undefined, token))
        .json()
        .result.map((u: { username: string }) => u.username),
    ).not.toContain('ops01');
    const opsSession = (await call('GET', '/sys/online/list'))
      .json()
      .result.find((u: { username: string }) => u.username === 'ops01');
    expect(
      (await call('POST', '/sys/online/forceLogout', { token: opsSession.token }, token)).json().success,
    ).toBe(false);
    for (const user of [fin02, ops01]) await call('DELETE', `/sys/user/delete?id=${user.id}`);
    const bin = (await call('GET', '/sys/user/recycleBin', undefined, token)).json().result;
    expect(bin.map((u: { username: string }) => u.username)).toEqual(['fin02']);
    const restoreOther = await call('PUT', '/sys/user/putRecycleBin', { userIds: ops01.id }, token);
    expect(restoreOther.json()).toMatchObject({ success: false, message: '未找到对应数据' });
    const purgeOther = await call(
      'DELETE',
      `/sys/user/deleteRecycleBin?userIds=${ops01.id}`,
      undefined,
      token,
    );
    expect(purgeOther.json().success).toBe(false);
    expect(
      (await call('GET', '/sys/user/recycleBin')).json().result.map((u: { username: string }) => u.username),
    ).toEqual(expect.arrayContaining(['fin02', 'ops01']));
    expect((await call('PUT', '/sys/user/putRecycleBin', { userIds: fin02.id }, token)).json().success).toBe(
      true,
    );
    expect((await call('PUT', '/sys/user/putRecycleBin', { userIds: ops01.id })).json().success).toBe(true);
    await call('POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: granted.join(',') });

    // Without a current department the rule matches nobody, rather than everybody.
    await call('POST', '/sys/user/add', {
      username: 'fin03',
      realname: '无部门',
      password: PASSWORD,
      selectedroles: roleId,
    });
    expect(await usernames(await t.login('fin03', PASSWORD))).toEqual([]);
  });

  it('lists, adds and removes the users of a role', async () => {
    const ops01 = (await call('GET', '/sys/user/list?username=ops01')).json().result.records[0];
    const before = (await call('GET', `/sys/user/userRoleList?roleId=${roleId}`)).json().result;
    expect(before.records.map((u: { username: string }) => u.username).sort()).toEqual(['fin01', 'fin03']);
    const bad = await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: ['nosuchuser'] });
    expect(bad.json().message).toBe('所选用户不存在');
    await call('POST', '/sys/user/addSysUserRole', { roleId, userIdList: [ops01.id] });
    const token = await t.login('ops01', PASSWORD);
    expect((await menuTitles(token)).titles).toContain('用户管理');
    // Own department (运营部): the seeded operations account works there too.
    expect(await usernames(token)).toEqual(['operations01', 'ops01']);
    await call('DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${ops01.id}`);
    expect((await menuTitles(token)).titles).toEqual([]);
    expect((await call('GET', '/sys/user/list', undefined, token)).statusCode).toBe(403);
    const after = (await call('GET', `/sys/user/userRoleList?roleId=${roleId}`)).json().result;
    expect(after.total).toBe(2);
  });
});
