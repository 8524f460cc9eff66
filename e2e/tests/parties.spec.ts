// Freight parties: operations staff follow the bell's "pending drivers" to the
// pre-filtered driver list, approve one and reject one with a reason and see the counter drop; import 100
// drivers from the downloadable template with 3 bad rows and see exactly those 3 reported.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { addDriver, DRIVER_LIST, PartiesPage, residentId } from '../pages/PartiesPage.ts';
import { endsWith } from '../pages/ShellPage.ts';
import type { ApiClient, Rec } from '../support/api.ts';
import { pendingCounts } from '../support/authFlows.ts';
import { authFile, LIGHT_PAGE, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { runBirthDates, runMobiles } from '../support/runNumbers.ts';

// One run's numbers: a birth date and a mobile prefix no other run of this database shares.
const RUN = Date.now();
const birth = runBirthDates(RUN, 1970, 997);
const mobile = runMobiles(RUN, '139');

/**
 * The pending-driver count once it holds still for half a second: other specs on this server add drivers
 * that are pending for a moment before their own approval.
 */
async function settledPendingDrivers(api: ApiClient): Promise<number> {
  let last = (await pendingCounts(api)).sijiCount;
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = (await pendingCounts(api)).sijiCount;
    if (now === last) return now;
    last = now;
  }
  throw new Error('the pending driver count kept changing for 10 s');
}

// Both tests move the pending driver counter: they run one after the other, as operations staff.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: authFile(USERS.operations) });

test('bell → pending drivers → approve one, reject one with a reason; the counter drops', async ({
  page,
  shell,
  bell,
  api,
}) => {
  const tag = String(RUN).slice(-6);
  const approveMe = { driverName: `待审甲${tag}`, mobile: mobile(1), idCard: residentId(birth(1), 1) };
  const rejectMe = { driverName: `待审乙${tag}`, mobile: mobile(2), idCard: residentId(birth(1), 2) };
  await addDriver(api, approveMe);
  await addDriver(api, rejectMe);
  const before = await settledPendingDrivers(api);
  expect(before).toBeGreaterThanOrEqual(2);

  await shell.goto(LIGHT_PAGE);
  // Other specs on this server add pending drivers of their own at any moment: the bell is compared with the
  // server's count of the same moment.
  const bellShowsServerCount = () =>
    bell.showsServerCount('sijiCount', async () => (await pendingCounts(api)).sijiCount);
  await bellShowsServerCount();
  await bell.row('sijiCount').click();
  await expect(page).toHaveURL(endsWith(`${DRIVER_LIST}?state=1`));

  const drivers = new PartiesPage(page);
  // The list is pre-filtered: every row is pending, and the search keeps the filter.
  await expect(drivers.rows().first()).toBeVisible();
  const shown = await drivers.rows().count();
  await expect(drivers.rows().filter({ hasText: '待审核' })).toHaveCount(shown);
  // The name search (an exact match) keeps the state filter of the link.
  await drivers.search('司机姓名', approveMe.driverName);
  await expect(drivers.rows()).toHaveCount(1);
  await drivers.review(approveMe.driverName);
  await expect(drivers.row(approveMe.driverName)).toHaveCount(0);
  await drivers.search('司机姓名', rejectMe.driverName);
  await expect(drivers.rows()).toHaveCount(1);
  await drivers.review(rejectMe.driverName, '驾驶证照片模糊，请重新上传');
  await expect(drivers.row(rejectMe.driverName)).toHaveCount(0);

  // Both left the server's pending count (the records below), and the bell follows the server.
  await shell.goto(LIGHT_PAGE);
  await bellShowsServerCount();

  // The rejected driver keeps its reason; the approved one is approved.
  const listed = await api.envelope<{ records: Rec[] }>(
    'GET',
    `/hydriver/hyDriver/list?driverName=${encodeURIComponent(`*${tag}`)}`,
  );
  const records = listed.result.records;
  expect(records.find((r) => r.driverName === approveMe.driverName)).toMatchObject({ state: 2 });
  expect(records.find((r) => r.driverName === rejectMe.driverName)).toMatchObject({
    state: 3,
    rejectReason: '驾驶证照片模糊，请重新上传',
  });
});

test('import 100 drivers from the downloadable template: exactly the 3 bad rows are reported', async ({
  page,
  api,
  shell,
}, testInfo) => {
  const before = (await pendingCounts(api)).sijiCount;
  await shell.goto(DRIVER_LIST);
  const drivers = new PartiesPage(page);
  const templatePath = await drivers.downloadTemplate();

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(templatePath);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const col = (title: string) => {
    const i = header.indexOf(title);
    expect(i, `template column ${title}`).toBeGreaterThanOrEqual(0);
    return i + 1;
  };
  const tag = `导入${String(RUN).slice(-6)}`;
  for (let i = 0; i < 100; i++) {
    const row = sheet.getRow(i + 2);
    row.getCell(col('司机姓名')).value = `${tag}-${i}`;
    row.getCell(col('手机号')).value = mobile(100 + i);
    row.getCell(col('身份证号')).value = residentId(birth(2), i);
    row.getCell(col('准驾车型')).value = 'A2';
    row.getCell(col('驾驶证有效期起')).value = '2020-01-01';
    row.getCell(col('驾驶证有效期至')).value = '2035-12-31';
  }
  // Three bad rows (sheet rows 12, 42 and 79): a wrong ID check character, a short mobile, no name.
  const id = residentId(birth(2), 10);
  sheet.getRow(12).getCell(col('身份证号')).value = id.slice(0, 17) + (id[17] === '0' ? '1' : '0');
  sheet.getRow(42).getCell(col('手机号')).value = '12345';
  sheet.getRow(79).getCell(col('司机姓名')).value = null;
  const upload = testInfo.outputPath('drivers-import.xlsx');
  mkdirSync(path.dirname(upload), { recursive: true });
  writeFileSync(upload, Buffer.from(await book.xlsx.writeBuffer()));

  await drivers.importFile(upload);
  await expect(drivers.importSummary).toHaveText('总上传行数：100，已导入行数：97，错误行数：3');
  const errorRows = drivers.importErrors.locator('tbody tr.ant-table-row');
  await expect(errorRows).toHaveCount(3);
  expect(await errorRows.locator('td:first-child').allInnerTexts()).toEqual(['12', '42', '79']);
  await expect(errorRows.nth(0)).toContainText('身份证号');
  await expect(errorRows.nth(1)).toContainText('手机号');
  await expect(errorRows.nth(2)).toContainText('司机姓名');

  // The 97 good rows are in, waiting for review (counted by their names: other specs add drivers meanwhile).
  const pending = await api.call<{ records: Array<{ driverName: string }> }>(
    'GET',
    '/hydriver/hyDriver/list?state=1&pageSize=500&column=createTime&order=desc',
  );
  expect(pending.records.filter((d) => d.driverName.startsWith(`${tag}-`))).toHaveLength(97);
  expect((await pendingCounts(api)).sijiCount).toBeGreaterThanOrEqual(before + 97);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the pending driver list opens from the bell and fits the screen', async ({ page, shell, bell }) => {
    await shell.goto(LIGHT_PAGE);
    await bell.open();
    await bell.row('sijiCount').click();
    await expect(page).toHaveURL(endsWith(`${DRIVER_LIST}?state=1`));
    const drivers = new PartiesPage(page);
    await expect(drivers.rows().first()).toBeVisible();
    await expect(drivers.rows().first().getByText('审核', { exact: true })).toBeVisible();
    // The table scrolls inside its card; the page itself does not scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
