// Menu-driven routes: dynamic pages, external links in a new tab, iframe pages, hidden and
// route-less menus, unknown components, 404, /screen/ pages, breadcrumb and document title.
import { authFile, HOME_PATH, LIGHT_PAGE, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { type Envelope, patchJson, platformSettings } from '../support/network.ts';

const PERMISSIONS = '/sys/permission/getUserPermissionByToken';

test('a menu page opens from the side menu with breadcrumb and document title', async ({
  page,
  shell,
  request,
}) => {
  const { web_platform_name: platform } = await platformSettings(request);
  await shell.goto(HOME_PATH);
  await expect(page).toHaveTitle(new RegExp(`^分析页.*${platform}$`));
  await shell.navigateMenu('/system/user', '系统管理', '用户管理');
  await expect(shell.breadcrumb).toHaveText(/^\s*首页\s*\/\s*系统管理\s*\/\s*用户管理\s*$/);
  await expect(shell.breadcrumb.getByRole('link', { name: /首页/ })).toHaveAttribute('href', HOME_PATH);
  // A real page of the registry, with the list from the server (searched: other tests add users).
  await expect(shell.content.locator('.ant-table-row').first()).toBeVisible();
  await shell.content.getByPlaceholder('请输入').first().fill('shipper_admin');
  await shell.content.getByRole('button', { name: /查\s*询/ }).click();
  await expect(shell.content.locator('.ant-table-row', { hasText: 'shipper_admin' })).toBeVisible();
  // Document title = page title + platform name.
  await expect(page).toHaveTitle(new RegExp(`^用户管理.*${platform}$`));
});

test('the side-menu logo and title link to the dashboard', async ({ page, shell, request }) => {
  const { web_platform_name: platform } = await platformSettings(request);
  await shell.goto('/system/role');
  await expect(shell.brand).toContainText(platform);
  await expect(shell.brand.locator('img')).toBeVisible();
  await shell.brand.click();
  await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
});

test('an external menu opens its address in a new browser tab', async ({ page, context, shell }) => {
  await shell.goto(LIGHT_PAGE);
  await shell.expandSideMenu('示例');
  const isDocs = (url: string) => url.startsWith('https://ant.design/index-cn');
  const request = context.waitForEvent('request', { predicate: (r) => isDocs(r.url()) });
  const popup = page.waitForEvent('popup');
  await shell.sideMenu.getByText('开发文档', { exact: true }).click();
  const external = await popup;
  // The new tab asks for the external address (answered by a local stub, or failing offline).
  expect(isDocs((await request).url())).toBe(true);
  expect(external).not.toBe(page);
  await expect(page).toHaveURL(new RegExp(`${LIGHT_PAGE}$`));
  await external.close();
});

test('an iframe menu shows its address inside the layout', async ({ page, shell }) => {
  await shell.goto(LIGHT_PAGE);
  // Through the shell's menu click, which repeats a click that missed the entry while its group slid open.
  // An iframe menu's route is the hash of its address.
  await shell.navigateMenu(/\/[0-9a-f]{32}$/, '示例', '内嵌页面');
  const frame = page.getByTestId('iframe-page').locator('iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/pro\.ant\.design/);
  await expect(
    page.frameLocator('[data-testid="iframe-page"] iframe').getByTestId('external-stub'),
  ).toBeVisible();
  await expect(shell.pageTitle).toHaveText('内嵌页面');
});

test('hidden menus, route-less menus and groups whose children are all hidden stay out of the menu', async ({
  page,
  shell,
}) => {
  await shell.goto(LIGHT_PAGE);
  const top = (await shell.sideMenu.locator(':scope > li .ant-menu-title-content').allInnerTexts()).map((t) =>
    t.trim(),
  );
  expect(top).toEqual(expect.arrayContaining(['首页', '系统管理', '示例']));
  expect(top).not.toContain('消息中心');
  expect(top).not.toContain('个人页');

  await shell.expandSideMenu('示例');
  const demo = shell.sideMenu.locator('li.ant-menu-submenu', { hasText: '示例' }).locator('ul.ant-menu-sub');
  await expect(demo.getByRole('menuitem', { name: '组件示例' })).toBeVisible();
  await expect(demo.getByRole('menuitem', { name: '内嵌页面' })).toBeVisible();
  await expect(demo).not.toContainText('隐藏分组');
  await expect(demo).not.toContainText('隐藏页面');
  await expect(demo).not.toContainText('无路由菜单');

  // A hidden menu is still a route; a route-less menu is not.
  await shell.goto('/isps/userAnnouncement');
  await expect(page).toHaveURL(/\/isps\/userAnnouncement$/);
  await page.goto('/demo/no-route');
  await expect(page).toHaveURL(/\/404$/);
});

test('a component the registry does not know shows the "page not available" panel', async ({
  page,
  shell,
}) => {
  const component = 'e2e/NoSuchView';
  await patchJson<Envelope<{ menu: unknown[] }>>(page, PERMISSIONS, (body) => {
    body.result.menu.push({
      id: 'e2e-unknown-view',
      path: '/e2e/unknown',
      name: 'e2e-unknown',
      component,
      route: '1',
      meta: { title: '未知组件', keepAlive: false, internalOrExternal: false },
    });
  });
  await shell.goto('/e2e/unknown');
  const panel = shell.result(component);
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(component);
  await expect(panel).toContainText('未知组件');
  // Never a blank page: the layout, the tab and a way back are there.
  await expect(page.getByTestId('tab-bar')).toContainText('未知组件');
  await panel.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
});

test('unknown paths go to the 404 page', async ({ page, shell, shot }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  const panel = shell.result('404');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('404');
  await shot('404');
  await panel.getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
});

test('a /screen/ route hides the tabs and the footer', async ({ page, shell, tabs }) => {
  await shell.goto('/system/user');
  await expect(tabs.root).toBeVisible();
  await expect(shell.footer).toBeVisible();
  await shell.goto('/screen/data');
  await expect(page).toHaveURL(/\/screen\/data$/);
  await expect(shell.content).not.toBeEmpty();
  await expect(tabs.root).toHaveCount(0);
  await expect(shell.footer).toHaveCount(0);
});

test('every navigation scrolls the page back to the top', async ({ page, shell }) => {
  await shell.goto('/system/user');
  await page.evaluate(() => {
    document.body.style.minHeight = '4000px';
    window.scrollTo(0, 1500);
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await shell.navigateMenu('/system/role', '系统管理', '角色管理');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the console filters menu routes by the permission list, children recursively', async ({
  page,
  shell,
}) => {
  await patchJson<Envelope<{ menu: unknown[] }>>(page, PERMISSIONS, (body) => {
    const meta = (title: string, permission?: string, hidden = false) => ({
      title,
      permission,
      hidden,
      keepAlive: false,
      internalOrExternal: false,
    });
    body.result.menu.push(
      {
        id: 'e2e-perm',
        path: '/e2e-perm',
        name: 'e2e-perm',
        component: 'layouts/RouteView',
        route: '1',
        meta: meta('权限测试'),
        children: [
          {
            id: 'e2e-perm-granted',
            path: '/e2e-perm/granted',
            name: 'e2e-perm-granted',
            component: 'e2e/Granted',
            route: '1',
            meta: meta('有权限页', 'system:user:list'),
          },
          {
            id: 'e2e-perm-denied',
            path: '/e2e-perm/denied',
            name: 'e2e-perm-denied',
            component: 'e2e/Denied',
            route: '1',
            meta: meta('无权限页', 'e2e:not-granted'),
          },
        ],
      },
      {
        id: 'e2e-all-hidden',
        path: '/e2e-all-hidden',
        name: 'e2e-all-hidden',
        component: 'layouts/RouteView',
        route: '1',
        meta: meta('全隐藏分组'),
        children: [
          {
            id: 'e2e-all-hidden-page',
            path: '/e2e-all-hidden/page',
            name: 'e2e-all-hidden-page',
            component: 'e2e/HiddenChild',
            route: '1',
            hidden: true,
            meta: meta('隐藏子页', undefined, true),
          },
        ],
      },
    );
  });
  await shell.goto(LIGHT_PAGE);
  await shell.expandSideMenu('权限测试');
  const group = shell.sideMenu.locator('li.ant-menu-submenu', { hasText: '权限测试' });
  await expect(group.getByRole('menuitem', { name: '有权限页' })).toBeVisible();
  await expect(group).not.toContainText('无权限页');
  await expect(shell.sideMenu).not.toContainText('全隐藏分组');

  await shell.goto('/e2e-perm/granted');
  await expect(shell.pageTitle).toHaveText('有权限页');
  await page.goto('/e2e-perm/denied');
  await expect(page).toHaveURL(/\/404$/);
});

test.describe('as shipper_admin', () => {
  test.use({ storageState: authFile(USERS.shipperAdmin) });

  test('the menu holds only the granted screens; others are not routes', async ({ page, shell }) => {
    await shell.goto(LIGHT_PAGE);
    const top = (await shell.sideMenu.locator(':scope > li .ant-menu-title-content').allInnerTexts()).map(
      (t) => t.trim(),
    );
    expect(top).toContain('运单管理');
    expect(top).not.toContain('系统管理');
    expect(top).not.toContain('示例');
    // A screen of the menu that is not granted answers 403 inside the layout, where the user stays.
    await page.goto('/system/user');
    await expect(shell.result('403')).toContainText('抱歉，你无权访问该页面');
    await expect(page).toHaveURL(/\/system\/user$/);
    // The component gallery needs demo:components.
    await page.goto('/demo/components');
    await expect(shell.result('403')).toBeVisible();
    // A path that is no screen at all is a 404.
    await page.goto('/no/such/screen');
    await expect(page).toHaveURL(/\/404$/);
  });
});

test.describe('below 1087.99 px', () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test('the side menu moves into a drawer opened from the header', async ({ page, shell }) => {
    await shell.goto(LIGHT_PAGE);
    await expect(shell.sider).toHaveCount(0);
    await shell.mobileMenuButton.click();
    await expect(shell.mobileMenu).toBeVisible();
    await shell.mobileMenu.getByRole('menuitem', { name: '系统管理' }).click();
    await shell.mobileMenu.getByRole('menuitem', { name: '角色管理' }).click();
    await expect(page).toHaveURL(/\/system\/role$/);
    await expect(shell.mobileMenu).toBeHidden();
  });
});
