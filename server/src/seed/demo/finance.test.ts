import { SHIPPING_STATUS } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { finFuelRecharge, finFuelStatement } from '../../modules/finance/fuelSchema.ts';
import { checkLedger } from '../../modules/finance/index.ts';
import { finBill, finLedgerLine } from '../../modules/finance/schema.ts';
import { chinaToday } from '../../modules/freight/shippingMoney.ts';
import { hyShippingNote } from '../../modules/freight/shippingSchema.ts';
import { useTestApp } from '../../test/harness.ts';
import { runDemoSeeders, seedDemoDataIfEmpty } from './index.ts';

describe('demo money', () => {
  const t = useTestApp();

  it('pays the completed waybills through the pay service; the ledger reconciles on a fresh start', async () => {
    const summary = await seedDemoDataIfEmpty(t.db, { orders: 14 });
    expect(summary?.rows.finance).toMatchObject({ recharges: expect.any(Number) });
    const notes = await t.db.select().from(hyShippingNote).where(eq(hyShippingNote.createBy, 'demo'));
    const completed = notes.filter((n) => n.status === SHIPPING_STATUS.completed);
    expect(completed.length).toBeGreaterThan(0);
    for (const n of completed) expect([2, 4], n.shippingNoteNumber).toContain(n.payStatus);
    expect(completed.some((n) => n.payStatus === 4)).toBe(true);
    expect(completed.some((n) => n.payStatus === 2)).toBe(true);
    // Audited notes wait on the pay list.
    expect(notes.some((n) => n.status === SHIPPING_STATUS.audited && n.payStatus === 0)).toBe(true);
    const admin = await t.login('admin');
    const check = (await t.call(admin, { method: 'GET', url: '/jeecg-boot/wallet/ledger/check' })).json()
      .result;
    expect(check).toMatchObject({ balanced: true, ledgerSumFen: 0, mismatches: [], unbalancedPostings: [] });
    expect(check.lineCount).toBeGreaterThan(0);
    const wallets = (
      await t.call(admin, { method: 'GET', url: '/jeecg-boot/customer/hyCustomerWallet/list' })
    ).json().result.records as Array<{ balanceFen: number }>;
    expect(wallets.some((w) => w.balanceFen > 0)).toBe(true);
    for (const n of completed) {
      const lines = await t.db.select().from(finLedgerLine).where(eq(finLedgerLine.noteId, n.id));
      expect(lines.length, n.shippingNoteNumber).toBeGreaterThan(0);
    }
    const bills = await t.db.select().from(finBill);
    expect(bills.length).toBeGreaterThan(0);
    // A bill's period runs from its customer's first audit day, not from an arbitrary early date.
    for (const bill of bills) {
      const audits = notes
        .filter((n) => n.customerId === bill.customerId && n.auditTime)
        .map((n) => n.auditTime!);
      const firstAudit = new Date(Math.min(...audits.map((d) => d.getTime())));
      expect(bill.periodStart, bill.billNo).toBe(chinaToday(firstAudit));
    }
    // Demo drivers hold fuel cards; the paid fuel shares recharged them, the demo statement matched some.
    const recharges = await t.db.select().from(finFuelRecharge);
    expect(summary?.rows.finance.fuelCards).toBeGreaterThan(0);
    expect(recharges.length).toBeGreaterThan(0);
    expect(recharges.some((r) => r.matchState === 1)).toBe(true);
    expect((await t.db.select().from(finFuelStatement)).some((l) => l.matchState === 0)).toBe(true);
    // A rerun moves no money.
    const lines = check.lineCount;
    await runDemoSeeders(t.db, { orders: 14 });
    const again = await checkLedger(t.db);
    expect(again).toMatchObject({ balanced: true, lineCount: lines });
  }, 300_000);
});
