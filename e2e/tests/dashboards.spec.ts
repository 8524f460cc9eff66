// The dashboards in the browser: the admin opens 工作台, 监控页 and 任务页 from the side menu and sees figures —
// to-dos that open their lists, the fleet and today's dispatch chart, the scheduled jobs and outbox queues.
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ storageState: authFile(USERS.admin) });

test('the three dashboards open from the menu with figures', async ({ page, shell, shot }) => {
  test.setTimeout(90_000);
  await shell.openFromMenu('/dashboard/workplace', '首页', '工作台');
  await expect(page.getByTestId('workplace-greeting')).toContainText('平台管理员');
  const audit = page.getByTestId('todo-waybillAudit');
  await expect(audit).toBeVisible();
  await expect(audit.locator('.ant-statistic-content-value')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('todo-riskOpen')).toBeVisible();
  await expect(page.getByTestId('workplace-links').getByRole('button').first()).toBeVisible();
  await shot('dashboard-workplace');

  await shell.navigateMenu('/dashboard/monitor', '首页', '监控页');
  const transit = page.getByTestId('vehicles-transit').locator('.ant-statistic-content-value');
  await expect(transit).toHaveText(/^\d+$/);
  await expect(page.getByTestId('monitor-dispatches').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('monitor-refreshed')).toContainText('30');
  await expect(page.getByTestId('monitor-warnings')).toBeVisible();
  await shot('dashboard-monitor');

  await shell.navigateMenu('/dashboard/task', '首页', '任务页');
  await expect(page.getByTestId('queue-regulator')).toBeVisible();
  await expect(page.getByTestId('task-jobs').locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('task-jobs')).toContainText('下次执行');
  await shot('dashboard-task');

  // A to-do opens the list that holds it.
  await shell.navigateMenu('/dashboard/workplace', '首页', '工作台');
  await page.getByTestId('todo-waybillAudit').click();
  await expect(page).toHaveURL(/\/shipping\/audit$/);
});
