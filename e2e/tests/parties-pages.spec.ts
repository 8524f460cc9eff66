// The party screens beyond drivers and vehicles, opened from the menu as admin: each lists the
// seeded rows with dictionary text, adds a record through the form after refusing a bad identifier,
// reviews it where review applies, and deletes it after confirmation. Also a captain's fleet with a
// collection agreement, a driver's vehicle binding, a bank used by a card, and the holder rule of cards.
// Seeded draft drivers and approved vehicles serve as fleet members and card owners and are left as they
// were: the pending driver, vehicle and shipper counters other specs compare exactly never move here.
import { residentId } from '../pages/PartiesPage.ts';
import { cardNumber, creditCode, PARTY_PAGES, PartyScreen } from '../pages/PartyScreens.ts';
import type { ShellPage } from '../pages/ShellPage.ts';
import type { ApiClient } from '../support/api.ts';
import { API_BASE, LIGHT_PAGE } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { runBirthDates, runMobiles } from '../support/runNumbers.ts';

// One run's numbers: birth dates, mobiles, plates and codes no other run of this database shares.
const RUN = Date.now();
const tag = String(RUN).slice(-6);
const birth = runBirthDates(RUN, 1965, 1_301);
const mobile = runMobiles(RUN, '137');
/** The same ID with a wrong check character. */
const badId = (id: string) => id.slice(0, 17) + (id[17] === '1' ? '2' : '1');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const STATE_TEXT = /已通过|待审核|已驳回|已过期|草稿/;

// Each test walks several party screens end to end.
test.describe.configure({ timeout: 180_000 });

async function open(shell: ShellPage, which: keyof typeof PARTY_PAGES): Promise<PartyScreen> {
  const { path, menu } = PARTY_PAGES[which];
  await shell.navigateMenu(path, ...menu);
  const screen = new PartyScreen(shell.page);
  await expect(screen.rows().first()).toBeVisible();
  return screen;
}

type Rec = Record<string, string | number | null>;

/** Seeded records of a list call (admin). */
async function records(api: ApiClient, url: string): Promise<Rec[]> {
  return (await api.envelope<{ records: Rec[] }>('GET', url)).result.records;
}

/**
 * A seeded draft driver outside any fleet (drafts have no vehicles and no cards); `which` keeps the two
 * tests of this file, which run side by side, on different ones.
 */
async function draftDriver(api: ApiClient, which: 'first' | 'last') {
  const free = (await records(api, '/hydriver/hyDriver/list?state=0&pageSize=100')).filter(
    (d) => !d.captainId,
  );
  expect(free.length).toBeGreaterThanOrEqual(2);
  const d = (which === 'first' ? free[0] : free[free.length - 1]) as Rec;
  return { name: String(d.driverName), mobile: String(d.mobile), idCard: String(d.idCard) };
}

