// 油卡管理: admin opens the fuel cards from the menu, sees the demo cards with their provider as text
// and the recharges the demo's paid waybills wrote, adds a card (the form refuses an empty number first),
// finds it by number, opens its recharges, imports a provider statement whose broken row is named and
// nothing of it stored, then deletes the card after confirming.
import { PartyScreen } from '../pages/PartyScreens.ts';
import { expect, test } from '../support/fixtures.ts';

// The flow goes through the cards, their recharges, a statement import and a delete.
test.describe.configure({ timeout: 120_000 });

test('油卡管理: demo cards and recharges, add with validation, statement import refused by its broken row, delete', async ({
  page,
  api,
  shell,
  shot,
}) => {
  const drivers = await api.call<{ records: Array<{ driverName: string }> }>(
    'GET',
    '/hydriver/hyDriver/list?pageSize=1&column=createTime&order=asc',
  );
  const driverName = drivers.records[0]?.driverName ?? '';
  expect(driverName).not.toBe('');

  await shell.openFromMenu('/plateform/gas', '财务管理', '油卡管理');
  const ui = new PartyScreen(page);
  const table = page.locator('.ant-pro-table:visible');
  // Demo cards: the provider and the state shown as dictionary text.
  await expect(table.locator('tbody tr').filter({ hasText: '中国石化' }).first()).toBeVisible();
  await expect(table.locator('tbody tr').filter({ hasText: '正常' }).first()).toBeVisible();

  // Add: an empty number is refused in the form, then a card for the first demo driver.
  const no = `9030${Date.now() % 1_000_000_000_000}`;
  const dialog = await ui.openAdd();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(
    dialog.locator('.ant-form-item-explain-error').filter({ hasText: '油卡号' }).first(),
  ).toBeVisible();
  await dialog.getByLabel('油卡号', { exact: true }).fill(no);
  await ui.choose(dialog, '供应商', '中国石油');
  await ui.pick(dialog, 'fuel-driver-select', driverName);
  await ui.submit(dialog, /\/plateform\/gas\/add/);
  await ui.search('油卡号', no);
  const row = ui.row(no);
  await expect(row).toContainText('中国石油');
  await expect(row).toContainText(driverName);
  await expect(row).toContainText('0.00');
  await shot('fuel-cards');

  // Its recharges: none yet (an empty list in the drawer).
  await ui.rowAction(no, '充值记录');
  const drawer = page.locator('.ant-drawer-content:visible');
  await expect(drawer).toContainText(no);
  await expect(drawer.locator('.ant-empty').first()).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // The recharges the demo's paid fuel shares wrote.
  await page.getByRole('tab', { name: '充值记录', exact: true }).click();
  await expect(page.locator('.ant-pro-table:visible tbody tr.ant-table-row').first()).toBeVisible();

  // A provider statement with a broken amount: the row is named, nothing imported.
  await page.getByRole('tab', { name: '供应商对账单', exact: true }).click();
  const csv = [
    '流水号,油卡号,交易时间,类型,金额,油站',
    `E2E-OK-${no},${no},2026-11-20 08:00:00,消费,50.00,南京江东加油站`,
    `E2E-BAD-${no},${no},2026-11-20 09:00:00,消费,abc,南京江东加油站`,
  ].join('\r\n');
  const imported = page.waitForResponse((r) => r.url().includes('/plateform/gas/importStatement'));
  await page
    .getByTestId('fuel-statement-import')
    .locator('input[type=file]')
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const answer = (await (await imported).json()) as { result: { inserted: number } };
  expect(answer.result.inserted).toBe(0);
  const report = page.locator('.ant-modal:visible').filter({ hasText: '导入结果' });
  await expect(report).toContainText('未导入任何数据');
  await expect(report).toContainText('3');
  await report.getByRole('button').first().click();
  await ui.search('供应商流水号', `E2E-OK-${no}`);
  await expect(page.locator('.ant-pro-table:visible .ant-empty').first()).toBeVisible();

  // Delete the unused card after confirming.
  await page.getByRole('tab', { name: '油卡', exact: true }).click();
  await ui.search('油卡号', no);
  await ui.remove(no);
});
