// Demo money, made through the product's own services and the simulated bank: customers' wallets
// recharged, the waybills the demo shows completed paid (per-trip customers) or advanced (per-approval and
// monthly customers, the per-approval ones then settled by a recharge), a few prepayments at loading, and a
// monthly bill sent. The ledger therefore holds consistent history and reconciles on a fresh start.
import { FUEL_TRADE_KIND, PAYOUT_KIND, SETTLE_MODE, SHIPPING_STATUS } from '@freight/contracts';
import { and, asc, eq, gt, inArray, min } from 'drizzle-orm';
import { ensureCustomerAccounts } from '../../modules/finance/accounts.ts';
import { SimulatedBank } from '../../modules/finance/bank/simulatedBank.ts';
import { sendPayments } from '../../modules/finance/bankPayments.ts';
import { billStep, generateBill } from '../../modules/finance/bills.ts';
import { type Finance, SYSTEM_ACTOR, silentLog } from '../../modules/finance/context.ts';
import {
  createFuelCard,
  type FuelStatementEntry,
  importFuelStatement,
} from '../../modules/finance/fuelCards.ts';
import { finFuelRecharge } from '../../modules/finance/fuelSchema.ts';
import { pendingPaymentsOf, submitPayout } from '../../modules/finance/payouts.ts';
import { rechargeViaBank } from '../../modules/finance/recharge.ts';
import { finBill } from '../../modules/finance/schema.ts';
import { saveWalletConfig } from '../../modules/finance/walletConfig.ts';
import { hyDriver, hyDriverVehicle } from '../../modules/freight/partySchema.ts';
import { chinaToday } from '../../modules/freight/shippingMoney.ts';
import { hyShippingNote } from '../../modules/freight/shippingSchema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { approvedCustomers } from './approved.ts';
import type { DemoContext, DemoSeeder } from './types.ts';

const actor = SYSTEM_ACTOR(0, 'demo');

/**
 * One card per demo driver (Sinopec and PetroChina alternately), bound to the driver's default vehicle; the
 * last driver's card is reported lost. Stable numbers: a rerun adds nothing.
 */
async function seedFuelCards(fin: Finance): Promise<number> {
  const drivers = await fin.db
    .select({ id: hyDriver.id, vehicleId: hyDriverVehicle.vehicleId })
    .from(hyDriver)
    .leftJoin(
      hyDriverVehicle,
      and(eq(hyDriverVehicle.driverId, hyDriver.id), eq(hyDriverVehicle.isDefault, true)),
    )
    .where(eq(hyDriver.tenantId, 0))
    .orderBy(asc(hyDriver.createTime), asc(hyDriver.id));
  let added = 0;
  for (const [i, d] of drivers.entries()) {
    const provider = i % 2 === 0 ? 1 : 2;
    const serial = String(i + 1).padStart(8, '0');
    const id = await createFuelCard(fin, 0, 'demo', {
      cardNo: provider === 1 ? `10001132${serial}` : `90300021${serial}`,
      provider,
      driverId: d.id,
      vehicleId: d.vehicleId,
      state: i === drivers.length - 1 && i > 0 ? 2 : 1,
      remark: '演示油卡',
    });
    if (id) added++;
  }
  return added;
}

/**
 * The providers' statement of the demo: the first recharges confirmed, a purchase at the pump on each of
 * those cards, and one line of a card the platform does not know (left unmatched). Through the import service.
 */
