// 平台收入季度报送 (国务院令第810号) on 税务数据同步: admin opens the income tab, finds the quarter the
// demo generated from the ledger, sees its lines with ID numbers masked, reviews it and sends it through the
// simulated tax authority, which accepts it with a receipt number.
import { PartyScreen } from '../pages/PartyScreens.ts';
import { expect, test } from '../support/fixtures.ts';

const quarterOf = (at: Date) => {
  const china = new Date(at.getTime() + 8 * 3_600_000);
  return `${china.getUTCFullYear()}-Q${Math.floor(china.getUTCMonth() / 3) + 1}`;
};

test('平台收入季度报送: the demo quarter with masked lines, reviewed and sent, accepted', async ({
  page,
  shell,
  shot,
}) => {
  test.setTimeout(120_000);
  const quarter = quarterOf(new Date());
  await shell.openFromMenu('/report/tax', '数据上报', '税务数据同步');
  await page.getByRole('tab', { name: '平台收入季度报送', exact: true }).click();
  const ui = new PartyScreen(page);
  const row = ui.row(quarter);
  await expect(row).toBeVisible();

  // The lines: each person's income with the ID number masked.
  const drawer = await ui.details(quarter);
  await expect(drawer.getByText(/\d{6}\*{8}\d{3}[\dX]/).first()).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // A retry finds it past its draft: the review and send happen once.
  if (await row.getByText('复核', { exact: true }).isVisible()) {
    const reviewed = page.waitForResponse((r) => r.url().includes('/report/tax/income/review'));
    await ui.rowAction(quarter, '复核', true);
    expect(((await (await reviewed).json()) as { success: boolean }).success).toBe(true);
    // The list reloads after the step: wait for the reviewed row before looking for its next action.
    await expect(row).toContainText('已复核');
  }
  if (await row.getByText('报送', { exact: true }).isVisible()) {
    const sent = page.waitForResponse((r) => r.url().includes('/report/tax/income/send'));
    await ui.rowAction(quarter, '报送', true);
    expect(((await (await sent).json()) as { success: boolean }).success).toBe(true);
  }
  await expect(row).toContainText('报送成功');
  await shot('tax-income');
});
