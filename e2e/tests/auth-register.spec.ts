// Registration and password reset in the browser: /user/register and its result, /user/alteration,
// and a shipper registering its company at /customer/register, which the platform then sees in the header
// counter of pending shippers. SMS codes are read from the server's SMS outbox.
import { AlterationPage, CustomerRegisterPage, RegisterPage } from '../pages/AuthPages.ts';
import {
  createUser,
  PNG_1X1,
  pendingCounts,
  smsCodeFor,
  uniqueCreditCode,
  uniqueMobile,
  uniqueName,
} from '../support/authFlows.ts';
import { API_BASE, HOME_PATH, LOGGED_OUT, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ storageState: LOGGED_OUT });

test('a user registers with an SMS code and lands on the result page; the account signs in', async ({
  page,
  request,
  shot,
}) => {
  const form = new RegisterPage(page);
  const username = uniqueName('reg');
  const mobile = uniqueMobile();
  await form.goto();
  await form.submit.click();
  await expect(form.errors().first()).toBeVisible();
  await form.username.fill(username);
  await form.password.fill('weakpass');
  await form.confirm.fill('other');
  await form.mobile.fill(mobile);
  await expect(form.card).toContainText('密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!');
  await expect(form.card).toContainText('两次输入的密码不一样！');
  await form.password.fill('Register#2026');
  await form.confirm.fill('Register#2026');
  await form.code.request();
  await form.code.input.fill(await smsCodeFor(mobile));
  await shot('register');
  await form.submit.click();
  await expect(page).toHaveURL(/\/user\/register-result$/);
  await expect(form.result).toContainText(username);
  await shot('register-result');
  const login = await request.post(`${API_BASE}/sys/loginByUsername`, {
    data: { username, password: 'Register#2026' },
  });
  expect(await login.json()).toMatchObject({ success: true, code: 200 });
});

test('a forgotten password is reset with a code sent to the phone, then signs in', async ({
  page,
  api,
  loginPage,
  shell,
  shot,
}) => {
  const username = uniqueName('forgot');
  const mobile = uniqueMobile();
  await createUser(api, { username, password: 'Initial#2026', phone: mobile });
  const reset = new AlterationPage(page);
  await reset.goto();
  await reset.mobile.fill(mobile);
  await reset.code.request();
  await reset.code.input.fill(await smsCodeFor(mobile));
  await reset.next.click();
  await expect(reset.account).toContainText(username);
  await reset.password.fill('Reset#2026e2e');
  await reset.confirm.fill('Reset#2026e2e');
  await shot('alteration');
  await reset.submit.click();
  await expect(reset.done).toBeVisible();
  await expect(shell.message('密码重置成功!')).toBeVisible();
  await loginPage.goto();
  await loginPage.login(username, 'Reset#2026e2e');
  await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
});

test('a shipper registers its company; the platform sees it among the pending shippers', async ({
  page,
  api,
  loginPage,
  bell,
  shot,
}) => {
  const before = (await pendingCounts(api)).huozhuCount;
  const form = new CustomerRegisterPage(page);
  const mobile = uniqueMobile();
  const creditCode = uniqueCreditCode();
  const broken = creditCode.slice(0, 17) + (creditCode[17] === '0' ? '1' : '0');
  await form.goto();
  await form.name.fill(`E2E物流${uniqueName('')}有限公司`);
  await form.creditCode.fill(broken);
  await form.creditCode.blur();
  await expect(form.fieldError(form.creditCode)).toHaveText('统一社会信用代码格式不正确');
  await form.creditCode.fill(creditCode.toLowerCase());
  await expect(form.creditCode).toHaveValue(creditCode);
  await expect(form.fieldError(form.creditCode)).toHaveCount(0);
  await form.licence.setInputFiles({ name: 'licence.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(form.fieldError(form.licencePreview)).toHaveText('请上传图片');
  await form.licence.setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(form.licencePreview.locator('img')).toBeVisible();
  await form.contact.fill('孙立');
  await form.mobile.fill(mobile);
  await form.code.request();
  await form.code.input.fill(await smsCodeFor(mobile));
  const username = uniqueName('cr');
  await form.username.fill(username);
  await form.password.fill('Shipper#2026e2e');
  await form.confirm.fill('Shipper#2026e2e');
  await shot('customer-register', { fullPage: true });
  await form.submit.click();
  await expect(form.done).toContainText('注册成功，请等待平台审核');
  await expect(form.done).toContainText(username);
  await shot('customer-register-done');

  // The platform: the header bell counts the new customer among the pending shippers (state 1).
  await loginPage.goto();
  await loginPage.login(USERS.admin);
  await bell.open();
  const row = bell.row('huozhuCount');
  await expect(row).toBeVisible();
  const shown = Number((await row.textContent())?.match(/\d+/)?.[0] ?? -1);
  expect(shown).toBeGreaterThanOrEqual(before + 1);
  await shot('customer-register-pending-count');
});
