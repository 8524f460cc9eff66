// 个人设置 › 登录设备: the signed-in user's sessions list shows the current one, marked.
import { expect, test } from '../support/fixtures.ts';

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
