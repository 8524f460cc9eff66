// 在线表单开发 (web/src/pages/online/CgformHeadList): define a single form in the designer dialog, sync it,
// add it to the menu.
import { expect, type Page } from '@playwright/test';

export class CgformDesigner {
  constructor(readonly page: Page) {}

  /**
   * Saves a new form of `fields` (database name and label, in order) through the designer dialog;
   * `beforeSave` runs with the dialog filled in (a screenshot of it).
   */
  async define(
    tableName: string,
    title: string,
    fields: Array<[string, string]>,
    beforeSave?: () => Promise<unknown>,
  ): Promise<void> {
    await this.page.getByTestId('cgform-add').click();
    const dialog = this.page.locator('.ant-modal:visible');
    await dialog.getByTestId('cgform-table-name').fill(tableName);
    await dialog.getByTestId('cgform-table-txt').fill(title);
    for (const [i, [name, label]] of fields.entries()) {
      if (i > 0) await dialog.getByTestId('cgform-add-field').click();
      await dialog.getByTestId(`cgform-field-dbFieldName-${i}`).fill(name);
      await dialog.getByTestId(`cgform-field-dbFieldTxt-${i}`).fill(label);
    }
    await beforeSave?.();
    const saved = this.page.waitForResponse((r) => r.url().includes('/online/cgform/api/addAll'));
    await dialog.getByTestId('cgform-save').click();
    expect((await (await saved).json()).success).toBe(true);
    await expect(dialog).toBeHidden();
  }

  /** Syncs the form to its table and waits for its row to show it synced. */
  async sync(tableName: string): Promise<void> {
    const synced = this.page.waitForResponse((r) => r.url().includes('/online/cgform/api/doDbSynch/'));
    await this.page.getByTestId(`cgform-sync-${tableName}`).click();
    expect((await (await synced).json()).success).toBe(true);
    await expect(this.page.locator('tr.ant-table-row').filter({ hasText: tableName })).toContainText(
      '已同步',
    );
  }

  /** Adds the form to the menu; answers the menu's path (`/online/cgformList/<id>`). */
  async addToMenu(tableName: string): Promise<string> {
    const menu = this.page.waitForResponse((r) => r.url().includes('/online/cgform/head/addMenu'));
    await this.page.getByTestId(`cgform-menu-${tableName}`).click();
    const added = (await (await menu).json()) as { success: boolean; result: { url: string } };
    expect(added.success).toBe(true);
    return added.result.url;
  }
}
