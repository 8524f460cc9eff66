// Request-layer error catalogue: 401 dialog, 403 / 404 / 500 / 504 messages, and a failed
// page chunk showing a reload prompt instead of a blank page.

import { MSG } from '@freight/contracts';
import { LIGHT_PAGE, USERS } from '../support/env.ts';
import { describeLoggedOut, expect, test } from '../support/fixtures.ts';
import { apiGlob, failApi } from '../support/network.ts';

// The header bell loads the announcements once on every page (no retry).
const ANNOUNCEMENTS = '/sys/annountCement/listByUser';

describeLoggedOut('401', () => {
  test('a 401 removes the token and shows the login-expired dialog that logs out', async ({
    page,
    loginPage,
    shell,
  }) => {
    await loginPage.goto();
    // From now on the announcements call of the header answers 401 (token expired on the server).
    await failApi(page, ANNOUNCEMENTS, 401, 'Token失效，请重新登录!');
    await loginPage.submitCredentials(USERS.admin);
    await expect(page).toHaveURL(/\/dashboard\/analysis$/);

    const dialog = shell.dialog(MSG.loginExpiredTitle);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(MSG.loginExpiredContent);
    expect(await shell.stored('Access-Token')).toBeNull();

    const logout = page.waitForRequest(apiGlob('/sys/logout'));
    await dialog.getByRole('button', { name: MSG.loginExpiredButton }).click();
    await logout;
    // Logged out and reloaded: the guard sends the user to login, back to the page afterwards.
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fdashboard%2Fanalysis$/);
    await expect(loginPage.card).toBeVisible();
  });
});

test('403: 拒绝访问 titled 系统提示, shown for 3 s', async ({ page, shell }) => {
  await failApi(page, ANNOUNCEMENTS, 403, 'forbidden by e2e');
  await shell.goto(LIGHT_PAGE);
  const note = shell.notification(MSG.forbidden);
  await expect(note).toHaveCount(1);
  await expect(note).toBeVisible();
  await expect(note.locator('.ant-notification-notice-message')).toHaveText(MSG.forbiddenTitle);
  const shown = Date.now();
  await expect(note).toHaveCount(0, { timeout: 8_000 });
  // 3 s on screen plus the closing motion and the polling of this assertion.
  expect(Date.now() - shown).toBeLessThan(5_000);
});

/**
 * A failed status, the message the server sends with it, and the notification the console shows instead of
 * it (none: the server's message itself).
 */
const STATUS_NOTIFICATIONS: ReadonlyArray<{
  title: string;
  status: number;
  message: string;
  shown?: string;
}> = [
  { title: '404: 很抱歉，资源未找到!', status: 404, message: 'not found by e2e', shown: MSG.notFound },
  {
    title: '500: the server message',
    status: 500,
    message: '服务器内部错误：运单服务不可用（e2e）',
  },
  { title: '504: 网络超时', status: 504, message: 'gateway timeout by e2e', shown: MSG.timeout },
  {
    title: 'another status shows the server message',
    status: 429,
    message: '请求过于频繁（e2e）',
  },
];

for (const { title, status, message, shown } of STATUS_NOTIFICATIONS) {
  test(title, async ({ page, shell }) => {
    await failApi(page, ANNOUNCEMENTS, status, message);
    await shell.goto(LIGHT_PAGE);
    await expect(shell.notification(shown ?? message)).toBeVisible();
  });
}

test('a page chunk that fails to load shows a reload prompt, not a blank page', async ({ page, shell }) => {
  await shell.goto(LIGHT_PAGE);
  // From now on no new script can be downloaded (a deploy replaced them, or the network dropped).
  await page.route('**/assets/*.js', (route) => route.abort('failed'));
  await shell.expandSideMenu('系统管理');
  await shell.sideMenu.getByRole('menuitem', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  const prompt = page.getByRole('alert').filter({ hasText: '页面资源加载失败', visible: true });
  await expect(prompt).toBeVisible();
  await expect(shell.content).toBeVisible();
  await page.unroute('**/assets/*.js');
  await prompt.getByRole('button', { name: /重新加载/ }).click();
  await shell.waitReady();
  await expect(shell.content.locator('.ant-table')).toBeVisible();
});
