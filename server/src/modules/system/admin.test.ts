import { DEMO_PASSWORD } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { caller } from '../../test/kit.ts';

describe('system administration', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });
  const call = caller(t, () => tokens.admin);

  it('creates departments with generated org codes and refuses deleting one that still has users or children', async () => {
    const root = (await call('GET', '/sys/sysDepart/queryTreeList')).json().result[0];
    expect(root.orgCode).toBe('A01');
    const added = await call('POST', '/sys/sysDepart/add', { parentId: root.id, departName: '结算中心' });
    expect(added.json().success).toBe(true);
    const tree = (await call('GET', '/sys/sysDepart/queryTreeList')).json().result[0];
    const child = tree.children.find((c: { departName: string }) => c.departName === '结算中心');
    expect(child.orgCode).toBe('A01A04');
    const grand = await call('POST', '/sys/sysDepart/add', { parentId: child.id, departName: '应付组' });
    expect(grand.json().success).toBe(true);
    expect((await call('DELETE', `/sys/sysDepart/delete?id=${child.id}`)).json().message).toBe(
      '该部门下还有下级部门，不能删除',
    );
    expect((await call('DELETE', `/sys/sysDepart/delete?id=${root.id}`)).json().success).toBe(false);
    const found = (await call('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('应付')}`)).json()
      .result;
    expect(found.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01A04A01']);
    expect((await call('DELETE', `/sys/sysDepart/delete?id=${grand.json().result.id}`)).json().success).toBe(
      true,
    );
  });

  it('builds a role with some menus, a user with it, and the user sees exactly those menus and buttons', async () => {
    expect(
      (await call('POST', '/sys/role/add', { roleName: '调度员', roleCode: 'dispatcher' })).json().success,
    ).toBe(true);
    const role = (await call('GET', '/sys/role/list?roleCode=dispatcher')).json().result.records[0];
    const tree = (await call('GET', '/sys/role/queryTreeList')).json().result;
    const flat: Array<{ key: string; title: string }> = [];
    const walk = (nodes: Array<{ key: string; title: string; children?: unknown[] }>) => {
      for (const n of nodes) {
        flat.push(n);
        walk((n.children ?? []) as typeof nodes);
      }
    };
    walk(tree.treeList);
    const pick = (title: string) => flat.find((n) => n.title === title)?.key as string;
    const granted = [pick('运单管理'), pick('运单列表'), pick('系统管理'), pick('用户管理')];
    const userMenu = flat.find((n) => n.title === '用户管理') as {
      key: string;
      children?: Array<{ key: string; title: string }>;
    };
    const addButton = userMenu.children?.find((b) => b.title === '新增')?.key as string;
    granted.push(addButton);
    const saved = await call('POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: granted.join(','),
    });
    expect(saved.json().success).toBe(true);
    expect(
      (await call('GET', `/sys/permission/queryRolePermission?roleId=${role.id}`)).json().result.sort(),
    ).toEqual([...granted].sort());

    const depart = (await call('GET', '/sys/sysDepart/queryTreeList')).json().result[0].children[0];
    const created = await call('POST', '/sys/user/add', {
      username: 'dispatch01',
      realname: '李调度',
      password: 'Dispatch#2026',
      phone: '13911112222',
      selectedroles: role.id,
      selecteddeparts: depart.id,
    });
    expect(created.json().success).toBe(true);
    const token = await t.login('dispatch01', 'Dispatch#2026');
    const perms = (await call('GET', '/sys/permission/getUserPermissionByToken', undefined, token)).json()
      .result;
    expect(perms.menu.map((m: { meta: { title: string } }) => m.meta.title)).toEqual([
      '运单管理',
      '系统管理',
    ]);
    expect(perms.auth.map((a: { action: string }) => a.action)).toEqual(['system:user:add']);
    expect((await call('GET', '/sys/user/list', undefined, token)).statusCode).toBe(200);
    expect((await call('GET', '/sys/role/list', undefined, token)).statusCode).toBe(403);
    const departs = (await call('GET', '/sys/user/getCurrentUserDeparts', undefined, token)).json().result
      .list;
    expect(departs.map((d: { id: string }) => d.id)).toEqual([depart.id]);

    // Taking a menu away reaches the user at the next permission fetch.
    await call('POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: granted.slice(0, 2).join(','),
    });
    const after = (await call('GET', '/sys/permission/getUserPermissionByToken', undefined, token)).json()
      .result;
    expect(after.menu.map((m: { meta: { title: string } }) => m.meta.title)).toEqual(['运单管理']);
    expect((await call('GET', '/sys/user/list', undefined, token)).statusCode).toBe(403);
  });

  it('freezes users in batch, ending their sessions at once, and restores them from the recycle bin', async () => {
    const token = await t.login('agent01');
    const agent = (await call('GET', '/sys/user/list?username=agent01')).json().result.records[0];
    expect((await call('PUT', '/sys/user/frozenBatch', { ids: agent.id, status: 2 })).json().message).toBe(
      '冻结成功!',
    );
    expect((await call('GET', '/sys/loginfo', undefined, token)).statusCode).toBe(401);
    await call('PUT', '/sys/user/frozenBatch', { ids: agent.id, status: 1 });
    expect(await t.login('agent01')).toBeTruthy();

    expect((await call('DELETE', `/sys/user/delete?id=${agent.id}`)).json().success).toBe(true);
    await expect(t.login('agent01')).rejects.toThrow();
    expect(
      (await call('GET', '/sys/user/recycleBin')).json().result.map((u: { username: string }) => u.username),
    ).toContain('agent01');
    await call('PUT', '/sys/user/putRecycleBin', { userIds: agent.id });
    expect(await t.login('agent01')).toBeTruthy();
  });

  it('lets an administrator reset a password, and refuses a weak one', async () => {
    const resetShipper = (password: string) =>
      call('PUT', '/sys/user/changePassword', { username: 'shipper', password, confirmpassword: password });
    expect((await resetShipper('abc')).statusCode).toBe(400);
    expect((await resetShipper('Reset#2026a')).json().success).toBe(true);
    expect(await t.login('shipper', 'Reset#2026a')).toBeTruthy();
    await resetShipper(DEMO_PASSWORD);
  });

  it('manages menus and their data rules', async () => {
    const parent = (await call('GET', '/sys/permission/getSystemMenuList'))
      .json()
      .result.find((m: { name: string }) => m.name === '系统管理');
    const added = await call('POST', '/sys/permission/add', {
      parentId: parent.id,
      name: '测试页面',
      url: '/system/test',
      component: 'system/TestPage',
      menuType: 1,
      perms: 'system:test:list',
    });
    const id = added.json().result.id;
    expect(
      (await call('GET', `/sys/permission/getSystemSubmenu?parentId=${parent.id}`))
        .json()
        .result.map((m: { id: string }) => m.id),
    ).toContain(id);
    const rule = await call('POST', '/sys/permission/addPermissionRule', {
      permissionId: id,
      ruleName: '本人创建',
      ruleColumn: 'create_by',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    });
    expect(rule.json().success).toBe(true);
    expect(
      (await call('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${id}`)).json().result,
    ).toHaveLength(1);
    const bad = await call('POST', '/sys/permission/addPermissionRule', {
      permissionId: id,
      ruleName: 'x',
      ruleColumn: '1=1;drop',
      ruleConditions: 'USE_SQL_RULES',
      ruleValue: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('DELETE', `/sys/permission/delete?id=${parent.id}`)).json().message).toBe(
      '请先删除下级菜单',
    );
    expect((await call('DELETE', `/sys/permission/delete?id=${id}`)).json().success).toBe(true);
  });

  it('keeps announcements safe and delivers a release to users', async () => {
    const created = await call('POST', '/sys/annountCement/add', {
      titile: '调度会议',
      msgContent:
        '<p onclick="steal()">周一 9:00 <script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src=x onerror=alert(1)></p>',
      priority: 'M',
    });
    expect(created.json().success).toBe(true);
    const row = (await call('GET', '/sys/annountCement/list?titile=调度会议')).json().result.records[0];
    expect(row.sendStatus).toBe('0');
    expect(row.msgContent).not.toMatch(/script|onclick|onerror|javascript:/);
    const shipper = await t.login('shipper');
    expect(
      (await call('GET', '/sys/annountCement/listByUser', undefined, shipper))
        .json()
        .result.anntMsgList.map((a: { titile: string }) => a.titile),
    ).not.toContain('调度会议');
    expect(
      (await call('GET', `/sys/annountCement/doReleaseData?id=${row.id}`, undefined, shipper)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/sys/annountCement/doReleaseData?id=${row.id}`)).json().success).toBe(true);
    const inbox = (await call('GET', '/sys/annountCement/listByUser', undefined, shipper)).json().result;
    expect(inbox.anntMsgList.map((a: { titile: string }) => a.titile)).toContain('调度会议');
    const mine = (
      await call('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0', undefined, shipper)
    ).json().result;
    expect(mine.total).toBeGreaterThanOrEqual(1);
    await call('PUT', '/sys/sysAnnouncementSend/readAll', {}, shipper);
    expect(
      (await call('GET', '/sys/annountCement/listByUser', undefined, shipper)).json().result.anntMsgTotal,
    ).toBe(0);
    await call('GET', `/sys/annountCement/doReovkeData?id=${row.id}`);
    const revoked = (
      await call('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend', undefined, shipper)
    ).json().result.records;
    expect(revoked.map((a: { titile: string }) => a.titile)).not.toContain('调度会议');
  });
});
