// Risk control in the browser: dispatching 33 t onto a 32 t truck is refused with the overload (超载) message of
// the risk rules, and a warning the loss rule raised on a waybill is handled in 预警消息 (then listed as confirmed,
// its violation in 违规记录); under a carrier contract with the violation clause, confirming proposes a
// deduction that 违规记录 lists as notified, with its amount and appeal deadline.
import { auditedPerTripNote, PER_TRIP_CUSTOMER, publishedOrder, yuanText } from '../pages/FinancePage.ts';
import { approvedDriverWithVehicle, ORDER_LIST, ShippingPage } from '../pages/ShippingPage.ts';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { submitForm } from '../support/forms.ts';

test.use({ storageState: authFile(USERS.admin) });
// One after the other: the clause test changes the template the deduction test's contract is signed with. Each
// sets up its waybill through the API first.
test.describe.configure({ mode: 'default', timeout: 120_000 });

test('dispatching 33 t onto a 32 t truck is refused with 超载', async ({ page, api, shell }) => {
  const seq = (Date.now() % 90_000) + 5_000;
  const { driverName, plateNo } = await approvedDriverWithVehicle(api, seq);
  const goodsName = `超载测试${seq}`;
  // a 64 t order: the refusal comes from the truck's 32 t, not from the order's weight
  await publishedOrder(api, {
    customerName: PER_TRIP_CUSTOMER,
    goodsName,
    plannedWeightG: 64_000_000,
  });

  const ui = new ShippingPage(page);
  await shell.goto(ORDER_LIST);
  await ui.search('货物名称', goodsName);
  await ui.rowAction(goodsName, '派单');
  const dispatch = ui.dialog('派单');
  await expect(dispatch).toBeVisible();
  await ui.choose(dispatch, '司机', driverName, driverName);
  await ui.choose(dispatch, '车辆', plateNo);
  await dispatch.getByLabel('派单重量').fill('33');
  const answered = page.waitForResponse((r) => r.url().includes('/shipping/hyShippingNote/dispatch'));
  await dispatch.getByRole('button', { name: /^派\s*单$/ }).click();
  const body = (await (await answered).json()) as { success: boolean; message: string };
  expect(body.success).toBe(false);
  await expect(page.locator('.ant-message')).toContainText('超载');
  await expect(dispatch).toBeVisible();
});

test('handles an open warning once: confirmed, and listed as a violation', async ({ page, api, shell }) => {
  // Its own waybill (a trip that lost 350 kg): the newest open warning may be another test's, handled there.
  const { number } = await auditedPerTripNote(api, (Date.now() % 90_000) + 5_000);
  const ui = new ShippingPage(page);
  await shell.goto('/risk/warning');
  await ui.search('运单号', number);
  await expect(ui.row(number).first()).toContainText('待处理');
  await ui.rowAction(number, '处理');
  const dialog = ui.dialog('处理预警');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('处理原因').fill('已电话核实，司机确认');
  await submitForm(dialog, /\/risk\/warning\/handle/, /确\s*定/);
  await ui.search('运单号', number);
  await expect(ui.row(number).first()).toContainText('已确认');
  await shell.goto('/risk/violation');
  await expect(ui.rows().filter({ hasText: number }).first()).toBeVisible();
});

test('confirms a warning with a deduction under the contract clause: notified, with amount and deadline', async ({
  page,
  api,
  shell,
}) => {
  test.setTimeout(180_000);
  // the carrier template gets the violation clause (5 % of the freight); contracts signed from now carry it
  await api.call('POST', '/shipping/contract/clause', { penaltyPct: 5 });
  const seq = (Date.now() % 90_000) + 5_000;
  const note = await auditedPerTripNote(api, seq);
  // the trip lost 350 kg: the loss rule raised an open warning
  const warnings = await api.call<{ records: Array<{ state: string }> }>(
    'GET',
    `/risk/warning/list?noteId=${note.id}&ruleType=loss`,
  );
  expect(warnings.records.filter((w) => w.state === 'open').length).toBeGreaterThan(0);
  const deduction = Math.round((note.driverFee * 5) / 100);

  const ui = new ShippingPage(page);
  await shell.goto('/risk/warning');
  await ui.search('运单号', note.number);
  await ui.rowAction(note.number, '处理');
  const dialog = ui.dialog('处理预警');
  await expect(dialog).toBeVisible();
  const deduct = dialog.locator('.ant-checkbox-wrapper').filter({ hasText: '按承运合同' });
  await expect(deduct).toContainText(yuanText(deduction));
  await deduct.click();
  await dialog.getByLabel('处理原因').fill('亏吨超标，司机未能说明原因');
  const handled = page.waitForResponse((r) => r.url().includes('/risk/warning/handle'));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  expect(((await (await handled).json()) as { success: boolean }).success).toBe(true);
  await expect(dialog).toBeHidden();

  await shell.goto('/risk/violation');
  await ui.search('运单号', note.number);
  const row = ui.row(note.number).first();
  await expect(row).toContainText('已通知（申诉期内）');
  await expect(row).toContainText(yuanText(deduction));
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
});

test('edits the carrier contract violation clause (违规扣款条款) from the contract list and sees it saved', async ({
  page,
  api,
  shell,
}) => {
  const before = await api.call<{ version: number; penaltyPct: number | null }>(
    'GET',
    '/shipping/contract/clause',
  );
  const pct = before.penaltyPct === 8 ? 9 : 8;
  await shell.goto('/shipping/contract');
  await page.getByRole('button', { name: '违规扣款条款' }).click();
  const dialog = page.getByTestId('penalty-clause-dialog');
  await expect(dialog.getByTestId('penalty-clause-current')).toContainText(`第${before.version}版`);
  const enabled = dialog.getByTestId('penalty-clause-enabled');
  if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
  await dialog.getByTestId('penalty-clause-pct').fill(String(pct));
  await expect(dialog).toContainText(`违规扣款 ${yuanText(pct * 10_000)}`);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/shipping/contract/clause') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: '保存并启用' }).click();
  expect(((await (await saved).json()) as { success: boolean }).success).toBe(true);
  await expect(dialog).toBeHidden();
  // reopened, the dialog shows the new version in force with the new percentage
  await page.getByRole('button', { name: '违规扣款条款' }).click();
  await expect(dialog.getByTestId('penalty-clause-current')).toContainText(
    `现行模板第${before.version + 1}版：违规扣款为司机运费的${pct}%`,
  );
  await page.keyboard.press('Escape');
  // the other tests' contracts carry 5 %, as the demo's do
  await api.call('POST', '/shipping/contract/clause', { penaltyPct: 5 });
});
