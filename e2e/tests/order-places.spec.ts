// Places on orders: an order is created by picking a region and a pin for each place (the map,
// offline here, opens on the picked district and a click drops the pin), and its division codes, names and
// coordinates are stored with the planned distance the server computes from them.
import { ORDER_LIST, ShippingPage } from '../pages/ShippingPage.ts';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { submitForm } from '../support/forms.ts';

test.use({ storageState: authFile(USERS.operations) });

test('an order is created by picking a region and a pin; its codes and coordinates are stored', async ({
  page,
  api,
  shell,
}) => {
  test.setTimeout(120_000);
  const goods = `水泥${Date.now() % 100_000}`;
  const ui = new ShippingPage(page);
  await shell.goto(ORDER_LIST);
  const form = await ui.openAddDialog();
  // The long form reads in titled sections.
  await expect(form.getByTestId('form-section').filter({ hasText: '装货信息' })).toBeVisible();
  await expect(form.getByTestId('form-section').filter({ hasText: '卸货信息' })).toBeVisible();
  await ui.choose(form, '货主', '苏州恒达建材');
  await ui.field(form, '货物名称').fill(goods);

  /** Picks the region, then drops the pin in the middle of the map the dialog opens on it. */
  const place = async (zh: '装货' | '卸货', lat: string, names: string[], address: string) => {
    await ui.pickRegion(form, `${zh}地区`, names);
    await form.getByTestId(`pin-${lat}`).click();
    const map = page.getByRole('dialog', { name: '点选位置' });
    await expect(map.getByTestId('pin-map')).toBeVisible();
    await expect(map).toContainText('离线底图');
    await map.getByTestId('pin-map').click();
    await expect(map.getByTestId('pin-picked')).toContainText('经度');
    await map.getByTestId('pin-confirm').click();
    await expect(map).toBeHidden();
    await expect(form.getByTestId(`pin-${lat}`)).toContainText(/\d+\.\d{6}, \d+\.\d{6}/);
    await ui.field(form, `${zh}地址`).fill(address);
  };
  await place('装货', 'loadLat', ['江苏省', '南京市', '栖霞区'], '南京钢铁厂东门');
  await ui.field(form, '装货联系电话').fill('12345');
  await ui.field(form, '装货联系人').click();
  await expect(ui.formItem(form, '装货联系电话')).toContainText('应为11位手机号或带区号的固定电话');
  await ui.field(form, '装货联系电话').fill('13812345678');
  await place('卸货', 'unloadLat', ['上海市', '市辖区', '宝山区'], '宝山钢铁码头3号库');
  await ui.field(form, '计划重量(吨)').fill('64');
  await ui.field(form, '司机运价(元)').fill('150');
  await submitForm(form, /\/order\/hyOrder\/add/);

  const list = await api.call<{ records: Array<Record<string, unknown>> }>(
    'GET',
    `/order/hyOrder/list?goodsName=${encodeURIComponent(goods)}`,
  );
  const order = list.records[0] ?? {};
  expect(order).toMatchObject({
    loadAreaCode: '320113',
    loadProvince: '江苏省',
    loadDistrict: '栖霞区',
    loadPhone: '13812345678',
    unloadAreaCode: '310113',
    unloadDistrict: '宝山区',
  });
  // The offline map opened on each district's city point (南京 118.796, 32.06; 上海 121.473, 31.23) and the
  // click in its middle dropped the pin there.
  expect(Number(order.loadLng)).toBeCloseTo(118.796, 1);
  expect(Number(order.loadLat)).toBeCloseTo(32.06, 1);
  expect(Number(order.unloadLng)).toBeCloseTo(121.473, 1);
  expect(Number(order.unloadLat)).toBeCloseTo(31.23, 1);
  // Straight line (≈ 270 km) × 1.3.
  expect(Number(order.plannedDistanceKm)).toBeGreaterThan(300);
  expect(Number(order.plannedDistanceKm)).toBeLessThan(400);
});
