// Settings drawer with its default settings: dependencies, persistence across reload,
// and the layout each setting produces (side/top menu, dark/light, hide-on-scroll, multi-tab, sider).

import { HOME_PATH, LIGHT_PAGE } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe('the drawer, opened on the light page', () => {
  test.beforeEach(async ({ shell, settingsDrawer }) => {
    await shell.goto(LIGHT_PAGE);
    await settingsDrawer.open();
  });

  test('default settings and the eight theme colours', async ({ settingsDrawer: drawer, shot }) => {
    await drawer.expectShows({
      style: 'dark',
      layout: 'side',
      contentWidth: '固定',
      fixedHeader: false,
      autoHideHeader: false,
      fixSiderbar: true,
      colorWeak: false,
      multipage: true,
      color: '拂晓蓝（默认）',
    });
    await expect(drawer.colors).toHaveCount(8);
    await shot('settings-drawer');

    // A colour applies at once (the checked switch is painted with the primary colour).
    await drawer.root.getByRole('button', { name: '酱紫' }).click();
    await drawer.expectShows({ color: '酱紫' });
    await expect(drawer.fixSiderbar).toHaveCSS('background-color', 'rgb(114, 46, 209)');
  });

  test('turning off fixed header turns off hide-on-scroll', async ({ settingsDrawer: drawer }) => {
    await expect(drawer.autoHideHeader).toBeDisabled();
    await drawer.setSwitch(drawer.fixedHeader, true);
    await expect(drawer.autoHideHeader).toBeEnabled();
    await drawer.setSwitch(drawer.autoHideHeader, true);
    await drawer.setSwitch(drawer.fixedHeader, false);
    await expect(drawer.autoHideHeader).toHaveAttribute('aria-checked', 'false');
    await expect(drawer.autoHideHeader).toBeDisabled();
  });

  test('top menu: fixed side menu off and disabled, fluid width only there', async ({
    shell,
    settingsDrawer: drawer,
  }) => {
    // Side menu: fluid cannot be chosen.
    let options = await drawer.contentWidthOptions();
    await expect(options.filter({ hasText: '流式' })).toHaveClass(/ant-select-item-option-disabled/);
    await options.filter({ hasText: '固定' }).click();
    await expect(options.first()).toBeHidden();

    await drawer.chooseLayout('top');
    await drawer.expectShows({ layout: 'top', fixSiderbar: false });
    await expect(drawer.fixSiderbar).toBeDisabled();
    await expect(shell.sider).toHaveCount(0);

    options = await drawer.contentWidthOptions();
    await expect(options.filter({ hasText: '流式' })).not.toHaveClass(/ant-select-item-option-disabled/);
    await options.filter({ hasText: '流式' }).click();
    await expect(drawer.contentWidthValue()).toHaveText('流式');

    // Back to the side menu: fluid goes, fixed side menu stays off (reset by the layout switch).
    await drawer.chooseLayout('side', { reopen: false });
    await expect(shell.sider).toBeVisible();
    await expect
      .poll(() => drawer.stored())
      .toMatchObject({ layout: 'sidemenu', contentWidth: 'Fixed', fixSiderbar: false });
  });

  test('with the side menu not fixed, the header actions stay usable', async ({
    page,
    shell,
    settingsDrawer: drawer,
  }) => {
    await drawer.setSwitch(drawer.fixSiderbar, false);
    await drawer.close();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await shell.userMenuButton.click({ timeout: 5_000 });
    await expect(shell.userMenuItems().filter({ hasText: '系统设置' })).toBeVisible();
  });

  test('the drawer stays open while the navigation mode changes', async ({
    shell,
    settingsDrawer: drawer,
  }) => {
    await drawer.topMenu.click();
    await expect(shell.topMenu).toBeVisible();
    await expect(drawer.root).toBeVisible();
    await expect(drawer.topMenu).toHaveAttribute('aria-pressed', 'true');
    await drawer.sideMenu.click();
    await expect(shell.sider).toBeVisible();
    await expect(drawer.root).toBeVisible();
  });

  test('settings persist across a reload', async ({ page, shell, tabs, settingsDrawer: drawer }) => {
    await drawer.lightStyle.click();
    await drawer.chooseLayout('top');
    await (await drawer.contentWidthOptions()).filter({ hasText: '流式' }).click();
    await expect(drawer.contentWidthValue()).toHaveText('流式');
    await drawer.setSwitch(drawer.fixedHeader, true);
    await drawer.setSwitch(drawer.autoHideHeader, true);
    await drawer.setSwitch(drawer.multipage, false);
    await drawer.root.getByRole('button', { name: '极光绿' }).click();
    await expect(tabs.root).toHaveCount(0);

    await page.reload();
    await shell.waitReady();
    await expect(shell.sider).toHaveCount(0);
    await expect(shell.topMenu).toBeVisible();
    await expect(tabs.root).toHaveCount(0);
    await drawer.open();
    await drawer.expectShows({
      style: 'light',
      layout: 'top',
      contentWidth: '流式',
      fixedHeader: true,
      autoHideHeader: true,
      fixSiderbar: false,
      multipage: false,
      color: '极光绿',
    });
  });

  test('colour-weak mode filters the page and is re-applied on load', async ({
    page,
    shell,
    settingsDrawer: drawer,
  }) => {
    await drawer.setSwitch(drawer.colorWeak, true);
    await expect(page.locator('body')).toHaveCSS('filter', /invert/);
    await page.reload();
    await shell.waitReady();
    await expect(page.locator('body')).toHaveCSS('filter', /invert/);
  });

  test('hide header on scroll: past 100 px down hides the fixed header, up shows it', async ({
    page,
    settingsDrawer: drawer,
  }) => {
    await drawer.setSwitch(drawer.fixedHeader, true);
    await drawer.setSwitch(drawer.autoHideHeader, true);
    await drawer.close();
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
    });
    const layout = page.locator('.basic-layout').first();
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(60);
    await expect(layout).not.toHaveClass(/header-auto-hidden/);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(layout).toHaveClass(/header-auto-hidden/);
    await page.mouse.wheel(0, -200);
    await expect(layout).not.toHaveClass(/header-auto-hidden/);
  });
});

