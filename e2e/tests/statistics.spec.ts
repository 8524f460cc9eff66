// Statistics in the browser: the admin opens 统计分析 and 经营看板 from the side menu and sees figures, drills a
// route down to its waybills, and opens the data and finance large screens.
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ storageState: authFile(USERS.admin) });

test('统计分析 and 经营看板 open from the menu with figures, the screens render', async ({
  page,
  shell,
  shot,
}) => {
  test.setTimeout(120_000);
  await shell.openFromMenu('/statistics/list', '统计报表', '统计分析');
  const waybills = page.getByTestId('statistics-total-waybills').locator('.ant-statistic-content-value');
  await expect(waybills).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('statistics-table').locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('statistics-list').locator('canvas')).toBeVisible();
  await shot('statistics-list');

  // By route: a row opens the waybill list filtered by its cities.
  await page.getByTestId('statistics-group').click();
  await page.locator('.ant-select-item-option[title="按线路"]').click();
  const drill = page.getByTestId('statistics-drill').first();
  await expect(drill).toContainText('→');
  await drill.click();
  await expect(page).toHaveURL(/\/shipping\/list\?loadCity=.+&unloadCity=.+/);
  await expect(page.getByRole('row').filter({ hasText: 'YD' }).first()).toBeVisible();
  await shell.goto('/statistics/list');

  await shell.navigateMenu('/statistics/business', '统计报表', '经营看板');
  await expect(page.getByTestId('business-float').locator('.ant-statistic-content-value')).toHaveText(/\d/);
  await expect(page.getByTestId('business-top').locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('business-receivables')).toContainText('未到期');
  await shot('statistics-business');

  // The screens cover the whole window (no page title to wait for): open from the menu, then the URL.
  await shell.expandSideMenu('大屏');
  await page.getByRole('menuitem', { name: '数据大屏', exact: true }).click();
  await expect(page).toHaveURL(/\/screen\/data$/);
  await expect(page.getByTestId('screen-data')).toBeVisible();
  await expect(page.getByTestId('screen-refreshed')).toBeVisible();
  await expect(page.getByTestId('screen-routes').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('screen-map').locator('.leaflet-container')).toBeVisible();
  await shot('screen-data');

  await page.goto('/screen/finance');
  await expect(page.getByTestId('screen-finance')).toBeVisible();
  await expect(page.getByTestId('screen-refreshed')).toBeVisible();
  await expect(page.getByTestId('screen-finance-trend').locator('canvas')).toBeVisible();
  await shot('screen-finance');
});