async function seedFuelStatement(fin: Finance): Promise<number> {
  const recharges = await fin.db
    .select()
    .from(finFuelRecharge)
    .where(eq(finFuelRecharge.tenantId, 0))
    .orderBy(asc(finFuelRecharge.createTime), asc(finFuelRecharge.id))
    .limit(6);
  if (recharges.length === 0) return 0;
  const entries: FuelStatementEntry[] = [];
  for (const [i, r] of recharges.slice(0, 4).entries()) {
    const at = (r.createTime ?? new Date()).getTime();
    entries.push({
      serialNo: `DEMO-R-${r.noteId.slice(0, 12)}`,
      cardNo: r.cardNo,
      tradeTime: new Date(at),
      kind: FUEL_TRADE_KIND.recharge,
      amountFen: r.amountFen,
      station: null,
    });
    entries.push({
      serialNo: `DEMO-P-${r.noteId.slice(0, 12)}`,
      cardNo: r.cardNo,
      tradeTime: new Date(at + 300_000),
      kind: FUEL_TRADE_KIND.purchase,
      amountFen: Math.min(r.amountFen, 30_000 + i * 5_000),
      station: ['中国石化南京江东加油站', '中国石油济南二环加油站'][i % 2] ?? null,
    });
  }
  entries.push({
    serialNo: 'DEMO-R-UNKNOWN-CARD',
    cardNo: '1000113299999999',
    tradeTime: recharges[0]?.createTime ?? new Date(),
    kind: FUEL_TRADE_KIND.recharge,
    amountFen: 50_000,
    station: null,
  });
  const stored = await importFuelStatement(fin, 0, 'demo', entries);
  return stored.inserted;
}
/** Notes per demo payout. */
const PAY_BATCH = 16;

/** Recharge per customer by settlement mode (fen): per-trip customers pay as they go, monthly ones on credit. */
const RECHARGE: Record<number, number> = {
  [SETTLE_MODE.perTrip]: 80_000_000,
  [SETTLE_MODE.perApproval]: 30_000_000,
  [SETTLE_MODE.monthly]: 0,
};

