// ETC记录 in the browser: admin opens the screen from the menu and sees the demo's toll records (matched and
// unmatched), imports a provider's CSV with a broken row (reported by its number, nothing of it stored), finds
// the imported record by its serial no., deletes the import batch after confirming, sees a waybill's ETC total
// in its detail, and the screen reads in English and fits a 390 px phone.
import { PartiesPage } from '../pages/PartiesPage.ts';
import type { Rec } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { clickRowAction } from '../support/rowActions.ts';

const RUN = Date.now().toString(36).toUpperCase();

function chinaTime(msAgo: number): string {
  const d = new Date(Date.now() - msAgo + 8 * 3_600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

test('ETC记录: lists the demo records, imports a CSV with a broken row, deletes the batch', async ({
  page,
  shell,
  shot,
}) => {
  test.setTimeout(120_000);
  await shell.openFromMenu('/plateform/etc', '财务管理', 'ETC记录');
  const ui = new PartiesPage(page);
  await expect(ui.rows().first()).toBeVisible();
  await expect(ui.table).toContainText('已匹配');
  await expect(page.locator('.ant-table-thead:visible')).toContainText('出口时间');
  await shot('etc-list');

  // The unmatched: the demo's passages of vehicles the platform does not know.
  await ui.searchForm.getByLabel('车牌号', { exact: true }).fill('沪Z8123');
  const listed = page.waitForResponse((r) => r.url().includes('/plateform/etc/list?') && r.ok());
  await ui.searchForm.getByRole('button', { name: /查\s*询/ }).click();
  await listed;
  await expect(ui.rows().first()).toContainText('未匹配');
  await ui.searchForm.getByRole('button', { name: /重\s*置/ }).click();

  const good = `E2E-${RUN}-1`;
  const broken = `E2E-${RUN}-2`;
  const csv = [
    '交易流水号,车牌号,入口站,出口站,入口时间,出口时间,通行费,发票号',
    `${good},沪Z7${RUN.slice(-4)},苏州东,上海北,${chinaTime(3_600_000)},${chinaTime(600_000)},45.60,04400229999`,
    `${broken},沪Z70001,苏州东,上海北,,不是时间,-3,`,
  ].join('\n');
  const imported = page.waitForResponse((r) => r.url().includes('/plateform/etc/importExcel'));
  await ui.importButton
    .locator('xpath=ancestor::*[contains(@class,"ant-upload")][1]')
    .locator('input[type=file]')
    .setInputFiles({ name: 'etc.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const answer = (await (await imported).json()) as { result: { importBatch: string; inserted: number } };
  expect(answer.result.inserted).toBe(1);
  await expect(ui.importSummary).toContainText('错误行数：1');
  await expect(ui.importErrors).toContainText('出口时间不正确：不是时间');
  await expect(ui.importErrors.locator('tbody tr.ant-table-row').first()).toContainText('3');
  await shot('etc-import-errors');
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();

  // The serial no. box is among the folded ones.
  await ui.searchForm.getByText('展开', { exact: true }).click();
  await ui.search('交易流水号', broken);
  await expect(page.locator('.ant-empty:visible')).toBeVisible();
  await ui.search('交易流水号', good);
  const row = ui.row(good);
  await expect(row).toContainText('45.60');
  await expect(row).toContainText('未匹配');
  await expect(row).toContainText(answer.result.importBatch);

  const removed = page.waitForResponse((r) => r.url().includes('/plateform/etc/deleteBatch'));
  await clickRowAction(page, row, '删除本批次', true);
  expect(((await (await removed).json()) as { success: boolean }).success).toBe(true);
  await expect(ui.rows()).toHaveCount(0);
});

test('ETC记录: a waybill shows its ETC total in its detail', async ({ page, api, shell }) => {
  const matched = await api.call<{ records: Rec[] }>('GET', '/plateform/etc/list?matchState=1&pageSize=1');
  const noteNumber = String(matched.records[0]?.shippingNoteNumber ?? '');
  expect(noteNumber).not.toBe('');
  const total = await api.call<{ count: number; amountFen: number }>(
    'GET',
    `/shipping/hyShippingNote/etc?id=${matched.records[0]?.noteId}`,
  );
  expect(total.count).toBeGreaterThan(0);
  await shell.goto(`/shipping/list?shippingNoteNumber=${noteNumber}`);
  const ui = new PartiesPage(page);
  await clickRowAction(page, ui.row(noteNumber), '详情');
  const etc = page.getByTestId('note-etc');
  await expect(etc).toContainText(
    (total.amountFen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2 }),
  );
  await expect(etc).toContainText(`${total.count} 条通行记录`);
  await etc.getByRole('link', { name: '查看' }).click();
  await expect(page).toHaveURL(/\/plateform\/etc\?shippingNoteNumber=/);
  await expect(new PartiesPage(page).row(noteNumber).first()).toBeVisible();
});

test('ETC记录: reads in English and fits a 390 px phone', async ({ page, shell }) => {
  await shell.goto('/plateform/etc');
  await shell.switchToEnglish();
  const head = page.locator('.ant-table-thead:visible');
  await expect(head).toContainText('Exit time');
  await expect(head).toContainText('Toll');
  await expect(page.locator('[data-testid="resource-table"]:visible')).toContainText('Matched');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('import-button')).toBeVisible();
  // The layout follows the new width a render later: wait for the page as the user sees it settle.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
