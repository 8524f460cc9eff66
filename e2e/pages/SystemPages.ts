// System administration screens of issue 6: the department tree, the declarative list screens' add
// dialog, the role grant drawer, the job history drawer.
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { API_BASE } from '../support/env.ts';

export const SYSTEM = {
  depart: '/system/depart',
  role: '/system/role',
  user: '/system/user',
  announcement: '/system/annountCement',
  quartz: '/system/quartzJob',
  permission: '/system/permission',
  checkRule: '/system/checkRule',
  fillRule: '/system/fillRule',
  dataSource: '/system/dataSource',
  gatewayRoute: '/system/gatewayRoute',
  dataLog: '/system/dataLog',
  log: '/system/log',
} as const;

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

/** An admin API call that must succeed. */
export async function adminCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${API_BASE}${path}`, {
    method,
    headers: { 'X-Access-Token': token },
    data,
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body, `${path}: ${body.message}`).toMatchObject({ success: true });
  return body.result;
}

interface MenuRow {
  id: string;
  name: string;
  children?: MenuRow[];
}

/** The id of a menu entry by its name, from the admin's menu list. */
export async function menuId(request: APIRequestContext, token: string, name: string): Promise<string> {
  const walk = (rows: MenuRow[]): MenuRow[] => rows.flatMap((r) => [r, ...walk(r.children ?? [])]);
  const found = walk(await adminCall<MenuRow[]>(request, token, 'GET', '/sys/permission/list')).find(
    (r) => r.name === name,
  );
  if (!found) throw new Error(`menu ${name} not found`);
  return found.id;
}

/** A declarative list screen (web/src/components/resource): table, toolbar, add/edit dialog. */
export class ResourceScreen {
  readonly table: Locator;
  readonly toolbar: Locator;
  readonly searchForm: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('resource-table');
    this.toolbar = page.locator('.ant-pro-table-list-toolbar');
    this.searchForm = page.locator('.ant-pro-query-filter');
  }

  rows(): Locator {
    return this.table.locator('tbody tr.ant-table-row');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
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
  async openAddDrawer(): Promise<Locator> {
    await this.toolbar.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = this.formDrawer();
    await expect(drawer).toBeVisible();
    return drawer;
  }

  /** Submits a drawer form and waits for the call to succeed and the drawer to close. */
  async submitDrawer(drawer: Locator, path: RegExp): Promise<void> {
    const saved = this.page.waitForResponse((r) => path.test(r.url()) && r.request().method() !== 'GET');
    await drawer.getByRole('button', { name: /确\s*[定认]|提\s*交|OK/ }).click();
    const body = (await (await saved).json()) as Envelope<unknown>;
    expect(body, body.message).toMatchObject({ success: true });
    await expect(drawer).toBeHidden();
  }

  /** The search form with every field shown (the form opens collapsed). */
  async expandSearch(): Promise<void> {
    const toggle = this.searchForm.getByText(/展\s*开/);
    if (await toggle.isVisible()) await toggle.click();
  }

  async openAdd(): Promise<Locator> {
    await this.toolbar.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = this.dialog();
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Submits the dialog and waits for the add/edit call to succeed and the dialog to close. */
  async submit(dialog: Locator, path: RegExp): Promise<void> {
    const saved = this.page.waitForResponse((r) => path.test(r.url()) && r.request().method() !== 'GET');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    const body = (await (await saved).json()) as Envelope<unknown>;
    expect(body, body.message).toMatchObject({ success: true });
    await expect(dialog).toBeHidden();
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
    await this.row(text).getByText(action, { exact: true }).click();
    if (confirm) {
      const pop = this.page.locator('.ant-popover:visible, .ant-popconfirm:visible').last();
      await pop.getByRole('button', { name: /确\s*定|OK|Yes/ }).click();
    }
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
    const saved = this.page.waitForResponse((r) => r.url().includes('/sys/sysDepart/add'));
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    expect(((await (await saved).json()) as Envelope<unknown>).success).toBe(true);
    await expect(dialog).toBeHidden();
    await expect(this.node(name)).toBeVisible();
  }

  node(name: string): Locator {
    return this.tree.locator('.ant-tree-node-content-wrapper').filter({ hasText: name });
  }
}