export const financeSeeder: DemoSeeder = {
  name: 'finance',
  async run(db, ctx: DemoContext) {
    // The bank of the demo answers at once; every request no. and key is stable, so a rerun changes nothing.
    const fin: Finance = { db, bank: new SimulatedBank(db, { delayMs: 0 }), log: silentLog };
    const customers = await approvedCustomers(db);
    await db.transaction((tx) =>
      ensureCustomerAccounts(
        tx,
        fin.bank,
        0,
        customers.map((c) => c.id),
      ),
    );
    const rows = {
      recharges: 0,
      paid: 0,
      advanced: 0,
      prepaid: 0,
      refused: 0,
      bills: 0,
      fuelCards: 0,
      fuelStatement: 0,
    };
    const [existing] = await db.select({ id: finBill.id }).from(finBill).limit(1);

    // Credit for the customers who settle later (advances are granted on it).
    for (const c of customers)
      if (c.settleMode !== SETTLE_MODE.perTrip && c.creditLimitFen === 0)
        await saveWalletConfig(fin, actor, {
          customerId: c.id,
          settleMode: c.settleMode,
          creditDays: c.creditDays,
          creditLimitFen: 50_000_000,
          prepayRatioCapBp: 5000,
          bankChannel: 'sim',
          subAccountNo: null,
          remark: '演示授信',
        });
    for (const c of customers) {
      const amount = RECHARGE[c.settleMode] ?? 0;
      if (amount <= 0) continue;
      await rechargeViaBank(fin, actor, {
        customerId: c.id,
        amountFen: amount,
        idempotencyKey: `demo-recharge-${c.id}`,
        remark: '演示充值',
      });
      rows.recharges++;
    }

    // Fuel cards for the drivers of the waybills paid below: their fuel shares recharge them through the payment.
    rows.fuelCards = await seedFuelCards(fin);

    const payOnce = async (kind: number, ids: string[], label: string) => {
      const answer = await submitPayout(fin, actor, {
        kind,
        ids,
        idempotencyKey: `demo-${label}-${ids[0]}-${ids.length}`,
        proceed: true,
      });
      await sendPayments(fin, await pendingPaymentsOf(fin, answer.payoutId));
    };
    // A customer's notes in one payout of up to PAY_BATCH (as finance pays a list). When the rules refuse one of
    // them (a card awaiting review, a certificate lapsed), each half is paid on its own, down to the refused
    // note, which stays on the pay list.
    const payAll = async (kind: number, ids: string[], label: string): Promise<number> => {
      try {
        await payOnce(kind, ids, label);
        return ids.length;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (ids.length === 1) {
          rows.refused++;
          return 0;
        }
        const half = Math.ceil(ids.length / 2);
        return (await payAll(kind, ids.slice(0, half), label)) + (await payAll(kind, ids.slice(half), label));
      }
    };
    // What paying a note needs of it: its id, and its customer (payouts are made per customer).
    const payable = { id: hyShippingNote.id, customerId: hyShippingNote.customerId };
    const pay = async (kind: number, notes: Array<{ id: string; customerId: string }>, label: string) => {
      let done = 0;
      const byCustomer = new Map<string, string[]>();
      for (const n of notes) byCustomer.set(n.customerId, [...(byCustomer.get(n.customerId) ?? []), n.id]);
      for (const ids of byCustomer.values())
        for (let i = 0; i < ids.length; i += PAY_BATCH)
          done += await payAll(kind, ids.slice(i, i + PAY_BATCH), label);
      return done;
    };

    const toComplete = await db
      .select({ ...payable, settleMode: hyShippingNote.settleMode })
      .from(hyShippingNote)
      .where(
        and(
          inArray(hyShippingNote.id, ctx.notesToComplete),
          eq(hyShippingNote.status, SHIPPING_STATUS.audited),
          eq(hyShippingNote.payStatus, 0),
        ),
      )
      .orderBy(asc(hyShippingNote.auditTime));
    rows.paid += await pay(
      PAYOUT_KIND.final,
      toComplete.filter((n) => n.settleMode === SETTLE_MODE.perTrip),
      'pay',
    );
    rows.advanced += await pay(
      PAYOUT_KIND.advance,
      toComplete.filter((n) => n.settleMode !== SETTLE_MODE.perTrip),
      'advance',
    );
    // Per-approval customers fund their advances: the recharge settles the receivable first.
    for (const c of customers.filter((x) => x.settleMode === SETTLE_MODE.perApproval))
      await rechargeViaBank(fin, actor, {
        customerId: c.id,
        amountFen: 20_000_000,
        idempotencyKey: `demo-settle-${c.id}`,
        remark: '演示还款',
      });

    // Prepayments at loading on the loaded notes that carry one.
    const loaded = await db
      .select(payable)
      .from(hyShippingNote)
      .where(
        and(
          eq(hyShippingNote.createBy, 'demo'),
          inArray(hyShippingNote.status, [SHIPPING_STATUS.loaded, SHIPPING_STATUS.inTransit]),
          eq(hyShippingNote.payStatus, 0),
          gt(hyShippingNote.prepayFen, 0),
        ),
      );
    rows.prepaid += await pay(PAYOUT_KIND.prepay, loaded, 'prepay');

    rows.fuelStatement = await seedFuelStatement(fin);

    // A monthly customer's bill of its audited notes, sent for confirmation (first run only).
    if (!existing)
      for (const c of customers.filter((x) => x.settleMode === SETTLE_MODE.monthly)) {
        try {
          // The period opens on the day of the customer's first audit, so the bill reads as the span it covers.
          const [{ firstAudit }] = await db
            .select({ firstAudit: min(hyShippingNote.auditTime) })
            .from(hyShippingNote)
            .where(eq(hyShippingNote.customerId, c.id));
          const periodEnd = chinaToday(ctx.now);
          const bill = await generateBill(fin, actor, {
            customerId: c.id,
            periodStart: firstAudit ? chinaToday(firstAudit) : periodEnd,
            periodEnd,
          });
          await billStep(fin, actor, 'send', bill.id);
          rows.bills++;
        } catch {
          // nothing audited to bill
        }
      }
    return rows;
  },
};
