// Lists and forms of every resource declaration: dictionary statuses as coloured tags, the action
// column on one line at 1440 px and usable on a 390 px phone, masked personal numbers with the whole number
// only in the detail of a holder of the `…:sensitive` code (and each reveal in the log), English menus, tabs,
// dictionary texts and statuses, the grant tree's cascade, a dictionary select refreshed by a change made in
// another browser tab, and Esc on a dirty form asking first.
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DRIVER_LIST, PartiesPage } from '../pages/PartiesPage.ts';
import { PartyScreen } from '../pages/PartyScreens.ts';
import { GrantTree, ResourceScreen, SYSTEM } from '../pages/SystemPages.ts';
import { ApiClient, type Envelope, signIn } from '../support/api.ts';
import { roleCodeOf, uniqueName } from '../support/authFlows.ts';
import { authFile, LIGHT_PAGE, USERS } from '../support/env.ts';
import { describeLoggedOut, expect, test } from '../support/fixtures.ts';

test.describe.configure({ timeout: 120_000 });

const VEHICLE_LIST = '/wlhy/hyvehicle/HyVehicleList';
const WAYBILL_LIST = '/shipping/list';
const ORDER_LIST = '/order/list';
/** `110101********1234`: region, eight stars, last four. */
const MASKED_ID = /^\d{6}\*{8}\d{3}[\dX]$/;
const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;
const WHOLE_ID = /^\d{17}[\dX]$/;

/** The cell of `row` under the column titled `title` (by position: fixed columns keep their order). */
async function cell(table: Locator, row: Locator, title: string): Promise<Locator> {
  const titles = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
  const at = titles.indexOf(title);
  expect(at, `column ${title} in ${titles.join('|')}`).toBeGreaterThanOrEqual(0);
  return row.locator(':scope > td').nth(at);
}

/**
 * How each listed row lays out its action cell: the number of distinct line tops of its links (1 = one
 * line), whether the cell's content is wider than the cell, and whether every link lies inside the cell.
 */
function actionCells(table: Locator) {
  return table.locator('tbody tr.ant-table-row').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = row.querySelector(':scope > td:last-child') as HTMLElement;
      const box = cell.getBoundingClientRect();
      const links = [...cell.querySelectorAll('.ant-space-item')].map((el) => el.getBoundingClientRect());
      return {
        fixedRight: cell.classList.contains('ant-table-cell-fix-right'),
        links: links.length,
        lines: new Set(links.map((r) => Math.round(r.top))).size,
        overflows: cell.scrollWidth > cell.clientWidth,
        inside: links.every((r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5),
        right: box.right,
      };
    }),
  );
}

/** The value of a labelled item of a detail drawer. */
function detailValue(drawer: Locator, label: string): Locator {
  return drawer
    .locator('.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::*[1]');
}

async function listed(page: Page, path: string): Promise<PartiesPage> {
  const list = new PartiesPage(page);
  await page.goto(path);
  // A first load of a long list on the shared two cores takes a while: waits for its rows, however long.
  await expect(list.rows().first()).toBeVisible({ timeout: 60_000 });
  return list;
}

test('statuses are coloured dictionary tags; personal numbers are masked in the list', async ({
  page,
  shot,
}) => {
  const list = await listed(page, DRIVER_LIST);
  const approved = list
    .rows()
    .filter({ has: page.locator('.ant-tag', { hasText: '已通过' }) })
    .first();
  // review_state: 已通过 green (the dictionary item's colour), as an antd tag.
  const tag = (await cell(list.table, approved, '审核状态')).locator('.ant-tag');
  await expect(tag).toHaveText('已通过');
  await expect(tag).toHaveClass(/ant-tag-green/);
  await expect(await cell(list.table, approved, '身份证号')).toHaveText(MASKED_ID);
  await expect(await cell(list.table, approved, '手机号')).toHaveText(MASKED_MOBILE);
  // No row shows a whole ID number.
  const ids = await Promise.all(
    (await list.rows().all()).map(async (row) =>
      ((await (await cell(list.table, row, '身份证号')).textContent()) ?? '').trim(),
    ),
  );
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id).toMatch(MASKED_ID);
  await shot('lists-driver-tags-masked');
});

