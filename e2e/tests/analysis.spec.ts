// The home page (分析页) shows the freight KPIs of the user's scope; each figure opens the list whose total it
// is. Admin: today's waybills and this month's freight on 统计分析, in transit, to audit and open warnings on
// their lists; a shipper's administrator: its own figures, no warnings or regulator figures.
import type { Locator, Page } from '@playwright/test';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

const HOME = '/dashboard/analysis';

async function figureOf(page: Page, key: string): Promise<string> {
  const value = page.getByTestId(`kpi-${key}`).locator('.ant-statistic-content-value');
  await expect(value).toHaveText(/\d/);
  return ((await value.textContent()) ?? '').trim();
}

/** The list's total as the pagination shows it (`1-10 共 N 条`), or an empty table for 0. */
async function expectListTotal(page: Page, figure: string): Promise<void> {
  const total = Number(figure.replace(/,/g, ''));
  if (total === 0) {
    await expect(page.locator('.ant-table-placeholder')).toBeVisible();
    return;
  }
  await expect(page.locator('.ant-pagination-total-text')).toContainText(`共 ${total} 条`);
}

async function openKpi(page: Page, key: string, url: RegExp): Promise<string> {
  const figure = await figureOf(page, key);
  await page.getByTestId(`kpi-${key}`).click();
  await expect(page).toHaveURL(url);
  return figure;
}

const statisticsTotal = (page: Page, key: string): Locator =>
  page.getByTestId(`statistics-total-${key}`).locator('.ant-statistic-content-value');

test.describe('as admin', () => {
  test.use({ storageState: authFile(USERS.admin) });

  test('each freight KPI opens a list whose total is the figure', async ({ page, shell, shot }) => {
    // seven pages opened one after another
    test.setTimeout(240_000);
    await shell.goto(HOME);
    await expect(page.getByTestId('kpi-openWarnings')).toBeVisible();
    await expect(page.getByTestId('kpi-regulatorFailed')).toBeVisible();
    await shot('analysis-admin');

    const today = await openKpi(page, 'todayWaybills', /\/statistics\/list\?begin=.+&end=.+/);
    await expect(statisticsTotal(page, 'waybills')).toHaveText(today);

    await shell.goto(HOME);
    const freight = await openKpi(page, 'monthFreight', /\/statistics\/list\?begin=\d{4}-\d{2}-01&end=/);
    await expect(statisticsTotal(page, 'freight')).toHaveText(freight);

    for (const [key, url] of [
      ['inTransit', /\/shipping\/list\?status=3$/],
      ['awaitingAudit', /\/shipping\/audit$/],
      ['duePayments', /\/shipping\/paylist$/],
      ['openWarnings', /\/risk\/warning\?state=open$/],
    ] as const) {
      await shell.goto(HOME);
      const figure = await openKpi(page, key, url);
      await expectListTotal(page, figure);
    }
  });
});

test.describe("as a shipper's administrator", () => {
  test.use({ storageState: authFile(USERS.shipperAdmin) });

  test('sees its own freight figures, no platform warnings', async ({ page, shell }) => {
    test.setTimeout(90_000);
    await shell.goto(HOME);
    await expect(page.getByTestId('kpi-monthFreight')).toBeVisible();
    await expect(page.getByTestId('kpi-openWarnings')).toHaveCount(0);
    await expect(page.getByTestId('kpi-regulatorFailed')).toHaveCount(0);
    const figure = await openKpi(page, 'inTransit', /\/shipping\/list\?status=3$/);
    await expectListTotal(page, figure);
  });
});
