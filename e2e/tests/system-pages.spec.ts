// The console pages of system administration: menus with buttons and data rules, check rules with their
// test box, fill rules, data sources, gateway routes, the data log's version compare and the logs. Each test
// opens its page from the side menu as the admin and works on records of its own (the database is shared
// with the other specs, so no global counts are asserted).
import type { Locator, Page } from '@playwright/test';
import type { ShellPage } from '../pages/ShellPage.ts';
import { MenuScreen, ResourceScreen, SYSTEM } from '../pages/SystemPages.ts';
import { uniqueName } from '../support/authFlows.ts';
import { expect, test } from '../support/fixtures.ts';
import { fillByLabel } from '../support/forms.ts';

const GROUP = '系统管理';

function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text }).first();
}

/** Opens the screen at `path` from the 系统管理 menu (its entry reads `label`) and then its add dialog. */
async function openAdd(page: Page, shell: ShellPage, path: string, label: string) {
  const screen = new ResourceScreen(page);
  await shell.openFromMenu(path, GROUP, label);
  return { screen, dialog: await screen.openAdd() };
}

/** Clicks the OK of the open confirmation bubble. */
async function confirmPop(page: Page): Promise<void> {
  const pop = page.locator('.ant-popover:visible, .ant-popconfirm:visible').last();
  await pop.getByRole('button', { name: /确\s*定|OK|Yes/ }).click();
}

