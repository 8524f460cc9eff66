// Department administration on the department screen: a new department is granted a menu (department permissions), gets
// a department role holding that menu with one of its people as member, and is found by the server search.
// The database is shared with other specs: every name is unique, no global count is asserted.
import { DepartPanel, GrantTree, menuId, ResourceScreen, SYSTEM } from '../pages/SystemPages.ts';
import { roleCodeOf, uniqueName } from '../support/authFlows.ts';
import { expect, test } from '../support/fixtures.ts';

test('departments: grant a menu, a department role with a member and a permission, search by name', async ({
  page,
  shell,
  api,
}) => {
  test.setTimeout(120_000);
  const departName = uniqueName('仓储部');
  const roleName = uniqueName('仓管员');
  const roleCode = roleCodeOf(roleName, 'dr_');
  const username = uniqueName('wh');
  const panel = new DepartPanel(page);
  const grant = new GrantTree(page);
  const roles = new ResourceScreen(page);

  await shell.goto(SYSTEM.depart);
  await panel.add(departName);
  const [depart] = await api.call<Array<{ id: string; departName: string }>>(
    'GET',
    `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent(departName)}`,
  );
  expect(depart.departName).toBe(departName);
  // One of the department's people (the user screen is another spec's).
  await api.call('POST', '/sys/user/add', {
    username,
    realname: `仓管 ${username}`,
    password: 'Initial#2026',
    selecteddeparts: depart.id,
  });

  await test.step('search by name on the server', async () => {
    const results = await panel.search(departName);
    await expect(results.locator('.ant-tree-treenode')).toHaveCount(1);
    await expect(results).toContainText(departName);
    await expect(results).not.toContainText('财务部');
    await panel.select(departName);
    await expect(page.getByTestId('depart-org-code')).toHaveText(/^[A-Z]\d{2}/);
  });

  await test.step('department permissions: the user menu', async () => {
    await panel.tab('部门权限');
    await grant.find('用户管理');
    await grant.check('用户管理');
    await grant.isHalfChecked('系统管理');
    await grant.save(/\/sys\/permission\/saveDepartPermission/);
    const held = await api.call<string[]>(
      'GET',
      `/sys/permission/queryDepartPermission?departId=${depart.id}`,
    );
    expect(held).toContain(await menuId(api, '用户管理'));
  });

  await test.step('a department role with a member', async () => {
    await panel.tab('部门角色');
    const dialog = await roles.openAdd();
    await dialog.getByLabel('部门角色名称').fill(roleName);
    await dialog.getByLabel('部门角色编码').fill(roleCode);
    await roles.submit(dialog, /\/sys\/sysDepartRole\/add/);
    const row = roles.row(roleName);
    await expect(row).toContainText(roleCode);

    await row.getByText('用户', { exact: true }).click();
    const drawer = page.locator('.ant-drawer-content:visible').filter({ hasText: `${roleName} · 部门角色` });
    await expect(drawer.getByRole('tab', { name: '角色用户' })).toHaveAttribute('aria-selected', 'true');
    await drawer.getByTestId('role-users-add').click();
    const picker = page.locator('.ant-modal:visible').filter({ hasText: '添加用户' });
    // The picker offers the department's people only.
    await picker.getByTestId('user-picker').click();
    await picker.locator('.ant-select-selection-search-input').fill(username);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: username }).click();
    // A click outside closes the multiple select's list.
    await picker.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    const joined = page.waitForResponse((r) => r.url().includes('/sys/sysDepartRole/addRoleUsers'));
    await picker.getByRole('button', { name: /确\s*定|OK/ }).click();
    expect((await (await joined).json()).success).toBe(true);
    await expect(drawer.locator('tbody tr.ant-table-row').filter({ hasText: username })).toBeVisible();

    await test.step('and a permission among the department’s menus', async () => {
      await drawer.getByRole('tab', { name: '角色授权' }).click();
      // Only what the department holds is offered: the user menu and its group, nothing else.
      await expect(grant.node('用户管理')).toBeVisible();
      await expect(grant.node('角色管理')).toHaveCount(0);
      await grant.check('用户管理');
      await grant.save(/\/sys\/sysDepartPermission\/saveDeptRolePermission/);
    });
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
  });

  const found = await api.call<{ records: Array<{ id: string; roleName: string }> }>(
    'GET',
    `/sys/sysDepartRole/list?deptId=${depart.id}&roleName=${encodeURIComponent(roleName)}`,
  );
  const roleId = found.records[0]?.id;
  expect(roleId).toBeTruthy();
  const rolePerms = await api.call<string[]>(
    'GET',
    `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`,
  );
  expect(rolePerms).toContain(await menuId(api, '用户管理'));
  const members = await api.call<{ records: Array<{ username: string }> }>(
    'GET',
    `/sys/sysDepartRole/roleUserList?droleId=${roleId}`,
  );
  expect(members.records.map((m) => m.username)).toEqual([username]);
});
