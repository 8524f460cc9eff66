// A new administrator's journey through the system screens. A department, a data rule
// (own department) made on the menu screen, a role with two menus (the user list with its add button and the
// address list) and that rule, a user of both; a colleague in the same department and a user of a sibling
// department (made through the API). The new user signs in (a fresh browser) and sees exactly those menus,
// that button, and the users of the own department but not the sibling's; an announcement released by the
// admin arrives in the user's browser over the socket without a reload; a scheduled job runs and its run shows
// in the history.
import type { Browser, Page } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage.ts';
import { ShellPage } from '../pages/ShellPage.ts';
import { DepartScreen, GrantTree, MenuScreen, ResourceScreen, SYSTEM } from '../pages/SystemPages.ts';
import { roleCodeOf, uniqueName } from '../support/authFlows.ts';
import { LOGGED_OUT } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { fillByLabel } from '../support/forms.ts';
import { stubExternalSites } from '../support/network.ts';

const INITIAL = 'Initial#2026';
const CHANGED = 'Changed#2026sys';

/** Signs `username` in from a browser of its own (initial password changed on the way). */
async function signInFresh(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ storageState: LOGGED_OUT });
  await stubExternalSites(context);
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.submitCredentials(username, INITIAL);
  await login.changeInitialPassword(CHANGED);
  await new ShellPage(page).waitReady();
  return page;
}

