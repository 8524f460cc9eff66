// Money in the browser, as the administrator: recharge a per-trip customer in 货主钱包, pay its audited
// waybill from 支付运单 through the confirm dialog (total and fee split), see the ledger lines in the wallet's
// drawer, and the platform's service-fee income on 主钱包 risen by the waybill's service fee.
import {
  auditedPerTripNote,
  CUSTOMER_WALLET,
  FinancePage,
  fenOf,
  MAIN_WALLET,
  ownPerTripCustomer,
  PAY_LIST,
  PLATFORM_COSTS,
  yuanText,
} from '../pages/FinancePage.ts';
import { expect, test } from '../support/fixtures.ts';
import { submitForm } from '../support/forms.ts';
import { clickRowAction } from '../support/rowActions.ts';

test('recharge, pay an audited waybill from the pay list, ledger lines in the drawer, service-fee income up', async ({
  page,
  api,
  shell,
  shot,
}) => {
  test.setTimeout(180_000);
  const ui = new FinancePage(page);
  const seq = Date.now() % 100_000;

  // A per-trip shipper of its own: other specs charge the demo customers meanwhile.
  const customer = await ownPerTripCustomer(api, seq);

  // Income before the waybill is charged (a per-trip customer is charged at audit, when its wallet covers it).
  await shell.goto(MAIN_WALLET);
  const incomeBefore = await ui.serviceFeeIncome();

  // 1. Recharge the customer in 货主钱包.
  await shell.goto(CUSTOMER_WALLET);
  await ui.search('货主', customer);
  const walletRow = ui.row(customer);
  await expect(walletRow).toBeVisible();
  const balanceCell = async () => fenOf(await ui.cellText(walletRow, '余额'));
  const balanceBefore = await balanceCell();
  await clickRowAction(page, walletRow, '充值');
  const recharge = page.getByTestId('amount-dialog');
  await expect(recharge).toContainText(customer);
  await recharge.locator('input').first().fill('8000');
  await submitForm(recharge, /\/customer\/hyCustomerWallet\/recharge/, /确认充值/);
  await expect.poll(balanceCell).toBe(balanceBefore + 800_000);

  // 2. An audited waybill of the customer (set up through the API), paid from 支付运单.
  const note = await auditedPerTripNote(api, seq, customer);
  expect(note.serviceFee).toBeGreaterThan(0);
  await shell.goto(PAY_LIST);
  await ui.search('运单号', note.number);
  const payRow = ui.row(note.number);
  await expect(payRow).toBeVisible();
  await shot('pay-list');
  await clickRowAction(page, payRow, '支付');
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('pay-total')).toHaveText(/^¥ [\d,]+\.\d{2}$/);
  await expect(dialog.getByTestId('pay-service-fee')).toHaveText(yuanText(note.serviceFee));
  await shot('pay-dialog');
  const paid = page.waitForResponse((r) => r.url().endsWith('/shipping/hyShippingNote/pay'));
  await dialog.getByTestId('pay-confirm').click();
  const answer = (await (await paid).json()) as { success: boolean; message: string };
  expect(answer.success, answer.message).toBe(true);
  await expect(dialog).toContainText('已提交银行1笔');
  // The simulated bank answers within a second: the dialog follows the payment until it is paid.
  await expect(dialog.getByTestId('pay-bank')).toContainText('成功 1 / 1');
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(dialog).toBeHidden();
  await expect(payRow).toHaveCount(0);

  // 3. The wallet's ledger drawer: the recharge and the waybill's charge.
  await shell.goto(CUSTOMER_WALLET);
  await ui.search('货主', customer);
  await clickRowAction(page, ui.row(customer), '流水');
  const drawer = page.getByTestId('ledger-drawer');
  const lines = drawer.locator('tbody tr.ant-table-row');
  await expect(lines.filter({ hasText: note.number })).toContainText(`-${yuanText(note.customerFee)}`);
  await expect(lines.filter({ hasText: '+8,000.00' }).first()).toBeVisible();
  await shot('wallet-ledger');
  await drawer
    .getByRole('button', { name: /Close|关闭/ })
    .first()
    .click();

  // 4. 主钱包: the service-fee income rose by the waybill's service fee (other specs' audits may raise it
  // further meanwhile); 平台费用 lists this waybill's fee.
  await shell.goto(MAIN_WALLET);
  await expect.poll(() => ui.serviceFeeIncome()).toBeGreaterThanOrEqual(incomeBefore + note.serviceFee);
  // The cash at the bank is what the platform holds, shown positive (the books keep it below zero).
  await expect(page.getByTestId('bank-balance').locator('.ant-statistic-content')).toHaveText(
    /^¥\s?[1-9][\d,]*\.\d{2}$/,
  );
  // The 平台账户 tab lists the platform's own accounts.
  await expect(ui.row('银行清算户')).toBeVisible();
  await shot('main-wallet', { scrollTop: true });
  // 平台费用 lists this waybill's service fee.
  await shell.goto(PLATFORM_COSTS);
  await ui.search('运单号', note.number);
  await expect(ui.row(note.number).filter({ hasText: '服务费' })).toContainText(yuanText(note.serviceFee));
});
