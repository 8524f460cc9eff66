// Ways in besides the password form of login.spec.ts: the phone tab with a code read from the
// system message queue, the 406 path of an initial password, remember me, the customer-staff login and the
// public landing page. Runs in the desktop and the mobile project.
import { LandingPage, Login3Page } from '../pages/AuthPages.ts';
import { smsCodeFor, userWithMobile } from '../support/authFlows.ts';
import { LOGGED_OUT, PASSWORD, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { platformSettings } from '../support/network.ts';

test.use({ storageState: LOGGED_OUT });

test('phone tab: a wrong code is refused, the code from the message queue signs in', async ({
  loginPage,
  shell,
  api,
  shot,
}) => {
  // An initial password must be changed before any session of the account goes further.
  const { mobile } = await userWithMobile(api, 'phone', 'Phone#2026own');
  await loginPage.goto();
  await loginPage.sendPhoneCode(mobile);
  await expect(shell.message('验证码已发送，10分钟内有效')).toBeVisible();
  const code = await smsCodeFor(mobile);
  await loginPage.phoneCode.input.fill(code === '000000' ? '111111' : '000000');
  await loginPage.phoneSubmit.click();
  await expect(shell.message('短信验证码错误或已失效')).toBeVisible();
  await loginPage.phoneCode.input.fill(code);
  await shot('login-phone');
  await loginPage.phoneSubmit.click();
  await shell.waitHome();
});

test('an initial password opens the change-password dialog; the new one signs in to the dashboard', async ({
  loginPage,
  shell,
  api,
  shot,
}) => {
  const username = await loginPage.submitNewUser(api, 'clerk');
  await expect(loginPage.passwordChangeDialog).toBeVisible();
  await expect(shell.message('当前为初始密码，请先修改密码')).toBeVisible();
  // The same password again is refused before any call.
  await loginPage.changeInitialPassword('Initial#2026');
  await expect(loginPage.passwordChangeDialog).toContainText('新密码不能与原密码相同');
  await shot('login-change-password');
  await loginPage.changeInitialPassword('Changed#2026e2e');
  await shell.waitHome();
  expect(await shell.stored('Login_Username')).toBe(username);
});

test('remember me signs in again once the session is gone, rotating the key; logout forgets it', async ({
  page,
  loginPage,
  shell,
}) => {
  await loginPage.goto();
  await loginPage.remember.check();
  await loginPage.login(USERS.shipper);
  const first = await shell.stored('Login_RememberKey');
  expect(first).toEqual(expect.any(String));
  // The session token is gone (as after its 7 days): the key signs in and the user reaches the wanted page.
  await page.evaluate(() => localStorage.removeItem('Access-Token'));
  await page.goto('/account/center');
  await expect(page).toHaveURL(/\/account\/center$/, { timeout: 30_000 });
  await shell.waitReady();
  const second = await shell.stored('Login_RememberKey');
  expect(second).toEqual(expect.any(String));
  expect(second).not.toBe(first);
  await shell.openUserMenu('退出登录');
  await shell
    .dialog('真的要注销登录吗 ?')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(loginPage.card).toBeVisible();
  await expect(loginPage.username).toBeVisible();
  expect(await shell.stored('Login_RememberKey')).toBeNull();
});

test('customer staff sign in at /user/login3; platform staff are refused there', async ({
  page,
  shell,
  shot,
}) => {
  const login3 = new Login3Page(page);
  await login3.goto();
  await shot('login3');
  await login3.submitCredentials(USERS.admin, PASSWORD);
  await expect(shell.message('该账号不是货主账号，请使用平台登录')).toBeVisible();
  await login3.submitCredentials(USERS.shipper, PASSWORD);
  await shell.waitHome();
  expect(await shell.stored('Login_UserType')).toBe(2);
});

test('the landing page shows the platform and leads to shipper registration and login', async ({
  page,
  request,
  shot,
}) => {
  const settings = await platformSettings(request);
  const landing = new LandingPage(page);
  await landing.goto();
  await expect(landing.title).toHaveText(settings.web_platform_name);
  await expect(landing.root.locator('img[alt="logo"]')).toBeVisible();
  await expect(page).toHaveTitle(settings.web_platform_name);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1440);
  await shot('home', { fullPage: true });
  await landing.register.click();
  await expect(page).toHaveURL(/\/customer\/register$/);
  await page.goBack();
  await landing.login.click();
  await expect(page).toHaveURL(/\/user\/login$/);
});