test('the action column is fixed on the right and on one line at 1440 px, in every kind of list', async ({
  page,
  shot,
}) => {
  test.setTimeout(240_000);
  for (const path of [DRIVER_LIST, VEHICLE_LIST, WAYBILL_LIST, ORDER_LIST, SYSTEM.role]) {
    const list = await listed(page, path);
    const cells = await actionCells(list.table);
    expect(cells.length, path).toBeGreaterThan(0);
    for (const [i, c] of cells.entries()) {
      expect(c, `${path} row ${i}`).toMatchObject({
        fixedRight: true,
        lines: 1,
        overflows: false,
        inside: true,
      });
      expect(c.links, `${path} row ${i}`).toBeGreaterThan(0);
    }
    if (path === WAYBILL_LIST) await shot('lists-waybill-actions');
  }
});

test('the waybill export holds money and weights as numbers, dates as dates, statuses as text', async ({
  page,
}) => {
  await listed(page, WAYBILL_LIST);
  const downloading = page.waitForEvent('download');
  await page
    .locator('.ant-pro-table-list-toolbar:visible')
    .getByRole('button', { name: /导\s*出/ })
    .click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await (await downloading).path());
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const column = (title: string | RegExp) => {
    const at = header.findIndex((h) => (typeof title === 'string' ? h === title : title.test(h)));
    expect(at, `${String(title)} in ${header.join('|')}`).toBeGreaterThan(0);
    const cells: ExcelJS.Cell[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const c = sheet.getRow(r).getCell(at);
      if (c.value !== null && c.value !== '') cells.push(c);
    }
    expect(cells.length, String(title)).toBeGreaterThan(0);
    return cells;
  };
  expect(sheet.rowCount).toBeGreaterThan(2);
  // Money in yuan with two decimals and weights in tonnes with three: numbers a SUM adds up.
  for (const c of column('货主运费(元)')) {
    expect(typeof c.value).toBe('number');
    expect(c.numFmt).toBe('#,##0.00');
  }
  for (const c of column('计划重量(吨)')) {
    expect(typeof c.value).toBe('number');
    expect(c.numFmt).toBe('0.000');
  }
  for (const c of column('派单时间')) expect(c.value).toBeInstanceOf(Date);
  // A dictionary is its text.
  const statuses = column('运单状态').map((c) => c.value);
  for (const status of statuses) expect(typeof status).toBe('string');
  expect(statuses).toContain('已派单');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the action column stays on screen and on one line, and its menu opens', async ({ page, shot }) => {
    const list = await listed(page, WAYBILL_LIST);
    const cells = await actionCells(list.table);
    for (const c of cells) {
      expect(c).toMatchObject({ fixedRight: true, lines: 1, overflows: false, inside: true });
      expect(c.right).toBeLessThanOrEqual(390);
    }
    // The first row's links are tappable: its "更多" menu opens inside the screen.
    const row = list.rows().first();
    const more = row.locator('.ant-dropdown-trigger');
    if ((await more.count()) > 0) {
      await more.last().tap();
      const menu = page.locator('.ant-dropdown:visible');
      await expect(menu.getByRole('menuitem').first()).toBeVisible();
      const box = await menu.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      await shot('lists-waybill-more-menu');
      await page.keyboard.press('Escape');
    }
    await row.getByText('详情', { exact: true }).tap();
    await expect(page.locator('.ant-drawer-content:visible')).toBeVisible();
    await shot('lists-waybill-detail');
  });
});