test('menus: a menu with a button below it, a data rule, edit and delete with confirmation', async ({
  page,
  shell,
}) => {
  test.setTimeout(120_000);
  const screen = new MenuScreen(page);
  const menuName = uniqueName('测试菜单');
  const renamed = `${menuName}改`;
  const buttonName = uniqueName('测试按钮');
  const code = menuName.replace(/[^A-Za-z0-9]/g, '');
  const ruleName = uniqueName('本部门规则');
  await shell.openFromMenu(SYSTEM.permission, GROUP, '菜单管理');
  await expect(screen.row('系统管理').first()).toBeVisible();

  await test.step('add a top menu in the drawer', async () => {
    const drawer = await screen.openAddDrawer();
    await expect(drawer.getByLabel('上级菜单')).toHaveCount(0);
    await fillByLabel(drawer, {
      菜单名称: menuName,
      菜单路径: `/e2e/${code}`,
      前端组件: 'system/PositionList',
      菜单图标: 'SettingOutlined',
      排序: '999',
    });
    await screen.submitDrawer(drawer, /\/sys\/permission\/add/);
    await expect(screen.row(menuName)).toContainText('一级菜单');
  });

  await test.step('add a button below it', async () => {
    await screen.rowAction(menuName, '添加下级');
    const drawer = screen.formDrawer();
    await expect(drawer).toBeVisible();
    // Below a page come its buttons: the type is preset, the parent chosen, the path box gone.
    await expect(drawer.getByLabel('按钮/权限')).toBeChecked();
    await expect(drawer.getByLabel('菜单路径')).toHaveCount(0);
    await expect(drawer.locator('.ant-select-selection-item', { hasText: menuName })).toBeVisible();
    await drawer.getByLabel('菜单名称').fill(buttonName);
    // A button needs its code.
    await drawer.getByRole('button', { name: /确\s*[定认]|提\s*交/ }).click();
    await expect(drawer.getByText('按钮必须填写授权标识')).toBeVisible();
    await drawer.getByLabel('授权标识').fill(`e2e:${code}:add`);
    await screen.submitDrawer(drawer, /\/sys\/permission\/add/);
    await screen.row(menuName).locator('.ant-table-row-expand-icon').click();
    await expect(screen.row(buttonName)).toContainText('按钮/权限');
    await expect(screen.row(buttonName)).toContainText(`e2e:${code}:add`);
  });

  await test.step('a data rule of the menu', async () => {
    await screen.rowAction(menuName, '数据规则');
    const drawer = page.locator('.ant-drawer-content:visible').filter({ hasText: `数据规则 · ${menuName}` });
    await expect(drawer).toBeVisible();
    const dialog = await screen.fillDataRule(drawer, {
      name: ruleName,
      column: 'bad column',
      condition: 'RIGHT_LIKE',
      value: '#{sys_org_code}',
    });
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(dialog.getByText('规则字段只能是字段名')).toBeVisible();
    await dialog.getByLabel('规则字段').fill('org_code');
    await screen.submit(dialog, /\/sys\/permission\/addPermissionRule/);
    const rule = drawer
      .getByTestId('data-rule-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: ruleName });
    await expect(rule).toContainText('org_code');
    await expect(rule).toContainText('#{sys_org_code}');
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
    await expect(screen.row(menuName).locator('.ant-tag', { hasText: '数据规则' })).toBeVisible();
  });

  await test.step('edit the menu', async () => {
    await screen.rowAction(menuName, '编辑');
    const drawer = screen.formDrawer();
    await expect(drawer.getByLabel('菜单名称')).toHaveValue(menuName);
    await drawer.getByLabel('菜单名称').fill(renamed);
    await screen.submitDrawer(drawer, /\/sys\/permission\/edit/);
    await expect(screen.row(renamed)).toBeVisible();
  });

  await test.step('delete: refused while the button remains, then button and menu', async () => {
    await screen.rowAction(renamed, '删除', true);
    await expect(toast(page, '请先删除下级菜单')).toBeVisible();
    await screen.row(renamed).locator('.ant-table-row-expand-icon-collapsed').click();
    await screen.deleteRow(buttonName);
    await screen.deleteRow(renamed);
  });
});

test('check rules: add, test a failing and a passing value, delete', async ({ page, shell }) => {
  const name = uniqueName('车牌规则');
  const code = uniqueName('plate_');
  const { screen, dialog } = await openAdd(page, shell, SYSTEM.checkRule, '编码校验规则');
  await fillByLabel(dialog, {
    规则名称: name,
    规则编码: code,
    规则JSON: 'not json',
  });
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog.getByText('不是有效的JSON')).toBeVisible();
  await dialog
    .getByLabel('规则JSON')
    .fill(
      '[{"digits":"2","pattern":"[A-Z]+","message":"前两位必须是大写字母"},{"digits":"*","pattern":".{4,8}","message":"长度为4到8位"}]',
    );
  await screen.submit(dialog, /\/sys\/checkRule\/add/);
  await expect(screen.row(name)).toContainText(code);

  await screen.rowAction(name, '功能测试');
  const tester = page.locator('.ant-modal:visible').filter({ hasText: '功能测试' });
  const input = tester.getByLabel('需要测试的值');
  const verdict = tester.getByTestId('check-rule-verdict');
  // The box is controlled: each value must be in place before it is checked.
  const check = async (value: string, how: 'button' | 'enter') => {
    await input.fill(value);
    await expect(input).toHaveValue(value);
    if (how === 'enter') await input.press('Enter');
    else await tester.getByRole('button', { name: /校\s*验/ }).click();
  };
  await expect(tester).toBeVisible();
  await check('ab12', 'button');
  await expect(verdict).toContainText('前两位必须是大写字母');
  await check('AB1', 'enter');
  await expect(verdict).toContainText('长度为4到8位');
  await check('AB1234', 'button');
  await expect(verdict).toContainText('校验通过');
  await tester.locator('.ant-modal-close').click();
  await expect(tester).toBeHidden();

  await screen.deleteRow(name);
});

