// Header bell: pending counts, notices and the lists each links to.
import { expect, type Locator } from '@playwright/test';
import { PageObject } from './PageObject.ts';

export class NoticeBell extends PageObject {
  readonly button = this.page.getByTestId('notice-bell');
  readonly badge = this.page.getByTestId('notice-badge').locator('sup.ant-badge-count');
  readonly popover = this.page.getByTestId('notice-popover');
  readonly viewMore = this.page.getByTestId('notice-more');

  async open(): Promise<void> {
    await this.button.click();
    await expect(this.popover).toBeVisible();
  }

  async showTab(name: RegExp | string): Promise<void> {
    await this.popover.getByRole('tab', { name }).click();
  }

  /** The counter row of one category of getDsXx (sijiCount, cheCount, …). */
  row(key: string): Locator {
    return this.popover.getByTestId(`pending-${key}`);
  }

  /**
   * The category's counter equals the server's count read at the same moment. Other specs on the server change
   * the counts at any time, so the bell is reopened (it fetches again) until the two meet.
   */
  async showsServerCount(key: string, serverCount: () => Promise<number>): Promise<void> {
    const counter = this.row(key).locator('sup.ant-scroll-number');
    await expect(async () => {
      const expected = String(await serverCount());
      await this.page.keyboard.press('Escape');
      await this.open();
      await expect(counter).toHaveAttribute('title', expected, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  announcements(): Locator {
    return this.popover.getByTestId('announcement-item');
  }
}