test('the whole ID number shows only in the detail, for a holder of driver:sensitive, and is logged', async ({
  page,
  api,
}) => {
  const screen = new PartyScreen(page);
  await listed(page, DRIVER_LIST);
  const row = screen.rows().first();
  const name = ((await (await cell(screen.table, row, '司机姓名')).textContent()) ?? '').trim();
  await expect(await cell(screen.table, row, '身份证号')).toHaveText(MASKED_ID);
  const revealed = page.waitForResponse((r) => r.url().includes('/hydriver/hyDriver/queryById'));
  const drawer = await screen.details(name);
  const record = ((await (await revealed).json()) as Envelope<{ id: string; idCard: string }>).result;
  expect(record.idCard).toMatch(WHOLE_ID);
  await expect(detailValue(drawer, '身份证号')).toHaveText(record.idCard);

  // The reveal is in the operation log: who, which record.
  await expect
    .poll(async () => {
      const logs = await api.call<{ records: Array<{ logContent: string; username: string }> }>(
        'GET',
        '/sys/log/list?logType=2&pageNo=1&pageSize=50&column=createTime&order=desc',
      );
      return logs.records.some(
        (log) =>
          log.username === USERS.admin &&
          log.logContent.includes('敏感信息') &&
          log.logContent.includes(record.id),
      );
    })
    .toBe(true);
});

describeLoggedOut('as an agent (no driver:sensitive)', () => {
  test('the detail keeps the ID number masked', async ({ page, request, loginPage }) => {
    await loginPage.goto();
    await loginPage.login(USERS.agent);
    const agent = new ApiClient(request, await signIn(request, USERS.agent));
    const own = await agent.call<{ records: Array<{ driverName: string }> }>(
      'GET',
      '/hydriver/hyDriver/list?pageNo=1&pageSize=1',
    );
    expect(own.records.length, 'agent01 keeps drivers in the demo').toBeGreaterThan(0);
    const screen = new PartyScreen(page);
    await listed(page, DRIVER_LIST);
    const row = screen.rows().first();
    const name = ((await (await cell(screen.table, row, '司机姓名')).textContent()) ?? '').trim();
    const answered = page.waitForResponse((r) => r.url().includes('/hydriver/hyDriver/queryById'));
    const drawer = await screen.details(name);
    const record = ((await (await answered).json()) as Envelope<{ idCard: string }>).result;
    expect(record.idCard).toMatch(MASKED_ID);
    await expect(detailValue(drawer, '身份证号')).toHaveText(MASKED_ID);
    // Nor does any other item (the qualification number is mostly the ID number).
    await expect(drawer.getByText(WHOLE_ID)).toHaveCount(0);
  });
});

test('English mode shows English menus, tab titles, dictionary texts and statuses', async ({
  page,
  shell,
  tabs,
  shot,
}) => {
  await shell.goto(LIGHT_PAGE);
  await shell.switchToEnglish();
  await shell.expandSideMenu('Capacity');
  await shell.sideMenu.getByRole('menuitem', { name: 'Vehicles' }).click();
  await expect(page).toHaveURL(new RegExp(`${VEHICLE_LIST}$`));
  await expect(tabs.tab(VEHICLE_LIST)).toHaveText('Vehicles');
  const list = new PartiesPage(page);
  await expect(list.rows().first()).toBeVisible({ timeout: 60_000 });
  const row = list
    .rows()
    .filter({ has: page.locator('.ant-tag', { hasText: 'Approved' }) })
    .first();
  await expect((await cell(list.table, row, 'Review state')).locator('.ant-tag')).toHaveText('Approved');
  await expect(await cell(list.table, row, 'Plate colour')).toHaveText(
    /^(Blue|Yellow|Black|White|Green|Other|Agricultural yellow|Agricultural green|Yellow-green|Gradient green)$/,
  );
  await expect(list.table).not.toContainText(/已通过|黄色|蓝色/);
  await expect(page.locator('.ant-pagination-total-text:visible')).toHaveText(/^1-\d+ of \d+$/);
  // A waybill status is a dictionary text too.
  await shell.expandSideMenu('Waybills');
  await shell.sideMenu.getByRole('menuitem', { name: 'Waybill list' }).click();
  await expect(tabs.tab(WAYBILL_LIST)).toHaveText('Waybill list');
  const notes = new PartiesPage(page);
  await expect(notes.rows().first()).toBeVisible({ timeout: 60_000 });
  const status = (await cell(notes.table, notes.rows().first(), 'Status')).locator('.ant-tag');
  await expect(status).toHaveText(/^[A-Za-z][A-Za-z -]+$/);
  await shot('lists-english-waybills');
});

