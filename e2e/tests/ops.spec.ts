// The monitoring screens of the Node server and the file list (对象存储), opened from the side menu
// as the admin, each showing real figures or records.
import type { Locator } from '@playwright/test';
import { ResourceScreen } from '../pages/SystemPages.ts';
import { PNG_1X1, uniqueName } from '../support/authFlows.ts';
import { API_BASE, LIGHT_PAGE } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

const MONITOR = '系统监控';

/** A figure of a screen (kept-alive tabs keep other screens' figures in the page). */
function statistic(screen: Locator, title: string): Locator {
  return screen.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value');
}

const numberIn = async (locator: Locator) =>
  Number(((await locator.textContent()) ?? '').replace(/[^\d.]/g, ''));

test('monitoring: disks, request trace, Node runtime, system and database, Redis, HTTP server', async ({
  page,
  shell,
  shot,
}) => {
  test.setTimeout(120_000);
  await shell.goto(LIGHT_PAGE);

  await test.step('disks per mount', async () => {
    await shell.navigateMenu('/monitor/disk', MONITOR, '磁盘监控');
    const view = page.getByTestId('monitor-disk');
    await expect(view.locator('.ant-card').filter({ hasText: '总容量' }).first()).toBeVisible();
    await expect(view.getByRole('img', { name: '各挂载点使用率' })).toBeVisible();
    await expect(view.locator('.ant-progress-text').first()).toHaveText(/^\d+(\.\d)?%$/);
    await shot('ops-monitor-disk');
  });

  await test.step('request trace lists the console calls with status and user', async () => {
    await shell.navigateMenu('/monitor/httptrace', MONITOR, '请求追踪');
    const trace = page.getByTestId('monitor-httptrace');
    const table = trace.locator('.ant-table-tbody');
    // The disk screen's call of the step before, newest first; searched for, because the other worker's
    // calls push it off the first page.
    await trace.getByPlaceholder('路径或用户').fill('/jeecg-boot/monitor/disk');
    await trace.getByPlaceholder('路径或用户').press('Enter');
    const diskCall = table.locator('tr').filter({ hasText: '/jeecg-boot/monitor/disk' }).first();
    await expect(diskCall).toContainText('GET');
    await expect(diskCall).toContainText('200');
    await expect(diskCall).toContainText('admin');
    await expect(diskCall).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await shot('ops-monitor-httptrace');
  });

  await test.step('Node runtime: version, heap, event-loop delay', async () => {
    await shell.navigateMenu('/monitor/jvm', MONITOR, 'Node运行时');
    await expect(statistic(page.getByTestId('monitor-runtime'), 'Node版本')).toHaveText(/^v\d+\.\d+\.\d+$/);
    await expect(page.getByText('事件循环延迟', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: '内存历史' })).toBeVisible();
  });

  await test.step('system and database', async () => {
    await shell.navigateMenu('/monitor/system', MONITOR, '系统信息');
    const view = page.getByTestId('monitor-system');
    await expect(view.locator('.ant-card').filter({ hasText: '数据库' }).last()).toContainText(/PostgreSQL/);
    await expect(view.getByText(/^(PGlite|PostgreSQL)$/)).toBeVisible();
    await expect(statistic(view, '数据库大小')).toHaveText(/\d+(\.\d)? (KB|MB|GB)/);
    await shot('ops-monitor-system');
  });

  await test.step('Redis is said to be not configured', async () => {
    await shell.navigateMenu('/monitor/redis', MONITOR, 'Redis监控');
    await expect(page.getByText('未配置 Redis')).toBeVisible();
  });

  await test.step('HTTP server figures change between refreshes', async () => {
    await shell.navigateMenu('/monitor/tomcat', MONITOR, 'HTTP服务');
    await expect(statistic(page.getByTestId('monitor-http'), '服务器')).toContainText('Fastify');
    const total = statistic(page.getByTestId('monitor-http'), '启动以来请求');
    await expect(total).toHaveText(/\d/);
    const before = await numberIn(total);
    await page
      .getByTestId('monitor-http')
      .getByRole('button', { name: /刷\s*新/ })
      .click();
    await expect.poll(() => numberIn(total)).toBeGreaterThan(before);
    await expect(page.getByRole('img', { name: '状态分布' })).toBeVisible();
    await shot('ops-monitor-http');
  });
});

test('对象存储: an uploaded file is listed, previewed and deleted after confirmation', async ({
  page,
  request,
  token,
  shell,
  shot,
}) => {
  const name = `${uniqueName('e2e图片')}.png`;
  const uploaded = await request.post(`${API_BASE}/sys/common/upload`, {
    headers: { 'X-Access-Token': token },
    multipart: { biz: 'e2e', file: { name, mimeType: 'image/png', buffer: PNG_1X1 } },
  });
  expect((await uploaded.json()).success).toBe(true);

  await shell.openFromMenu('/system/oss', '系统管理', '对象存储');
  const screen = new ResourceScreen(page);
  const row = screen.row(name);
  await expect(row).toContainText('image/png');
  await expect(row).toContainText('e2e');
  await expect(row.locator('img')).toBeVisible();
  await shot('ops-oss-list');

  await screen.rowAction(name, '预览');
  const preview = page.getByTestId('oss-preview-image').locator('img');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.locator('.ant-modal:visible .ant-modal-close').click();

  await screen.rowAction(name, '删除', true);
  await expect(page.locator('.ant-message-notice').filter({ hasText: '删除成功' })).toBeVisible();
  await expect(screen.row(name)).toHaveCount(0);
});

test('个人设置: the profile shows the account and saves a changed telephone; security offers the password change', async ({
  page,
  shell,
}) => {
  await shell.goto('/account/settings');
  const form = page.getByTestId('account-base-form');
  await expect(form.getByLabel('账号')).toHaveValue('admin');
  await expect(form.getByLabel('姓名')).not.toHaveValue('');
  // The telephone, which no other screen of the suite reads, is changed, saved, read back and cleared.
  const telephone = form.getByLabel('座机');
  const number = `0512-${String(Date.now()).slice(-8)}`;
  await telephone.fill(number);
  await form.getByRole('button', { name: '更新基本信息' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '保存成功' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('account-base-form').getByLabel('座机')).toHaveValue(number);
  await page.getByTestId('account-base-form').getByLabel('座机').fill('');
  await page.getByTestId('account-base-form').getByRole('button', { name: '更新基本信息' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).first()).toBeVisible();

  await page.getByRole('tab', { name: '安全设置' }).click();
  const security = page.getByTestId('account-security');
  await expect(security).toContainText('账户密码');
  await expect(security).toContainText('绑定手机');
  await security.getByRole('button', { name: /修\s*改/ }).click();
  await expect(page.locator('.ant-modal:visible').getByLabel('旧密码')).toBeVisible();
});
