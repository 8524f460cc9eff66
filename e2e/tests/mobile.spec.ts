// Phone-sized console (390×844, touch): login, dashboard with the menu in a drawer, bell, tabs, settings
// drawer and 404 (below the tablet breakpoint the menu moves into a drawer).

import { HOME_PATH, LIGHT_PAGE, USERS } from '../support/env.ts';
import { describeLoggedOut, expect, test } from '../support/fixtures.ts';
import { stubApi } from '../support/network.ts';

describeLoggedOut('logged out', () => {
  test('login form fits the phone and logs in', async ({ page, loginPage, shell, shot }) => {
    await loginPage.goto();
    const box = await loginPage.card.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await expect(loginPage.footer).toBeVisible();
    await shot('login');
    await loginPage.login(USERS.admin);
    await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
    await expect(shell.content).toBeVisible();
  });
});

test('the dashboard fits the phone in one column, without the side menu', async ({ page, shell, shot }) => {
  await shell.goto(HOME_PATH);
  await expect(page.getByTestId('dashboard-analysis').locator('canvas').first()).toBeVisible();
  await shot('dashboard-dark', { scrollTop: true });
  await expect(shell.sider).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  const cards = page.getByTestId('dashboard-analysis').locator('.stat-card');
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second?.y ?? 0).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
});

test('the menu opens in a drawer from the header and navigates', async ({
  page,
  shell,
  settingsDrawer: drawer,
  shot,
}) => {
  await shell.goto(HOME_PATH);
  await expect(shell.mobileMenuButton).toBeVisible();

  await shell.mobileMenuButton.click();
  await expect(shell.mobileMenu).toBeVisible();
  await expect(shell.mobileMenu).toContainText('系统管理');
  await shot('menu-drawer');
  await shell.mobileMenu.getByRole('menuitem', { name: '系统管理' }).click();
  await shell.mobileMenu.getByRole('menuitem', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(shell.mobileMenu).toBeHidden();
  await expect(shell.pageTitle).toHaveText('用户管理');

  // Light menu theme from the settings drawer.
  await drawer.open();
  await shot('settings-drawer');
  await drawer.lightStyle.click();
  await drawer.close();
  await shell.goto(HOME_PATH);
  await expect(page.getByTestId('dashboard-analysis').locator('canvas').first()).toBeVisible();
  await shot('dashboard-light', { scrollTop: true });
  await shell.mobileMenuButton.click();
  await expect(shell.mobileMenu).toBeVisible();
  await expect(page.locator('.mobile-menu')).not.toHaveClass(/mobile-menu-dark/);
  await shot('menu-drawer-light');
});

test('tab context menu on the phone', async ({ page, shell, tabs, shot }) => {
  await shell.goto('/system/user');
  await tabs.expectPaths([HOME_PATH, '/system/user']);
  const menu = await tabs.openContextMenu('/system/user');
  await expect(menu.getByRole('menuitem')).toHaveCount(4);
  await shot('tabs-context-menu');
  await tabs.menuItem(menu, '3').click();
  await tabs.expectPaths([HOME_PATH, '/system/user']);
  await expect(page).toHaveURL(/\/system\/user$/);
});

const PHONE_COUNTS = {
  sijiCount: 2,
  cheCount: 1,
  huozhuCount: 0,
  yuejieZhangQi: 0,
  pijieZhangQi: 0,
  tangjieZhangQi: 0,
  dianfuZq: 4,
};

test('bell badge and popover on the phone', async ({ page, shell, bell, shot }) => {
  await stubApi(page, '/hydriver/hyDriver/getDsXx', PHONE_COUNTS);
  await shell.goto(HOME_PATH);
  await expect(bell.badge).toHaveAttribute('title', '3');
  await bell.open();
  await expect(bell.row('dianfuZq')).toContainText('4');
  await shot('bell-popover');
  await bell.row('cheCount').click();
  await expect(page).toHaveURL(/\/wlhy\/hyvehicle\/HyVehicleList\?state=1$/);
});

test('the bell popover stays within the phone screen', async ({ page, shell, bell }) => {
  await stubApi(page, '/hydriver/hyDriver/getDsXx', PHONE_COUNTS);
  await shell.goto(LIGHT_PAGE);
  await bell.open();
  const box = await bell.popover.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
});

test('404 on the phone', async ({ page, shell, shot }) => {
  await page.goto('/nowhere');
  await expect(page).toHaveURL(/\/404$/);
  await expect(shell.result('404')).toBeVisible();
  await shot('404');
});
