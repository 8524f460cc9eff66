import { LEDGER_TYPE } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../platform/http/envelope.ts';
import { api, useLogins, useTestApp } from '../../test/harness.ts';
import { CUSTOMERS } from '../../test/shippingKit.ts';
import { finEtcRecord } from './etcSchema.ts';
import { FinanceKit, multipartFile } from './financeTestKit.ts';
import { finLedgerLine } from './schema.ts';

// ETC records: "the ETC amount follows the order's rule (deducted from freight or paid by the platform)
// through the ledger". A waybill's matched tolls are posted when it is paid, in the payment's transaction, and
// the records are marked settled with the payout; tolls matched after the payment stay open (docs/decisions.md).
//
// Worked example (the kit's order: 31.80 t unloaded × 150.00/t − loss 0.15 t × 2 000.00/t = freight 4 470.00),
// two toll passages of the trip, 80.00 + 43.45 = 123.45:
// - rule 0 (deducted): the driver is paid 4 470.00 − 123.45 = 4 346.55; ledger: driver payable −123.45,
//   油卡/ETC待结算 (card_provider) +123.45 (etc_toll), then the payout driver −4 346.55, bank clearing +4 346.55.
// - rule 0 with an ETC share of 100.00 on the order: the share (moved to card_provider by the card share) covers
//   100.00 of the tolls, the cash gives up the other 23.45: paid 4 470.00 − 100.00 − 23.45 = 4 346.55.
// - rule 1 (platform): the driver is paid 4 470.00; ledger: ETC expense (etc_expense) −123.45, card_provider +123.45.

const FREIGHT = 447_000;
const TOLLS = [8_000, 4_345];
const TOLL_TOTAL = 12_345;

const ago = (minutes: number) => formatDateTime(new Date(Date.now() - minutes * 60_000));

