// 运输合同 in the browser: operations open the contract list from the menu, where the demo's accepted waybills
// have their signed carrier contracts and the shippers their framework contracts; a contract's PDF downloads
// and its verification passes; the waybill's detail shows its contract. A shipper's admin lists only its own.
import { readFile } from 'node:fs/promises';
import { ShippingPage } from '../pages/ShippingPage.ts';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { clickRowAction } from '../support/rowActions.ts';

const CONTRACTS = '/shipping/contract';

interface ListBody {
  success: boolean;
  result: { records: Array<Record<string, unknown>>; total: number };
}

test.describe('as operations01', () => {
  test.use({ storageState: authFile(USERS.operations) });

  test('lists signed contracts, downloads and verifies one, and the waybill shows it', async ({
    page,
    shell,
    shot,
  }) => {
    test.setTimeout(120_000);
    const ui = new ShippingPage(page);
    await shell.goto('/account/center');
    const listed = page.waitForResponse((r) => r.url().includes('/shipping/contract/list?') && r.ok());
    await shell.navigateMenu(CONTRACTS, '运单管理', '运输合同');
    const body = (await (await listed).json()) as ListBody;
    expect(body.result.total).toBeGreaterThan(0);
    await expect(ui.rows().first()).toBeVisible();
    await expect(ui.table).toContainText('已签署');

    // A carrier contract of a demo waybill.
    await ui.search('合同编号', 'HTYD');
    const first = ui.rows().filter({ hasText: '承运合同' }).first();
    await expect(first).toBeVisible();
    const contractNo = ((await first.locator('td').first().textContent()) ?? '').trim().replace(/\s.*$/, '');
    expect(contractNo).toMatch(/^HT\S+/);
    const noteNo = contractNo.slice(2);
    await expect(first).toContainText(noteNo);
    await shot('contracts-list');

    const download = page.waitForEvent('download');
    await clickRowAction(page, first, '下载PDF');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`运输合同${contractNo}.pdf`);
    expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');

    await clickRowAction(page, first, '验证');
    const verification = page.getByTestId('contract-verification');
    await expect(verification).toContainText('验证通过');
    await expect(verification).toContainText(contractNo);
    await shot('contract-verified');
    await page.locator('.ant-modal-confirm:visible').getByRole('button').last().click();

    // The waybill's detail shows its contract.
    await shell.goto(`/shipping/list?shippingNoteNumber=${noteNo}`);
    const noteRow = ui.row(noteNo);
    await clickRowAction(page, noteRow, '详情');
    const section = page.getByTestId('note-contract');
    await expect(section).toContainText(contractNo);
    await expect(section).toContainText('已签署');
    await shot('note-contract');
  });
});

test.describe('as shipper_admin', () => {
  test.use({ storageState: authFile(USERS.shipperAdmin) });

  test('lists only its own customer’s contracts', async ({ page, shell, shot }) => {
    const listed = page.waitForResponse((r) => r.url().includes('/shipping/contract/list?') && r.ok());
    await shell.goto(CONTRACTS);
    const body = (await (await listed).json()) as ListBody;
    expect(body.result.records.length).toBeGreaterThan(0);
    const customers = new Set(body.result.records.map((r) => r.customerId));
    expect(customers.size).toBe(1);
    // Its framework contract is among them; signing one is the platform's.
    expect(body.result.records.some((r) => r.kind === 'shipper')).toBe(true);
    await expect(page.getByRole('button', { name: /签署框架合同/ })).toHaveCount(0);
    await shot('contracts-shipper');
  });
});
