// Editable table: cell rules, statistics, sub-tables, one-row re-renders and
// two browser contexts seeing each other's row edits over /vxeSocket.
import type { Locator, Page } from '@playwright/test';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { stubExternalSites } from '../support/network.ts';

const DEMO = '/demo/editable-table';

// Every open demo of the signed-in admin receives the row edits of the others: one test at a time.
test.describe.configure({ mode: 'serial' });

async function openDemo(page: Page): Promise<void> {
  await page.goto(DEMO);
  const table = page.getByTestId('editable-table');
  // A fresh browser context loads the console's chunks and the demo rows first: on a busy machine that
  // outlasts the default wait.
  await expect(table).toHaveAttribute('data-socket', 'open', { timeout: 45_000 });
  await expect(cell(page, 'r1', 'orderNo')).toHaveValue('YD20260001');
}

function cell(page: Page, rowId: string, field: string) {
  return page.locator(`[data-row-key="${rowId}"] input[data-field="${field}"]`);
}

/** Fills the cell with each value in turn and expects its message, or none (null). */
async function expectCellErrors(input: Locator, cases: Array<[value: string, error: string | null]>) {
  for (const [value, error] of cases) {
    await input.fill(value);
    if (error === null) await expect(input).not.toHaveAttribute('data-error');
    else await expect(input).toHaveAttribute('data-error', error);
  }
}

/** Empties the cell, types `keys` one by one and expects the value the cell keeps. */
async function retype(input: Locator, keys: string, kept: string) {
  await input.fill('');
  await input.pressSequentially(keys);
  await expect(input).toHaveValue(kept);
}

test('cells follow the presets, number and tag rules; the footer sums; a keystroke re-renders one row', async ({
  page,
  shot,
}) => {
  await openDemo(page);

  await expectCellErrors(cell(page, 'r1', 'mobile'), [
    ['123', '请输入正确的手机号码'],
    ['13912345678', null],
  ]);
  await expectCellErrors(cell(page, 'r2', 'orderNo'), [
    ['YD20260001', '运单号已存在'],
    ['', '必填'],
    ['YD20269999', null],
  ]);

  const weight = cell(page, 'r1', 'weight');
  await retype(weight, 'a1b.5x', '1.5');
  await retype(weight, '-', '-');
  await weight.blur();
  await expect(weight).toHaveValue('');

  await retype(cell(page, 'r1', 'tags'), '冷链加急快', '冷链;加急;快');

  const pieces = page.locator('[data-testid="et-sum"] [data-field="pieces"]');
  const before = Number(await pieces.textContent());
  const piecesCell = cell(page, 'r3', 'pieces');
  const old = Number(await piecesCell.inputValue());
  await piecesCell.fill(String(old + 100));
  await expect(pieces).toHaveText(String(before + 100));

  // Each keystroke re-renders the cells of the edited row only.
  const target = cell(page, 'r5', 'shipper');
  await target.click();
  await target.press('End');
  const counts = () =>
    page.evaluate(() =>
      Object.fromEntries(
        (window as unknown as { __editableTableRenders: Map<string, number> }).__editableTableRenders,
      ),
    );
  const start = await counts();
  await target.pressSequentially('abc');
  await expect(target).toHaveValue(/abc$/);
  const end = await counts();
  const changed = Object.keys(end).filter((id) => end[id] !== start[id]);
  expect(changed).toEqual(['r5']);
  await shot('editable-table');
});

test('sub-tables open, and a missing row fails with 打开子表失败 after the retries', async ({ page }) => {
  await openDemo(page);
  await page.getByTestId('et-open-sub').click();
  await expect(page.getByTestId('et-sub-r1')).toBeVisible();
  const started = Date.now();
  await page.getByTestId('et-open-missing').click();
  await expect(page.locator('.ant-message-notice')).toContainText('打开子表失败');
  expect(Date.now() - started).toBeGreaterThanOrEqual(300);
});

test('an edit in one browser appears in the other over the socket, not twice in the sender', async ({
  browser,
}) => {
  const contexts = await Promise.all(
    [0, 1].map(() => browser.newContext({ storageState: authFile(USERS.admin), locale: 'zh-CN' })),
  );
  try {
    const [a, b] = await Promise.all(
      contexts.map(async (context) => {
        await stubExternalSites(context);
        const page = await context.newPage();
        await openDemo(page);
        return page;
      }),
    );
    const rowsBefore = await a.locator('[data-row-key]').count();
    const edited = cell(a, 'r7', 'shipper');
    await edited.fill('同步测试货主');
    await edited.blur();

    await expect(cell(b, 'r7', 'shipper')).toHaveValue('同步测试货主');
    // The merged row is highlighted in the receiver (reload effect, 1.4 s).
    await expect(b.locator('[data-row-key="r7"] .et-flash').first()).toBeVisible();
    // The sender keeps one row with the value: no echo merged back, no duplicate row.
    await b.waitForTimeout(300);
    await expect(a.locator('[data-row-key="r7"]')).toHaveCount(1);
    await expect(a.locator('[data-row-key] input[value="同步测试货主"]')).toHaveCount(1);
    expect(await a.locator('[data-row-key]').count()).toBe(rowsBefore);
    await expect(a.locator('[data-row-key="r7"] .et-flash')).toHaveCount(0);

    // And back: an edit in b reaches a.
    const back = cell(b, 'r8', 'email');
    await back.fill('back@example.com');
    await back.blur();
    await expect(cell(a, 'r8', 'email')).toHaveValue('back@example.com');
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
