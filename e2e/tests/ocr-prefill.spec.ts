// OCR prefill: on the driver's add form, an uploaded ID card photo is read by 识别 and fills the
// fields still empty; what the user typed stays.
import { DRIVER_LIST } from '../pages/PartiesPage.ts';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.use({ storageState: authFile(USERS.admin) });

test('识别 fills the empty fields of the driver form from the uploaded ID card', async ({ page, shell }) => {
  await shell.goto(DRIVER_LIST);
  // The list first, as the user sees it, then its add button.
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = shell.dialog('新增');
  await expect(form).toBeVisible();
  const name = form.getByLabel('司机姓名');
  await name.fill('手填姓名');

  const front = form.locator('.ant-form-item').filter({ hasText: '身份证正面' });
  // No image yet: nothing to read.
  await expect(front.getByRole('button', { name: /识\s*别/ })).toHaveCount(0);
  const uploaded = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
  await front
    .locator('input[type=file]')
    .setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: PNG });
  await uploaded;

  const read = page.waitForResponse((r) => r.url().includes('/compliance/ocr'));
  await front.getByRole('button', { name: /识\s*别/ }).click();
  const fields = (await (await read).json()).result as Record<string, string>;
  await expect(shell.message(/已识别并填入\d+项/)).toBeVisible();
  // The ID number and its validity come from the image; the name the user typed stays.
  await expect(form.getByLabel('身份证号')).toHaveValue(fields.idCard);
  await expect(name).toHaveValue('手填姓名');
  await page.screenshot({ path: test.info().outputPath('ocr-prefill.png') });
});
