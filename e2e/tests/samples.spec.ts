// The sample pages: the menu's 表单示例 (form/BasicForm) and 列表示例 (list/TableList) open real pages built
// from the product's own blocks, not the "page not available" panel.
import { expect, test } from '../support/fixtures.ts';

test('the form and list samples open from the menu with their content', async ({ page, shell }) => {
  await shell.goto('/');
  await shell.navigateMenu('/demo/form', '示例', '表单示例');
  const form = page.getByTestId('sample-form');
  await expect(form).toBeVisible();
  await expect(form.locator('.ant-steps-item-title')).toHaveText(['货物信息', '装卸地', '结算与附件']);

  // A step is checked before the next one opens.
  await page.getByTestId('sample-form-next').click();
  await expect(form).toContainText('请输入货物名称');
  await form.getByLabel('货物名称').fill('钢材');
  await page.getByTestId('dict-select-cargo_type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await form.getByLabel('重量（吨）').fill('12.5');
  await page.getByTestId('sample-form-next').click();
  await expect(form.getByText('装货地区')).toBeVisible();
  await expect(form.locator('.ant-cascader')).toHaveCount(2);

  await shell.navigateMenu('/demo/list', '示例', '列表示例');
  await expect(page.getByTestId('sample-list-note')).toBeVisible();
  const table = page.locator('.ant-pro-table').filter({ hasText: '承运人名称' });
  await expect(table.locator('.ant-table-thead')).toContainText('承运人名称');
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  // Read-only: no add button in the toolbar.
  await expect(table.getByRole('button', { name: /新\s*增/ })).toHaveCount(0);
});
