// Invoices in the browser: as operations, apply for an invoice over a paid waybill of a per-trip customer
// in 发票管理, issue it through the simulated tax service and download its PDF; as a shipper's admin, the list
// holds only its own customer's invoices (the one just issued for another customer is not there).
import { readFile } from 'node:fs/promises';
import { auditedPerTripNote, FinancePage, PER_TRIP_CUSTOMER } from '../pages/FinancePage.ts';
import { authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { clickRowAction } from '../support/rowActions.ts';

const INVOICES = '/plateform/invoice';
/** The invoice the first test issues, looked for by the shipper's admin. */
let issuedApplyNo = '';

test.describe.configure({ mode: 'serial' });

test.describe('as operations01', () => {
  test.use({ storageState: authFile(USERS.operations) });

  test('apply over a paid waybill, issue, download the PDF', async ({ page, shell, shot, api }) => {
    test.setTimeout(180_000);
    const ui = new FinancePage(page);
    // A per-trip customer's waybill is charged at audit (the demo wallet covers it): invoiceable.
    const note = await auditedPerTripNote(api, Date.now() % 100_000);

    await shell.goto(INVOICES);
    await page.getByRole('button', { name: /申请开票/ }).click();
    const dialog = page.locator('.ant-modal:visible').filter({ hasText: '申请开票' });
    await dialog.getByTestId('invoice-customer').click();
    await page.locator('.ant-select-dropdown:visible').getByText(PER_TRIP_CUSTOMER, { exact: true }).click();
    const line = dialog.locator('tbody tr.ant-table-row').filter({ hasText: note.number });
    // The candidates are paged oldest first: the new waybill may be on the last page.
    for (let i = 0; i < 50 && (await line.count()) === 0; i++) {
      const next = dialog.locator('.ant-pagination-next:not(.ant-pagination-disabled)');
      await expect(dialog.locator('tbody tr.ant-table-row').first()).toBeVisible();
      if ((await next.count()) === 0) break;
      await next.click();
    }
    await line.locator('.ant-checkbox-input').check();
    await expect(dialog.getByTestId('invoice-apply-total')).toContainText('已选 1');
    await shot('invoice-apply');
    const applied = page.waitForResponse((r) => r.url().endsWith('/plateform/invoice/apply'));
    await dialog.getByRole('button', { name: /提交申请/ }).click();
    const answer = (await (await applied).json()) as {
      success: boolean;
      message: string;
      result: { applyNo: string; amountFen: number };
    };
    expect(answer.success, answer.message).toBe(true);
    expect(answer.result.amountFen).toBe(note.customerFee);
    await expect(dialog).toBeHidden();

    const applyNo = answer.result.applyNo;
    await ui.search('申请单号', applyNo);
    const row = ui.row(applyNo);
    await expect(row).toContainText('已申请');
    const issued = page.waitForResponse((r) => r.url().endsWith('/plateform/invoice/issue'));
    await clickRowAction(page, row, '开票');
    const issuedBody = (await (await issued).json()) as { success: boolean; result: { invoiceNo: string } };
    expect(issuedBody.success).toBe(true);
    expect(issuedBody.result.invoiceNo).toMatch(/^\d{20}$/);
    await expect(row).toContainText('已开票');
    await expect(row).toContainText(issuedBody.result.invoiceNo);
    await shot('invoice-issued');

    const download = page.waitForEvent('download');
    await clickRowAction(page, row, '下载PDF');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`发票${issuedBody.result.invoiceNo}.pdf`);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    issuedApplyNo = applyNo;
  });
});

test.describe('as shipper_admin', () => {
  test.use({ storageState: authFile(USERS.shipperAdmin) });

  test('sees only its own customer’s invoices', async ({ page, shell, shot }) => {
    const ui = new FinancePage(page);
    const listed = page.waitForResponse((r) => r.url().includes('/plateform/invoice/list?') && r.ok());
    await shell.goto(INVOICES);
    const body = (await (await listed).json()) as {
      result: { records: Array<{ customerName: string; customerId: string }> };
    };
    const customers = new Set(body.result.records.map((r) => r.customerId));
    expect(customers.size).toBeLessThanOrEqual(1);
    for (const r of body.result.records) expect(r.customerName).not.toBe(PER_TRIP_CUSTOMER);
    // The apply button is there; issuing is the platform's.
    await expect(page.getByRole('button', { name: /申请开票/ })).toBeVisible();
    await shot('invoice-shipper');
    if (issuedApplyNo) {
      await ui.search('申请单号', issuedApplyNo);
      await expect(ui.table.locator('tbody tr.ant-table-row')).toHaveCount(0);
    }
  });
});
