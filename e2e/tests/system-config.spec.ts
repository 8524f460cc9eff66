// 系统配置: admin opens the typed configuration from the menu, a JSON entry whose value is not JSON is
// refused with the reason, the corrected one is saved and listed with its type, then removed.
import { PartyScreen } from '../pages/PartyScreens.ts';
import { expect, test } from '../support/fixtures.ts';

test('系统配置: a value is checked against its type; the corrected entry is listed', async ({
  page,
  shell,
}) => {
  await shell.openFromMenu('/apps/config', '应用管理', '系统配置');
  const ui = new PartyScreen(page);
  await expect(ui.row('service_rate_bp')).toContainText('数值');

  const key = `e2e.rule${Date.now() % 100_000}`;
  const dialog = await ui.openAdd();
  await dialog.getByLabel('配置键', { exact: true }).fill(key);
  await ui.choose(dialog, '类型', 'JSON');
  await dialog.getByLabel('配置值', { exact: true }).fill('{"maxKm": 800');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('JSON 型配置不是合法的 JSON').first()).toBeVisible();
  await dialog.getByLabel('配置值', { exact: true }).fill('{"maxKm": 800}');
  await ui.submit(dialog, /\/hyconfig\/hyConfig\/add/);

  const row = ui.row(key);
  await expect(row).toContainText('JSON');
  await expect(row).toContainText('"maxKm": 800');
  await ui.remove(key);
});
