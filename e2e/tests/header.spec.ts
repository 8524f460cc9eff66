// Header: welcome text, menu search, notification bell, customer switch, change
// password dialog, department switch, clear cache.
import { MSG, NO_PENDING_COUNTS } from '@freight/contracts';
import type { Page } from '@playwright/test';
import type { ShellPage } from '../pages/ShellPage.ts';
import { addAnnouncement, releaseAnnouncement } from '../support/api.ts';
import { authFile, LIGHT_PAGE, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiGlob, envelope, fulfillJson, patchJson, platformSettings, stubApi } from '../support/network.ts';
import { recordedToasts, recordToasts } from '../support/toasts.ts';

const COUNTS = '/hydriver/hyDriver/getDsXx';

/** Fixes the browser clock to today at hh:mm in the test time zone (Asia/Shanghai). */
async function clockAt(page: Page, hh: number, mm = 0): Promise<void> {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
  const time = `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+08:00`;
  await page.clock.setFixedTime(new Date(`${today}T${time}`));
}

// Hours: before 9 早上好, to 11 (11:59 included) 上午好, to 13 中午好, before 20 下午好, else 晚上好.
test('welcome text greets by the hour and names the platform', async ({ page, shell, request }) => {
  const { web_platform_name: platform } = await platformSettings(request);
  for (const [hh, mm, greeting] of [
    [8, 59, '早上好'],
    [11, 59, '上午好'],
    [13, 59, '中午好'],
    [19, 59, '下午好'],
    [20, 0, '晚上好'],
  ] as const) {
    await clockAt(page, hh, mm);
    await shell.goto(LIGHT_PAGE);
    await expect(shell.welcome, `${hh}:${mm}`).toContainText(greeting);
    await expect(shell.welcome).toContainText(platform);
  }
});

test('menu search finds a page by title and opens it', async ({ page, shell }) => {
  await shell.goto(LIGHT_PAGE);
  await page.getByTestId('menu-search').click();
  const input = page.getByPlaceholder('输入菜单名称');
  await input.fill('不存在的菜单');
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('没有查询到任何数据');
  await input.fill('角色');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '角色管理' }).click();
  await expect(page).toHaveURL(/\/system\/role$/);
});

