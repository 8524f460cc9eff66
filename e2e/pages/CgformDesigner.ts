// 在线表单开发 (web/src/pages/online/CgformHeadList): define a single form in the designer dialog, sync it,
// add it to the menu.
import { expect, type Locator, type Page } from '@playwright/test';
import type { PartyScreen } from './PartyScreens.ts';

/** A field of the designer's grid: name and label, and what differs from a plain optional text. */
export interface DesignedField {
  name: string;
  label: string;
  /** The control as the designer's select names it (表字典, 用户, 富文本…). */
  control?: string;
  length?: number;
  required?: boolean;
  unique?: boolean;
  dictTable?: string;
  dictText?: string;
  dictField?: string;
}

export class CgformDesigner {
  constructor(readonly page: Page) {}

  /**
   * Saves a new form of `fields` (database name and label, in order) through the designer dialog;
   * `beforeSave` runs with the dialog filled in (a screenshot of it).
   */
  async define(
    tableName: string,
    title: string,
    fields: Array<[string, string] | DesignedField>,
    beforeSave?: () => Promise<unknown>,
  ): Promise<void> {
    await this.page.getByTestId('cgform-add').click();
    const dialog = this.page.locator('.ant-modal:visible');
    await dialog.getByTestId('cgform-table-name').fill(tableName);
    await dialog.getByTestId('cgform-table-txt').fill(title);
    for (const [i, given] of fields.entries()) {
      const field = Array.isArray(given) ? { name: given[0], label: given[1] } : given;
      if (i > 0) await dialog.getByTestId('cgform-add-field').click();
      await this.fillField(dialog, i, field);
    }
    await beforeSave?.();
    const saved = this.page.waitForResponse((r) => r.url().includes('/online/cgform/api/addAll'));
    await dialog.getByTestId('cgform-save').click();
    expect((await (await saved).json()).success).toBe(true);
    await expect(dialog).toBeHidden();
  }

  /** Fills row `i` of the field grid; the control first, as choosing it may set the type and length. */
  private async fillField(dialog: Locator, i: number, field: DesignedField): Promise<void> {
    const cell = (key: string) => dialog.getByTestId(`cgform-field-${key}-${i}`);
    await cell('dbFieldName').fill(field.name);
    await cell('dbFieldTxt').fill(field.label);
    if (field.control) {
      const select = cell('fieldShowType');
      await select.click();
      await select.locator('input').fill(field.control);
      await this.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: new RegExp(`^${field.control}$`) })
        .click();
      await expect(select).toContainText(field.control);
    }
    // InputNumber puts the test id on its input.
    if (field.length) await cell('dbLength').fill(String(field.length));
    if (field.required) await cell('required').check();
    if (field.unique) await cell('isUnique').check();
    for (const key of ['dictTable', 'dictText', 'dictField'] as const) {
      const value = field[key];
      if (value) await cell(key).fill(value);
    }
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

/**
 * Adds carriers through the add dialog of a designed carrier form's list (its name under 承运商名称, its reason
 * under `reasonLabel`), then expects each row listed with its reason.
 */
export async function addCarriers(
  ui: PartyScreen,
  reasonLabel: string,
  carriers: ReadonlyArray<readonly [name: string, reason: string]>,
): Promise<void> {
  for (const [name, reason] of carriers) {
    const form = await ui.openAdd();
    await form.getByLabel('承运商名称', { exact: true }).fill(name);
    await form.getByLabel(reasonLabel, { exact: true }).fill(reason);
    await ui.submit(form, /\/online\/cgform\/api\/data\/[0-9a-f]+\/add/);
  }
  for (const [name, reason] of carriers) await expect(ui.row(name)).toContainText(reason);
}