test('carriers, agents and captains: add after a refused identifier, review, fleet, binding, delete', async ({
  page,
  api,
  shell,
}) => {
  // A seeded driver and vehicle for the fleet and the binding.
  const member = await draftDriver(api, 'first');
  const memberOption = `${member.name}（${member.mobile}）`;
  const vehicles = await records(api, '/hyvehicle/hyVehicle/list?state=2&pageSize=100');
  const plate = String(vehicles.filter((v) => !v.captainId).at(-1)?.plateNo);
  await shell.goto(LIGHT_PAGE);

  // ---- carrier: seeded rows with their type and review state as text; a bad credit code is refused.
  const carriers = await open(shell, 'carrier');
  await expect(carriers.table.getByRole('cell', { name: '企业', exact: true }).first()).toBeVisible();
  await expect(carriers.rows().filter({ hasText: STATE_TEXT }).first()).toBeVisible();
  const carrierName = `测试${tag}物流有限公司`;
  let dialog = await carriers.openAdd();
  await dialog.getByLabel('承运人名称', { exact: true }).fill(carrierName);
  await carriers.choose(dialog, '承运人类型', '企业');
  await dialog.getByLabel('统一社会信用代码', { exact: true }).fill(badId(creditCode(RUN)));
  await carriers.refused(dialog, '请输入正确的统一社会信用代码');
  await dialog.getByLabel('统一社会信用代码', { exact: true }).fill(creditCode(RUN));
  await dialog.getByLabel('联系电话', { exact: true }).fill(mobile(2));
  await carriers.submit(dialog, /\/carrier\/hyCarrier\/add/);
  await carriers.search('承运人名称', tag);
  await expect(carriers.row(carrierName)).toContainText('待审核');
  await carriers.review(carrierName);
  await expect(carriers.row(carrierName)).toContainText('已通过');
  await carriers.remove(carrierName);

  // ---- agent: fee rule as text; a bad ID number is refused; rejected with a reason on the timeline.
  const agents = await open(shell, 'agent');
  await expect(
    agents
      .rows()
      .filter({ hasText: /按吨|按趟|按比例/ })
      .first(),
  ).toBeVisible();
  const agentName = `经纪${tag}`;
  const agentId = residentId(birth(2), 12);
  dialog = await agents.openAdd();
  await agents.fill(dialog, {
    经纪人姓名: agentName,
    手机号: mobile(3),
    身份证号: badId(agentId),
  });
  await agents.refused(dialog, '请输入正确的身份证号');
  await dialog.getByLabel('身份证号', { exact: true }).fill(agentId);
  await agents.choose(dialog, '佣金方式', '按趟');
  await dialog.getByLabel('佣金标准', { exact: true }).fill('50');
  await agents.submit(dialog, /\/agent\/hyAgent\/add/);
  await agents.search('经纪人姓名', tag);
  await expect(agents.row(agentName)).toContainText('50.00 元/趟');
  await agents.review(agentName, '身份证照片不清晰');
  await expect(agents.row(agentName)).toContainText('已驳回');
  const drawer = await agents.details(agentName);
  await expect(drawer.getByTestId('review-entry').filter({ hasText: '身份证照片不清晰' })).toBeVisible();
  await drawer.getByRole('button', { name: /close|关闭/i }).click();
  await expect(drawer).toBeHidden();
  await agents.remove(agentName);

  // ---- captain: a bad mobile is refused; approved; the fleet gets the driver (with an agreement) and vehicle.
  const captains = await open(shell, 'captain');
  await expect(captains.rows().filter({ hasText: '已通过' }).first()).toBeVisible();
  const captainName = `队长${tag}`;
  dialog = await captains.openAdd();
  await captains.fill(dialog, {
    车队长姓名: captainName,
    身份证号: residentId(birth(3), 13),
    手机号: '12345678901',
  });
  await captains.refused(dialog, '请输入正确的手机号码');
  await dialog.getByLabel('手机号', { exact: true }).fill(mobile(4));
  await captains.submit(dialog, /\/captain\/hyCaptain\/add/);
  await captains.search('车队长姓名', tag);
  await captains.review(captainName);
  await expect(captains.row(captainName)).toContainText('已通过');

  await captains.rowAction(captainName, '车队');
  const fleet = page.getByTestId('captain-fleet');
  await expect(fleet).toBeVisible();
  await captains.pick(fleet, 'fleet-driver-select', member.name, memberOption);
  await fleet.getByRole('button', { name: '加入车队' }).click();
  const driverRow = fleet.getByTestId('fleet-drivers').locator('tr', { hasText: member.mobile });
  await expect(driverRow).toContainText('未签');
  await driverRow.getByText('签订协议').click();
  const agreement = page.locator('.ant-modal:visible').filter({ hasText: '代收运费协议' });
  await agreement.getByLabel('协议编号').fill(`DS${tag}`);
  const uploaded = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
  await agreement
    .locator('input[type=file]')
    .setInputFiles({ name: 'agreement.png', mimeType: 'image/png', buffer: PNG });
  await uploaded;
  await agreement.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(agreement).toBeHidden();
  await expect(driverRow).toContainText(`已签 DS${tag}`);
  await fleet.getByRole('tab', { name: /车辆/ }).click();
  await captains.pick(fleet, 'fleet-vehicle-select', plate);
  await fleet.getByRole('button', { name: '加入车队' }).last().click();
  await expect(fleet.getByTestId('fleet-vehicles').locator('tr', { hasText: plate })).toBeVisible();
  // The toast lies over the drawer's close button (and stays while the pointer rests on it): wait it out.
  await expect(shell.message('已加入车队')).toHaveCount(0);
  await fleet.locator('.ant-drawer-close').click();
  await expect(fleet).toBeHidden();
  // Deleting the captain dissolves the fleet: the driver and vehicle are free again, the agreement ends.
  await captains.remove(captainName);

  // ---- the driver's vehicles: bound from the driver list, the first one is the default; then unbound.
  const drivers = await open(shell, 'driver');
  // By name (the row by mobile): the kept-alive captain screen's search form also has a "手机号" box.
  await drivers.search('司机姓名', member.name);
  await drivers.rowAction(member.mobile, '绑定车辆');
  const binding = page.locator('.ant-modal:visible').filter({ hasText: `绑定车辆 · ${member.name}` });
  await expect(binding).toBeVisible();
  await drivers.pick(binding, 'bind-select', plate);
  await binding.getByRole('button', { name: /绑\s*定/ }).click();
  const bound = binding.getByTestId('binding-table').locator('tr', { hasText: plate });
  await expect(bound).toContainText('默认');
  await bound.getByText('解绑').click();
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /确\s*定|OK|Yes/ })
    .click();
  await expect(bound).toHaveCount(0);
  await binding.locator('.ant-modal-close').click();
});

