// Identity and certificate verification: a reviewer opens a pending driver, sees the
// verification results beside the ID photos, and approves; a driver the simulated 公安 service refuses cannot
// be approved. Then the 核验记录 screen lists the checks.
import { residentIdCheckChar } from '@freight/contracts';
import { addDriver, DRIVER_LIST, PartiesPage } from '../pages/PartiesPage.ts';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { clickRowAction } from '../support/rowActions.ts';
import { runBirthDates } from '../support/runNumbers.ts';

const RUN = Date.now();
const tag = String(RUN).slice(-6);
/** An ID number of this run (born on a day of 1975-1999 no other run shares), with its check character. */
const idOf = (seq: number) => {
  const body = `320104${runBirthDates(RUN, 1975, 0)(0)}${String(seq).padStart(3, '0')}`;
  return body + residentIdCheckChar(body);
};
/** The simulated provider's documented failing identity (docs/decisions.md). */
const FAILING_ID = '110101199001019992';

test.use({ storageState: authFile(USERS.operations) });

test('a reviewer sees the verification results beside the photos and approves', async ({
  page,
  api,
  shell,
}) => {
  const add = (driverName: string, idCard: string, mobile: string) =>
    addDriver(api, {
      driverName,
      mobile,
      idCard,
      idCardFront: 'driver/demo/id-card-front.png',
      idCardBack: 'driver/demo/id-card-back.png',
    });
  const good = `核验通过${tag}`;
  await add(good, idOf(1), `136${String(RUN % 100_000_000).padStart(8, '0')}`);

  await shell.goto(`${DRIVER_LIST}?state=1`);
  const drivers = new PartiesPage(page);
  await drivers.search('司机姓名', good);
  await expect(drivers.rows()).toHaveCount(1);

  // The detail drawer: the ID photos and, below them, the checks with their results.
  await clickRowAction(page, drivers.row(good), '详情');
  const drawer = page.locator('.ant-drawer-content:visible').filter({ hasText: '详情' });
  await expect(drawer.locator('img').first()).toBeVisible();
  const panel = drawer.getByTestId('verification-panel');
  await expect(panel.getByTestId('verification-check')).toHaveCount(1);
  const id2 = panel.locator('[data-kind="idTwoFactor"]');
  await expect(id2).toHaveAttribute('data-result', 'pass');
  await expect(id2).toContainText('身份证二要素');
  await expect(id2).toContainText('通过');
  await expect(panel).toContainText('必需核验均已通过');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The review dialog shows the same results above the decision; the approval goes through.
  await drivers.row(good).getByText('审核', { exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '审核结果' });
  await expect(dialog.getByTestId('verification-panel')).toContainText('身份证二要素');
  const reviewed = page.waitForResponse((r) => r.url().endsWith('/review'));
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  expect((await (await reviewed).json()).success).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(drivers.row(good)).toHaveCount(0);
});

test('a driver the identity service refuses cannot be approved; 核验记录 lists the checks', async ({
  page,
  api,
  shell,
}) => {
  const list = await api.envelope<{ records: Array<{ driverName: string; state: number }> }>(
    'GET',
    `/hydriver/hyDriver/list?idCard=${FAILING_ID}`,
  );
  const existing = list.result.records;
  let refused = existing[0]?.driverName;
  if (!refused) {
    refused = `核验失败${tag}`;
    await addDriver(api, {
      driverName: refused,
      mobile: `135${String(RUN % 100_000_000).padStart(8, '0')}`,
      idCard: FAILING_ID,
    });
  }
  await shell.goto(`${DRIVER_LIST}?state=1`);
  const drivers = new PartiesPage(page);
  await drivers.search('司机姓名', refused);
  await expect(drivers.rows()).toHaveCount(1);
  await drivers.row(refused).getByText('审核', { exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '审核结果' });
  await expect(dialog.locator('[data-kind="idTwoFactor"]')).toHaveAttribute('data-result', 'fail');
  await expect(dialog).toContainText('姓名与身份证号不一致');
  // Operations do not hold the override: no override choice, and the approval is refused.
  await expect(dialog.getByText('核验未通过时越权通过')).toHaveCount(0);
  const reviewed = page.waitForResponse((r) => r.url().endsWith('/review'));
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  const answer = await (await reviewed).json();
  expect(answer.success).toBe(false);
  await expect(page.locator('.ant-message')).toContainText('核验未通过或未完成');
  await page.keyboard.press('Escape');

  await shell.goto('/compliance/verification');
  await expect(page.locator('.ant-table')).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('tbody')).toContainText('身份证二要素');
});
