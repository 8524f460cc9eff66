// Regulator reporting screens, as admin: 上报通道 lists the demo's simulated Fujian channel, its
// "test connection" logs in to the fake provincial gateway and shows the answer, and its form never shows a
// secret back, only that one is set; 交通监管同步 shows an audited waybill's report accepted, with the
// message as built and the attempt's answer; the waybill list shows the report status as its dictionary
// tag; on 监管上传 a driver's failed report shows every field error with its path and links to the driver,
// who is corrected; the resend from the list is accepted.
import type { Page } from '@playwright/test';
import { PartyScreen } from '../pages/PartyScreens.ts';
import { approvedDriverWithVehicle } from '../pages/ShippingPage.ts';
import type { ApiClient, Rec } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { clickRowAction } from '../support/rowActions.ts';

async function list(api: ApiClient, url: string) {
  return (await api.envelope<{ records: Rec[]; total: number }>('GET', url)).result;
}

/** Searches the visible list (other report screens stay mounted in their tabs) by business number. */
async function searchNo(page: Page, text: string) {
  await page.getByLabel('业务单号').filter({ visible: true }).fill(text);
  await page
    .getByRole('button', { name: /查\s*询/ })
    .filter({ visible: true })
    .click();
}

/** The rows of the list on screen (not of a list kept alive in another tab). */
const rows = (page: Page) =>
  page.getByTestId('resource-table').locator('tbody tr.ant-table-row').filter({ visible: true });

test('report channel: test connection answers, secrets stay write-only', async ({ page, shell }) => {
  await shell.openFromMenu('/report/channel', '数据上报', '上报通道');
  const channel = rows(page).filter({ hasText: '福建省网络货运监测' });
  await expect(channel).toHaveCount(1);
  await expect(channel.getByText('启用中')).toBeVisible();

  await clickRowAction(page, channel, '测试连接');
  const answer = page.getByTestId('connection-answer');
  await expect(answer).toBeVisible();
  await expect(answer.getByText('登录成功').first()).toBeVisible();
  await expect(answer.getByText('1001', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /知道了|OK/ }).click();
  await expect(answer).toBeHidden();

  await clickRowAction(page, channel, '编辑');
  const drawer = page.locator('.ant-drawer-content:visible');
  await expect(drawer.getByTestId('secret-password')).toHaveText('已设置');
  await expect(drawer.getByTestId('secret-sm2PublicKeySecret')).toHaveText('已设置');
  await expect(drawer.getByTestId('secret-aesSecret')).toHaveText('未设置');
  // The stored password is never in the form.
  await expect(drawer.locator('input[type="password"]').first()).toHaveValue('');
  await drawer.getByRole('button', { name: /取\s*消/ }).click();
  await expect(drawer).toBeHidden();
});

