// Remaining rules of the console shell: the static redirects, the exception pages,
// the headers every call carries, the clear-cache failure message and a password change that
// succeeds from the header dialog.
import { API_BASE, HOME_PATH, LIGHT_PAGE } from '../support/env.ts';
import { describeLoggedOut, expect, test } from '../support/fixtures.ts';
import { apiGlob, failApi } from '../support/network.ts';

describeLoggedOut('static redirects, logged out', () => {
  test('/user goes to /user/login; / asks for login with the dashboard as redirect', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/user/login\\?redirect=${encodeURIComponent(HOME_PATH)}$`));
  });
});

test('/ redirects a signed-in user to the analysis dashboard', async ({ page, shell }) => {
  await page.goto('/');
  await shell.waitHome();
});

test('exception pages 403 and 500 explain themselves and lead home', async ({ page, shell }) => {
  for (const [status, text] of [
    [403, '抱歉，你无权访问该页面'],
    [500, '抱歉，服务器出错了'],
  ] as const) {
    await shell.goto(`/exception/${status}`);
    const result = shell.result(text);
    await expect(result.locator('.ant-result-title')).toHaveText(String(status));
  }
  await page.getByRole('button', { name: /返回首页/ }).click();
  await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
});

test('every call carries X-Access-Token and tenant_id; GETs carry _t except dictionary item lookups', async ({
  page,
  shell,
}) => {
  const calls: { url: URL; headers: Record<string, string> }[] = [];
  page.on('request', (req) => {
    if (req.url().includes(`${API_BASE}/`)) calls.push({ url: new URL(req.url()), headers: req.headers() });
  });
  await shell.goto(LIGHT_PAGE);
  await expect.poll(() => calls.length).toBeGreaterThan(2);
  const token = await shell.stored('Access-Token');
  expect(token).toBeTruthy();
  for (const call of calls) {
    expect(call.headers['x-access-token'], call.url.pathname).toBe(token);
    expect(call.headers.tenant_id, call.url.pathname).toBe('0');
  }
  const gets = calls.filter((c) => !c.url.pathname.includes('/sys/dict/loadDictItem/'));
  expect(gets.some((c) => c.url.searchParams.has('_t'))).toBe(true);
});

test('clear cache that fails says 刷新缓存失败！', async ({ page, shell }) => {
  await failApi(page, '/sys/dict/refleshCache', 500, 'cache down (e2e)');
  await shell.goto(LIGHT_PAGE);
  await shell.openUserMenu('清除缓存');
  await expect(shell.message('刷新缓存失败！')).toBeVisible();
});

describeLoggedOut('password change from the header', () => {
  test('a valid change succeeds, and the new password signs in', async ({
    page,
    loginPage,
    shell,
    request,
    api,
  }) => {
    const username = await loginPage.submitNewUser(api, 'pwd');
    await loginPage.changeInitialPassword('First#2026pw');
    await shell.waitReady();

    await shell.goto(LIGHT_PAGE);
    await shell.openUserMenu('修改密码');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByLabel('旧密码').fill('First#2026pw');
    await dialog.getByLabel('新密码', { exact: true }).fill('Second#2026pw');
    await dialog.getByLabel('确认新密码').fill('Second#2026pw');
    const call = page.waitForResponse(apiGlob('/sys/user/updatePassword'));
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    expect(((await (await call).json()) as { success: boolean }).success).toBe(true);
    await expect(shell.message('密码修改成功!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const login = await request.post(`${API_BASE}/sys/loginByUsername`, {
      data: { username, password: 'Second#2026pw' },
    });
    expect(((await login.json()) as { code: number }).code).toBe(200);
  });
});

describeLoggedOut('leaving the page while the menu loads', () => {
  test('a reload during the first permission fetch keeps the session', async ({ page, loginPage, shell }) => {
    // The first permission call after login is cut off once the next page is asked for, and that page is
    // slow to come: the old page lives on meanwhile, as when a reload meets a busy server.
    let leave: () => void = () => undefined;
    const left = new Promise<void>((resolve) => {
      leave = resolve;
    });
    let held = false;
    await page.route(apiGlob('/sys/permission/getUserPermissionByToken'), async (route) => {
      if (held) return route.continue();
      held = true;
      await left;
      await route.abort('failed');
    });
    await page.route(`**${LIGHT_PAGE}`, async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      leave();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await loginPage.goto();
    await loginPage.submitCredentials('admin');
    await expect.poll(() => held).toBe(true);
    await page.goto(LIGHT_PAGE);
    await shell.waitReady();
    await expect(page).toHaveURL(new RegExp(`${LIGHT_PAGE}$`));
    await expect(shell.dialog('登录已过期')).toHaveCount(0);
  });
});
