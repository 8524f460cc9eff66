// Login layout and the navigation guards (redirect query, logged-in redirect, permission
// loading after login and its failure) and the logout.

import { MSG } from '@freight/contracts';
import { endsWith } from '../pages/ShellPage.ts';
import { HOME_PATH, USERS } from '../support/env.ts';
import { describeLoggedOut, expect, test } from '../support/fixtures.ts';
import { apiGlob, envelope, failApi, fulfillJson, platformSettings } from '../support/network.ts';

/** The login URL that brings the user back to `wanted` (redirect query). */
const loginUrl = (wanted: string) => endsWith(`/user/login?redirect=${encodeURIComponent(wanted)}`);

describeLoggedOut('logged out', () => {
  test('login layout shows the platform name, logo, background and full footer', async ({
    loginPage,
    page,
    request,
    shot,
  }) => {
    const settings = await platformSettings(request);
    await loginPage.goto();
    await expect(loginPage.title).toHaveText(settings.web_platform_name);
    await expect(loginPage.layout.locator('img[alt="logo"]').first()).toBeVisible();
    await expect(loginPage.layout).toHaveCSS('background-image', /url\(/);
    for (const part of [
      settings.footer_address,
      settings.footer_customer_service,
      settings.footer_company_name,
      settings.footer_web_record_number,
      settings.footer_ICP_number,
    ]) {
      if (part) await expect(loginPage.footer).toContainText(part);
    }
    await expect(page).toHaveTitle(settings.web_platform_name);
    await shot('login');
  });

  test('login form refuses empty fields and wrong credentials', async ({ loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.submit.click();
    await expect(loginPage.errors()).toHaveCount(2);
    await expect(loginPage.errors().first()).toBeVisible();
    await loginPage.submitCredentials(USERS.shipper, 'Wrong#Pass123');
    await expect(shell.message(/用户名或密码错误/)).toBeVisible();
    await expect(loginPage.card).toBeVisible();
  });

  test('a protected route without a token redirects to login with the wanted path', async ({ page }) => {
    await page.goto('/system/user');
    await expect(page).toHaveURL(loginUrl('/system/user'));
    await page.goto('/system/user?status=1#top');
    await expect(page).toHaveURL(loginUrl('/system/user?status=1#top'));
  });

  test('login continues to the redirect path', async ({ page, loginPage, shell }) => {
    await page.goto('/system/user');
    await expect(page).toHaveURL(loginUrl('/system/user'));
    await loginPage.login(USERS.admin);
    await expect(page).toHaveURL(/\/system\/user$/);
    await expect(shell.pageTitle).toHaveText('用户管理');
  });

  test('without a redirect, login lands on the analysis dashboard', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.login(USERS.admin);
    await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
    await expect(page.getByTestId('dashboard-analysis')).toBeVisible();
  });

  test('a failed permission fetch logs out and returns to login with the redirect', async ({
    page,
    loginPage,
    shell,
  }) => {
    await loginPage.goto();
    await loginPage.login(USERS.admin);
    await failApi(page, '/sys/permission/getUserPermissionByToken', 500, '权限加载失败（e2e）');
    const logout = page.waitForRequest(apiGlob('/sys/logout'));
    await page.goto('/system/user');
    await expect(page).toHaveURL(loginUrl('/system/user'));
    await logout;
    await expect(loginPage.card).toBeVisible();
    expect(await shell.stored('Access-Token')).toBeNull();
  });

  test('an empty menu fails permission loading with the spec message', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.login(USERS.admin);
    await page.route(apiGlob('/sys/permission/getUserPermissionByToken'), (route) =>
      fulfillJson(route, envelope({ menu: [], auth: [], allAuth: [] })),
    );
    await page.goto('/system/role');
    await expect(shell.message(MSG.emptyMenu)).toBeVisible();
    await expect(page).toHaveURL(loginUrl('/system/role'));
  });

  test('logout asks for confirmation, then clears the session', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.login(USERS.shipper);
    await shell.openUserMenu('退出登录');
    const confirm = shell.dialog('真的要注销登录吗 ?');
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await expect(confirm).toBeHidden();
    await expect(shell.content).toBeVisible();

    await shell.openUserMenu('退出登录');
    const logout = page.waitForResponse(apiGlob('/sys/logout'));
    await shell
      .dialog('真的要注销登录吗 ?')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await logout;
    await expect(page).toHaveURL(/\/user\/login/);
    expect(await shell.stored('Access-Token')).toBeNull();
    expect(await shell.stored('UI_CACHE_DB_DICT_DATA')).toBeNull();
    // The old page is now behind the guard again.
    await page.goto(HOME_PATH);
    await expect(page).toHaveURL(loginUrl(HOME_PATH));
  });
});

describeLoggedOut('logout when the server call fails', () => {
  test('the session is cleared anyway and the error is shown', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.login(USERS.shipper);
    await failApi(page, '/sys/logout', 500, '退出服务异常（e2e）');
    await shell.openUserMenu('退出登录');
    await shell
      .dialog('真的要注销登录吗 ?')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(shell.notification('退出服务异常（e2e）')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login/);
    expect(await shell.stored('Access-Token')).toBeNull();
  });
});

test('a logged-in user opening /user/login goes to the analysis dashboard', async ({ page, shell }) => {
  await page.goto('/user/login');
  await shell.waitHome();
  await page.goto('/user/login?redirect=%2Fsystem%2Fuser');
  await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
});
