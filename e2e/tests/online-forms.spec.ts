// Issue 22, 在线表单开发: the admin designs a 承运商黑名单 form in the designer, syncs it to the database,
// adds it to the menu, opens its generated list, adds two rows through the declaration-built form and exports them.
import { PartyScreen } from '../pages/PartyScreens.ts';
import { expect, test } from '../support/fixtures.ts';

test('design a form, sync it, add two rows in its generated list and export them', async ({
  page,
  shell,
  shot,
}) => {
  test.setTimeout(120_000);
  const table = `carrier_black_${Date.now() % 100_000}`;
  await shell.goto('/account/center');
  await shell.navigateMenu('/online/cgform', '在线开发', '表单开发');

  await page.getByTestId('cgform-add').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('cgform-table-name').fill(table);
  await dialog.getByTestId('cgform-table-txt').fill('承运商黑名单');
  await dialog.getByTestId('cgform-field-dbFieldName-0').fill('carrier_name');
  await dialog.getByTestId('cgform-field-dbFieldTxt-0').fill('承运商名称');
  await dialog.getByTestId('cgform-add-field').click();
  await dialog.getByTestId('cgform-field-dbFieldName-1').fill('reason');
  await dialog.getByTestId('cgform-field-dbFieldTxt-1').fill('原因');
  await shot('cgform-designer');
  const saved = page.waitForResponse((r) => r.url().includes('/online/cgform/api/addAll'));
  await dialog.getByTestId('cgform-save').click();
  expect((await (await saved).json()).success).toBe(true);
  await expect(dialog).toBeHidden();

  const synced = page.waitForResponse((r) => r.url().includes('/online/cgform/api/doDbSynch/'));
  await page.getByTestId(`cgform-sync-${table}`).click();
  expect((await (await synced).json()).success).toBe(true);
  const headRow = page.locator('tr.ant-table-row').filter({ hasText: table });
  await expect(headRow).toContainText('已同步');
  const menu = page.waitForResponse((r) => r.url().includes('/online/cgform/head/addMenu'));
  await page.getByTestId(`cgform-menu-${table}`).click();
  expect((await (await menu).json()).success).toBe(true);
  await headRow.getByRole('button', { name: '功能测试' }).click();
  await expect(page).toHaveURL(/\/online\/cgformList\/[0-9a-f]{32}$/);

  const ui = new PartyScreen(page);
  for (const [name, reason] of [
    ['速达物流', '虚假运单'],
    ['快运通', '多次违约'],
  ]) {
    const form = await ui.openAdd();
    await form.getByLabel('承运商名称', { exact: true }).fill(name);
    await form.getByLabel('原因', { exact: true }).fill(reason);
    await ui.submit(form, /\/online\/cgform\/api\/data\/[0-9a-f]+\/add/);
  }
  await expect(ui.row('速达物流')).toContainText('虚假运单');
  await expect(ui.row('快运通')).toContainText('多次违约');
  await shot('cgform-auto-list');

  const download = page.waitForEvent('download');
  await ui.toolbar.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/承运商黑名单.*\.xlsx$/);
});