test("a waybill's messages: accepted in 交通监管同步, tagged on the waybill list", async ({
  page,
  api,
  shell,
}) => {
  test.setTimeout(120_000);
  // The demo's backlog is sent by the server at start; wait for a waybill the province accepted.
  let noteNo = '';
  await expect
    .poll(
      async () => {
        const accepted = await list(api, '/report/message/list?type=WLHY_YD1001&state=accepted');
        noteNo = String(accepted.records[0]?.businessNo ?? '');
        return noteNo;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');

  await shell.openFromMenu('/report/transport', '数据上报', '交通监管同步');
  await expect(rows(page).first()).toBeVisible();
  await searchNo(page, noteNo);
  const row = rows(page).filter({ hasText: noteNo });
  await expect(rows(page)).toHaveCount(1);
  await expect(row.getByText('电子运单')).toBeVisible();
  await expect(row.getByTestId('report-state')).toHaveText('已接收');
  await expect(row.getByText('1001', { exact: true })).toBeVisible();

  await clickRowAction(page, row, '详情');
  const detail = page.getByTestId('message-detail');
  await expect(detail.getByTestId('built-message')).toContainText(noteNo);
  const attempt = detail.getByTestId('attempts').locator('tbody tr.ant-table-row').first();
  await expect(attempt).toContainText('已接收');
  await expect(attempt).toContainText('1001');
  await page.keyboard.press('Escape');

  // The waybill list's report status follows the outbox, shown as the dictionary's tag.
  await shell.goto(`/shipping/list?shippingNoteNumber=${noteNo}`);
  const note = rows(page).filter({ hasText: noteNo });
  await expect(note).toHaveCount(1);
  // (the fund-report column shows the same tag once the payment's report is accepted too)
  await expect(note.locator('.ant-tag', { hasText: '已接收' }).first()).toBeVisible();
});

test('监管上传: a failed driver report shows its field paths, links to the driver, and is accepted once corrected and resent', async ({
  page,
  api,
  shell,
}) => {
  test.setTimeout(240_000);
  const seq = 60_000 + (Date.now() % 30_000);
  // A driver approved without a licence issuer or qualification number: its report cannot be built.
  const { driverId, driverName } = await approvedDriverWithVehicle(api, seq);
  const own = async () =>
    (await list(api, `/report/message/list?type=WLHY_JSY1001&businessId=${driverId}`)).records;
  const [message] = await own();
  expect(message).toBeTruthy();
  // Sent now rather than at the next scheduled run.
  await api.call('POST', '/report/message/resend', { ids: [message?.id] });
  await expect.poll(async () => (await own())[0]?.state, { timeout: 90_000 }).toBe('failed');

  // The home page counts the failed report and opens 监管上传 from it.
  await shell.goto('/dashboard/analysis');
  const failedTile = page.getByTestId('tile-regulatorFailed');
  await expect
    .poll(async () => Number((await failedTile.locator('.ant-statistic-content-value').textContent()) || 0))
    .toBeGreaterThan(0);
  await failedTile.click();
  await expect(page).toHaveURL(/\/report\/upload/);
  await shell.openFromMenu('/report/upload', '数据上报', '监管上传');
  await expect(rows(page).first()).toBeVisible();
  await searchNo(page, driverName);
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row.getByTestId('report-state')).toContainText('上报失败');
  await expect(row.getByText('LOCAL', { exact: true })).toBeVisible();

  await clickRowAction(page, row, '详情');
  const detail = page.getByTestId('message-detail');
  for (const path of ['issuingOrganizations', 'qualificationCertificate']) {
    await expect(detail.getByTestId('stored-errors').getByText(path, { exact: true })).toBeVisible();
    await expect(detail.getByTestId('preview-errors').getByText(path, { exact: true })).toBeVisible();
  }
  await expect(detail.getByTestId('attempts')).toContainText('LOCAL');

  // The link opens the driver list on this driver.
  await detail.getByTestId('open-record').click();
  await expect(page).toHaveURL(/\/wlhy\/hydriver\/HyDriverList/);
  const drivers = new PartyScreen(page);
  // The driver's own row (the report list stays in the page until the driver list has rendered).
  await expect(drivers.row(driverName).getByText('编辑', { exact: true })).toBeVisible();
  await expect(drivers.rows()).toHaveCount(1);

  // Corrected (issuer and qualification number), resent from the list, accepted by the province.
  await drivers.rowAction(driverName, '编辑');
  const dialog = drivers.dialog();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('驾驶证发证机关', { exact: true }).fill('南京市公安局交通警察支队');
  await dialog.getByLabel('从业资格证号', { exact: true }).fill(`32010${seq}0001`);
  await drivers.submit(dialog, /\/hydriver\/hyDriver\/edit/);
  await shell.openFromMenu('/report/upload', '数据上报', '监管上传');
  await searchNo(page, driverName);
  await expect(rows(page)).toHaveCount(1);
  await clickRowAction(page, rows(page).first(), '重新上报');
  await expect(page.locator('.ant-message-notice').filter({ hasText: '已加入上报队列' })).toBeVisible();
  await expect.poll(async () => (await own())[0]?.state, { timeout: 90_000 }).toBe('accepted');

  await shell.navigateMenu('/report/transport', '数据上报', '交通监管同步');
  await searchNo(page, driverName);
  await expect(rows(page)).toHaveCount(1);
  const accepted = rows(page).filter({ hasText: driverName }).filter({ hasText: '驾驶员信息单' });
  await expect(accepted.getByTestId('report-state')).toHaveText('已接收');
});
