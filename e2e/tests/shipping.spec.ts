// The shipping journey: an order is created and published in the console, a note dispatched to an approved driver
// and vehicle, driven through every step (accept, load, depart, unload, sign, audit) with the lists and the
// header counter following it, and its track (ingested through the device API) played on the map page, all
// as operations staff.
import {
  approvedDriverWithVehicle,
  ingestTrack,
  NOTE_LIST,
  noteById,
  ORDER_LIST,
  ShippingPage,
  TRACK_QUERY,
} from '../pages/ShippingPage.ts';
import { PNG_1X1, pendingCounts } from '../support/authFlows.ts';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { submitForm } from '../support/forms.ts';

// Operations staff run the freight; the parties it needs are set up through the API as the administrator.
test.use({ storageState: authFile(USERS.operations) });

const PHOTO = { name: 'weighbridge.png', mimeType: 'image/png', buffer: PNG_1X1 };

/** A China-time `YYYY-MM-DD HH:mm:ss` of an instant. */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

test('order → note → every step to audit, in the right lists, with its track', async ({
  page,
  api,
  shell,
  bell,
}) => {
  test.setTimeout(180_000);
  const seq = Date.now() % 100_000;
  const { driverName, plateNo, vehicleId } = await approvedDriverWithVehicle(api, seq);
  const goods = `螺纹钢${seq}`;
  const ui = new ShippingPage(page);

  // 1. The order: created and published in the console.
  await shell.goto(ORDER_LIST);
  const form = await ui.openAddDialog();
  await ui.choose(form, '货主', '苏州恒达建材');
  await ui.field(form, '货物名称').fill(goods);
  await ui.pickRegion(form, '装货地区', ['江苏省', '南京市', '栖霞区']);
  await ui.field(form, '装货地址').fill('南京钢铁厂东门');
  await ui.pickRegion(form, '卸货地区', ['上海市', '市辖区', '宝山区']);
  await ui.field(form, '卸货地址').fill('宝山钢铁码头3号库');
  await ui.field(form, '计划重量(吨)').fill('64');
  await ui.field(form, '司机运价(元)').fill('150');
  await submitForm(form, /\/order\/hyOrder\/add/);
  await ui.search('货物名称', goods);
  await expect(ui.row(goods)).toContainText('草稿');
  await ui.rowAction(goods, '发布', true);
  await expect(ui.row(goods)).toContainText('已发布');

  // 2. Dispatch to the approved driver and vehicle.
  await ui.rowAction(goods, '派单');
  const dispatch = ui.dialog('派单');
  await expect(dispatch).toBeVisible();
  await ui.choose(dispatch, '司机', driverName, driverName);
  await ui.choose(dispatch, '车辆', plateNo);
  const dispatched = page.waitForResponse((r) => r.url().includes('/shipping/hyShippingNote/dispatch'));
  await dispatch.getByRole('button', { name: /^派\s*单$/ }).click();
  const note = ((await (await dispatched).json()) as { result: { id: string; shippingNoteNumber: string } })
    .result;
  await expect(dispatch).toBeHidden();
  await expect(ui.row(goods)).toContainText('32'); // dispatched tonnes on the order
  const number = note.shippingNoteNumber;

  // 3. The main list: every step from its row.
  await shell.goto(NOTE_LIST);
  await ui.search('运单号', number);
  const row = ui.row(number);
  await expect(row).toContainText('已派单');
  await expect(row).toContainText(driverName);
  await expect(row).toContainText(plateNo);
  await expect(row).toContainText('苏州恒达建材');

  await ui.rowAction(number, '接单');
  await ui.submitStep(ui.dialog('接单'), '接单');
  await expect(row).toContainText('已接单');

  await ui.rowAction(number, '装货');
  const load = ui.dialog('装货');
  await ui.field(load, '装货重量').fill('32.15');
  await ui.uploadPhoto(load, PHOTO);
  await ui.submitStep(load, '装货');
  await expect(row).toContainText('已装货');
  await expect(row).toContainText('32.150');

  await ui.rowAction(number, '发车');
  await ui.submitStep(ui.dialog('发车'), '发车');
  await expect(row).toContainText('运输中');

  // The vehicle reports its positions on the road between loading and now (Nanjing → Shanghai).
  const loadedAt = Date.parse(`${String((await noteById(api, note.id)).loadTime).replace(' ', 'T')}+08:00`);
  await ui.rowAction(number, '卸货');
  const unload = ui.dialog('卸货');
  await ui.field(unload, '卸货重量').fill('31.8');
  await ui.uploadPhoto(unload, PHOTO);
  // One point a second from just after loading (the note's time is to the second) up to now: at least two.
  await expect.poll(() => Date.now() - loadedAt, { intervals: [250] }).toBeGreaterThan(3_000);
  const count = Math.min(30, Math.floor((Date.now() - loadedAt) / 1000) - 1);
  const points = Array.from({ length: count }, (_, i) => {
    const f = i / (count - 1);
    return {
      time: chinaTime(loadedAt + (i + 1) * 1000),
      lng: 118.9089 + (121.4891 - 118.9089) * f,
      lat: 32.1186 + (31.4053 - 32.1186) * f + 0.2 * Math.sin(Math.PI * f),
      speed: i === 0 || i === count - 1 ? 0 : 80,
    };
  });
  expect((await ingestTrack(api, vehicleId, points)).inserted).toBeGreaterThan(1);
  await ui.submitStep(unload, '卸货');
  await expect(row).toContainText('已卸货');

  // Unloaded and not yet signed: on the arrival list.
  await shell.goto('/shipping/daoda');
  await ui.search('运单号', number);
  await expect(ui.row(number)).toContainText('31.800');
  await ui.rowAction(number, '签收');
  await ui.submitStep(ui.dialog('签收'), '签收');
  await expect(ui.row(number)).toHaveCount(0);

  // Signed: on the audit list, audited there with the money shown first; the counter moves.
  await bell.open();
  await expect(bell.row('tangjieZhangQi')).toBeVisible();
  const before = (await pendingCounts(api)).tangjieZhangQi;
  await page.keyboard.press('Escape');
  await shell.goto('/shipping/audit');
  await ui.search('运单号', number);
  await ui.rowAction(number, '审核');
  const audit = ui.dialog('审核');
  await expect(audit.getByTestId('money-summary')).toContainText('4,');
  await ui.submitStep(audit, '审核');
  await expect(ui.row(number)).toHaveCount(0);
  // At least by one: other specs audit and pay per-trip waybills meanwhile. The waybill itself is checked in
  // the settlement-due view below.
  expect((await pendingCounts(api)).tangjieZhangQi).toBeGreaterThanOrEqual(before + 1);

  // Audited and unpaid: due on the pay list (the header counter follows the server's), and in the main list's
  // settlement-due view (?state=1).
  await shell.goto('/shipping/paylist');
  await bell.showsServerCount('tangjieZhangQi', async () => (await pendingCounts(api)).tangjieZhangQi);
  await page.keyboard.press('Escape');
  await ui.search('运单号', number);
  await expect(ui.row(number)).toHaveCount(1);
  await shell.goto(`${NOTE_LIST}?state=1`);
  await ui.search('运单号', number);
  await expect(ui.row(number)).toContainText('已审核');

  // 4. The track on the map page: queried by the waybill number and played back.
  await shell.goto(TRACK_QUERY);
  await page.getByPlaceholder('运单号').fill(number);
  const tracked = page.waitForResponse((r) => r.url().includes('/map/track/query'));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  expect(((await (await tracked).json()) as { success: boolean }).success).toBe(true);
  await expect(page.getByTestId('track-map')).toBeVisible();
  const time = page.getByTestId('track-time');
  await expect(time).toContainText(points[0].time);
  await page.getByTestId('track-play').click();
  await expect(time).toContainText(points[count - 1].time);
});