describe('ETC tolls settled through the ledger at the waybill payment', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });
  let k: FinanceKit;
  let seq = 0;
  const run = `${process.pid}${Date.now()}`.slice(-9);

  beforeAll(async () => {
    k = new FinanceKit(t, tokens.admin);
    await k.recharge(CUSTOMERS.hengda, 50_000_000);
  }, 180_000);

  /** Imports toll passages of a plate (yuan amounts, exit times minutes ago); answers the import. */
  const importTolls = async (plateNo: string, tolls: Array<[string, number]>) => {
    const csv = [
      '交易流水号,车牌号,入口站,出口站,入口时间,出口时间,通行费',
      ...tolls.map(
        ([yuan, exitAgo]) =>
          `S${run}${++seq},${plateNo},南京东,上海北,${ago(exitAgo + 5)},${ago(exitAgo)},${yuan}`,
      ),
    ].join('\n');
    const res = (
      await t.call(tokens.admin, {
        method: 'POST',
        url: api('/plateform/etc/importExcel'),
        ...multipartFile(Buffer.from(csv), 'etc.csv', 'text/csv'),
      })
    ).json();
    expect(res.success, res.message).toBe(true);
    return res.result as { inserted: number; matched: number };
  };

  /** An audited note of the order, its two tolls matched, then paid; answers what was paid and posted. */
  const paidWithTolls = async (order: Record<string, unknown>) => {
    const n = await k.auditedNote(order);
    expect(Number(n.note.driverFee)).toBe(FREIGHT);
    expect(
      (
        await importTolls(n.plateNo, [
          ['80.00', 20],
          ['43.45', 10],
        ])
      ).matched,
    ).toBeGreaterThanOrEqual(2);
    const payments = await k.payNow(n.noteId);
    const tollLines = await t.db
      .select()
      .from(finLedgerLine)
      .where(and(eq(finLedgerLine.noteId, n.noteId), eq(finLedgerLine.type, LEDGER_TYPE.etcToll)));
    const records = await t.db.select().from(finEtcRecord).where(eq(finEtcRecord.noteId, n.noteId));
    const driverWallet = await k.walletRow(2, n.driverId);
    return { n, payments, tollLines, records, driverWallet };
  };

  const lines = (rows: Array<{ ownerType: number; ownerId: string; amountFen: number }>) =>
    rows.map((l) => [l.ownerType === 9 ? l.ownerId : 'driver', l.amountFen]).sort();

  it('rule 0: the tolls are deducted from the driver payout and owed to the ETC provider', async () => {
    const { n, payments, tollLines, records, driverWallet } = await paidWithTolls({ etcRule: 0 });
    expect(records.map((r) => r.amountFen).sort()).toEqual([...TOLLS].sort());
    expect(payments.map((p) => [p.kind, p.amountFen, p.state])).toEqual([[2, FREIGHT - TOLL_TOTAL, 2]]);
    expect(FREIGHT - TOLL_TOTAL).toBe(434_655);
    expect(lines(tollLines)).toEqual([
      ['card_provider', TOLL_TOTAL],
      ['driver', -TOLL_TOTAL],
    ]);
    const payoutId = payments[0]?.payoutId;
    for (const r of records)
      expect(r).toMatchObject({ settleState: 1, settleRule: 0, settlePayoutId: payoutId });
    expect(records[0]?.settlePostingId).toBe(tollLines[0]?.postingId);
    // The payable returned to zero: charge +4 470.00, tolls −123.45, payout −4 346.55.
    expect(driverWallet?.balanceFen).toBe(0);
    expect(await k.note(n.noteId)).toMatchObject({ payStatus: 4, status: 7 });
    await k.ledgerCheck();

    // A toll matched after the payment stays open for an adjustment; the settled import cannot be deleted.
    await importTolls(n.plateNo, [['12.00', 1]]);
    const late = await t.db.select().from(finEtcRecord).where(eq(finEtcRecord.noteId, n.noteId));
    expect(late.filter((r) => r.settleState === 0).map((r) => r.amountFen)).toEqual([1_200]);
    const del = await k.call('POST', '/plateform/etc/deleteBatch', { importBatch: records[0]?.importBatch });
    expect(del.success).toBe(false);
    expect(del.message).toContain('已随运单付款结算入账');
    expect((await t.db.select().from(finEtcRecord).where(eq(finEtcRecord.noteId, n.noteId))).length).toBe(3);
  });

  it("rule 0 with the order's ETC share: the share covers the tolls first, the cash the rest", async () => {
    const { payments, tollLines, driverWallet } = await paidWithTolls({
      etcRule: 0,
      etcMode: 2,
      etcValue: 10_000,
    });
    expect(payments.map((p) => p.amountFen)).toEqual([FREIGHT - 10_000 - 2_345]);
    expect(lines(tollLines)).toEqual([
      ['card_provider', 2_345],
      ['driver', -2_345],
    ]);
    expect(driverWallet?.balanceFen).toBe(0);
    await k.ledgerCheck();
  });

  it('rule 1: the platform bears the tolls as an expense; the driver is paid the whole freight', async () => {
    const { payments, tollLines, records, driverWallet } = await paidWithTolls({ etcRule: 1 });
    expect(payments.map((p) => [p.kind, p.amountFen, p.state])).toEqual([[2, FREIGHT, 2]]);
    expect(lines(tollLines)).toEqual([
      ['card_provider', TOLL_TOTAL],
      ['etc_expense', -TOLL_TOTAL],
    ]);
    for (const r of records) expect(r).toMatchObject({ settleState: 1, settleRule: 1 });
    expect(driverWallet?.balanceFen).toBe(0);
    await k.ledgerCheck();
  });

  it('refuses an order whose platform-borne tolls are also withheld from the driver', async () => {
    const res = await k.call(
      'POST',
      '/order/hyOrder/add',
      k.orderBody({ etcRule: 1, etcMode: 2, etcValue: 10_000 }),
    );
    expect(res.success).toBe(false);
    expect(res.message).toContain('平台承担ETC');
  });
});
