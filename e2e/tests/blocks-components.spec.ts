// Issue 5 building blocks in the browser: the record popup, uploads (popup, files, images through signed
// URLs) and the announcement push to the header bell, on the component gallery /demo/components.
import { adminToken } from '../support/authFlows.ts';
import { API_BASE } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

test.beforeEach(async ({ page }) => {
  await page.goto('/demo/components');
  await expect(page.getByTestId('gallery-popup')).toBeVisible();
});

test('record popup: 1200 wide, single select maps the row to the target fields, checks its config', async ({
  page,
}) => {
  await page.getByTestId('popup-input-driverName').click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('.ant-table') });
  await expect(dialog.locator('.ant-table-row').first()).toBeVisible();
  const modal = page.locator('.ant-modal').filter({ has: page.locator('.ant-table') });
  // Measured once the opening zoom has finished.
  await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(1200);

  // Confirming with no row chosen.
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('请选择一条记录');

  // A click on a row picks it; its name and mobile go to driverName and driverPhone.
  const row = dialog.locator('.ant-table-row').first();
  const headers = await dialog.locator('.ant-table-thead th').allInnerTexts();
  const cells = await row.locator('td').allInnerTexts();
  const name = cells[headers.findIndex((h) => h.includes('司机姓名'))];
  const mobile = cells[headers.findIndex((h) => h.includes('手机号'))];
  await row.click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('popup-input-driverName')).toHaveValue(name);
  await expect(page.getByTestId('picked-phone')).toHaveText(mobile);

  // Multi select by checkbox: values joined with ','.
  await page.getByTestId('popup-multi-open').click();
  const multi = page.getByRole('dialog').filter({ hasText: '车牌号' });
  const rows = multi.locator('tr.ant-table-row');
  await expect(rows.nth(1)).toBeVisible();
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await multi.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('picked-vehicles')).toHaveText(/.+,.+/);

  // orgFields and destFields of different lengths.
  await page.getByTestId('popup-input-broken').click();
  await expect(page.getByRole('dialog')).toContainText('popup参数未正确配置,原始值和目标值数量不一致!');
});

test('uploads: popup refuses an empty confirm, files upload with statuses, images only, reorder limits, server refusals', async ({
  page,
}) => {
  // Upload popup (520 wide): empty confirm, then a real upload whose stored path comes back.
  await page.getByTestId('upload-popup-open').click();
  const popup = page.locator('.ant-modal').filter({ hasText: '文件上传' });
  await expect(popup).toBeVisible();
  await expect.poll(async () => Math.round((await popup.boundingBox())?.width ?? 0)).toBe(520);
  await popup.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message')).toContainText('未上传任何文件');
  await popup.locator('input[type=file]').setInputFiles(png('waybill-photo.png'));
  await expect(popup.getByTestId('upload-item')).toHaveAttribute('data-status', 'done');
  await expect(popup.getByTestId('upload-item')).toContainText('waybi...');
  await popup.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('upload-popup-result')).toHaveText(/^temp\/\d{8}\/.+\.png$/);

  // Image upload: a non-image is refused in the browser.
  const images = page.getByTestId('gallery-upload').locator('.ant-upload-wrapper').nth(1);
  await images
    .locator('input[type=file]')
    .setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.locator('.ant-message')).toContainText('请上传图片');

  // Two images: shown through the signed static URL, reorder at the edges refused.
  await images.locator('input[type=file]').setInputFiles([png('first.png'), png('second.png')]);
  const items = images.getByTestId('upload-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute('data-status', 'done');
  await expect(items.nth(1)).toHaveAttribute('data-status', 'done');
  const img = items.nth(0).locator('img');
  await expect(img).toHaveAttribute('src', /\/sys\/common\/static\/temp\/.+sign=/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await items.nth(0).getByRole('button', { name: 'left' }).click();
  await expect(page.locator('.ant-message')).toContainText('未知的操作');
  await items.nth(1).getByRole('button', { name: 'right' }).click();
  await expect(page.locator('.ant-message')).toContainText('已到最后~');

  // A type the server refuses: the error dialog and the per-file message.
  const files = page.getByTestId('gallery-upload').locator('.ant-upload-wrapper').first();
  await files.locator('input[type=file]').setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ\u0090\u0000binary'),
  });
  await expect(page.locator('.ant-modal-confirm')).toContainText('上传出错');
  await expect(page.locator('.ant-message')).toContainText('setup.exe 上传失败.');
  await expect(files.getByTestId('upload-item')).toHaveAttribute('data-status', 'error');
});