test('a new administrator sets up a department, role and user; the user sees only what was granted', async ({
  page,
  shell,
  browser,
  api,
}) => {
  test.setTimeout(180_000);
  const departName = uniqueName('调度部');
  const roleName = uniqueName('调度员');
  const roleCode = roleCodeOf(roleName, 'r_');
  const username = uniqueName('disp');
  const ruleName = uniqueName('本部门');
  const colleague = uniqueName('mate');
  const outsider = uniqueName('nbr');
  const screen = new ResourceScreen(page);

  await test.step('department', async () => {
    await shell.goto(SYSTEM.depart);
    const departs = new DepartScreen(page);
    await departs.add(departName);
    await departs.node(departName).click();
    await expect(page.getByTestId('depart-org-code')).toHaveText(/^A\d{2}/);
  });

  await test.step('a data rule of the user menu, on the menu screen', async () => {
    await shell.goto(SYSTEM.permission);
    const menus = new MenuScreen(page);
    await expect(menus.menuRow('系统管理')).toBeVisible();
    await menus.expand('系统管理');
    await expect(menus.menuRow('用户管理')).toBeVisible();
    await menus.addDataRule('用户管理', {
      name: ruleName,
      column: 'org_code',
      condition: 'RIGHT_LIKE',
      value: '#{sys_org_code}',
    });
  });

  await test.step('role with two menus, the add button of one and the data rule', async () => {
    await shell.goto(SYSTEM.role);
    const dialog = await screen.openAdd();
    await dialog.getByLabel('角色名称').fill(roleName);
    await dialog.getByLabel('角色编码').fill(roleCode);
    await screen.submit(dialog, /\/sys\/role\/add/);
    await screen.rowAction(roleName, '授权');
    const grant = new GrantTree(page);
    await grant.find('用户管理');
    // Only the add button: the menus above it are granted with it and show half-checked.
    await grant.check('system:user:add');
    await grant.isHalfChecked('用户管理');
    await grant.isHalfChecked('系统管理');
    await grant.find('通讯录');
    await grant.check('通讯录');
    await grant.save(/\/sys\/permission\/saveRolePermission/);
    await grant.find('用户管理');
    await grant.pickDataRule('用户管理', ruleName, /\/sys\/role\/datarule/);
    await page.keyboard.press('Escape');
  });

  await test.step('user in the department with the role', async () => {
    await shell.goto(SYSTEM.user);
    const dialog = await screen.openAdd();
    await fillByLabel(dialog, {
      用户账号: username,
      用户姓名: `调度 ${username}`,
      登录密码: INITIAL,
      确认密码: INITIAL,
    });
    await screen.choose(dialog, '角色', roleName);
    await screen.choose(dialog, '所属部门', departName);
    await screen.submit(dialog, /\/sys\/user\/add/);
  });

  await test.step('a colleague in the department and a user of a sibling department (API)', async () => {
    const find = async (name: string) => {
      const [found] = await api.call<Array<{ id: string; departName: string; parentId: string | null }>>(
        'GET',
        `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent(name)}`,
      );
      expect(found?.departName).toBe(name);
      return found;
    };
    const own = await find(departName);
    const siblingName = uniqueName('调度部邻');
    // Beside the new department, under the same parent (the top level).
    await api.call('POST', '/sys/sysDepart/add', {
      departName: siblingName,
      parentId: own.parentId,
      orgCategory: '1',
    });
    const sibling = await find(siblingName);
    for (const [name, depart] of [
      [colleague, own],
      [outsider, sibling],
    ] as const)
      await api.call('POST', '/sys/user/add', {
        username: name,
        realname: `调度 ${name}`,
        password: INITIAL,
        selecteddeparts: depart.id,
      });
  });

  const user = await signInFresh(browser, username);
  const userShell = new ShellPage(user);
  await test.step('the user sees exactly the granted menus, button and rows', async () => {
    await expect(userShell.sideMenu.locator(':scope > li.ant-menu-submenu')).toHaveCount(1);
    await userShell.expandSideMenu('系统管理');
    // The group title and its two pages: nothing else of the menu tree.
    await expect(userShell.sideMenu.getByRole('menuitem')).toHaveText(['系统管理', '用户管理', '通讯录']);
    await userShell.navigateMenu(SYSTEM.user, '系统管理', '用户管理');
    const users = new ResourceScreen(user);
    // The data rule: the people of the own department (the user and the colleague), not the sibling's.
    await expect(users.rows()).toHaveCount(2);
    await expect(users.row(username)).toHaveCount(1);
    await expect(users.row(colleague)).toHaveCount(1);
    await expect(users.row(outsider)).toHaveCount(0);
    const searched = user.waitForResponse(
      (r) => r.url().includes('/sys/user/list') && r.url().includes(`username=${outsider}`),
    );
    await users.searchForm.getByLabel('用户账号').fill(outsider);
    await users.searchForm.getByRole('button', { name: /查\s*询/ }).click();
    const answer = (await (await searched).json()) as { result: { total: number } };
    expect(answer.result.total).toBe(0);
    await expect(users.rows()).toHaveCount(0);
    await users.searchForm.getByRole('button', { name: /重\s*置/ }).click();
    await expect(users.rows()).toHaveCount(2);
    await expect(users.toolbar.getByRole('button', { name: /新\s*增/ })).toBeVisible();
    await expect(users.toolbar.getByRole('button', { name: /导\s*出|导\s*入/ })).toHaveCount(0);
    await expect(users.rows().first().getByText('编辑', { exact: true })).toHaveCount(0);
    await expect(users.rows().first().getByText('删除', { exact: true })).toHaveCount(0);
    // The second granted page opens; a page outside the grant is refused.
    await userShell.navigateMenu(SYSTEM.addressList, '系统管理', '通讯录');
    await expect(user).toHaveURL(new RegExp(`${SYSTEM.addressList}$`));
    // The user list stays open in its (kept-alive) tab: the address list's table is the visible one.
    await expect(user.locator('[data-testid="resource-table"]:visible')).toHaveCount(1);
    await user.goto(SYSTEM.role);
    await expect(userShell.result()).toBeVisible();
  });

  await test.step('a released announcement reaches the signed-in user without reload', async () => {
    // The user's console holds its socket open (/websocket/{userId}) from the layout on.
    const socket = user.waitForEvent('websocket', (ws) => ws.url().includes('/websocket/'));
    await user.goto(SYSTEM.user);
    await userShell.waitReady();
    await socket;
    const title = uniqueName('系统维护通知');
    await shell.goto(SYSTEM.announcement);
    const dialog = await screen.openAdd();
    await dialog.getByLabel('标题').fill(title);
    await dialog
      .getByTestId('rich-text-editor')
      .locator('[contenteditable="true"]')
      .fill('今晚 22:00 停机维护');
    await screen.submit(dialog, /\/sys\/annountCement\/add/);
    let loads = 0;
    user.on('load', () => loads++);
    await screen.rowAction(title, '发布', true);
    const pushed = userShell.notification('您有一条新的公告');
    await expect(pushed).toContainText(title);
    await pushed.getByTestId('push-open').click();
    await expect(userShell.dialog(title)).toBeVisible();
    await expect(userShell.dialog(title)).toContainText('今晚 22:00 停机维护');
    expect(loads).toBe(0);
  });

  await test.step('a scheduled job runs and its run is in the history', async () => {
    const description = uniqueName('每秒清理');
    await shell.goto(SYSTEM.quartz);
    const dialog = await screen.openAdd();
    await screen.choose(dialog, '任务', 'purgeExpiredSessions');
    await dialog.getByLabel('Cron表达式').fill('* * * * * ?');
    await dialog.getByLabel('描述').fill(description);
    await screen.submit(dialog, /\/sys\/quartzJob\/add/);
    await screen.rowAction(description, '启动');
    await expect(screen.row(description)).toContainText('运行中');
    const history = page.getByTestId('job-history');
    // Opened until a run is there; a try that finds none closes the drawer so the next one can open it.
    await expect(async () => {
      await screen.rowAction(description, '执行记录');
      try {
        await expect(
          history.locator('tbody tr.ant-table-row').filter({ hasText: '定时触发' }).first(),
        ).toBeVisible({ timeout: 2_000 });
      } catch (error) {
        await page.keyboard.press('Escape');
        await expect(history).toBeHidden();
        throw error;
      }
    }).toPass({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('job-history')).toBeHidden();
    await screen.rowAction(description, '停止', true);
    await expect(screen.row(description)).toContainText('已停止');
  });
  await user.context().close();
});
