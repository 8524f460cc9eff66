// System administration screens: the department tree, the declarative list screens' add
// dialog, the role grant drawer, the job history drawer.

import { expect, type Locator, type Page } from '@playwright/test';
import type { ApiClient, Envelope } from '../support/api.ts';
import { fillByLabel, openAddForm, submitForm } from '../support/forms.ts';
import { clickRowAction } from '../support/rowActions.ts';
import { ListScreen } from './ListScreen.ts';

export const SYSTEM = {
  depart: '/system/depart',
  role: '/system/role',
  user: '/system/user',
  announcement: '/system/annountCement',
  quartz: '/system/quartzJob',
  permission: '/system/permission',
  checkRule: '/system/checkRule',
  fillRule: '/system/fillRule',
  category: '/system/category',
  dataSource: '/system/dataSource',
  gatewayRoute: '/system/gatewayRoute',
  dataLog: '/system/dataLog',
  log: '/system/log',
  addressList: '/system/addressList',
} as const;

interface MenuRow {
  id: string;
  name: string;
  children?: MenuRow[];
}

/** The id of a menu entry by its name, from the admin's menu list. */
export async function menuId(api: ApiClient, name: string): Promise<string> {
  const walk = (rows: MenuRow[]): MenuRow[] => rows.flatMap((r) => [r, ...walk(r.children ?? [])]);
  const found = walk(await api.call<MenuRow[]>('GET', '/sys/permission/list')).find((r) => r.name === name);
  if (!found) throw new Error(`menu ${name} not found`);
  return found.id;
}

/** A declarative list screen (web/src/components/resource): table, toolbar, add/edit dialog. */
export class ResourceScreen extends ListScreen {
  readonly toolbar: Locator;

  constructor(page: Page) {
    super(page, page.getByTestId('resource-table'), page.locator('.ant-pro-query-filter'));
    this.toolbar = page.locator('.ant-pro-table-list-toolbar');
  }

  /** The add/edit dialog of the screen. */
  dialog(): Locator {
    return this.page.locator('.ant-modal:visible').filter({ has: this.page.locator('form') });
  }

  /** The add/edit form of a screen that opens it in a side drawer (def.formIn 'drawer'). */
  formDrawer(): Locator {
    return this.page.locator('.ant-drawer-content:visible').filter({ has: this.page.locator('form') });
  }

  /** Opens the add form of a drawer screen. */
  openAddDrawer(): Promise<Locator> {
    return openAddForm(this.toolbar, this.formDrawer());
  }

  /** Submits a drawer form and waits for the call to succeed and the drawer to close. */
  submitDrawer(drawer: Locator, path: RegExp): Promise<void> {
    return submitForm(drawer, path, /确\s*[定认]|提\s*交|OK/);
  }

  /** The search form with every field shown (the form opens collapsed). */
  async expandSearch(): Promise<void> {
    const toggle = this.searchForm.getByText(/展\s*开/);
    if (await toggle.isVisible()) await toggle.click();
  }

  openAdd(): Promise<Locator> {
    return openAddForm(this.toolbar, this.dialog());
  }

  /** Submits the dialog and waits for the add/edit call to succeed and the dialog to close. */
  submit(dialog: Locator, path: RegExp): Promise<void> {
    return submitForm(dialog, path);
  }

  /** Picks an option of a select (single or multiple) by its label inside the dialog. */
  async choose(dialog: Locator, label: string, option: string): Promise<void> {
    const select = dialog.getByLabel(label, { exact: true });
    await select.click();
    await select.fill(option);
    await this.page
      .locator('.ant-select-dropdown:visible')
      .locator('.ant-select-item-option, .ant-select-tree-treenode')
      .filter({ hasText: option })
      .first()
      .click();
    // A click outside closes a multiple select's list (Escape would close the dialog of a single one).
    await dialog.locator('.ant-modal-title').click();
    await expect(this.page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  }

  /** Clicks a row's action link, confirming it when it asks. */
  async rowAction(text: string, action: string, confirm = false): Promise<void> {
    await clickRowAction(this.page, this.row(text), action, confirm);
  }

  /** Deletes the row holding `text` through its confirmed 删除 and waits until the list no longer shows it. */
  async deleteRow(text: string): Promise<void> {
    await this.rowAction(text, '删除', true);
    await expect(this.row(text)).toHaveCount(0);
  }
}

/** 部门管理: the tree with the add and delete buttons in its header. */
export class DepartScreen {
  readonly tree: Locator;

  constructor(readonly page: Page) {
    this.tree = page.getByTestId('depart-tree');
  }

  async add(name: string): Promise<void> {
    await this.page.getByTestId('depart-add').click();
    const dialog = this.page.locator('.ant-modal:visible').filter({ hasText: '添加部门' });
    await dialog.getByLabel('机构名称').fill(name);
    await submitForm(dialog, /\/sys\/sysDepart\/add/);
    await expect(this.node(name)).toBeVisible();
  }

  node(name: string): Locator {
    return this.tree.locator('.ant-tree-node-content-wrapper').filter({ hasText: name });
  }
}

/** 部门管理 beside the tree: the selected department's tabs and the server search. */
export class DepartPanel extends DepartScreen {
  readonly tabs: Locator;

  constructor(page: Page) {
    super(page);
    this.tabs = page.getByTestId('depart-tabs');
  }

  /** Picks a department in the tree (or in the search results) and waits for its details. */
  async select(name: string): Promise<void> {
    await this.page
      .getByTestId(/^depart-(tree|search-results)$/)
      .locator('.ant-tree-node-content-wrapper')
      .filter({ hasText: name })
      .first()
      .click();
    await expect(this.page.locator('.ant-card-head-title').filter({ hasText: name })).toBeVisible();
    await expect(this.tabs).toBeVisible();
  }