test('zh-CN by default, with an en-US switch that is remembered', async ({ page, shell }) => {
  await shell.goto(LIGHT_PAGE);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await shell.switchToEnglish();
  await shell.userMenuButton.click();
  await expect(shell.userMenuItems().filter({ hasText: /Change password/i })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await shell.waitReady();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test.describe('notification bell', () => {
  test('badge counts the non-zero categories, rows show counts and link to their lists', async ({
    page,
    shell,
    bell,
    shot,
  }) => {
    await stubApi(page, COUNTS, { ...NO_PENDING_COUNTS, sijiCount: 3, huozhuCount: 5 });
    await shell.goto(LIGHT_PAGE);
    await expect(bell.badge).toHaveAttribute('title', '2');
    await bell.open();
    await expect(bell.row('sijiCount')).toContainText('3');
    await expect(bell.row('huozhuCount')).toContainText('5');
    await expect(bell.row('cheCount')).toContainText('0');
    await shot('bell-popover');
    await bell.row('sijiCount').click();
    await expect(page).toHaveURL(/\/wlhy\/hydriver\/HyDriverList\?state=1$/);
    await expect(bell.popover).toBeHidden();
  });

  test('every counter links to its list', async ({ page, shell, bell }) => {
    await stubApi(page, COUNTS, {
      sijiCount: 1,
      cheCount: 2,
      huozhuCount: 3,
      yuejieZhangQi: 4,
      pijieZhangQi: 5,
      tangjieZhangQi: 6,
      dianfuZq: 7,
    });
    await shell.goto(LIGHT_PAGE);
    await expect(bell.badge).toHaveAttribute('title', '7');
    const links: [string, RegExp][] = [
      ['cheCount', /\/wlhy\/hyvehicle\/HyVehicleList\?state=1$/],
      ['huozhuCount', /\/customer\/manager\?state=1$/],
      ['yuejieZhangQi', /\/shipping\/list\?state=1&settleMode=3$/],
      ['pijieZhangQi', /\/shipping\/list\?state=1&settleMode=2$/],
      ['tangjieZhangQi', /\/shipping\/list\?state=1&settleMode=1$/],
      ['dianfuZq', /\/plateform\/cost\/paylist\?state=1$/],
    ];
    for (const [key, url] of links) {
      await bell.open();
      await bell.row(key).click();
      await expect(page).toHaveURL(url);
    }
  });

  test('no badge when every count is zero', async ({ page, shell, bell }) => {
    await stubApi(page, COUNTS, NO_PENDING_COUNTS);
    await shell.goto(LIGHT_PAGE);
    await expect(bell.button).toBeVisible();
    await expect(bell.badge).toHaveCount(0);
  });

  test('announcements: list, detail dialog, mark read, view more', async ({ page, shell, bell, api }) => {
    // Announcements of its own: seeded ones are read by other tests of this account or pushed off the
    // bell's first page by messages other specs raise meanwhile (risk warnings are system messages).
    const stamp = Date.now();
    const ruleTitle = `上报时限提醒${stamp}`;
    const launchTitle = `客服热线通知${stamp}`;
    const own = [
      {
        titile: ruleTitle,
        msgContent: '<p>电子运单须在卸货签收后 24 小时内上报省级监测系统。</p>',
        priority: 'M',
        openType: 'url',
        openPage: '/shipping/list',
      },
      { titile: launchTitle, msgContent: '<p>如有问题请联系客服 <b>400-820-2026</b>。</p>', priority: 'H' },
    ];
    for (const announcement of own) await releaseAnnouncement(api, await addAnnouncement(api, announcement));
    await shell.goto(LIGHT_PAGE);
    await bell.open();
    await bell.showTab(/公告/);
    for (const title of [ruleTitle, launchTitle])
      await expect(bell.announcements().filter({ hasText: title })).toHaveCount(1);

    // The one with openType url has a 'go handle' button.
    const markRead = page.waitForRequest(apiGlob('/sys/sysAnnouncementSend/editByAnntIdAndUserId'));
    const countsAgain = page.waitForRequest(apiGlob(COUNTS));
    await bell.announcements().filter({ hasText: ruleTitle }).click();
    await markRead;
    await countsAgain;
    const detail = shell.dialog(ruleTitle);
    await expect(detail).toBeVisible();
    // Sender: the releasing user's real name.
    await expect(detail).toContainText('管理员');
    await expect(detail).toContainText('24 小时内上报');
    // 60% of the window wide, body 80% of the window high; full screen is 100% wide.
    await expect.poll(async () => Math.round((await detail.boundingBox())?.width ?? 0)).toBe(864);
    await expect
      .poll(async () => Math.round((await detail.locator('.ant-modal-body').boundingBox())?.height ?? 0))
      .toBe(720);
    await detail.getByRole('button', { name: '全屏' }).click();
    await expect.poll(async () => Math.round((await detail.boundingBox())?.width ?? 0)).toBe(1440);
    const handle = detail.getByRole('button', { name: '去处理' });
    await expect(handle).toBeVisible();
    await handle.click();
    await expect(page).toHaveURL(/\/shipping\/list$/);
    await expect(detail).toBeHidden();

    // The other has no openType: no 'go handle'; its HTML is rendered (bold phone number).
    await bell.open();
    await bell.showTab(/公告/);
    await bell.announcements().filter({ hasText: launchTitle }).click();
    const other = shell.dialog(launchTitle);
    await expect(other).toBeVisible();
    await expect(other.locator('b', { hasText: '400-820-2026' })).toBeVisible();
    await expect(other.getByRole('button', { name: '去处理' })).toHaveCount(0);
    await other
      .getByRole('button', { name: /关\s*闭/ })
      .first()
      .click();
    await expect(other).toBeHidden();

    await bell.open();
    await bell.viewMore.click();
    await expect(page).toHaveURL(/\/isps\/userAnnouncement$/);
  });

  test('an announcement that opens a component goes to its page with busId', async ({
    page,
    shell,
    bell,
  }) => {
    await patchJson<{ result: { anntMsgList: Record<string, unknown>[] } }>(
      page,
      '/sys/annountCement/listByUser',
      (body) => {
        body.result.anntMsgList.unshift({
          id: 'e2e-component-notice',
          titile: '待审核司机提醒（e2e）',
          sender: 'e2e',
          sendTime: '2026-01-01 08:00:00',
          msgContent: '<p>e2e</p>',
          openType: 'component',
          openPage: '/wlhy/hydriver/HyDriverList',
          busId: 'driver-42',
          priority: 'L',
        });
      },
    );
    await page.route(apiGlob('/sys/sysAnnouncementSend/editByAnntIdAndUserId'), (route) =>
      fulfillJson(route, envelope(null)),
    );
    await shell.goto(LIGHT_PAGE);
    await bell.open();
    await bell.showTab(/公告/);
    await bell.announcements().filter({ hasText: '待审核司机提醒（e2e）' }).click();
    await expect(page).toHaveURL(/\/wlhy\/hydriver\/HyDriverList\?.*driver-42/);
    await expect(shell.dialog('待审核司机提醒（e2e）')).toHaveCount(0);
  });
});

test.describe('change password dialog', () => {
  async function openDialog(shell: ShellPage) {
    await shell.goto(LIGHT_PAGE);
    await shell.openUserMenu('修改密码');
    const dialog = shell.page.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test('validation messages', async ({ shell }) => {
    const dialog = await openDialog(shell);
    const errors = dialog.locator('.ant-form-item-explain-error');
    const ok = dialog.getByRole('button', { name: /确\s*定|OK/ });
    const [oldPassword, newPassword, confirmPassword] = [
      dialog.getByLabel('旧密码'),
      dialog.getByLabel('新密码', { exact: true }),
      dialog.getByLabel('确认新密码'),
    ];

    await ok.click();
    await expect(errors.filter({ hasText: MSG.oldPasswordRequired })).toBeVisible();
    await expect(errors.filter({ hasText: MSG.newPasswordRequired })).toBeVisible();
    await expect(errors.filter({ hasText: MSG.confirmPasswordRequired })).toBeVisible();

    await oldPassword.fill('Freight#2026');
    // 8-30 characters with upper case, lower case, digit and special character.
    for (const weak of [
      'Sh0rt!',
      'alllowercase1!',
      'ALLUPPERCASE1!',
      'NoDigitsHere!',
      'NoSpecial123',
      `Aa1!${'x'.repeat(27)}`,
    ]) {
      await newPassword.fill(weak);
      await expect(errors.filter({ hasText: MSG.passwordPolicy })).toBeVisible();
    }
    await newPassword.fill('Strong#Pass2026');
    await expect(errors.filter({ hasText: MSG.passwordPolicy })).toHaveCount(0);

    await confirmPassword.fill('Strong#Pass2027');
    await expect(errors.filter({ hasText: MSG.passwordMismatch })).toBeVisible();
    await confirmPassword.fill('Strong#Pass2026');
    await expect(errors).toHaveCount(0);
  });

  test('a wrong old password is refused by the server and the dialog stays open', async ({ page, shell }) => {
    const dialog = await openDialog(shell);
    await dialog.getByLabel('旧密码').fill('Not#The0ldOne');
    await dialog.getByLabel('新密码', { exact: true }).fill('Strong#Pass2026');
    await dialog.getByLabel('确认新密码').fill('Strong#Pass2026');
    const call = page.waitForResponse(apiGlob('/sys/user/updatePassword'));
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    const body = (await (await call).json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    await expect(shell.message(body.message)).toBeVisible();
    await expect(dialog).toBeVisible();
  });
});

test.describe('as admin (system staff, two departments)', () => {
  test('department switch lists both departments and switches to the other', async ({ page, shell }) => {
    await shell.goto(LIGHT_PAGE);
    const departs = page.waitForResponse(apiGlob('/sys/user/getCurrentUserDeparts'));
    await shell.openUserMenu('切换部门');
    const answer = (await (await departs).json()) as {
      result: { list: { orgCode: string; departName: string }[]; orgCode: string | null };
    };
    const { list, orgCode } = answer.result;
    expect(list.length).toBe(2);
    const dialog = page.getByRole('dialog', { name: '切换部门' });
    await expect(dialog).toBeVisible();
    const current = list.find((d) => d.orgCode === orgCode);
    const other = list.find((d) => d.orgCode !== orgCode) ?? list[0];
    if (current) await expect(dialog.locator('.ant-select-selection-item')).toHaveText(current.departName);

    await dialog.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options).toHaveText(list.map((d) => d.departName));
    await options.filter({ hasText: other.departName }).click();
    const select = page.waitForRequest(apiGlob('/sys/selectDepart'));
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    expect((await select).postDataJSON()).toMatchObject({ orgCode: other.orgCode, username: USERS.admin });
    await expect(shell.message('部门切换成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await shell.stored('Login_Userinfo')).toMatchObject({ orgCode: other.orgCode });

    // Opening again shows the new current department.
    await shell.openUserMenu('切换部门');
    await expect(
      page.getByRole('dialog', { name: '切换部门' }).locator('.ant-select-selection-item'),
    ).toHaveText(other.departName);
  });

  test('clear cache refreshes the dictionaries', async ({ page, shell }) => {
    await shell.goto(LIGHT_PAGE);
    const refresh = page.waitForRequest(apiGlob('/sys/dict/refleshCache'));
    const reload = page.waitForRequest(apiGlob('/sys/dict/queryAllDictItems'));
    await shell.openUserMenu('清除缓存');
    await refresh;
    await reload;
    await expect(shell.message(MSG.cacheRefreshed)).toBeVisible();
  });

  test('no customer switch for system staff', async ({ shell }) => {
    await shell.goto(LIGHT_PAGE);
    await expect(shell.headerActions).toBeVisible();
    await expect(shell.page.getByTestId('customer-switch')).toHaveCount(0);
  });
});

interface CustomerOption {
  customerId: string;
  customerName: string;
  isUsed: number;
}

/** Opens a page as shipper_admin, picks the customer that is not current, waits for the reload. */
async function switchCustomer(page: Page, shell: ShellPage) {
  const myList = page.waitForResponse(apiGlob('/customer/hyCustomerAdmin/myList'));
  await shell.goto(LIGHT_PAGE);
  const { result: customers } = (await (await myList).json()) as { result: CustomerOption[] };
  expect(customers.length).toBe(2);
  const current = customers.find((c) => Number(c.isUsed) === 1);
  const other = customers.find((c) => Number(c.isUsed) !== 1);
  if (!current || !other) throw new Error('expected one current and one other customer');
  const picker = page.getByTestId('customer-switch');
  await expect(picker).toContainText(current.customerName);

  await picker.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(customers.map((c) => c.customerName));
  const select = page.waitForRequest(apiGlob('/customer/hyCustomerAdmin/selectCustomer'));
  const reloaded = page.waitForEvent('load');
  await options.filter({ hasText: other.customerName }).click();
  const request = await select;
  await reloaded;
  await shell.waitReady();
  return { current, other, request };
}

test.describe('as shipper_admin (customer admin of two customers)', () => {
  test.use({ storageState: authFile(USERS.shipperAdmin) });
  // The switch changes the account on the server: one test after the other.
  test.describe.configure({ mode: 'serial' });

  test('customer switch: pick the other customer, the page reloads and it is current', async ({
    page,
    shell,
  }) => {
    const { other, request } = await switchCustomer(page, shell);
    expect(request.postDataJSON()).toMatchObject({ customerId: other.customerId });
    await expect(page.getByTestId('customer-switch')).toContainText(other.customerName);
  });

  test('customer switch: 已切换指定货主 is shown before the reload', async ({ page, shell }) => {
    await recordToasts(page);
    await switchCustomer(page, shell);
    expect(await recordedToasts(page)).toContain(MSG.customerSwitched);
  });

  test('no clear cache for a customer admin, and no department: warning', async ({ page, shell }) => {
    await shell.goto(LIGHT_PAGE);
    await shell.userMenuButton.click();
    await expect(shell.userMenuItems().filter({ hasText: '修改密码' })).toBeVisible();
    await expect(shell.userMenuItems().filter({ hasText: '清除缓存' })).toHaveCount(0);
    await shell.userMenuItems().filter({ hasText: '切换部门' }).click();
    await expect(shell.message(MSG.noDepartment)).toBeVisible();
    await expect(page.getByRole('dialog', { name: '切换部门' })).toHaveCount(0);
  });
});
