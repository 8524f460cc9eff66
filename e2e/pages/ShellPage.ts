// The main layout: side or top menu, header, breadcrumb, content, footer, feedback toasts.
import { expect, type Locator } from '@playwright/test';
import { HOME_PATH, LIGHT_PAGE } from '../support/env.ts';
import { PageObject } from './PageObject.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A URL matcher for a path (and query) at the end of the address. */
export function endsWith(path: string): RegExp {
  return new RegExp(`${escapeRegExp(path)}$`);
}

export class ShellPage extends PageObject {
  readonly content = this.page.getByTestId('layout-content');
  readonly header = this.page.locator('header.ant-layout-header').first();
  readonly headerActions = this.page.getByTestId('header-actions');
  readonly sider = this.page.locator('aside.ant-pro-sider');
  readonly sideMenu = this.sider.locator('ul.ant-menu-root');
  readonly topMenu = this.page.locator('.ant-pro-top-nav-header ul.ant-menu-root');
  readonly brand = this.page.getByTestId('layout-brand');
  readonly breadcrumb = this.page.getByTestId('page-header').locator('.ant-breadcrumb');
  readonly pageTitle = this.page.locator('.page-header-title');
  readonly footer = this.page.getByTestId('layout-footer');
  readonly welcome = this.page.getByTestId('header-welcome');
  readonly userMenuButton = this.page.getByTestId('user-menu');
  readonly mobileMenuButton = this.page.getByTestId('mobile-menu-button');
  readonly mobileMenu = this.page.locator('.mobile-menu .ant-drawer-content');

  /** Opens a path with a full page load and waits for the layout (menu and permissions loaded). */
  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.waitReady();
  }

  async waitReady(): Promise<void> {
    // A full load fetches menu and permissions and downloads the layout chunk first.
    await expect(this.content).toBeVisible({ timeout: 30_000 });
  }

  /** Waits for the home page (the dashboard a login or a redirect leads to) with the layout ready. */
  async waitHome(): Promise<void> {
    await expect(this.page).toHaveURL(endsWith(HOME_PATH));
    await this.waitReady();
  }

  /** Switches the console to English with the header's language switch and waits for the page to say so. */
  async switchToEnglish(): Promise<void> {
    await this.page.getByTestId('language-switch').click();
    await this.page
      .locator('.ant-dropdown:visible')
      .getByRole('menuitem', { name: /English/ })
      .click();
    await expect(this.page.locator('html')).toHaveAttribute('lang', 'en-US');
  }

  /** Opens a side-menu group (no-op when it is open already). */
  async expandSideMenu(group: string): Promise<void> {
    const title = this.sideMenu.locator('.ant-menu-submenu-title', { hasText: group }).first();
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await expect(title).toHaveAttribute('aria-expanded', 'true');
  }

  /** Opens a screen the way a user does: from a light page, through its side-menu group(s) (see navigateMenu). */
  async openFromMenu(path: string | RegExp, ...titles: string[]): Promise<void> {
    await this.goto(LIGHT_PAGE);
    await this.navigateMenu(path, ...titles);
  }

  /**
   * Clicks a side-menu item inside its group(s) and waits until the browser is on `path` (a pattern for
   * routes named by the server, e.g. an iframe menu's generated path).
   */
  async navigateMenu(path: string | RegExp, ...titles: string[]): Promise<void> {
    const item = titles[titles.length - 1];
    for (const group of titles.slice(0, -1)) await this.expandSideMenu(group);
    // A click that lands while the group is still sliding open can miss the entry: click again then.
    await expect(async () => {
      await this.sideMenu.getByRole('menuitem', { name: item, exact: true }).click({ timeout: 5_000 });
      await expect(this.page).toHaveURL(typeof path === 'string' ? endsWith(path) : path, {
        timeout: 3_000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(this.pageTitle).toHaveText(item);
  }

  async openUserMenu(item: string): Promise<void> {
    await this.userMenuButton.click();
    const entry = this.userMenuItems().filter({ hasText: item });
    await expect(entry).toBeVisible();
    // Let the dropdown finish its opening motion, so the click lands on the entry.
    await entry.evaluate((el) =>
      Promise.all(
        (el.closest('.ant-dropdown') ?? el).getAnimations({ subtree: true }).map((a) => a.finished),
      ),
    );
    await entry.click();
    await expect(entry).toBeHidden();
  }

  userMenuItems(): Locator {
    return this.page.locator('.ant-dropdown:visible').getByRole('menuitem');
  }

  /** antd message toasts (message.success / warning / error). */
  message(text: string | RegExp): Locator {
    return this.page.locator('.ant-message-notice').filter({ hasText: text });
  }

  /** antd notification cards of the request layer. */
  notification(text: string | RegExp): Locator {
    return this.page.locator('.ant-notification-notice').filter({ hasText: text });
  }

  /** A visible modal (dialog) whose title or body holds `text`. */
  dialog(text: string | RegExp): Locator {
    return this.page.locator('.ant-modal:visible').filter({ hasText: text });
  }

  /** antd Result panels (exception pages, "page not available", chunk failure). */
  result(text?: string | RegExp): Locator {
    const all = this.page.locator('.ant-result:visible');
    return text === undefined ? all : all.filter({ hasText: text });
  }

  /** Local storage entry as the console stores it ({ value, expire } JSON). */
  async stored(key: string): Promise<unknown> {
    return this.page.evaluate((k) => {
      const raw = localStorage.getItem(k);
      if (raw === null) return null;
      try {
        const parsed = JSON.parse(raw) as { value?: unknown };
        return parsed && typeof parsed === 'object' && 'value' in parsed ? parsed.value : parsed;
      } catch {
        return raw;
      }
    }, key);
  }
}
