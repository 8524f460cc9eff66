// Demo money (issue 17), made through the product's own services and the simulated bank: customers' wallets
// recharged, the waybills the demo shows completed paid (per-trip customers) or advanced (per-approval and
// monthly customers, the per-approval ones then settled by a recharge), a few prepayments at loading, and a
// monthly bill sent. The ledger therefore holds consistent history and reconciles on a fresh start.
import { PAYOUT_KIND, REVIEW_STATE, SETTLE_MODE, SHIPPING_STATUS } from '@freight/contracts';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { ensureCustomerAccounts } from '../../modules/finance/accounts.ts';
import { SimulatedBank } from '../../modules/finance/bank/simulatedBank.ts';
import { sendPayments } from '../../modules/finance/bankPayments.ts';
import { billStep, generateBill } from '../../modules/finance/bills.ts';
import { type Finance, SYSTEM_ACTOR, silentLog } from '../../modules/finance/context.ts';
import { pendingPaymentsOf, submitPayout } from '../../modules/finance/payouts.ts';
import { rechargeViaBank } from '../../modules/finance/recharge.ts';
import { finBill } from '../../modules/finance/schema.ts';
import { saveWalletConfig } from '../../modules/finance/walletConfig.ts';
import { hyCustomer } from '../../modules/freight/schema.ts';
import { hyShippingNote } from '../../modules/freight/shippingSchema.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { DemoContext, DemoSeeder } from './types.ts';

const actor = SYSTEM_ACTOR(0, 'demo');
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
    const customers = await db
      .select()
      .from(hyCustomer)
      .where(eq(hyCustomer.state, REVIEW_STATE.approved))
      .orderBy(asc(hyCustomer.id));
    await db.transaction((tx) =>
      ensureCustomerAccounts(
        tx,
        fin.bank,
        0,
        customers.map((c) => c.id),
      ),
    );
    const rows = { recharges: 0, paid: 0, advanced: 0, prepaid: 0, refused: 0, bills: 0 };
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
      .select()
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
      .select({ id: hyShippingNote.id, customerId: hyShippingNote.customerId })
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

    // A monthly customer's bill of its audited notes, sent for confirmation (first run only).
    if (!existing)
      for (const c of customers.filter((x) => x.settleMode === SETTLE_MODE.monthly)) {
        try {
          const bill = await generateBill(fin, actor, {
            customerId: c.id,
            periodStart: '2000-01-01',
            periodEnd: new Date(ctx.now.getTime() + 8 * 3600_000).toISOString().slice(0, 10),
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
