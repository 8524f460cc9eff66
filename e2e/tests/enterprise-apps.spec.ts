// 企业应用 in the browser: admin opens the screen from the menu, makes an app for a customer, sees its
// secret once in a dialog (never in the list), and finds the app listed with its key and scopes.
import { PartyScreen } from '../pages/PartyScreens.ts';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ storageState: authFile(USERS.admin) });

const RUN = Date.now();

test('企业应用: creates an app, shows the secret once and lists the app', async ({ page, shell, shot }) => {
  await shell.openFromMenu('/apps/enterprise', '应用管理', '企业应用');
  const ui = new PartyScreen(page);
  await expect(page.locator('.ant-table-thead').getByText('App Key', { exact: true })).toBeVisible();

  const name = `ERP对接${RUN % 100_000}`;
  const dialog = await ui.openAdd();
  await dialog.getByLabel('应用名称', { exact: true }).fill(name);
  await dialog.getByLabel('货主', { exact: true }).click({ force: true });
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '苏州恒达建材有限公司' })
    .click();
  await dialog.getByLabel('回调地址', { exact: true }).fill('https://erp.example.com/freight/hook');
  await ui.submit(dialog, /\/apps\/enterprise\/add/);

  const secretDialog = page.locator('.ant-modal:visible').filter({ hasText: '应用密钥' });
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog).toContainText('密钥只显示这一次');
  const appKey = (await secretDialog.getByTestId('app-key').textContent())?.trim() ?? '';
  const secret = (await secretDialog.getByTestId('app-secret').textContent())?.trim() ?? '';
  expect(appKey).toMatch(/^ent_[0-9a-f]{24}$/);
  expect(secret.length).toBeGreaterThanOrEqual(40);
  await shot('enterprise-apps-secret');
  await secretDialog.getByRole('button', { name: '我已保存' }).click();
  await expect(secretDialog).toBeHidden();

  const row = ui.row(name);
  await expect(row).toBeVisible();
  await expect(row).toContainText(appKey.slice(0, 16));
  await expect(row).toContainText('苏州恒达建材有限公司');
  await expect(row).toContainText('waybills:read');
  await expect(row).toContainText(secret.slice(-4));
  // the secret itself is nowhere on the screen once the dialog is closed
  await expect(page.getByText(secret)).toHaveCount(0);

  await shot('enterprise-apps-list');
  await ui.remove(name);
});
