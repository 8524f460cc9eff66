// 应用管理 in the browser: admin opens APP版本 from the menu and adds an iOS release through the form
// (it is listed, tagged iOS, and the public version check offers it); APP消息 lists the delivered and read
// counts, and a message to everyone composed in the form is sent at once and counted.
import { PartyScreen } from '../pages/PartyScreens.ts';
import { API_BASE, authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ storageState: authFile(USERS.admin) });

const RUN = Date.now();

test('APP版本: adds an iOS release from the form and the version check offers it', async ({
  page,
  request,
  shell,
}) => {
  await shell.openFromMenu('/apps/version', '应用管理', 'APP版本');
  const ui = new PartyScreen(page);
  await expect(ui.rows().first()).toBeVisible();
  await expect(ui.rows().filter({ hasText: '2.3.1' }).first()).toBeVisible();

  const code = 5_000 + (RUN % 90_000);
  const name = `9.${code}`;
  const dialog = await ui.openAdd();
  // The form starts on Android (its value covers the search input): the select is opened by force.
  await dialog.getByLabel('平台', { exact: true }).click({ force: true });
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'iOS' })
    .click();
  await expect(dialog.getByText('上传APK安装包')).toHaveCount(0);
  await ui.fill(dialog, {
    版本号: String(code),
    版本名称: name,
    最低支持版本号: String(code - 1),
    下载地址: 'https://apps.apple.com/cn/app/id1234567890',
    更新说明: '端到端测试发布',
  });
  await dialog.getByLabel('已发布', { exact: true }).click();
  await ui.submit(dialog, /\/apps\/version\/add/);

  const row = ui.row(name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('iOS');
  await expect(row).toContainText(String(code));

  const check = await request.get(`${API_BASE}/apps/version/latest?platform=ios&current=${code - 2}`);
  expect(check.status()).toBe(200);
  expect((await check.json()).result).toMatchObject({
    update: true,
    force: true,
    latest: { versionCode: code, versionName: name },
  });

  await ui.remove(name);
});

test('APP消息: lists delivered and read counts; a message to everyone is sent and counted', async ({
  page,
  shell,
}) => {
  await shell.openFromMenu('/apps/message', '应用管理', 'APP消息');
  const ui = new PartyScreen(page);
  const header = page.locator('.ant-table-thead');
  await expect(header.getByText('送达', { exact: true })).toBeVisible();
  await expect(header.getByText('已读', { exact: true })).toBeVisible();
  await expect(ui.row('春节期间运营安排')).toContainText('已发送');
  await expect(ui.row('司机APP 2.4.0 升级提醒')).toContainText('待发送');

  const title = `端到端通知${RUN % 100_000}`;
  const dialog = await ui.openAdd();
  await dialog.getByLabel('标题', { exact: true }).fill(title);
  await dialog.getByLabel('内容', { exact: true }).fill('今晚系统维护，请提前保存数据。');
  await ui.submit(dialog, /\/apps\/message\/add/);
  const row = ui.row(title);
  await expect(row).toContainText('已发送');
  await expect(row).toContainText('全部用户');
  // Every demo account received it; the admin's own bell has it.
  const delivered = await row.locator('td').nth(5).textContent();
  expect(Number(delivered)).toBeGreaterThanOrEqual(6);
});