test('banks, bank cards and customer staff: add after a refused value, holder rule, review, delete', async ({
  request,
  shell,
  api,
}) => {
  const owner = await draftDriver(api, 'last');
  await shell.goto(LIGHT_PAGE);

  // ---- bank: the seeded national list; a bad code is refused; the new bank is offered to card forms.
  const banks = await open(shell, 'bank');
  await expect(banks.row('ICBC')).toContainText('中国工商银行');
  const bankCode = `T${tag}`;
  const bankName = `测试银行${tag}`;
  let dialog = await banks.openAdd();
  await dialog.getByLabel('银行代码', { exact: true }).fill('x!');
  await dialog.getByLabel('银行名称', { exact: true }).fill(bankName);
  await banks.refused(dialog, '银行代码为2-11位字母或数字');
  await dialog.getByLabel('银行代码', { exact: true }).fill(bankCode);
  await banks.submit(dialog, /\/bank\/hyBank\/add/);
  await banks.search('银行代码', bankCode);
  await expect(banks.row(bankCode)).toContainText(bankName);

  // ---- bank card: a bad number is refused; the holder is filled from the driver; another holder is
  // refused by the server without a captain agreement; approved; deleted.
  const cards = await open(shell, 'card');
  await expect(
    cards.rows().filter({ hasText: STATE_TEXT }).filter({ hasText: /银行/ }).first(),
  ).toBeVisible();
  const card = cardNumber(RUN);
  dialog = await cards.openAdd();
  await cards.pick(dialog, 'card-driver-select', owner.name, `${owner.name}（${owner.mobile}）`);
  await expect(dialog.getByLabel('持卡人', { exact: true })).toHaveValue(owner.name);
  await expect(dialog.getByLabel('持卡人身份证号', { exact: true })).toHaveValue(owner.idCard);
  await dialog
    .getByLabel('银行卡号', { exact: true })
    .fill(`${card.slice(0, -1)}${(Number(card.at(-1)) + 1) % 10}`);
  await cards.refused(dialog, '请输入正确的银行卡号');
  await dialog.getByLabel('银行卡号', { exact: true }).fill(card);
  await cards.pick(dialog, 'bank-select', bankName);
  // Someone else's card: only valid under a captain's collection agreement, which this driver has not.
  await dialog.getByLabel('持卡人', { exact: true }).fill('王建国');
  await dialog.getByLabel('持卡人身份证号', { exact: true }).fill(residentId(birth(5), 22));
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(shell.message('持卡人与司机不一致，且没有车队长代收运费协议')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('持卡人', { exact: true }).fill(owner.name);
  await dialog.getByLabel('持卡人身份证号', { exact: true }).fill(owner.idCard);
  await cards.submit(dialog, /\/hydriverbank\/hyDriverBank\/add/);
  await cards.search('银行卡号', card);
  const cardRow = cards.row(owner.name);
  // The driver's first card is the default one; the bank shows by name.
  await expect(cardRow).toContainText('默认');
  await expect(cardRow).toContainText(bankName);
  await cards.review(owner.name);
  await expect(cardRow).toContainText('已通过');
  await cards.remove(owner.name);

  // The bank, free of cards again, is deleted.
  await shell.navigateMenu(PARTY_PAGES.bank.path, ...PARTY_PAGES.bank.menu);
  await banks.search('银行代码', bankCode);
  await banks.remove(bankCode);

  // ---- customer staff: a login of userType 2; a bad mobile is refused; the new login signs in.
  const customers = await api.envelope<{ records: Array<{ customerName: string }> }>(
    'GET',
    '/customer/hyCustomer/list?state=2&pageSize=1',
  );
  const customerName = customers.result.records[0].customerName;
  const staff = await open(shell, 'customerUser');
  // The user type and status show their dictionary text.
  await expect(staff.table.getByRole('cell', { name: '货主员工', exact: true }).first()).toBeVisible();
  await expect(staff.table.getByRole('cell', { name: '正常', exact: true }).first()).toBeVisible();
  const username = `staff${tag}`;
  dialog = await staff.openAdd();
  await staff.pick(dialog, 'customer-select', customerName);
  await staff.fill(dialog, {
    登录账号: username,
    登录密码: 'Staff#2026ab',
    姓名: `员工${tag}`,
    手机号: '1234',
  });
  await staff.refused(dialog, '请输入正确的手机号码');
  await dialog.getByLabel('手机号', { exact: true }).fill(mobile(12));
  await staff.submit(dialog, /\/customer\/hyCustomerUser\/add/);
  await staff.search('登录账号', username);
  await expect(staff.row(username).getByRole('cell', { name: '货主员工', exact: true })).toBeVisible();
  await expect(staff.row(username)).toContainText(customerName);
  const login = await request.post(`${API_BASE}/sys/loginByUsername`, {
    data: { username, password: 'Staff#2026ab' },
  });
  // Signed in, with the password set by someone else to be changed first (login 406).
  expect((await login.json()).code).toBe(406);
  await staff.remove(username);
});
