// Party list pages (drivers first): search, review, import from the downloadable template.
import { residentIdCheckChar } from '@freight/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import type { ApiClient, Rec } from '../support/api.ts';
import { ListScreen } from './ListScreen.ts';

export const DRIVER_LIST = '/wlhy/hydriver/HyDriverList';

/** An 18-character resident ID with its check character: area 320102, birth date, 3-digit sequence. */
export function residentId(birth: string, seq: number): string {
  const body = `320102${birth}${String(seq % 1000).padStart(3, '0')}`;
  return body + residentIdCheckChar(body);
}

/**
 * A resident ID that no other `seq` below 9 000 000 shares: the thousands of `seq` move the birth date a day on
 * from 1 January of `fromYear`, the rest is the sequence (a plain `residentId(birth, seq)` repeats every 1 000).
 */
export function residentIdOf(seq: number, fromYear = 1970): string {
  const birth = new Date(Date.UTC(fromYear, 0, 1) + Math.floor(seq / 1000) * 86_400_000);
  return residentId(birth.toISOString().slice(0, 10).replaceAll('-', ''), seq);
}

export interface DriverSample {
  driverName: string;
  mobile: string;
  idCard: string;
}

/**
 * A pending driver added through the API (an added driver is submitted for review at once); `driver` may carry
 * more of the add form's fields.
 */
export async function addDriver(api: ApiClient, driver: DriverSample & Rec) {
  await api.call('POST', '/hydriver/hyDriver/add', {
    ...driver,
    drivingClass: 'A2',
    drivingValidFrom: '2020-01-01',
    drivingValidTo: '2035-12-31',
  });
}

export class PartiesPage extends ListScreen {
  readonly importButton: Locator;
  readonly importSummary: Locator;
  readonly importErrors: Locator;

  constructor(page: Page) {
    // The visible screen's: pages of other open tabs stay mounted (keep-alive) but hidden.
    super(
      page,
      page.locator('[data-testid="resource-table"]:visible'),
      page.locator('.ant-pro-query-filter:visible'),
    );
    this.importButton = page.getByTestId('import-button');
    this.importSummary = page.getByTestId('import-summary');
    this.importErrors = page.getByTestId('import-errors');
  }

  /** Types into a search field by its label and runs the search (other filters, e.g. ?state=1, stay). */
  search(label: string, value: string): Promise<void> {
    return this.fillAndSearch(this.searchForm.getByLabel(label, { exact: true }), value);
  }

  /** Approves (reason undefined) or rejects a row through the review dialog. */
  async review(text: string, reason?: string): Promise<void> {
    await this.row(text).getByText('审核', { exact: true }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: '审核结果' });
    await expect(dialog).toBeVisible();
    if (reason !== undefined) {
      await dialog.getByLabel('驳回', { exact: true }).check();
      // By its box, not its label: the review forms of kept-alive pages share the field's id.
      await dialog.locator('textarea').fill(reason);
    }
    const reviewed = this.page.waitForResponse((r) => r.url().endsWith('/review'));
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    expect((await (await reviewed).json()).success).toBe(true);
    await expect(dialog).toBeHidden();
  }

  /** Downloads the import template from the import button's menu; returns the saved file's path. */
  async downloadTemplate(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.importButton
      .locator('xpath=ancestor::div[contains(@class,"ant-space-compact")][1]')
      .locator('button')
      .last()
      .hover();
    const item = this.page.getByRole('menuitem', { name: '下载导入模板' });
    await expect(item).toBeVisible();
    // The menu slides in; click once it stands still (moving the mouse across the table would close it).
    await expect(this.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).not.toHaveClass(
      /slide-up-(appear|enter)/,
    );
    await item.hover();
    await item.click();
    return (await download).path();
  }

  /** Uploads a sheet through the import button and waits for the import to answer. */
  async importFile(path: string): Promise<void> {
    const imported = this.page.waitForResponse((r) => r.url().includes('/importExcel'));
    await this.importButton
      .locator('xpath=ancestor::*[contains(@class,"ant-upload")][1]')
      .locator('input[type=file]')
      .setInputFiles(path);
    await imported;
  }
}