test('the sidebar is 200 px open, 80 px collapsed, and the state is remembered', async ({ page, shell }) => {
  await shell.goto(LIGHT_PAGE);
  await expect.poll(async () => (await shell.sider.boundingBox())?.width).toBe(200);
  await page.locator('.ant-pro-sider-collapsed-button').click();
  await expect.poll(async () => (await shell.sider.boundingBox())?.width).toBe(80);
  await page.reload();
  await shell.waitReady();
  await expect.poll(async () => (await shell.sider.boundingBox())?.width).toBe(80);
});

test('top menu: the brand links home and the selected entry is readable, dark and light', async ({
  page,
  shell,
  settingsDrawer: drawer,
}) => {
  await shell.goto(HOME_PATH);
  await drawer.open();
  await drawer.chooseLayout('top');
  for (const style of [drawer.darkStyle, drawer.lightStyle]) {
    await style.click();
    await expect(shell.topMenu).toBeVisible();
    await expect(shell.brand).toBeVisible();
    await expect(shell.brand).toHaveAttribute('href', HOME_PATH);
    const selected = shell.topMenu.locator('.ant-menu-submenu-selected, .ant-menu-item-selected').first();
    await expect(selected).toContainText('首页');
    const colours = await selected.evaluate((el) => {
      const title = el.querySelector('.ant-menu-title-content') ?? el;
      const text = getComputedStyle(title).color;
      let node: Element | null = el;
      let back = 'rgba(0, 0, 0, 0)';
      while (node && /rgba\(0, 0, 0, 0\)|transparent/.test(back)) {
        back = getComputedStyle(node).backgroundColor;
        node = node.parentElement;
      }
      return { text, back };
    });
    expect(colours.text, 'selected entry title colour vs its background').not.toBe(colours.back);
  }
  await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
});

test('dashboard in side and top layouts, dark and light (screenshots)', async ({
  page,
  shell,
  settingsDrawer: drawer,
  shot,
}) => {
  const DARK = 'rgb(0, 21, 41)';
  const LIGHT = 'rgb(255, 255, 255)';
  await shell.goto(HOME_PATH);
  await expect(page.getByTestId('dashboard-analysis').locator('canvas').first()).toBeVisible();
  await expect(shell.sider).toHaveCSS('background-color', DARK);
  await expect(shell.brand.locator('img')).toHaveAttribute('src', /logo-dark/);
  await shot('dashboard-side-dark', { scrollTop: true });

  await drawer.open();
  await drawer.lightStyle.click();
  await drawer.close();
  await expect(shell.sider).toHaveCSS('background-color', LIGHT);
  await expect(shell.brand.locator('img')).toHaveAttribute('src', /logo-light/);
  await shot('dashboard-side-light', { scrollTop: true });

  await drawer.open();
  await drawer.chooseLayout('top');
  await drawer.close();
  await expect(shell.topMenu).toBeVisible();
  await expect(shell.header).toHaveCSS('background-color', LIGHT);
  await shot('dashboard-top-light', { scrollTop: true });

  await drawer.open();
  await drawer.darkStyle.click();
  await drawer.close();
  await expect(shell.header).toHaveCSS('background-color', DARK);
  await shot('dashboard-top-dark', { scrollTop: true });
});