test('the grant tree cascades, shows half-checked menus and saves the intended set', async ({
  page,
  api,
}) => {
  const roleName = uniqueName('授权级联');
  await api.call('POST', '/sys/role/add', {
    roleName,
    roleCode: roleCodeOf(roleName, 'r_'),
  });
  const screen = new ResourceScreen(page);
  await page.goto(SYSTEM.role);
  await expect(screen.row(roleName)).toBeVisible({ timeout: 60_000 });
  await screen.rowAction(roleName, '授权');
  const grant = new GrantTree(page);
  await grant.find('司机管理');
  const box = (text: string) => grant.node(text).locator('.ant-tree-checkbox');
  // Checking the menu checks every button below it; the group above shows half-checked.
  await grant.check('司机管理');
  for (const code of ['driver:add', 'driver:edit', 'driver:delete', 'driver:sensitive'])
    await expect(box(code)).toHaveClass(/ant-tree-checkbox-checked/);
  await grant.isHalfChecked('运力管理');
  // Taking one button away leaves the menu half-checked.
  await box('driver:delete').click();
  await expect(box('driver:delete')).not.toHaveClass(/ant-tree-checkbox-checked/);
  await grant.isHalfChecked('司机管理');

  const sent = page.waitForRequest((r) => r.url().includes('/sys/permission/saveRolePermission'));
  await grant.save(/\/sys\/permission\/saveRolePermission/);
  const ids = new Set(String((await sent).postDataJSON().permissionIds).split(','));
  const tree = await api.call<{ treeList: Node[] }>('GET', '/sys/role/queryTreeList');
  type Node = { key: string; title: string; perms?: string; children?: Node[] };
  const all: Node[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      all.push(n);
      walk(n.children ?? []);
    }
  };
  walk(tree.treeList);
  const keyOf = (text: string) => {
    const found = all.find((n) => n.perms === text || n.title === text);
    if (!found) throw new Error(`${text} not in the tree`);
    return found.key;
  };
  const driverMenu = all.find((n) => n.title === '司机管理');
  const expected = new Set([
    keyOf('运力管理'),
    keyOf('司机管理'),
    ...(driverMenu?.children ?? []).map((c) => c.key).filter((k) => k !== keyOf('driver:delete')),
  ]);
  expect(ids).toEqual(expected);
  const roles = await api.call<{ records: Array<{ id: string; roleName: string }> }>(
    'GET',
    `/sys/role/list?roleName=${encodeURIComponent(roleName)}`,
  );
  const roleId = roles.records.find((r) => r.roleName === roleName)?.id;
  const stored = await api.call<string[]>('GET', `/sys/permission/queryRolePermission?roleId=${roleId}`);
  expect(new Set(stored)).toEqual(expected);

  // After a reload the tree shows the saved set the same way.
  await page.reload();
  await expect(screen.row(roleName)).toBeVisible({ timeout: 60_000 });
  await screen.rowAction(roleName, '授权');
  const again = new GrantTree(page);
  await again.find('司机管理');
  await again.isHalfChecked('司机管理');
  await again.isHalfChecked('运力管理');
  await expect(again.node('driver:add').locator('.ant-tree-checkbox')).toHaveClass(
    /ant-tree-checkbox-checked/,
  );
  await expect(again.node('driver:delete').locator('.ant-tree-checkbox')).not.toHaveClass(
    /ant-tree-checkbox-checked|ant-tree-checkbox-indeterminate/,
  );
  await api.call('DELETE', `/sys/role/delete?id=${roleId}`);
});