test('data log: two versions of one record compared side by side', async ({ page, shell, api }) => {
  const code = uniqueName('dl_');
  const name = uniqueName('版本规则');
  const json = '[{"digits":"*","pattern":".+","message":"不能为空"}]';
  await api.call('POST', '/sys/checkRule/add', {
    ruleName: name,
    ruleCode: code,
    ruleJson: json,
  });
  const page1 = await api.call<{ records: Array<{ id: string }> }>(
    'GET',
    `/sys/checkRule/list?ruleCode=${code}`,
  );
  const id = page1.records[0].id;
  await api.call('PUT', '/sys/checkRule/edit', {
    id,
    ruleName: `${name}二`,
    ruleCode: code,
    ruleJson: json,
    ruleDescription: '第二版',
  });

  const screen = new ResourceScreen(page);
  await shell.openFromMenu(SYSTEM.dataLog, GROUP, '数据日志');
  await expect(screen.rows().first()).toBeVisible();
  await screen.searchForm.getByLabel('数据ID').fill(id);
  await screen.searchForm.getByRole('button', { name: /查\s*询/ }).click();
  await expect(screen.rows()).toHaveCount(2);
  await expect(screen.rows().first()).toContainText('sys_check_rule');

  await test.step('compare the two rows selected in the list', async () => {
    for (const row of await screen.rows().all()) await row.locator('.ant-checkbox-input').check();
    await screen.toolbar.getByRole('button', { name: '数据比较' }).click();
    const compare = page.getByTestId('data-log-compare');
    await expect(compare).toBeVisible();
    const changed = compare.locator('tr[data-changed="true"]');
    await expect(changed.filter({ hasText: 'ruleName' })).toContainText(`${name}二`);
    await expect(changed.filter({ hasText: 'ruleDescription' })).toContainText('第二版');
    await expect(compare.locator('tr[data-changed="false"]').filter({ hasText: 'ruleCode' })).toBeVisible();
    await page.locator('.ant-modal:visible .ant-modal-close').click();
  });

  await test.step('or pick them from the version list of the record', async () => {
    await screen.rows().first().getByText('版本记录', { exact: true }).click();
    const drawer = page.locator('.ant-drawer-content:visible').filter({ hasText: '版本记录' });
    const versions = drawer.locator('tbody tr.ant-table-row');
    await expect(versions).toHaveCount(2);
    for (const row of await versions.all()) await row.locator('.ant-checkbox-input').check();
    await drawer.getByRole('button', { name: '比较所选版本' }).click();
    await expect(page.getByTestId('data-log-changed-count').last()).toContainText('个字段有变化');
  });
});