test('an announcement an admin releases through the API reaches the signed-in header without reload', async ({
  page,
  request,
  bell,
}) => {
  const token = await adminToken(request);
  const headers = { 'X-Access-Token': token };
  const title = `积木推送${Date.now()}`;
  const added = await request.post(`${API_BASE}/sys/annountCement/add`, {
    headers,
    data: { titile: title, msgContent: '<p>推送测试</p>', priority: 'M', msgType: 'ALL' },
  });
  expect((await added.json()).success).toBe(true);
  const list = await request.get(`${API_BASE}/sys/annountCement/list`, {
    headers,
    params: { titile: title, pageNo: 1, pageSize: 10 },
  });
  const id = ((await list.json()).result.records as { id: string }[])[0]?.id;
  expect(id).toBeTruthy();
  // The page was loaded before the release; no navigation happens after it.
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  const released = await request.get(`${API_BASE}/sys/annountCement/doReleaseData`, {
    headers,
    params: { id },
  });
  expect((await released.json()).success).toBe(true);
  const toast = page.locator('.ant-notification-notice').filter({ hasText: title });
  await expect(toast).toContainText('您有一条新的公告', { timeout: 15_000 });
  // Close every push toast (they sit over the bell).
  const notices = page.locator('.ant-notification-notice');
  for (let i = 0; i < 10 && (await notices.count()) > 0; i++)
    await notices.first().locator('.ant-notification-notice-close').click();
  await expect(notices).toHaveCount(0);
  // The bell's announcement list was refreshed by the push (its poll is 650 s).
  await bell.open();
  await bell.showTab(/公告/);
  await expect(bell.popover.getByRole('tab', { selected: true })).toContainText('公告');
  await expect(bell.announcements().filter({ hasText: title })).toHaveCount(1);
  expect(navigations).toBe(0);
});

test('report definitions: test the SQL of a report in its editor, preview it, open the auto report by code', async ({
  page,
}) => {
  await page.goto('/online/cgreport');
  const row = page.locator('tr.ant-table-row').filter({ hasText: 'report_driver' });
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByTestId('report-sql')).toHaveValue(/select/i);
  await drawer.getByTestId('report-parse-sql').click();
  await expect(page.locator('.ant-message')).toContainText('解析成功');
  await drawer.getByRole('tab', { name: '数据预览' }).click();
  await expect(drawer.getByTestId('report-parse-preview').locator('tr.ant-table-row').first()).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();

  await row.getByTestId('report-preview-report_driver').click();
  const preview = page.locator('.ant-modal').filter({ hasText: '司机选择' });
  await expect(preview.locator('tr.ant-table-row')).toHaveCount(10);
  await page.keyboard.press('Escape');

  await page.goto('/online/cgreport/view/report_driver');
  await expect(page.locator('.ant-card-head-title')).toHaveText('司机选择');
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(/^1-10 共 \d+ 条$/);
  const download = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  expect((await download).suggestedFilename()).toBe('司机选择.xlsx');
});

test('dictionary components: cached select and tag, remote search with its hint and empty text, missing code', async ({
  page,
}) => {
  const dict = page.getByTestId('gallery-dict');
  await expect(dict).toContainText('字典Code不能为空!');
  await dict.getByTestId('dict-select-sex').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('女').click();
  await expect(dict.locator('.ant-tag').first()).toHaveText('女');

  const search = dict.getByTestId('search-select-sys_user,realname,username');
  await search.click();
  const dropdown = page.locator('.ant-select-dropdown:visible').last();
  await expect(dropdown).toContainText('请输入搜索内容');
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/sys/dict/loadDict/')) calls += 1;
  });
  await page.keyboard.type('zzzq', { delay: 30 });
  await expect(dropdown).toContainText('没有查询到任何数据');
  // Debounced: one call for the four keystrokes.
  expect(calls).toBe(1);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('管理员');
  const option = dropdown.locator('.ant-select-item-option').first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(dict.locator('.ant-typography-secondary')).not.toHaveText('');
});
