// Online forms with the richer field types: the admin designs a 货物目录 form in the designer with a
// table dictionary, a user, a department, a region, a file, rich text, a popup over an online report and a
// unique code; syncs it; adds a row in its generated list with each of them filled; the list and the detail
// show their texts (never the stored usernames, org codes or division codes); a second row with the same
// code is refused naming the field. The designer's grid and the list are pictured in Chinese, in English and
// on a 390 px phone.
import { CgformDesigner } from '../pages/CgformDesigner.ts';
import { PartyScreen } from '../pages/PartyScreens.ts';
import { ShippingPage } from '../pages/ShippingPage.ts';
import { expect, test } from '../support/fixtures.ts';

test('designed field types: texts in the list and detail, a repeated unique value refused', async ({
  page,
  shell,
  shot,
}) => {
  test.setTimeout(240_000);
  const n = Date.now() % 1_000_000;
  const table = `goods_catalog_${n}`;
  const code = `GC-${n}`;
  const designer = new CgformDesigner(page);
  const ui = new PartyScreen(page);
  const form = new ShippingPage(page);
  const headRow = () => page.locator('tr.ant-table-row').filter({ hasText: table });

  await test.step('design the form with every newer field type and sync it', async () => {
    await shell.goto('/online/cgform');
    await designer.define(
      table,
      '货物目录',
      [
        { name: 'goods_code', label: '货物编码', length: 20, required: true, unique: true },
        {
          name: 'owner_name',
          label: '负责人',
          control: '表字典',
          dictTable: 'sys_user',
          dictText: 'realname',
          dictField: 'username',
        },
        { name: 'handler', label: '经办人', control: '用户' },
        { name: 'depart', label: '部门', control: '部门' },
        { name: 'origin', label: '产地', control: '省市区' },
        { name: 'manual', label: '说明书', control: '文件' },
        { name: 'notes', label: '介绍', control: '富文本' },
        {
          name: 'driver_name',
          label: '司机',
          control: '报表弹窗',
          dictTable: 'report_driver',
          dictField: 'driver_name,mobile',
          dictText: 'driver_name,driver_phone',
        },
        { name: 'driver_phone', label: '司机电话' },
      ],
      () => shot('cgform-field-types-designer'),
    );
    await designer.sync(table);
    await headRow().getByRole('button', { name: '功能测试' }).click();
    await expect(page).toHaveURL(/\/online\/cgformList\/[0-9a-f]{32}$/);
  });
  const listUrl = new URL(page.url()).pathname;

  /** Types into the remote select of a form item and picks the option showing `option`. */
  const searchPick = async (dialog: ReturnType<typeof ui.dialog>, label: string, option: string) => {
    const item = form.formItem(dialog, label);
    await item.locator('.ant-select-selector').click();
    await item.locator('input').fill(option);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click();
    await expect(item.locator('.ant-select-selection-item')).toHaveText(option);
  };

  let driver = '';
  let mobile = '';
  await test.step('add a row with each field type filled', async () => {
    const dialog = await ui.openAdd();
    await dialog.getByLabel('货物编码', { exact: true }).fill(code);
    await searchPick(dialog, '负责人', '刘婷');
    await searchPick(dialog, '经办人', '平台管理员');
    await searchPick(dialog, '部门', '运营部');
    await form.pickRegion(dialog, '产地', ['江苏省', '南京市', '栖霞区']);
    const uploaded = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
    await form
      .formItem(dialog, '说明书')
      .locator('input[type=file]')
      .setInputFiles({ name: 'manual.txt', mimeType: 'text/plain', buffer: Buffer.from('冷藏 2-8 度') });
    expect((await (await uploaded).json()).success).toBe(true);
    await expect(form.formItem(dialog, '说明书').getByTestId('upload-item')).toHaveAttribute(
      'data-status',
      'done',
    );
    const editor = dialog.getByTestId('rich-text-editor');
    await editor.locator('[contenteditable="true"]').fill('冷链运输');
    await editor.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('易碎');

    // The popup over the online report 司机选择: the picked driver's name and mobile fill two fields.
    await dialog.getByTestId('popup-input-driver_name').click();
    const popup = page
      .getByRole('dialog')
      .filter({ has: page.locator('.ant-table') })
      .last();
    const first = popup.locator('.ant-table-row').first();
    await expect(first).toBeVisible();
    const headers = await popup.locator('.ant-table-thead th').allInnerTexts();
    const cells = await first.locator('td').allInnerTexts();
    driver = cells[headers.findIndex((h) => h.includes('司机姓名'))] ?? '';
    mobile = cells[headers.findIndex((h) => h.includes('手机号'))] ?? '';
    expect(driver).not.toBe('');
    await first.click();
    await popup.getByRole('button', { name: /确\s*定/ }).click();
    await expect(popup).toBeHidden();
    await expect(dialog.getByTestId('popup-input-driver_name')).toHaveValue(driver);
    await expect(dialog.getByLabel('司机电话', { exact: true })).toHaveValue(mobile);
    await shot('cgform-field-types-add');
    await ui.submit(dialog, /\/online\/cgform\/api\/data\/[0-9a-f]+\/add/);
  });

  await test.step('the list and the detail show texts, not the stored values', async () => {
    const row = ui.row(code);
    // The file by the name it was uploaded under (stored under a random one).
    const texts = ['刘婷', '平台管理员', '运营部', '江苏省 / 南京市 / 栖霞区', 'manual.txt', driver, mobile];
    for (const text of [...texts, '冷链运输易碎']) await expect(row).toContainText(text);
    await expect(row).not.toContainText('operations01');
    await expect(row).not.toContainText('A01A01');
    await expect(row).not.toContainText('<strong>');
    await shot('cgform-field-types-list');
    const detail = await ui.details(code);
    for (const text of texts) await expect(detail).toContainText(text);
    await expect(detail.locator('strong').filter({ hasText: '易碎' })).toBeVisible();
    await expect(detail).not.toContainText('operations01');
    await shot('cgform-field-types-detail');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });

  await test.step('a second row with the same code is refused naming the field', async () => {
    const dialog = await ui.openAdd();
    await dialog.getByLabel('货物编码', { exact: true }).fill(code);
    const refused = page.waitForResponse(
      (r) => /\/online\/cgform\/api\/data\/[0-9a-f]+\/add/.test(r.url()) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const body = (await (await refused).json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toContain('货物编码(goods_code)');
    await expect(page.locator('.ant-message')).toContainText('货物编码(goods_code)');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /放\s*弃/ })
      .click();
    await expect(dialog).toBeHidden();
    await expect(ui.rows().filter({ hasText: code })).toHaveCount(1);
  });

  await test.step('the designer grid and the list in English and on a phone', async () => {
    await shell.switchToEnglish();
    await expect(ui.table.locator('.ant-table-thead')).toContainText('Created');
    await shot('cgform-field-types-list-en');
    await shell.goto('/online/cgform');
    await headRow().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.locator('.ant-modal:visible');
    await expect(dialog.getByTestId('cgform-field-dbFieldName-8')).toHaveValue('driver_phone');
    await expect(dialog.getByTestId('cgform-field-fieldShowType-6')).toContainText('Rich text');
    await shot('cgform-field-types-designer-en');

    await page.setViewportSize({ width: 390, height: 844 });
    await shot('cgform-field-types-designer-mobile');
    await dialog.getByRole('button', { name: /Cancel/ }).click();
    await shell.goto(listUrl);
    await expect(ui.row(code)).toBeVisible();
    await shot('cgform-field-types-list-mobile');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
  });
});
