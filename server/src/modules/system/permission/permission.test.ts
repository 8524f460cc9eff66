import { describe, expect, it } from 'vitest';
import { stableId } from '../../../seed/seed.ts';
import { flatten, useAdminApi } from '../user/accessTestKit.ts';

interface MenuRow {
  id: string;
  name: string;
  leaf: boolean;
  ruleFlag: number;
  children?: MenuRow[];
}

describe('menus and buttons (system/PermissionList) with their data rules', () => {
  const { t, tokens, call } = useAdminApi({ shipper: 'shipper' });
  const systemMenu = stableId('menu', '/system');

  const find = async (name: string) =>
    flatten<MenuRow>((await call('GET', '/sys/permission/list')).json().result).find((r) => r.name === name);

  it('tells a screen of the menu (403 for a user without it) from a route-less entry or no screen (404)', async () => {
    const exists = async (path: string) =>
      (
        await call(
          'GET',
          `/sys/permission/pathExists?path=${encodeURIComponent(path)}`,
          undefined,
          tokens.shipper,
        )
      ).json().result.exists;
    expect(await exists('/system/user')).toBe(true);
    expect(await exists('/demo/no-route')).toBe(false);
    expect(await exists('/no/such/screen')).toBe(false);
  });

  it('names every seeded menu in English for the English console', async () => {
    const menu = (await call('GET', '/sys/permission/getUserPermissionByToken')).json().result.menu as Array<{
      meta: { title: string; titleEn?: string };
    }>;
    expect(menu.length).toBeGreaterThan(5);
    for (const item of menu) expect(item.meta.titleEn, item.meta.title).toMatch(/^[\x20-\x7e]+$/);
  });

  it('adds a sub-menu and its button with every menu field, and keeps parents and leaves right', async () => {
    const sub = await call('POST', '/sys/permission/add', {
      parentId: systemMenu,
      name: '对账管理',
      url: '/system/reconcile',
      component: 'system/ReconcileList',
      componentName: 'ReconcileList',
      menuType: 1,
      perms: 'system:reconcile:list',
      sortNo: 99,
      icon: 'AuditOutlined',
      route: true,
      keepAlive: false,
      hidden: false,
      hideTab: false,
      alwaysShow: false,
      internalOrExternal: false,
      description: '月度对账',
    });
    expect(sub.json().success).toBe(true);
    const subId = sub.json().result.id;
    const added = await call('POST', '/sys/permission/add', {
      parentId: subId,
      name: '确认',
      menuType: 2,
      perms: 'system:reconcile:confirm',
      permsType: '1',
    });
    expect(added.json().success).toBe(true);
    expect(await find('对账管理')).toMatchObject({ leaf: false });
    const batch = (await call('GET', `/sys/permission/getSystemSubmenuBatch?parentIds=${subId}`)).json()
      .result;
    expect(batch[subId].map((m: { perms: string }) => m.perms)).toEqual(['system:reconcile:confirm']);
    const subs = (await call('GET', `/sys/permission/getSystemSubmenu?parentId=${systemMenu}`)).json().result;
    expect(subs.map((m: { name: string }) => m.name)).toContain('对账管理');
    const tops = (await call('GET', '/sys/permission/getSystemMenuList')).json().result;
    expect(tops.every((m: { menuType: number }) => m.menuType === 0)).toBe(true);

    const refused: Array<[object, string]> = [
      [{ name: '无上级', url: '/x', menuType: 1 }, '请选择上级菜单'],
      [{ parentId: systemMenu, name: '无路径', menuType: 1 }, '请输入菜单路径'],
      [{ parentId: subId, name: '无标识', menuType: 2 }, '按钮必须填写授权标识'],
      [{ parentId: subId, name: '重复', menuType: 2, perms: 'system:reconcile:confirm' }, '授权标识已存在'],
      [{ parentId: systemMenu, name: '重复路径', url: '/system/user', menuType: 1 }, '菜单路径已存在'],
      [{ parentId: 'nosuchmenu', name: '孤儿', url: '/y', menuType: 1 }, '上级菜单不存在'],
    ];
    for (const [body, message] of refused)
      expect((await call('POST', '/sys/permission/add', body)).json(), message).toMatchObject({
        success: false,
        message,
      });
    expect(
      (await call('GET', '/sys/permission/checkPermDuplication?perms=system:reconcile:confirm')).json(),
    ).toMatchObject({ success: false, message: '授权标识已存在' });
    expect(
      (await call('GET', '/sys/permission/checkPermDuplication?perms=system:reconcile:undo')).json().success,
    ).toBe(true);
    // A menu cannot move below itself or below one of its own entries.
    const cycle = await call('PUT', '/sys/permission/edit', {
      id: systemMenu,
      parentId: subId,
      name: '系统管理',
      url: '/system',
      menuType: 1,
    });
    expect(cycle.json().message).toBe('上级菜单不能是自己或自己的下级');
  });

  it('puts a new button in front of a signed-in user at the next permission fetch, hidden and disabled menus included', async () => {
    const roleId = stableId('role', 'agent');
    const sub = await find('对账管理');
    const confirm = (await call('GET', `/sys/permission/getSystemSubmenu?parentId=${sub?.id}`)).json()
      .result[0];
    const held = (await call('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`)).json().result;
    await call('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [...held, systemMenu, sub?.id, confirm.id].join(','),
    });
    const token = await t.login('agent01');
    const fetch = async () =>
      (await call('GET', '/sys/permission/getUserPermissionByToken', undefined, token)).json().result;
    const first = await fetch();
    const reconcile = first.menu
      .flatMap((m: { children?: unknown[] }) => m.children ?? [])
      .find((m: { meta: { title: string } }) => m.meta.title === '对账管理');
    expect(reconcile).toMatchObject({
      path: '/system/reconcile',
      name: 'ReconcileList',
      component: 'system/ReconcileList',
      meta: {
        icon: 'AuditOutlined',
        keepAlive: false,
        permissionList: [{ action: 'system:reconcile:confirm' }],
      },
    });
    expect(first.auth.map((a: { action: string }) => a.action)).toContain('system:reconcile:confirm');

    // Disabling the button (status 0) and hiding the menu reach the same user at once.
    await call('PUT', '/sys/permission/edit', {
      id: confirm.id,
      parentId: sub?.id,
      name: '确认',
      menuType: 2,
      perms: 'system:reconcile:confirm',
      status: '0',
    });
    await call('PUT', '/sys/permission/edit', {
      id: sub?.id,
      parentId: systemMenu,
      name: '对账管理',
      url: '/system/reconcile',
      component: 'system/ReconcileList',
      menuType: 1,
      hidden: true,
    });
    const second = await fetch();
    expect(second.auth.map((a: { action: string }) => a.action)).not.toContain('system:reconcile:confirm');
    expect(second.allAuth).toContainEqual(
      expect.objectContaining({ action: 'system:reconcile:confirm', status: '0' }),
    );
    const hidden = second.menu
      .flatMap((m: { children?: unknown[] }) => m.children ?? [])
      .find((m: { meta: { title: string } }) => m.meta.title === '对账管理');
    expect(hidden.hidden).toBe(true);
  });

  it('keeps data rules per menu: add, search, edit, delete, with the menu flagged while it has rules', async () => {
    const sub = await find('对账管理');
    const rule = {
      permissionId: sub?.id,
      ruleName: '本人创建',
      ruleColumn: 'create_by',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    };
    expect((await call('POST', '/sys/permission/addPermissionRule', rule)).json().success).toBe(true);
    expect((await find('对账管理'))?.ruleFlag).toBe(1);
    const sqlRule = await call('POST', '/sys/permission/addPermissionRule', {
      ...rule,
      ruleColumn: 'SQL_RULES_COLUMN',
      ruleConditions: 'USE_SQL_RULES',
      ruleValue: "1=1 or username='admin'",
    });
    expect(sqlRule.statusCode).toBe(400);
    const found = (
      await call(
        'GET',
        `/sys/permission/queryPermissionRule?permissionId=${sub?.id}&ruleName=${encodeURIComponent('本人')}`,
      )
    ).json().result;
    expect(found).toHaveLength(1);
    await call('PUT', '/sys/permission/editPermissionRule', {
      ...rule,
      id: found[0].id,
      ruleValue: 'admin',
      status: '0',
    });
    const [edited] = (
      await call('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${sub?.id}`)
    ).json().result;
    expect(edited).toMatchObject({ ruleValue: 'admin', status: '0' });
    expect(
      (await call('DELETE', `/sys/permission/deletePermissionRule?id=${found[0].id}`)).json().success,
    ).toBe(true);
    expect((await find('对账管理'))?.ruleFlag).toBe(0);
  });

  it('deletes a menu only after its entries, and takes it from every role that held it', async () => {
    const sub = await find('对账管理');
    expect((await call('DELETE', `/sys/permission/delete?id=${sub?.id}`)).json().message).toBe(
      '请先删除下级菜单',
    );
    const confirm = (await call('GET', `/sys/permission/getSystemSubmenu?parentId=${sub?.id}`)).json()
      .result[0];
    expect(
      (await call('DELETE', `/sys/permission/deleteBatch?ids=${confirm.id},${sub?.id}`)).json().success,
    ).toBe(true);
    expect(await find('对账管理')).toBeUndefined();
    const held = (
      await call('GET', `/sys/permission/queryRolePermission?roleId=${stableId('role', 'agent')}`)
    ).json().result;
    expect(held).not.toContain(sub?.id);
  });
});