test('logs: login and operation tabs, filters by user and time, export', async ({ page, shell }) => {
  const screen = new ResourceScreen(page);
  await shell.openFromMenu(SYSTEM.log, GROUP, '日志管理');
  await expect(screen.rows().first()).toBeVisible();

  await test.step('login log filtered by user and time range', async () => {
    await screen.searchForm.getByLabel('操作人').fill('admin');
    await screen.expandSearch();
    const range = screen.searchForm.locator('.ant-picker-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill('2020-01-01 00:00:00');
    await range.locator('input').first().press('Enter');
    await range.locator('input').last().fill('2099-12-31 23:59:59');
    await range.locator('input').last().press('Enter');
    const listed = page.waitForResponse(
      (r) =>
        r.url().includes('/sys/log/list') &&
        r.url().includes('logType=1') &&
        r.url().includes('username=') &&
        r.url().includes('createTime_begin='),
    );
    await screen.searchForm.getByRole('button', { name: /查\s*询/ }).click();
    const body = (await (await listed).json()) as { result: { records: Array<{ username: string }> } };
    expect(body.result.records.length).toBeGreaterThan(0);
    for (const record of body.result.records) expect(record.username).toContain('admin');
    await expect(screen.rows().first()).toContainText('admin');
  });

  await test.step('operation log tab and export of the filtered rows', async () => {
    await page.getByTestId('log-tabs').getByRole('tab', { name: '操作日志' }).click();
    const listed = page.waitForResponse(
      (r) => r.url().includes('/sys/log/list') && r.url().includes('logType=2'),
    );
    await screen.searchForm.getByRole('button', { name: /查\s*询/ }).click();
    expect(((await (await listed).json()) as { success: boolean }).success).toBe(true);
    await expect(screen.table.getByRole('columnheader', { name: '请求路径' })).toBeVisible();
    const download = page.waitForEvent('download');
    await screen.toolbar.getByRole('button', { name: /导\s*出/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });
});

test('fill rules: add, generate a sample value, delete', async ({ page, shell }) => {
  const name = uniqueName('运单号规则');
  const code = uniqueName('fill_');
  const { screen, dialog } = await openAdd(page, shell, SYSTEM.fillRule, '填值规则');
  await fillByLabel(dialog, {
    规则名称: name,
    规则编码: code,
    规则参数: '{"prefix":"YD","datePattern":"YYYYMMDD","digits":5}',
  });
  await dialog.getByRole('button', { name: '生成示例' }).click();
  await expect(dialog.getByTestId('fill-sample')).toHaveText(/^YD\d{8}00001$/);
  await screen.submit(dialog, /\/sys\/fillRule\/add/);
  await screen.rowAction(name, '生成示例');
  await expect(page.locator('.ant-modal-confirm').getByTestId('fill-sample')).toHaveText(/^YD\d{8}00001$/);
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /知道了|OK/ })
    .click();
  await screen.deleteRow(name);
});

test('categories: below a node of the demo tree, a child gets its code from its parent; edit, delete', async ({
  page,
  shell,
}) => {
  const screen = new ResourceScreen(page);
  await shell.openFromMenu(SYSTEM.category, GROUP, '分类字典');
  const goods = page.getByTestId('category-tree').getByText(/^货物分类（A\d{2}）$/);
  const goodsCode = /（(A\d{2})）/.exec((await goods.textContent()) ?? '')?.[1] ?? '';
  await goods.click();
  await expect(page.getByTestId('category-parent')).toContainText('货物分类');
  await expect(screen.row('煤炭及制品')).toContainText(new RegExp(`${goodsCode}A\\d{2}`));

  const name = uniqueName('冷链食品');
  const dialog = await screen.openAdd();
  await fillByLabel(dialog, { 类型名称: name });
  await screen.submit(dialog, /\/sys\/category\/add/);
  await expect(screen.row(name)).toContainText(new RegExp(`${goodsCode}A\\d{2}`));

  await screen.rowAction(name, '编辑');
  const edit = screen.dialog();
  await edit.getByLabel('类型名称').fill(`${name}改`);
  await screen.submit(edit, /\/sys\/category\/edit/);
  await screen.deleteRow(`${name}改`);
  await expect(screen.row('煤炭及制品')).toBeVisible();
});

test('data sources: password never shown back, test connection, delete', async ({ page, shell }) => {
  const name = uniqueName('报表库');
  const code = uniqueName('ds_');
  const { screen, dialog } = await openAdd(page, shell, SYSTEM.dataSource, '多数据源');
  await fillByLabel(dialog, {
    数据源编码: code,
    数据源名称: name,
    端口: '1',
    数据库名: 'reports',
    用户名: 'reader',
    密码: 'Secret#123',
  });
  await screen.submit(dialog, /\/sys\/dataSource\/add/);
  await expect(screen.row(name)).toContainText(code);
  await expect(screen.row(name)).not.toContainText('Secret#123');

  await screen.rowAction(name, '编辑');
  const edit = screen.dialog();
  await expect(edit.getByLabel('密码')).toHaveValue('');
  await edit.getByRole('button', { name: '测试连接' }).click();
  await expect(edit.getByTestId('datasource-test-result')).toContainText('数据库连接失败', {
    timeout: 20_000,
  });
  await edit.getByLabel('数据源名称').fill(`${name}改`);
  await screen.submit(edit, /\/sys\/dataSource\/edit/);

  await screen.rowAction(`${name}改`, '测试连接');
  await expect(toast(page, '数据库连接失败')).toBeVisible({ timeout: 20_000 });
  await screen.deleteRow(`${name}改`);
});

test('gateway routes: add, disable with confirmation, delete', async ({ page, shell }) => {
  const routerId = uniqueName('gw-');
  const name = uniqueName('路由');
  const { screen, dialog } = await openAdd(page, shell, SYSTEM.gatewayRoute, '网关路由');
  await fillByLabel(dialog, {
    路由ID: routerId,
    路由名称: name,
    服务地址: 'ftp://example',
  });
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog.getByText('服务地址必须是 http(s):// 地址')).toBeVisible();
  await dialog.getByLabel('服务地址').fill('http://127.0.0.1:9');
  await dialog.getByLabel('路由断言').fill('["/api/**"]');
  await screen.submit(dialog, /\/sys\/gatewayRoute\/add/);
  const status = screen
    .row(name)
    .locator('.ant-tag')
    .filter({ hasText: /^(启用|禁用)$/ });
  await expect(status).toHaveText('启用');
  await expect(screen.row(name)).toContainText('/api/**');
  await screen.rowAction(name, '禁用');
  await confirmPop(page);
  await expect(status).toHaveText('禁用');
  await expect(screen.row(name).locator('a', { hasText: '启用' })).toBeVisible();
  await screen.deleteRow(name);
});
