// Multi-tab bar and its context-menu keys.
import { expect, type Locator } from '@playwright/test';
import { PageObject } from './PageObject.ts';

/** 1 close left, 2 close right, 3 close others, 4 refresh. */
export const TAB_KEYS = { closeLeft: '1', closeRight: '2', closeOthers: '3', refresh: '4' } as const;
export type TabKey = (typeof TAB_KEYS)[keyof typeof TAB_KEYS];

export class TabBar extends PageObject {
  readonly root = this.page.getByTestId('tab-bar');
  readonly items = this.root.getByTestId('tab-item');

  tab(path: string): Locator {
    return this.root.locator(`[data-testid="tab-item"][data-path="${path}"]`);
  }

  /** Paths of the tabs, in order. */
  async paths(): Promise<string[]> {
    return this.items.evaluateAll((els) => els.map((el) => el.getAttribute('data-path') ?? ''));
  }

  async expectPaths(paths: string[]): Promise<void> {
    await expect.poll(() => this.paths()).toEqual(paths);
  }

  async titles(): Promise<string[]> {
    return (await this.items.allInnerTexts()).map((t) => t.trim());
  }

  active(): Locator {
    return this.root.locator('.ant-tabs-tab-active [data-testid="tab-item"]');
  }

  async select(path: string): Promise<void> {
    await this.tab(path).click();
  }

  /** Clicks the close (x) button of a tab. */
  async close(path: string): Promise<void> {
    await this.root.locator(`.ant-tabs-tab[data-node-key="${path}"] .ant-tabs-tab-remove`).click();
  }

  /** Right-clicks a tab and returns its context menu. */
  async openContextMenu(path: string): Promise<Locator> {
    await this.tab(path).click({ button: 'right' });
    const menu = this.page.locator('.ant-dropdown:visible .ant-dropdown-menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  /** The context-menu entry of a key (antd puts the key at the end of data-menu-id). */
  menuItem(menu: Locator, key: TabKey): Locator {
    return menu.locator(`li[data-menu-id$="-${key}"]`);
  }

  async runMenu(path: string, key: TabKey): Promise<void> {
    // A right-click that lands while the previous menu is still animating shut can leave the new menu
    // closing again before the item is clicked: open it afresh until the click goes through.
    // The tab bar scrolls with the page: from the top, the menu opens where the tab is.
    await this.page.evaluate(() => window.scrollTo(0, 0));
    await expect(async () => {
      const menu = await this.openContextMenu(path);
      // A DOM click: a pointer click aimed while the page still moved could land beside the entry.
      await this.menuItem(menu, key).dispatchEvent('click');
      await expect(menu).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
}
