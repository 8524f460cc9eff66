// 货运保险 and 凭证导出 in the browser: finance opens 合规管理 › 货运保险 from the menu and sees the demo's
// policies, insures a waybill not yet loaded through the dialog (the premium charged, the policy listed), then
// opens 财务管理 › 凭证导出, where the month's vouchers balance and the 用友 and 金蝶 workbooks download; both
// screens read in English and fit a 390 px phone.
import { PartiesPage } from '../pages/PartiesPage.ts';
import type { Rec } from '../support/api.ts';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

interface ListBody {
  success: boolean;
  result: { records: Array<Record<string, unknown>>; total: number };
}

test.use({ storageState: authFile(USERS.admin) });

// The insurance and voucher flows each go through a dialog, a list and downloads.
test.describe.configure({ timeout: 120_000 });

test('货运保险: lists the demo policies and insures a waybill before loading', async ({
  page,
  api,
  shell,
  shot,
}) => {
  // A waybill not yet loaded and not insured (the demo insured some of them).
  const notes = await api.call<{ records: Rec[] }>(
    'GET',
    '/shipping/hyShippingNote/list?status=0,1&pageSize=100',
  );
  const policies = await api.call<{ records: Rec[] }>(
    'GET',
    '/compliance/insurance/list?state=1&pageSize=500',
  );
  const insuredIds = new Set(policies.records.map((p) => p.noteId));
  const free = notes.records.find((n) => !insuredIds.has(n.id));
  expect(free, 'a waybill to insure').toBeTruthy();
  const noteNo = String(free?.shippingNoteNumber);
  const ui = new PartiesPage(page);
  await shell.goto('/account/center');
  const listed = page.waitForResponse((r) => r.url().includes('/compliance/insurance/list?') && r.ok());
  await shell.navigateMenu('/compliance/insurance', '合规管理', '货运保险');
  const body = (await (await listed).json()) as ListBody;
  expect(body.result.total).toBeGreaterThan(0);
  await expect(ui.rows().first()).toBeVisible();
  await expect(ui.table).toContainText('已承保');
  await expect(ui.table).toContainText('PICCHY');
  await shot('insurance-list');

  await page.getByRole('button', { name: /^投\s*保$/ }).click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.locator('.ant-select').first().click();
  await dialog.locator('.ant-select input').first().fill(noteNo);
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: noteNo })
    .first();
  await expect(option).toBeVisible();
  await option.click();
  await dialog.getByLabel('保额（元）').fill('300000');
  const insured = page.waitForResponse((r) => r.url().includes('/compliance/insurance/insure'));
  await dialog.getByRole('button', { name: /投保并扣保费/ }).click();
  const answer = (await (await insured).json()) as { success: boolean; message: string };
  expect(answer.success, answer.message).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(ui.row(noteNo).first()).toContainText('已承保');
  await shot('insurance-insured');
});

test('凭证导出: the month’s vouchers balance and download for 用友 and 金蝶', async ({
  page,
  shell,
  shot,
}) => {
  await shell.goto('/account/center');
  const previewed = page.waitForResponse((r) => r.url().includes('/finance/voucher/preview?') && r.ok());
  await shell.navigateMenu('/plateform/voucher', '财务管理', '凭证导出');
  const preview = (await (await previewed).json()) as {
    result: { vouchers: unknown[]; totals: Record<string, number> };
  };
  expect(preview.result.vouchers.length).toBeGreaterThan(0);
  // The totals include the invoices' vouchers; the ledger's own sums balance as well.
  const totals = preview.result.totals;
  expect(totals.debitFen).toBe(totals.creditFen);
  expect(totals.ledgerDebitFen).toBe(totals.ledgerCreditFen);
  expect(totals.debitFen).toBeGreaterThanOrEqual(totals.ledgerDebitFen);
  await expect(page.getByTestId('voucher-balanced')).toHaveText('借贷平衡');
  await expect(page.locator('.ant-table-row').first()).toContainText('记-0001');
  await shot('voucher-export');
  for (const [button, name] of [
    ['export-yonyou', '用友'],
    ['export-kingdee', '金蝶'],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByTestId(button).click();
    expect((await download).suggestedFilename()).toContain(name);
  }
});

test('货运保险 and 凭证导出 read in English and fit a 390 px phone', async ({ page, shell }) => {
  await shell.goto('/compliance/insurance');
  await shell.switchToEnglish();
  await expect(page.locator('.ant-table-thead:visible')).toContainText('Policy no.');
  await page.setViewportSize({ width: 390, height: 844 });
  // The layout follows the new width a render later: wait for the page as the user sees it settle.
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect.poll(pageWidth).toBeLessThanOrEqual(390);
  await shell.goto('/plateform/voucher');
  await expect(page.getByTestId('voucher-balanced')).toHaveText('Balanced');
  await expect.poll(pageWidth).toBeLessThanOrEqual(390);
});
