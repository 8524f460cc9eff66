// 在线表单开发: the admin designs a 承运商黑名单 form in the designer, syncs it to the database,
// adds it to the menu, opens its generated list, adds two rows through the declaration-built form and exports them.
import { addCarriers, CgformDesigner } from '../pages/CgformDesigner.ts';
import { PartyScreen } from '../pages/PartyScreens.ts';
import { expect, test } from '../support/fixtures.ts';

test('design a form, sync it, add two rows in its generated list and export them', async ({
  page,
  shell,
  shot,
}) => {
  test.setTimeout(120_000);
  const table = `carrier_black_${Date.now() % 100_000}`;
  await shell.openFromMenu('/online/cgform', '在线开发', '表单开发');

  const designer = new CgformDesigner(page);
  await designer.define(
    table,
    '承运商黑名单',
    [
      ['carrier_name', '承运商名称'],
      ['reason', '原因'],
    ],
    () => shot('cgform-designer'),
  );
  await designer.sync(table);
  await designer.addToMenu(table);
  const headRow = page.locator('tr.ant-table-row').filter({ hasText: table });
  await headRow.getByRole('button', { name: '功能测试' }).click();
  await expect(page).toHaveURL(/\/online\/cgformList\/[0-9a-f]{32}$/);

  const ui = new PartyScreen(page);
  await addCarriers(ui, '原因', [
    ['速达物流', '虚假运单'],
    ['快运通', '多次违约'],
  ]);
  await shot('cgform-auto-list');

  const download = page.waitForEvent('download');
  await ui.toolbar.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/承运商黑名单.*\.xlsx$/);
});
