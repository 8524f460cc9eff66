// What the page objects of list screens share: the page, the screen's table and search form, its rows, and
// running a search.
import type { Locator, Page } from '@playwright/test';
import { PageObject } from './PageObject.ts';

export class ListScreen extends PageObject {
  constructor(
    page: Page,
    readonly table: Locator,
    readonly searchForm: Locator,
  ) {
    super(page);
  }

  /** Table body rows (not the measure row antd adds). */
  rows(): Locator {
    return this.table.locator('tbody tr.ant-table-row');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  /** Types into a search field by its label and runs the search, waiting for the list to answer. */
  protected async fillAndSearch(input: Locator, value: string): Promise<void> {
    await input.fill(value);
    const listed = this.page.waitForResponse((r) => r.url().includes('/list?') && r.ok());
    await this.searchForm.getByRole('button', { name: /查\s*询|Query|Search/ }).click();
    await listed;
  }
}
