// 报表列表 in the browser: the admin opens it from the side menu, sees the saved reports by category, opens
// the daily operations report, runs it with its date range (rows, a totals row, a chart) and exports it to
// Excel; a shipper's administrator sees its reports but not the platform's tax report.
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe('as admin', () => {
  test.use({ storageState: authFile(USERS.admin) });

  test('open a saved report, run it and export it', async ({ page, shell, shot }) => {
    test.setTimeout(120_000);
    await shell.openFromMenu('/statistics/report', '统计报表', '报表列表');
    const catalog = page.getByTestId('report-catalog');
    await expect(catalog.getByTestId('report-card-rpt_settlement_customer_month')).toBeVisible();
    await expect(catalog.getByTestId('report-card-rpt_driver_tax_month')).toBeVisible();
    await shot('report-list');

    // The search box narrows the list.
    await page.getByTestId('report-keyword').fill('账龄');
    await page.getByTestId('report-keyword').press('Enter');
    await expect(catalog.getByTestId('report-card-rpt_receivable_aging')).toBeVisible();
    await expect(catalog.getByTestId('report-card-rpt_operations_daily')).toHaveCount(0);
    await page.getByTestId('report-keyword').fill('');
    await page.getByTestId('report-keyword').press('Enter');

    await catalog.getByTestId('report-card-rpt_operations_daily').click();
    await expect(page).toHaveURL(/\/statistics\/report\?code=rpt_operations_daily$/);
    const runner = page.getByTestId('report-runner');
    await expect(runner.getByTestId('report-range').first()).toBeVisible();
    const table = runner.getByTestId('report-table');
    await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
    await expect(runner.getByTestId('report-totals')).toContainText('合计');
    // Money as yuan with two decimals and thousands separators.
    await expect(runner.getByTestId('report-totals')).toContainText(/\d{1,3}(,\d{3})*\.\d{2}/);
    await expect(runner.locator('canvas')).toBeVisible();

    await runner.getByTestId('report-run').click();
    await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
    await shot('report-run');

    const download = page.waitForEvent('download');
    await runner.getByTestId('report-export').click();
    expect((await download).suggestedFilename()).toBe('运营日报（日·线路）.xlsx');

    await runner.getByTestId('report-back').click();
    await expect(page.getByTestId('report-catalog')).toBeVisible();
  });
});

test.describe("as a shipper's administrator", () => {
  test.use({ storageState: authFile(USERS.shipperAdmin) });

  test('sees its reports, not the platform tax report', async ({ page, shell }) => {
    await shell.goto('/statistics/report');
    const catalog = page.getByTestId('report-catalog');
    await expect(catalog.getByTestId('report-card-rpt_settlement_customer_month')).toBeVisible();
    await expect(catalog.getByTestId('report-card-rpt_driver_tax_month')).toHaveCount(0);
    await catalog.getByTestId('report-card-rpt_settlement_customer_month').click();
    await expect(page.getByTestId('report-table').locator('tr.ant-table-row').first()).toBeVisible();
  });
});
