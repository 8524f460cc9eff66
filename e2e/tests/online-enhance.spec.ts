// A custom button of an online form with a JS enhancement: the designer adds the button and its script in the
// enhancement drawer; on the generated list the button runs the script in the sandboxed frame, which reads the
// row, sets a field and shows a message — the row is saved with the new value. The console's own page keeps
// its `script-src 'self'` policy (the script is evaluated only inside the frame).
import { cgformTestField as field } from '@freight/contracts/testing';
import { PartyScreen } from '../pages/PartyScreens.ts';
import { expect, test } from '../support/fixtures.ts';
import { clickRowAction } from '../support/rowActions.ts';

test('a custom button runs its JS enhancement in a sandbox and sets a field of the row', async ({
  page,
  shell,
  api,
  shot,
}) => {
  test.setTimeout(120_000);
  const table = `enh_price_${Date.now() % 1_000_000}`;
  const { id } = await api.call<{ id: string }>('POST', '/online/cgform/api/addAll', {
    head: { tableName: table, tableTxt: '线路价格', tableType: 1 },
    fields: [field('route_name', '线路', { orderNum: 1 }), field('status', '状态', { orderNum: 2 })],
    indexs: [],
  });
  await api.call('POST', `/online/cgform/api/doDbSynch/${id}/normal`);
  await api.call('POST', `/online/cgform/api/form/${id}`, {
    route_name: '沪杭线',
    status: '新建',
  });

  await shell.goto('/online/cgform');
  await page.getByTestId(`cgform-enhance-${table}`).click();
  const drawer = page.locator('.ant-drawer:visible');
  await drawer.getByTestId('enhance-button-code').fill('mark');
  await drawer.getByTestId('enhance-button-name').fill('标记');
  await drawer.getByTestId('enhance-button-add').click();
  await drawer
    .getByTestId('enhance-js-text')
    .fill(
      "const row = api.getForm();\napi.setField('status', '已标记:' + row.route_name);\napi.message('标记完成');",
    );
  const saved = page.waitForResponse((r) => r.url().includes('/online/cgform/enhance/save'));
  await drawer.getByTestId('enhance-js-save').click();
  expect((await (await saved).json()).success).toBe(true);
  await expect(drawer.getByText(/^v1 · admin/)).toBeVisible();
  await shot('online-enhance-drawer');
  await page.keyboard.press('Escape');

  const csp = await page.evaluate(async () =>
    (await fetch(location.href)).headers.get('content-security-policy'),
  );
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');

  await shell.goto(`/online/cgformList/${id}`);
  const ui = new PartyScreen(page);
  await expect(ui.row('沪杭线')).toContainText('新建');
  const edited = page.waitForResponse((r) => /\/online\/cgform\/api\/data\/[0-9a-f]+\/edit/.test(r.url()));
  await clickRowAction(page, ui.row('沪杭线'), '标记');
  expect((await (await edited).json()).success).toBe(true);
  await expect(page.getByText('标记完成')).toBeVisible();
  await expect(ui.row('沪杭线')).toContainText('已标记:沪杭线');
  await shot('online-enhance-list');
});
