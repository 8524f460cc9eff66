// Multi-tab bar: home first and unclosable, last tab unclosable, context-menu keys
// 1-4, state kept when switching tabs, titles per route.

import { TAB_KEYS } from '../pages/TabBar.ts';
import { HOME_PATH } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiGlob } from '../support/network.ts';

// 用户管理 is a real list page (search form, server data); the others are light pages.
const USERS_PAGE = '/system/user';
const ROLES_PAGE = '/system/role';
const DEPARTS_PAGE = '/system/depart';
const DICT_PAGE = '/system/dict';
const JOBS_PAGE = '/system/quartzJob';

test('home is always the first tab and cannot be closed', async ({ shell, tabs }) => {
  await shell.goto(ROLES_PAGE);
  await tabs.expectPaths([HOME_PATH, ROLES_PAGE]);
  await expect(tabs.active()).toHaveAttribute('data-path', ROLES_PAGE);

  await tabs.close(HOME_PATH);
  await expect(shell.page.locator('.ant-message-warning')).toContainText('首页');
  await tabs.expectPaths([HOME_PATH, ROLES_PAGE]);

  // Closing the active tab moves to a neighbour; home stays.
  await tabs.close(ROLES_PAGE);
  await tabs.expectPaths([HOME_PATH]);
  await expect(shell.page).toHaveURL(new RegExp(`${HOME_PATH}$`));
  await tabs.close(HOME_PATH);
  await expect(shell.page.locator('.ant-message-warning').first()).toBeVisible();
  await tabs.expectPaths([HOME_PATH]);
});

test('the last remaining tab cannot be closed', async ({ page, shell, tabs }) => {
  // A tab list restored from the session that holds one page and no home tab.
  await page.addInitScript(
    ({ path }) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        sessionStorage.setItem('e2e-seeded', '1');
        sessionStorage.setItem(
          'MULTI_TAB_STATE',
          JSON.stringify({ tabs: [{ path, title: '角色管理', fullPath: path }] }),
        );
      }
    },
    { path: ROLES_PAGE },
  );
  await shell.goto(ROLES_PAGE);
  await tabs.expectPaths([ROLES_PAGE]);
  await tabs.close(ROLES_PAGE);
  await expect(page.locator('.ant-message-warning')).toContainText('最后一页');
  await tabs.expectPaths([ROLES_PAGE]);
  await expect(page).toHaveURL(new RegExp(`${ROLES_PAGE}$`));
});

test('context menu keys: 1 close left, 2 close right, 3 close others', async ({
  page,
  shell,
  tabs,
  shot,
}) => {
  await shell.goto(JOBS_PAGE);
  await shell.navigateMenu(ROLES_PAGE, '系统管理', '角色管理');
  await shell.navigateMenu(DEPARTS_PAGE, '系统管理', '部门管理');
  await shell.navigateMenu(DICT_PAGE, '系统管理', '数据字典');
  await tabs.expectPaths([HOME_PATH, JOBS_PAGE, ROLES_PAGE, DEPARTS_PAGE, DICT_PAGE]);

  const menu = await tabs.openContextMenu(DEPARTS_PAGE);
  await expect(tabs.menuItem(menu, TAB_KEYS.closeLeft)).toHaveText('关闭左侧');
  await expect(tabs.menuItem(menu, TAB_KEYS.closeRight)).toHaveText('关闭右侧');
  await expect(tabs.menuItem(menu, TAB_KEYS.closeOthers)).toHaveText('关闭其它');
  await expect(tabs.menuItem(menu, TAB_KEYS.refresh)).toHaveText('刷新');
  await shot('tabs-context-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // 1: close left of 部门管理 -> home stays, the active tab (数据字典) stays active.
  await tabs.runMenu(DEPARTS_PAGE, TAB_KEYS.closeLeft);
  await tabs.expectPaths([HOME_PATH, DEPARTS_PAGE, DICT_PAGE]);
  await expect(page).toHaveURL(new RegExp(`${DICT_PAGE}$`));

  // 2: close right of 部门管理 -> the active tab went away, so 部门管理 becomes active.
  await tabs.runMenu(DEPARTS_PAGE, TAB_KEYS.closeRight);
  await tabs.expectPaths([HOME_PATH, DEPARTS_PAGE]);
  await expect(page).toHaveURL(new RegExp(`${DEPARTS_PAGE}$`));

  // 3: close others of 定时任务 -> home and 定时任务 only, 定时任务 active.
  await shell.navigateMenu(JOBS_PAGE, '系统管理', '定时任务');
  await shell.navigateMenu(ROLES_PAGE, '系统管理', '角色管理');
  await tabs.expectPaths([HOME_PATH, DEPARTS_PAGE, JOBS_PAGE, ROLES_PAGE]);
  await tabs.runMenu(JOBS_PAGE, TAB_KEYS.closeOthers);
  await tabs.expectPaths([HOME_PATH, JOBS_PAGE]);
  await expect(page).toHaveURL(new RegExp(`${JOBS_PAGE}$`));
  await expect(tabs.active()).toHaveAttribute('data-path', JOBS_PAGE);
});

test('context menu key 4 refreshes the page: state reset, data fetched again', async ({
  page,
  shell,
  tabs,
}) => {
  await shell.goto(USERS_PAGE);
  const search = shell.content.getByLabel('账号');
  await search.fill('refresh-me');
  const refetch = page.waitForRequest(apiGlob('/sys/user/list'));
  await tabs.runMenu(USERS_PAGE, TAB_KEYS.refresh);
  await refetch;
  await expect(shell.content.getByLabel('账号')).toHaveValue('');
  await tabs.expectPaths([HOME_PATH, USERS_PAGE]);
});

test('switching tabs keeps each page state without fetching again', async ({ page, shell, tabs }) => {
  await shell.goto(USERS_PAGE);
  await expect(shell.content.locator('.ant-table-row').first()).toBeVisible();
  const search = shell.content.getByLabel('账号');
  await search.fill('张三');
  let refetched = false;
  page.on('request', (request) => {
    if (request.url().includes('/sys/user/list')) refetched = true;
  });

  await tabs.select(HOME_PATH);
  await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
  await expect(page.getByTestId('dashboard-analysis')).toBeVisible();
  await tabs.select(USERS_PAGE);
  await expect(page).toHaveURL(new RegExp(`${USERS_PAGE}$`));
  await expect(shell.content.getByLabel('账号')).toHaveValue('张三');
  expect(refetched).toBe(false);
});

test('tab titles come from the route titles and survive a reload', async ({ page, shell, tabs }) => {
  await shell.goto(DEPARTS_PAGE);
  await shell.navigateMenu(ROLES_PAGE, '系统管理', '角色管理');
  await expect.poll(async () => (await tabs.titles()).slice(1)).toEqual(['部门管理', '角色管理']);
  await page.reload();
  await shell.waitReady();
  await tabs.expectPaths([HOME_PATH, DEPARTS_PAGE, ROLES_PAGE]);
  await expect.poll(async () => (await tabs.titles()).slice(1)).toEqual(['部门管理', '角色管理']);
  await expect(tabs.active()).toHaveAttribute('data-path', ROLES_PAGE);
});
