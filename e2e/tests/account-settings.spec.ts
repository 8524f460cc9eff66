// 个人设置: the sessions list shows the current one, marked; notification preferences, the saved language and
// changing the bound mobile by SMS.
import { smsCodeFor, uniqueMobile, userWithMobile } from '../support/authFlows.ts';
import { LOGGED_OUT, LOGIN_PATH } from '../support/env.ts';
import { describeLoggedOut, expect, test } from '../support/fixtures.ts';

test('个人设置: the sessions tab lists the current session', async ({ page, shell }) => {
  await shell.goto('/account/settings');
  await page.getByRole('tab', { name: '登录设备' }).click();
  const sessions = page.getByTestId('account-sessions');
  const current = sessions.getByTestId('session-current');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('当前设备');
  await expect(current).toContainText('IP');
  // The current session has no "sign out" of its own (that is the logout).
  await expect(current.getByRole('button', { name: /下\s*线/ })).toHaveCount(0);
});

describeLoggedOut('个人设置 preferences and bound mobile', () => {
  test('mutes a category, changes the mobile with the SMS code, and the saved language follows the user to a new browser', async ({
    page,
    loginPage,
    shell,
    api,
    browser,
  }) => {
    const own = 'Own#2026pw';
    const { username } = await userWithMobile(api, 'acct', own);
    await loginPage.goto();
    await loginPage.login(username, own);
    await shell.goto('/account/settings');

    // 消息通知: announcements off; risk warnings are mandatory (switch disabled).
    await page.getByRole('tab', { name: '偏好设置' }).click();
    const prefs = page.getByTestId('account-preferences');
    const notice = prefs.getByTestId('notify-notice').getByRole('switch');
    await expect(notice).toBeChecked();
    await expect(prefs.getByTestId('notify-risk_warning').getByRole('switch')).toBeDisabled();
    const saved = page.waitForResponse(
      (r) => r.url().includes('/sys/user/notifyPrefs') && r.request().method() === 'PUT',
    );
    await notice.click();
    expect(((await (await saved).json()) as { success: boolean }).success).toBe(true);
    await expect(notice).not.toBeChecked();
    await page.reload();
    await shell.waitReady();
    await page.getByRole('tab', { name: '偏好设置' }).click();
    await expect(prefs.getByTestId('notify-notice').getByRole('switch')).not.toBeChecked();
    await expect(prefs.getByTestId('notify-notice')).toContainText('仍可在“我的消息”中查看');

    // 安全设置 › 绑定手机: a code to the new number (read from the outbox), confirmed with the password.
    await page.getByRole('tab', { name: '安全设置' }).click();
    await page.getByTestId('mobile-change').click();
    const dialog = page.getByTestId('change-mobile-modal');
    const mobile = uniqueMobile();
    await dialog.getByLabel('新手机号').fill(mobile);
    await dialog.getByTestId('mobile-send-code').click();
    await expect(dialog.getByTestId('mobile-send-code')).toBeDisabled();
    await dialog.getByLabel('短信验证码').fill(await smsCodeFor(mobile));
    await dialog.getByLabel('当前密码').fill(own);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('bound-mobile')).toContainText(
      `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
    );

    // 界面语言: English, saved to the user.
    await page.getByRole('tab', { name: '偏好设置' }).click();
    const language = page.waitForResponse(
      (r) => r.url().includes('/sys/user/language') && r.request().method() === 'PUT',
    );
    await prefs.getByTestId('account-language').getByText('English').click();
    expect(((await (await language).json()) as { success: boolean }).success).toBe(true);
    await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();

    // A new browser (nothing stored) signs in in Chinese and switches to the user's English at once.
    const fresh = await browser.newContext({ storageState: LOGGED_OUT });
    try {
      const other = await fresh.newPage();
      await other.goto(LOGIN_PATH);
      await other.getByTestId('login-username').fill(username);
      await other.getByTestId('login-password').fill(own);
      await other.getByTestId('login-submit').click();
      await expect(other.getByTestId('layout-content')).toBeVisible({ timeout: 30_000 });
      await other.goto('/account/settings');
      await expect(other.getByRole('tab', { name: 'Preferences' })).toBeVisible({ timeout: 30_000 });
      await other.getByRole('tab', { name: 'Preferences' }).click();
      await expect(
        other.getByTestId('account-preferences').getByTestId('notify-notice').getByRole('switch'),
      ).not.toBeChecked();
    } finally {
      await fresh.close();
    }
  });
});
