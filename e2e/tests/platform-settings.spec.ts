// 平台设置: an operator renames the platform and uploads a logo; the console's header follows at once
// and the login page shows both without a restart. The settings are global, so this spec runs in a project
// of its own after every other (see the config) and puts the settings back.
import { apiCall, signIn } from '../support/api.ts';
import { PNG_1X1 } from '../support/authFlows.ts';
import { LOGGED_OUT } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

const SETTINGS = '/setting/hySetting/platform';

test('platform settings change the login page’s name and logo', async ({
  page,
  request,
  shell,
  browser,
  shot,
}) => {
  const admin = await signIn(request, 'admin');
  const before = await apiCall<Record<string, string>>(request, admin, 'GET', SETTINGS);
  const name = `运达e2e平台${Date.now() % 10_000}`;
  try {
    await shell.goto('/dashboard/analysis');
    await shell.navigateMenu('/apps/setting', '应用管理', '平台设置');
    const form = page.getByTestId('platform-settings-form');
    await form.getByLabel('平台名称').fill(name);
    await expect(page.getByTestId('preview-name')).toHaveText(name);
    const logoItem = form.locator('.ant-form-item').filter({ hasText: '浅色 Logo' });
    // The upload is held until the test has seen the form refuse to save meanwhile.
    let releaseUpload: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    await page.route('**/sys/common/upload', async (route) => {
      await held;
      await route.continue();
    });
    const uploaded = page.waitForResponse((response) => response.url().includes('/sys/common/upload'));
    await logoItem
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const save = page.getByTestId('platform-settings-save');
    await expect(save).toBeDisabled();
    releaseUpload();
    await uploaded;
    await page.unroute('**/sys/common/upload');
    await expect(save).toBeEnabled();
    await expect(logoItem.locator('img')).not.toHaveAttribute('src', /\/brand\/logo-light\.svg/);
    await save.click();
    await expect(page.getByText('平台设置已保存')).toBeVisible();
    // The header of this console follows without a reload.
    await expect(page.getByTestId('layout-brand')).toContainText(name);
    await shot('platform-settings');

    const visitor = await browser.newContext({ storageState: LOGGED_OUT });
    try {
      const login = await visitor.newPage();
      await login.goto('/user/login');
      await expect(login.getByTestId('user-layout')).toContainText(name);
      const logo = login.locator('img[alt="logo"]').first();
      await expect(logo).toHaveAttribute('src', /\/setting\/hySetting\/brand\/platform_logo_light\?v=/);
      // The uploaded logo loads for a visitor without a session (no 401 behind a broken image).
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(login).toHaveTitle(name);
    } finally {
      await visitor.close();
    }
  } finally {
    await apiCall(request, admin, 'PUT', SETTINGS, before);
  }
});
