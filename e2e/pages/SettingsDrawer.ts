// Settings drawer and the theme state it stores.
import { expect, type Locator } from '@playwright/test';
import { PageObject } from './PageObject.ts';

/** What the drawer shows; a setting left out is not checked. */
export interface DrawerState {
  style?: 'dark' | 'light';
  layout?: 'side' | 'top';
  contentWidth?: '固定' | '流式';
  fixedHeader?: boolean;
  autoHideHeader?: boolean;
  fixSiderbar?: boolean;
  colorWeak?: boolean;
  multipage?: boolean;
  /** The name of the theme colour shown as chosen. */
  color?: string;
}

export class SettingsDrawer extends PageObject {
  readonly root = this.page.getByTestId('settings-drawer');
  readonly darkStyle = this.root.getByRole('button', { name: '暗色菜单风格' });
  readonly lightStyle = this.root.getByRole('button', { name: '亮色菜单风格' });
  readonly sideMenu = this.root.getByRole('button', { name: '侧边栏导航' });
  readonly topMenu = this.root.getByRole('button', { name: '顶部栏导航' });
  readonly colors = this.root.getByTestId('settings-colors').getByRole('button');
  readonly contentWidth = this.root.locator('.ant-select', { has: this.page.getByLabel('内容区域宽度') });
  readonly fixedHeader = this.root.getByRole('switch', { name: '固定 Header' });
  readonly autoHideHeader = this.root.getByRole('switch', { name: '下滑时隐藏 Header' });
  readonly fixSiderbar = this.root.getByRole('switch', { name: '固定侧边菜单' });
  readonly colorWeak = this.root.getByRole('switch', { name: '色弱模式' });
  readonly multipage = this.root.getByRole('switch', { name: '多页签模式' });

  /** Opens the drawer from the user menu (系统设置). */
  async open(): Promise<void> {
    // A click on the menu item while the dropdown still unfolds can be lost: open it again until it shows.
    await expect(async () => {
      if (await this.root.isVisible()) return;
      const item = this.page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '系统设置' });
      if (!(await item.isVisible())) await this.page.getByTestId('user-menu').click();
      await item.click({ timeout: 3_000 });
      await expect(this.root).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }

  /** Re-opens the drawer when a change closed it (see the report: it closes on a layout switch). */
  async ensureOpen(): Promise<void> {
    // Give a closing drawer the time to finish its motion; an open one stays open.
    const closed = await expect(this.root)
      .toBeHidden({ timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (!closed) return;
    // The layout switch also leaves the window scrolled with the header out of view.
    await this.page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => this.page.evaluate(() => window.scrollY)).toBe(0);
    await this.open();
  }

  /** Switches the navigation mode, waits for the layout to follow, and (by default) re-opens the drawer. */
  async chooseLayout(mode: 'side' | 'top', options: { reopen?: boolean } = {}): Promise<void> {
    await (mode === 'side' ? this.sideMenu : this.topMenu).click();
    await expect(
      this.page.locator(mode === 'side' ? 'aside.ant-pro-sider' : '.ant-pro-top-nav-header').first(),
    ).toBeVisible();
    if (options.reopen ?? true) await this.ensureOpen();
  }

  /** The settings as stored in local storage (re-applied on load). */
  async stored(): Promise<Record<string, unknown>> {
    return this.page.evaluate(() => JSON.parse(localStorage.getItem('APP_THEME_SETTINGS') ?? '{}'));
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: /关闭|Close/ }).click();
    await expect(this.root).toBeHidden();
  }

  async setSwitch(control: Locator, on: boolean): Promise<void> {
    if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
    await expect(control).toHaveAttribute('aria-checked', String(on));
  }

  /** Waits until the drawer shows these settings. */
  async expectShows(state: DrawerState): Promise<void> {
    if (state.style) {
      await expect(this.darkStyle).toHaveAttribute('aria-pressed', String(state.style === 'dark'));
      await expect(this.lightStyle).toHaveAttribute('aria-pressed', String(state.style === 'light'));
    }
    if (state.layout) {
      await expect(state.layout === 'side' ? this.sideMenu : this.topMenu).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    if (state.contentWidth) await expect(this.contentWidthValue()).toHaveText(state.contentWidth);
    const switches = ['fixedHeader', 'autoHideHeader', 'fixSiderbar', 'colorWeak', 'multipage'] as const;
    for (const name of switches) {
      const on = state[name];
      if (on !== undefined) await expect(this[name]).toHaveAttribute('aria-checked', String(on));
    }
    if (state.color) {
      await expect(this.root.getByRole('button', { name: state.color })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
  }

  /** Current value label of the content width select (固定 / 流式). */
  contentWidthValue(): Locator {
    return this.contentWidth.locator('.ant-select-selection-item');
  }

  /** Opens the content width select; returns its options. */
  async contentWidthOptions(): Promise<Locator> {
    await this.contentWidth.click();
    const list = this.page.locator('.ant-select-dropdown:visible');
    await expect(list).toBeVisible();
    return list.locator('.ant-select-item-option');
  }
}
