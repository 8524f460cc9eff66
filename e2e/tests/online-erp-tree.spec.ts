// Online forms beyond a single table: a main form with a sub-table, designed through the API, opens in its
// ERP list; a master row is added with its sub rows in one dialog and the sub rows show in the tab below the
// chosen row. A tree form's list adds a child under a row and shows it when the row is expanded.
import { goodsCategoryForm, routeOrderForms } from '@freight/contracts/testing';
import { PartyScreen } from '../pages/PartyScreens.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe.configure({ timeout: 120_000 });

test('ERP list: a master row saved with its sub rows, shown in the tab below it', async ({
  page,
  api,
  shell,
  shot,
}) => {
  // The definitions the API test of main/sub and tree forms builds too (packages/contracts/src/testing).
  const forms = routeOrderForms(`_${Date.now() % 100_000}`);
  const sub = forms.stop.head.tableName;
  const define = async (body: object) =>
    (await api.call<{ id: string }>('POST', '/online/cgform/api/addAll', body)).id;
  const mainId = await define(forms.main);
  const subId = await define(forms.stop);
  for (const id of [mainId, subId]) await api.call('POST', `/online/cgform/api/doDbSynch/${id}/normal`);

  await shell.goto(`/online/cgformErpList/${mainId}`);
  const ui = new PartyScreen(page);
  const form = await ui.openAdd();
  await form.getByLabel('单号', { exact: true }).fill('RO-E2E-1');
  await form.getByLabel('托运人', { exact: true }).fill('郑州货主');
  const stops = form.getByTestId(`sub-rows-${sub}`);
  for (const [i, [name, city]] of [
    ['郑州站', '郑州'],
    ['西安站', '西安'],
  ].entries()) {
    await stops.getByRole('button', { name: /添加经停点/ }).click();
    const line = stops.locator('tr.ant-table-row').nth(i);
    await line.locator('input').nth(0).fill(name);
    await line.locator('input').nth(1).fill(city);
  }
  await shot('cgform-erp-add');
  await ui.submit(form, new RegExp(`/online/cgform/api/data/${mainId}/add`));

  // Nothing chosen yet; choosing the master row shows its stops in the tab below.
  const subs = page.getByTestId('erp-subs');
  await expect(subs).toContainText('点击上方的一行');
  await ui.row('RO-E2E-1').getByText('郑州货主').click();
  await expect(subs.getByRole('tab', { name: '经停点' })).toBeVisible();
  await expect(subs.locator('tr.ant-table-row').filter({ hasText: '郑州站' })).toContainText('郑州');
  await expect(subs.locator('tr.ant-table-row').filter({ hasText: '西安站' })).toContainText('西安');
  await expect(subs.locator('tr.ant-table-row')).toHaveCount(2);
  await shot('cgform-erp-list');
});

test('tree list: add a child under a row and see it when the row expands', async ({
  page,
  api,
  shell,
  shot,
}) => {
  const { id } = await api.call<{ id: string }>(
    'POST',
    '/online/cgform/api/addAll',
    goodsCategoryForm(`_${Date.now() % 100_000}`),
  );
  await api.call('POST', `/online/cgform/api/doDbSynch/${id}/normal`);

  await shell.goto(`/online/cgformTreeList/${id}`);
  const ui = new PartyScreen(page);
  const root = await ui.openAdd();
  await root.getByLabel('分类名称', { exact: true }).fill('电子产品');
  await ui.submit(root, new RegExp(`/online/cgform/api/data/${id}/add`));
  await expect(ui.row('电子产品')).toBeVisible();

  await ui.rowAction('电子产品', '添加下级');
  const child = ui.dialog();
  await expect(child).toBeVisible();
  await child.getByLabel('分类名称', { exact: true }).fill('手机');
  await ui.submit(child, new RegExp(`/online/cgform/api/data/${id}/add`));

  // The child is not a root: it shows once its parent is expanded (loaded with getData?pid=).
  await expect(ui.row('手机')).toHaveCount(0);
  const children = page.waitForResponse(
    (r) => r.url().includes(`/online/cgform/api/getData/${id}`) && r.url().includes('pid='),
  );
  await ui.row('电子产品').locator('.ant-table-row-expand-icon').click();
  expect((await (await children).json()).result.total).toBe(1);
  await expect(ui.row('手机')).toBeVisible();
  await shot('cgform-tree-list');
});
