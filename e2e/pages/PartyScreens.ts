// The party list screens beyond drivers (carriers, captains, agents, bank cards, banks, customer
// staff): search and review of PartiesPage, plus the add/edit dialog, remote selects, row actions and the
// detail drawer, all scoped to the visible screen (the pages of other open tabs stay mounted, hidden).

import { creditCodeCheckChar, luhnCheckDigit } from '@freight/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { fillByLabel, OK, openAddForm, submitForm } from '../support/forms.ts';
import { clickRowAction } from '../support/rowActions.ts';
import { PartiesPage } from './PartiesPage.ts';

export const PARTY_PAGES = {
  carrier: { path: '/wlhy/hycarrier/HyCarrierList', menu: ['运力管理', '承运人'] },
  captain: { path: '/wlhy/hycaptain/HyCaptainList', menu: ['运力管理', '车队长'] },
  bank: { path: '/wlhy/hybank/HyBankList', menu: ['运力管理', '银行管理'] },
  card: { path: '/wlhy/hydriverbank/HyDriverBankList', menu: ['运力管理', '司机银行卡'] },
  driver: { path: '/wlhy/hydriver/HyDriverList', menu: ['运力管理', '司机管理'] },
  agent: { path: '/customer/agent', menu: ['货主管理', '经纪人'] },
  customerUser: { path: '/customer/user', menu: ['货主管理', '货主用户'] },
} as const;

/** A unified social credit code with a valid check character (area 320102, organisation code from `n`). */
export function creditCode(n: number): string {
  const body = `91320102${String(n % 1_000_000_000).padStart(9, '0')}`;
  return body + creditCodeCheckChar(body);
}

/** A 19-digit card number passing Luhn. */
export function cardNumber(n: number): string {
  const body = `622202${String(n % 1_000_000_000_000).padStart(12, '0')}`;
  return body + luhnCheckDigit(body);
}

export class PartyScreen extends PartiesPage {
  readonly toolbar: Locator;

  constructor(page: Page) {
    super(page);
    this.toolbar = page.locator('.ant-pro-table-list-toolbar:visible');
  }

  /** The add/edit dialog. */
  dialog(): Locator {
    return this.page.locator('.ant-modal:visible').filter({ has: this.page.locator('form[id$="-edit"]') });
  }

  openAdd(): Promise<Locator> {
    return openAddForm(this.toolbar, this.dialog());
  }

  /** Fills the dialog's fields by their whole labels, in the order given. */
  fill(dialog: Locator, values: Record<string, string>): Promise<void> {
    return fillByLabel(dialog, values, { exact: true });
  }

  /** Submits the dialog and waits for the add/edit call to succeed and the dialog to close. */
  submit(dialog: Locator, path: RegExp): Promise<void> {
    return submitForm(dialog, path);
  }

  /** Clicks the dialog's OK and expects the field's message (the form refuses before any request). */
  async refused(dialog: Locator, message: string): Promise<void> {
    await dialog.getByRole('button', { name: OK }).click();
    await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: message })).toBeVisible();
  }

  /** Picks an option of a dictionary select of the dialog by its label. */
  async choose(dialog: Locator, label: string, option: string): Promise<void> {
    await dialog.getByLabel(label, { exact: true }).click();
    await this.option(option).click();
    await expect(this.page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  }

  /** Types into a remote/searchable select (found by test id) and picks the option holding `option`. */
  async pick(scope: Locator, testId: string, typed: string, option: string | RegExp = typed): Promise<void> {
    const select = scope.getByTestId(testId);
    await select.click();
    await select.locator('input').fill(typed);
    await this.option(option).click();
    await expect(this.page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  }

  private option(text: string | RegExp): Locator {
    return this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .first();
  }

  /** Clicks a row's action link, confirming it when it asks. */
  async rowAction(text: string, action: string, confirm = false): Promise<void> {
    await clickRowAction(this.page, this.row(text), action, confirm);
  }

  /** Deletes a row through its confirmation and waits until it is gone. */
  async remove(text: string): Promise<void> {
    const deleted = this.page.waitForResponse((r) => r.url().includes('/delete?') && r.ok());
    await this.rowAction(text, '删除', true);
    expect((await (await deleted).json()).success).toBe(true);
    await expect(this.row(text)).toHaveCount(0);
  }

  /** Opens the detail drawer of a row. */
  async details(text: string): Promise<Locator> {
    await this.row(text).getByText('详情', { exact: true }).click();
    const drawer = this.page.locator('.ant-drawer-content:visible').filter({ hasText: '详情' });
    await expect(drawer).toBeVisible();
    return drawer;
  }
}
