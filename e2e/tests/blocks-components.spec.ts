// The building blocks in the browser: the record popup, uploads (popup, files, images through signed
// URLs), the announcement push to the header bell and the async validators, on the component gallery
// /demo/components; and the system messages and message templates screens.
import { PartiesPage } from '../pages/PartiesPage.ts';
import { addAnnouncement, releaseAnnouncement } from '../support/api.ts';
import { uniqueMobile, uniqueName } from '../support/authFlows.ts';
import { announcementPush, expect, test } from '../support/fixtures.ts';
import { clickRowAction } from '../support/rowActions.ts';

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
  api,
  bell,
}) => {
  // The push toast is what this test looks at: the page must not close it as it does for other tests.
  await page.removeLocatorHandler(announcementPush(page));
  const title = `积木推送${Date.now()}`;
  const id = await addAnnouncement(api, {
    titile: title,
    msgContent: '<p>推送测试</p>',
    priority: 'M',
  });
  // The page is loaded, and its notification socket answered, before the release; no navigation after.
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/websocket/'));
  await page.reload();
  await (await socket).waitForEvent('framereceived', (frame) => String(frame.payload).includes('heartcheck'));
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await releaseAnnouncement(api, id);
  const toast = page.locator('.ant-notification-notice').filter({ hasText: title });
  await expect(toast).toContainText('您有一条新的公告', { timeout: 15_000 });
  // Close every push toast (they sit over the bell).
  const notices = page.locator('.ant-notification-notice');
  // Closing ones detach mid-click, and pushes of other tests may add more: retry until none is left.
  await expect(async () => {
    if ((await notices.count()) > 0)
      await notices.first().locator('.ant-notification-notice-close').click({ timeout: 1_000 });
    await expect(notices).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
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
  await clickRowAction(page, row, '编辑');
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer.getByTestId('report-sql')).toHaveValue(/select/i);
  await drawer.getByTestId('report-parse-sql').click();
  await expect(page.locator('.ant-message')).toContainText('解析成功');
  await drawer.getByRole('tab', { name: '数据预览' }).click();
  await expect(drawer.getByTestId('report-parse-preview').locator('tr.ant-table-row').first()).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();

  await clickRowAction(page, row, '预览');
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

test('async validators: the server message of the duplicate check and of a code check rule is the form error', async ({
  page,
  api,
}) => {
  const taken = uniqueName('pos_');
  await api.call('POST', '/sys/position/add', { code: taken, name: `积木职务${taken}` });
  const ruleCode = uniqueName('rule_');
  await api.call('POST', '/sys/checkRule/add', {
    ruleName: `积木校验${ruleCode}`,
    ruleCode,
    ruleJson: JSON.stringify([
      { digits: '2', pattern: '[A-Z]+', message: '前两位必须是大写字母' },
      { digits: '*', pattern: '.{4,8}', message: '长度必须是4到8位' },
    ]),
  });

  const form = page.getByTestId('gallery-async');
  const item = (testId: string) =>
    form
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId(testId) })
      .locator('.ant-form-item-explain');
  // Taken: the server's message; free: no error. Typing is debounced into one call.
  let checks = 0;
  page.on('request', (r) => {
    if (r.url().includes('/sys/duplicate/check')) checks += 1;
  });
  await page.getByTestId('async-duplicate').pressSequentially(taken, { delay: 20 });
  await expect(item('async-duplicate')).toHaveText('该值不可用，系统中已存在！');
  // Far fewer calls than keystrokes (one, unless the machine stalls a keystroke past the pause).
  expect(checks).toBeGreaterThan(0);
  expect(checks).toBeLessThanOrEqual(2);
  await page.getByTestId('async-duplicate').fill(`${taken}x`);
  await expect(item('async-duplicate')).toHaveCount(0);

  await page.getByTestId('async-rule-code').fill(ruleCode);
  const value = page.getByTestId('async-rule-value');
  await value.fill('ab12');
  await expect(item('async-rule-value')).toHaveText('前两位必须是大写字母');
  await value.fill('AB1');
  await expect(item('async-rule-value')).toHaveText('长度必须是4到8位');
  await value.fill('AB12');
  await expect(item('async-rule-value')).toHaveCount(0);
  await page.getByTestId('async-submit').click();
  await expect(page.getByTestId('async-result')).toHaveText('校验通过');

  // The position form uses the same rule on its code.
  await page.goto('/system/position');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '职务管理' });
  await dialog.getByLabel('职务编码').fill(taken);
  await expect(dialog.locator('.ant-form-item-explain')).toContainText('该值不可用，系统中已存在！');
});

test('system messages: a template test send is queued and listed on the system messages screen', async ({
  page,
}) => {
  const list = new PartiesPage(page);
  await page.goto('/system/messageTemplate');
  await list.search('模板编码', 'SMS_LOGIN_CODE');
  await list.row('SMS_LOGIN_CODE').getByText('发送测试', { exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '发送测试' });
  const mobile = uniqueMobile();
  await dialog.getByLabel('接收人').fill(mobile);
  await dialog.getByLabel('测试数据').fill('{"code":"不是JSON');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toContainText('测试数据必须是JSON对象');
  await dialog.getByLabel('测试数据').fill('{"code":"246810"}');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.locator('.ant-message')).toContainText('已加入发送队列');
  await expect(dialog).toBeHidden();

  await page.goto('/system/message');
  // The receiver is in the folded part of the search form on narrow screens.
  await expect(list.searchForm.getByRole('button', { name: /查\s*询/ })).toBeVisible();
  const expand = list.searchForm.getByText('展开');
  if (await expand.isVisible()) await expand.click();
  await list.search('接收人', mobile);
  await expect(list.rows()).toHaveCount(1);
  await expect(list.row(mobile)).toContainText('短信');
  await expect(list.row(mobile)).toContainText('您的登录验证码为246810');
});

test('the gallery formats live notes: money with separators, fee total by order mode, dates', async ({
  page,
}) => {
  const section = page.getByTestId('gallery-format');
  await expect(section.getByTestId('format-money')).toHaveText('1,234,567.89');
  await expect(section.getByTestId('format-pagination')).toHaveText(/^1-\d+ 共 \d+ 条$/);
  const rows = section.getByTestId('format-notes').locator('.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const cells = await rows.first().locator('td').allInnerTexts();
  expect(cells[1]).toMatch(/^(\d{1,3}(,\d{3})*\.\d{2}|--)$/);
  expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});