  async tab(label: string): Promise<void> {
    await this.tabs.getByRole('tab', { name: label }).click();
    await expect(this.tabs.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
  }

  /** Searches departments by name on the server; the answer replaces the tree. */
  async search(word: string): Promise<Locator> {
    const box = this.page.getByPlaceholder('搜索部门');
    const answered = this.page.waitForResponse((r) => r.url().includes('/sys/sysDepart/searchBy'));
    await box.fill(word);
    await box.press('Enter');
    expect(((await (await answered).json()) as Envelope<unknown>).success).toBe(true);
    return this.page.getByTestId('depart-search-results');
  }
}

/** The permission tree of a role, a department or a department role (web/src/pages/system/role/PermissionGrant). */
export class GrantTree {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-testid="permission-grant"]:visible');
  }

  node(text: string): Locator {
    return this.root
      .locator('.ant-tree-treenode')
      .filter({ has: this.page.getByText(text, { exact: true }) })
      .first();
  }

  /** Narrows the tree to entries holding `word` (the checked set is kept). */
  async find(word: string): Promise<void> {
    const box = this.root.getByPlaceholder('搜索菜单或授权标识');
    await box.fill(word);
    await box.press('Enter');
    await expect(this.node(word)).toBeVisible();
  }

  /**
   * Checks entries (found by their title or code) that are not checked yet: checking a menu checks what is
   * below it, and the menus above show half-checked.
   */
  async check(...texts: string[]): Promise<void> {
    for (const text of texts) {
      const box = this.node(text).locator('.ant-tree-checkbox');
      const checked = /ant-tree-checkbox-checked/.test((await box.getAttribute('class')) ?? '');
      if (!checked) await box.click();
      await expect(box).toHaveClass(/ant-tree-checkbox-checked/);
    }
  }

  /** A menu with some but not all of what is below it checked. */
  isHalfChecked(text: string): Promise<void> {
    return expect(this.node(text).locator('.ant-tree-checkbox')).toHaveClass(
      /ant-tree-checkbox-indeterminate/,
    );
  }

  /** Saves the checked set and waits for `path` to succeed. */
  async save(path: RegExp): Promise<void> {
    const saved = this.page.waitForResponse((r) => path.test(r.url()) && r.request().method() === 'POST');
    await this.root.getByTestId('grant-save').click();
    const body = (await (await saved).json()) as Envelope<unknown>;
    expect(body, body.message).toMatchObject({ success: true });
  }

  /** Picks a data rule of a granted (saved) menu and saves it through `path`. */
  async pickDataRule(menu: string, ruleName: string, path: RegExp): Promise<void> {
    await this.node(menu).locator('.ant-tree-title').click();
    await this.root.getByTestId(`data-rule-${ruleName}`).click();
    const saved = this.page.waitForResponse((r) => path.test(r.url()) && r.request().method() === 'POST');
    await this.root.getByTestId('data-rule-save').click();
    const body = (await (await saved).json()) as Envelope<unknown>;
    expect(body, body.message).toMatchObject({ success: true });
  }
}

/** 菜单管理: the tree list of menus and the data-rule drawer of a menu. */
/** A data rule of a menu: rows whose `column` compares (`condition`) to `value` (a literal or `#{variable}`). */
export interface DataRule {
  name: string;
  column: string;
  condition: string;
  value: string;
}

export class MenuScreen extends ResourceScreen {
  /** The row of a menu by its exact name (a child row once its parent is expanded). */
  menuRow(name: string): Locator {
    return this.rows().filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Expands a menu row to show the menus below it. */
  async expand(name: string): Promise<void> {
    const icon = this.menuRow(name).first().locator('.ant-table-row-expand-icon');
    if ((await icon.getAttribute('class'))?.includes('collapsed')) await icon.click();
  }

  /** Opens the add dialog of a menu's open data-rule drawer and fills it in; answers the dialog, not yet saved. */
  async fillDataRule(drawer: Locator, rule: DataRule): Promise<Locator> {
    await drawer.getByRole('button', { name: /新增规则/ }).click();
    const dialog = this.dialog();
    await expect(dialog).toBeVisible();
    await fillByLabel(dialog, {
      规则名称: rule.name,
      规则字段: rule.column,
      规则值: rule.value,
    });
    await dialog.locator('.ant-modal-title').click();
    // The condition opens with '=' chosen: the box is clicked, not the input under the chosen value.
    await dialog
      .locator('.ant-form-item')
      .filter({ hasText: '条件规则' })
      .locator('.ant-select-selector')
      .click();
    await dialog.getByLabel('条件规则', { exact: true }).fill(rule.condition);
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: rule.condition })
      .click();
    return dialog;
  }

  /** Adds a data rule to a menu in its drawer (the menu row must be visible) and closes the drawer. */
  async addDataRule(menu: string, rule: DataRule): Promise<void> {
    await this.menuRow(menu).first().getByText('数据规则', { exact: true }).click();
    const drawer = this.page.locator('.ant-drawer-content:visible').filter({ hasText: `数据规则 · ${menu}` });
    await expect(drawer).toBeVisible();
    const dialog = await this.fillDataRule(drawer, rule);
    await this.submit(dialog, /\/sys\/permission\/addPermissionRule/);
    await expect(
      drawer.getByTestId('data-rule-table').locator('tbody tr.ant-table-row').filter({ hasText: rule.name }),
    ).toContainText(rule.value);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
  }
}
