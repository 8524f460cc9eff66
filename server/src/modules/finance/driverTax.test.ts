import { driverTaxes } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { CUSTOMERS } from '../../test/shippingKit.ts';
import { chinaToday, hyDriver } from '../freight/index.ts';
import { FinanceKit } from './financeTestKit.ts';
import { taxAuthorityOf } from './index.ts';

// Tax on drivers' behalf: a month of paid waybills collected per driver, a batch round-tripping
// through the simulated tax authority and filling the tax list, a failed answer corrected and resent, and a
// driver without the tax entrustment blocked with the reason.

describe('driver taxes', () => {
  it('assesses VAT, surcharges and income tax half-up to the fen', () => {
    // 10 100.00 at 1 %: VAT 100.00, surcharges 12 % of it 12.00, income tax 0.5 % of 10 000.00 = 50.00.
    expect(driverTaxes(1_010_000, { vatBp: 100, surchargeBp: 1200, iitBp: 50 })).toEqual({
      vatFen: 10_000,
      surchargeFen: 1_200,
      iitFen: 5_000,
    });
    // 999.99 → VAT 9.90 (9.9009…), surcharges 1.19 (1.188), income tax 4.95 (4.9504…).
    expect(driverTaxes(99_999, { vatBp: 100, surchargeBp: 1200, iitBp: 50 })).toEqual({
      vatFen: 990,
      surchargeFen: 119,
      iitFen: 495,
    });
  });
});

describe('tax on drivers behalf', () => {
  const t = useTestApp();
  const k = FinanceKit.use(t);
  const period = chinaToday().slice(0, 7);
  const paid: Array<{ driverId: string; fee: number }> = [];

  beforeAll(async () => {
    await k.recharge(CUSTOMERS.hengda, 50_000_000);
    for (let i = 0; i < 3; i++) {
      const n = await k.auditedNote({ customerId: CUSTOMERS.hengda });
      await k.payNow(n.noteId);
      paid.push({ driverId: n.driverId, fee: Number(n.note.driverFee) });
      // The first two drivers signed the entrustment; the third did not.
      await t.db
        .update(hyDriver)
        .set({ taxEntrusted: i < 2 })
        .where(eq(hyDriver.id, n.driverId));
    }
  }, 180_000);

  const recordOf = async (driverId: string) =>
    (await k.get('/plateform/tax/list', { driverId, period })).result.records?.[0] as Record<string, unknown>;

  it('collects, sends, fills the list; a failed record is corrected and resent', async () => {
    const collected = await k.ok('POST', '/plateform/tax/collect', { period });
    expect(collected.result).toMatchObject({ blocked: expect.any(Number) });
    const [a, b, c] = paid;
    if (!a || !b || !c) throw new Error('no notes');
    expect(await recordOf(a.driverId)).toMatchObject({ state: 0, freightFen: a.fee, noteCount: 1 });
    expect(String((await recordOf(a.driverId)).bankSerialNos)).not.toBe('');
    expect(await recordOf(c.driverId)).toMatchObject({
      state: 4,
      blockReason: expect.stringContaining('委托代征'),
    });

    // One filing of the batch fails at the authority.
    taxAuthorityOf(t.ctx).failNext();
    const sent = await k.ok('POST', '/report/tax/send', { period });
    const batch = sent.result as { batchId: string; accepted: number; failed: number };
    expect(batch.failed).toBeGreaterThanOrEqual(1);
    const failed = (await k.get('/plateform/tax/list', { period, state: 3 })).result.records ?? [];
    expect(failed.length).toBeGreaterThanOrEqual(1);
    const failedRow = failed[0] as Record<string, unknown>;
    expect(String(failedRow.failCode)).toMatch(/^T\d{4}$/);
    const accepted = (await k.get('/plateform/tax/list', { period, state: 2 })).result.records ?? [];
    for (const row of accepted) {
      expect(String(row.invoiceNo)).toMatch(/^\d{20}$/);
      expect(String(row.certificateNo)).toMatch(/^WS/);
      const taxes = driverTaxes(Number(row.freightFen), { vatBp: 100, surchargeBp: 1200, iitBp: 50 });
      expect(row).toMatchObject(taxes);
    }
    const batchRow = (await k.get('/report/tax/queryById', { id: batch.batchId })).result;
    expect(batchRow).toMatchObject({ state: batch.accepted === 0 ? 4 : 3, failedCount: batch.failed });

    // Sent and accepted records are not sent again; a failed one is corrected, then resent and accepted.
    expect((await k.call('POST', '/report/tax/send', { period })).message).toContain('没有待发送');
    expect(
      (await k.call('POST', '/plateform/tax/correct', { id: accepted[0]?.id, cardNo: '6222021000000000018' }))
        .success,
    ).toBe(accepted.length === 0);
    await k.ok('POST', '/plateform/tax/correct', { id: failedRow.id, cardNo: '6222021000000000018' });
    const again = await k.ok('POST', '/report/tax/resend', { ids: [failedRow.id] });
    expect(again.result).toMatchObject({ records: 1, accepted: 1, failed: 0 });
    const fixed = (await k.get('/plateform/tax/queryById', { id: failedRow.id })).result;
    expect(fixed).toMatchObject({ state: 2, sendCount: 2 });
    // A blocked driver is never sent.
    expect(
      (await k.call('POST', '/report/tax/resend', { ids: [(await recordOf(c.driverId)).id] })).success,
    ).toBe(false);
    // Parties see no tax record.
    const shipper = await t.login('shipper');
    expect((await k.get('/plateform/tax/list', {}, shipper)).success).toBe(false);
  });
});