test('a dictionary select refreshes when an item is added in another browser tab', async ({
  page,
  context,
  api,
}) => {
  const text = uniqueName('准驾');
  const value = `E${Date.now() % 100_000}`;
  // Tab 2: a driver's add form with its 准驾车型 select.
  const drivers = new PartyScreen(page);
  await listed(page, DRIVER_LIST);
  const dialog = await drivers.openAdd();
  const select = dialog.getByLabel('准驾车型', { exact: true });
  await select.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: 'A2' })).toBeVisible();
  await expect(options.filter({ hasText: text })).toHaveCount(0);
  await select.press('Escape');

  // Tab 1: the dictionary screen, an item added to driving_class.
  const admin = await context.newPage();
  const dicts = new ResourceScreen(admin);
  await admin.goto('/system/dict');
  await dicts.searchForm.getByLabel('字典编码', { exact: true }).fill('driving_class');
  await dicts.searchForm.getByRole('button', { name: /查\s*询/ }).click();
  await dicts.rowAction('driving_class', '字典配置');
  const items = admin.locator('.ant-drawer-content:visible');
  await expect(items.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await items
    .locator('.ant-pro-table-list-toolbar')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const form = dicts.dialog();
  await form.getByLabel('名称', { exact: true }).fill(text);
  await form.getByLabel('数据值', { exact: true }).fill(value);
  await dicts.submit(form, /\/sys\/dictItem\/add/);

  try {
    // Tab 2 again, not reloaded: the select offers the new item.
    await page.bringToFront();
    await expect(dialog).toBeVisible();
    await select.click();
    await expect(options.filter({ hasText: text })).toBeVisible();
    await select.press('Escape');
  } finally {
    const found = await api.call<{ records: Array<{ id: string; itemText: string }> }>(
      'GET',
      `/sys/dictItem/list?itemText=${encodeURIComponent(text)}&pageSize=5`,
    );
    for (const item of found.records.filter((r) => r.itemText === text))
      await api.call('DELETE', `/sys/dictItem/delete?id=${item.id}`);
  }
});

test('Esc on a form with unsaved input asks first; keeping it keeps the input', async ({ page }) => {
  const drivers = new PartyScreen(page);
  await listed(page, DRIVER_LIST);
  // A form nobody typed into closes at once.
  let dialog = await drivers.openAdd();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  dialog = await drivers.openAdd();
  const name = dialog.getByLabel('司机姓名', { exact: true });
  await name.fill('半截表单');
  await page.keyboard.press('Escape');
  const ask = page.locator('.ant-modal-confirm:visible').filter({ hasText: '放弃未保存的内容？' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(name).toHaveValue('半截表单');

  // The close button asks too; discarding closes the form.
  await dialog.locator('.ant-modal-close').click();
  await expect(ask).toBeVisible();
  await ask
    .getByRole('button', { name: '放 弃' })
    .or(ask.getByRole('button', { name: '放弃' }))
    .click();
  await expect(dialog).toBeHidden();
});

test.describe('as a shipper administrator', () => {
  test.use({ storageState: authFile(USERS.shipperAdmin) });

  test('a direct URL to a page without permission shows 403 inside the layout', async ({ page, shell }) => {
    await page.goto(SYSTEM.role);
    await expect(shell.result('403')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${SYSTEM.role}$`));
    // Inside the layout: the side menu and header stay.
    await expect(shell.content).toBeVisible();
    await expect(shell.sideMenu).toBeVisible();
    await expect(shell.header).toBeVisible();
  });
});
