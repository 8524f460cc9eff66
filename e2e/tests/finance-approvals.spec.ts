// The money approval screens in the browser: 付款审批 (a payout submitted for a waybill is reviewed and then
// paid by the cashier step, each step in the request's log), 调账理赔 (a deduction applied for on an audited
// waybill, approved by finance and shown in the waybill's detail) and the maker-checker recharge of 货主钱包
// (a voucher recharge made by a second finance user is checked against a bank-statement line imported as CSV
// on 主钱包, where the line that matches nothing stays listed as unmatched), and 账单管理's statement as PDF.
import { readFile } from 'node:fs/promises';
import {
  auditedPerTripNote,
  CUSTOMER_WALLET,
  customerIdOf,
  FinancePage,
  fenOf,
  MAIN_WALLET,
  PER_TRIP_CUSTOMER,
} from '../pages/FinancePage.ts';
import { ApiClient, type Rec, signIn } from '../support/api.ts';
import { createUserWithOwnPassword, PNG_1X1, uniqueName } from '../support/authFlows.ts';
import { expect, test } from '../support/fixtures.ts';
import { clickRowAction } from '../support/rowActions.ts';

// Every money flow runs through several screens and API set-ups.
test.describe.configure({ timeout: 180_000 });

const key = (what: string) =>
  `e2e-${what}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** A finance user (the seeded 财务 role) with its own password, signed in: the second user of a check. */
async function financeUser(api: ApiClient): Promise<ApiClient> {
  const username = uniqueName('fin');
  await createUserWithOwnPassword(api, {
    username,
    password: 'Initial#2026a',
    own: 'Freight#2026b',
    roleCode: 'finance',
  });
  return new ApiClient(api.request, await signIn(api.request, username, 'Freight#2026b'));
}

test('付款审批: a submitted payout is reviewed, then paid by the cashier step, every step logged', async ({
  page,
  api,
  shell,
  shot,
}) => {
  const ui = new FinancePage(page);
  await api.call('POST', '/customer/hyCustomerWallet/recharge', {
    customerId: await customerIdOf(api),
    amountFen: 2_000_000,
    idempotencyKey: key('recharge'),
  });
  const note = await auditedPerTripNote(api, Date.now() % 100_000);
  const payout = await api.call<{ payoutNo: string; state: number }>('POST', '/plateform/payout/submit', {
    kind: 'pay',
    ids: [note.id],
    idempotencyKey: key('payout'),
  });
  expect(payout.state).toBe(1);

  await shell.goto('/plateform/payout');
  await ui.search('申请单号', payout.payoutNo);
  const row = ui.row(payout.payoutNo);
  await expect(row).toContainText('待复核');
  await shot('payout-list');
  await clickRowAction(page, row, '复核');
  const review = page.locator('.ant-modal:visible');
  await expect(review).toContainText(payout.payoutNo);
  await review.getByRole('button', { name: '复核通过' }).click();
  await expect(review).toBeHidden();
  await expect(row).toContainText('待付款');
  await clickRowAction(page, row, '出纳付款');
  const execute = page.locator('.ant-modal:visible');
  await execute.locator('textarea').fill('按计划付款');
  await execute.getByRole('button', { name: '确认付款' }).click();
  await expect(execute).toBeHidden();
  await expect(row).toContainText('已付款');
  await expect(row).toContainText('admin');

  await clickRowAction(page, row, '详情');
  const log = page.getByTestId('payout-log-entry');
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText('提交');
  await expect(log.nth(1)).toContainText('复核');
  await expect(log.nth(2)).toContainText('出纳付款');
  await expect(log.nth(2)).toContainText('按计划付款');
  await expect(page.locator('.ant-drawer:visible')).toContainText(note.number);
  await shot('payout-detail');
  await page.keyboard.press('Escape');
  await expect
    .poll(
      async () => (await api.call<Rec>('GET', `/shipping/hyShippingNote/queryById?id=${note.id}`)).payStatus,
    )
    .toBe(4);
});

test('调账理赔: a deduction on an audited waybill is approved by finance and shown on the waybill', async ({
  page,
  api,
  shell,
  shot,
}) => {
  const ui = new FinancePage(page);
  const note = await auditedPerTripNote(api, Date.now() % 100_000);

  await shell.goto('/plateform/adjustment');
  await expect(page.locator('.ant-pro-query-filter:visible').first()).toBeVisible();
  await page.getByRole('button', { name: '申请调账/理赔' }).click();
  const dialog = page.locator('.ant-modal:visible');
  const picker = dialog.getByRole('combobox').first();
  await picker.click();
  await picker.fill(note.number.slice(-8));
  await page.locator('.ant-select-dropdown:visible').getByText(note.number).click();
  await dialog.getByTestId('dict-select-adjust_kind').click();
  await page.locator('.ant-select-dropdown:visible').getByText('扣款', { exact: true }).click();
  await dialog.getByRole('spinbutton').fill('12.5');
  await dialog.locator('textarea').fill('货物轻微破损');
  const added = page.waitForResponse((r) => r.url().includes('/plateform/adjustment/add'));
  await dialog.getByRole('button', { name: '提交申请' }).click();
  expect(((await (await added).json()) as { success: boolean }).success).toBe(true);
  await expect(dialog).toBeHidden();

  await ui.search('运单号', note.number);
  const row = ui.row(note.number);
  await expect(row).toContainText('待审批');
  await expect(row).toContainText('12.50');
  await shot('adjustment-list');
  await clickRowAction(page, row, '审批入账', true);
  await expect(row).toContainText('已入账');

  // The waybill's detail shows the posted deduction.
  await shell.goto(`/shipping/list?shippingNoteNumber=${note.number}`);
  const noteRow = ui.row(note.number);
  await clickRowAction(page, noteRow, '详情');
  const adjustments = page.getByTestId('note-adjustments');
  await expect(adjustments).toContainText('扣款');
  await expect(adjustments).toContainText('-12.50');
  await expect(adjustments).toContainText('已入账');
  await shot('note-adjustments');
});

test('货主钱包: a voucher recharge is credited only when a second user matches it to an imported statement line', async ({
  page,
  api,
  shell,
  shot,
}) => {
  const ui = new FinancePage(page);
  const cid = await customerIdOf(api);
  const serial = `E2E${Date.now()}`;
  const cents = 100 + (Date.now() % 9_000);
  const amountFen = 300_000 + cents;

  // 1. The admin's own voucher recharge (through the dialog) cannot be checked by the admin.
  await shell.goto(CUSTOMER_WALLET);
  await ui.search('货主', PER_TRIP_CUSTOMER);
  const walletRow = ui.row(PER_TRIP_CUSTOMER);
  await clickRowAction(page, walletRow, '凭证充值');
  const voucher = page.locator('.ant-modal:visible');
  await voucher.getByRole('spinbutton').fill('88.8');
  await voucher.locator('input[type=file]').setInputFiles({
    name: 'voucher.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
  await expect(voucher.locator('img')).toBeVisible();
  await voucher.getByRole('button', { name: '提交复核' }).click();
  await expect(voucher).toBeHidden();

  // 2. A second finance user submits the voucher that the admin checks.
  const finance = await financeUser(api);
  const submitted = await finance.call<{ rechargeNo: string }>(
    'POST',
    '/customer/hyCustomerWallet/manualRecharge',
    {
      customerId: cid,
      amountFen,
      voucherImg: 'voucher/e2e-transfer.png',
      payerName: PER_TRIP_CUSTOMER,
      idempotencyKey: key('voucher'),
    },
  );

  // 3. The bank statement arrives as CSV on 主钱包: one line for the voucher, one that matches nothing.
  const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const csv = [
    '流水号,交易时间,收支,金额,对方户名,对方账号,摘要',
    `${serial},${today} 09:30:00,收,${yuan(amountFen)},${PER_TRIP_CUSTOMER},6222020000000001,货款`,
    `${serial}X,${today} 10:00:00,收,7.77,不明单位,6222020000000002,不明来款`,
  ].join('\n');
  await shell.goto(MAIN_WALLET);
  await page.getByRole('tab', { name: '银行流水' }).click();
  const imported = page.waitForResponse((r) => r.url().includes('/plateform/wallet/importStatement'));
  await page
    .locator('.ant-upload:has([data-testid="import-button"]:visible) input[type=file]')
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const answer = (await (await imported).json()) as { success: boolean; message: string };
  expect(answer.success, answer.message).toBe(true);
  await ui.search('银行流水号', `${serial}X`);
  await expect(ui.row(`${serial}X`)).toContainText('未匹配');
  await shot('statement-unmatched');

  // 4. The admin's own voucher waits for someone else; the finance user's one the admin checks: credited.
  await shell.goto(CUSTOMER_WALLET);
  await page.getByRole('tab', { name: '充值记录' }).click();
  const mine = ui.row('88.80').filter({ hasText: '待复核' }).first();
  await expect(mine).toBeVisible();
  await expect(mine.getByText('复核入账', { exact: true })).toHaveCount(0);

  await ui.search('充值单号', submitted.rechargeNo);
  const row = ui.row(submitted.rechargeNo);
  await expect(row).toContainText('待复核');
  await clickRowAction(page, row, '复核入账');
  const check = page.locator('.ant-modal:visible');
  await check.getByTestId('statement-choice').getByText(serial).click();
  await shot('recharge-check');
  await check.getByRole('button', { name: /入账/ }).click();
  await expect(check).toBeHidden();
  await expect(row).toContainText('已入账');

  const line = await api.call<{ records: Rec[] }>('GET', `/plateform/statement/list?bankSerialNo=${serial}`);
  expect(line.records[0]).toMatchObject({ matchState: 1, matchedRef: submitted.rechargeNo });
  const credited = await api.call<{ records: Rec[] }>(
    'GET',
    `/customer/hyCustomerRecharge/list?rechargeNo=${submitted.rechargeNo}`,
  );
  expect(credited.records[0]).toMatchObject({ state: 1, bankSerialNo: serial, amountFen });
  expect(fenOf(await ui.cellText(row, '金额'))).toBe(amountFen);
});

test('账单管理: a bill statement downloads as a PDF', async ({ page, api, shell }) => {
  test.setTimeout(120_000);
  const ui = new FinancePage(page);
  const bills = await api.call<{ records: Rec[] }>('GET', '/plateform/bill/list?pageSize=1');
  test.skip(bills.records.length === 0, 'the demo data has no bill');
  const billNo = String(bills.records[0].billNo);
  await shell.goto('/plateform/bill');
  await ui.search('账单号', billNo);
  const downloaded = page.waitForEvent('download');
  await clickRowAction(page, ui.row(billNo), '对账单PDF');
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe(`对账单${billNo}.pdf`);
  const path = await file.path();
  expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
