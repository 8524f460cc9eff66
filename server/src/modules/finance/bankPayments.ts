import { PAY_STATUS, PAYMENT_KIND, PAYMENT_STATE, PAYOUT_KIND } from '@freight/contracts';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import {
  changePayStatus,
  hyDriver,
  hyVehicle,
  lockNotes,
  type NoteRow,
  type PayStatusChange,
} from '../freight/index.ts';
import { enqueueFundFlow } from '../regulator/index.ts';
import { lockNoteMoney, saveSettlements, walletKeysOf } from './accounts.ts';
import { type BankResult, BankUnavailable, type PaymentOutcome } from './bank/adapter.ts';
import { Books } from './books.ts';
import { type Finance, moneyMoved, tablesChanged } from './context.ts';
import { PAYMENT_LEDGER_TYPE } from './payoutPlan.ts';
import { payoutConfirmed } from './postings.ts';
import { finBankPayment, finPayout } from './schema.ts';
import { moneyTx } from './tx.ts';

// Payments at the bank: sent after the transaction that wrote them, resolved by the bank's callback, by a
// query, or by the answer of the call itself. Nothing is booked while a payment is at the bank; the
// resolution is one transaction that books the payout (or leaves the payable on failure) and moves the note.

export type PaymentRow = typeof finBankPayment.$inferSelect;

export interface Resolution {
  resolved: number;
  /** Request nos. already resolved before (a repeated callback): nothing changed. */
  duplicates: string[];
  /** Request nos. we never sent: nothing changed. */
  unknown: string[];
}

const outcomeOf = (requestNo: string, result: BankResult): PaymentOutcome | null => {
  if (result.status === 'paid') return { requestNo, status: 'paid', bankSerialNo: result.bankSerialNo };
  if (result.status === 'failed')
    return { requestNo, status: 'failed', failCode: result.failCode, failReason: result.failReason };
  return null;
};

/**
 * Sends pending payments: each is claimed (pending → paying) by one conditional update, so two senders
 * never send one payment; then the bank is called with the payment's own request no.
 */
export async function sendPayments(fin: Finance, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const outcomes: PaymentOutcome[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const claimed = await fin.db
      .update(finBankPayment)
      .set({
        state: PAYMENT_STATE.paying,
        attempts: sql`${finBankPayment.attempts} + 1`,
        sentTime: new Date(),
        updateTime: new Date(),
      })
      .where(
        and(
          inArray(finBankPayment.id, ids.slice(i, i + 500)),
          eq(finBankPayment.state, PAYMENT_STATE.pending),
        ),
      )
      .returning();
    for (const payment of claimed) {
      const outcome = await callBank(fin, payment);
      if (outcome) outcomes.push(outcome);
    }
  }
  if (outcomes.length) await resolvePayments(fin, outcomes);
}

async function callBank(fin: Finance, payment: PaymentRow): Promise<PaymentOutcome | null> {
  try {
    const result = await fin.bank.payOut({
      requestNo: payment.requestNo,
      amountFen: payment.amountFen,
      cardNo: payment.cardNo,
      holderName: payment.holderName,
      holderIdCard: payment.holderIdCard,
      bankCode: payment.bankCode,
      memo: payment.shippingNoteNumber ? `运单${payment.shippingNoteNumber}` : undefined,
    });
    return outcomeOf(payment.requestNo, result);
  } catch (error) {
    // No answer: the payment stays 'paying' until a query tells (never sent again blindly).
    if (!(error instanceof BankUnavailable))
      fin.log.error({ err: error, requestNo: payment.requestNo }, 'bank pay-out failed');
    return null;
  }
}

/** Books the bank's outcomes: one transaction for the lot (a batch callback, a batch of queries). */
export async function resolvePayments(fin: Finance, outcomes: PaymentOutcome[]): Promise<Resolution> {
  const byRequest = new Map(outcomes.map((o) => [o.requestNo, o]));
  const requestNos = [...byRequest.keys()];
  let tenants: number[] = [];
  const result = await moneyTx(fin.db, async (tx) => {
    const known = new Map<string, PaymentRow>();
    for (let i = 0; i < requestNos.length; i += 500)
      for (const row of await tx
        .select()
        .from(finBankPayment)
        .where(inArray(finBankPayment.requestNo, requestNos.slice(i, i + 500))))
        known.set(row.requestNo, row);
    const unknown = requestNos.filter((r) => !known.has(r));
    const open = [...known.values()].filter(
      (p) => p.state === PAYMENT_STATE.paying || p.state === PAYMENT_STATE.pending,
    );
    const duplicates = [...known.values()].filter((p) => !open.includes(p)).map((p) => p.requestNo);
    let resolved = 0;
    const byTenant = new Map<number, PaymentRow[]>();
    for (const p of open) byTenant.set(p.tenantId, [...(byTenant.get(p.tenantId) ?? []), p]);
    for (const [tenantId, payments] of byTenant)
      resolved += await resolveTenant(tx, tenantId, payments, byRequest, duplicates);
    tenants = [...byTenant.keys()];
    return { resolved, duplicates, unknown };
  });
  if (result.resolved) {
    tablesChanged(fin, 'hy_shipping_note', 'fin_bank_payment', 'fin_ledger_line', 'fin_wallet');
    moneyMoved(fin, tenants);
  }
  return result;
}

async function resolveTenant(
  tx: Tx,
  tenantId: number,
  candidates: PaymentRow[],
  byRequest: Map<string, PaymentOutcome>,
  duplicates: string[],
): Promise<number> {
  // Lock order: notes, then the payments (re-read under lock: a concurrent resolution may have won), then
  // settlements and wallets.
  const noteIds = [...new Set(candidates.map((p) => p.noteId).filter((id): id is string => !!id))];
  const notes = await lockNotes(tx, tenantId, noteIds);
  const payments = await tx
    .select()
    .from(finBankPayment)
    .where(
      and(
        inArray(
          finBankPayment.id,
          candidates.map((p) => p.id),
        ),
        inArray(finBankPayment.state, [PAYMENT_STATE.pending, PAYMENT_STATE.paying]),
      ),
    )
    .orderBy(asc(finBankPayment.id))
    .for('update');
  for (const c of candidates) if (!payments.some((p) => p.id === c.id)) duplicates.push(c.requestNo);
  if (payments.length === 0) return 0;
  const books = new Books(tx, tenantId, 'bank');
  const settlements = await lockNoteMoney(tx, notes, books);
  const walletsById = new Map(
    notes
      .flatMap((n) => walletKeysOf([n]))
      .map((k) => {
        const held = books.wallet(k.ownerType, k.ownerId);
        return [held.row.id, held] as const;
      }),
  );
  const now = new Date();
  for (const payment of payments) {
    const outcome = byRequest.get(payment.requestNo) as PaymentOutcome;
    if (outcome.status === 'paid') {
      const payable = walletsById.get(payment.walletId);
      if (!payable) throw new Error(`payable ${payment.walletId} of ${payment.requestNo} not locked`);
      const serial = outcome.bankSerialNo ?? payment.requestNo;
      payoutConfirmed(
        books,
        { ...payment, type: PAYMENT_LEDGER_TYPE[payment.kind] ?? 2, bankSerialNo: serial },
        payable,
      );
      const s = payment.noteId ? settlements.get(payment.noteId) : undefined;
      if (s) {
        if (payment.kind === 1) s.prepaidFen += payment.amountFen;
        else if (payment.kind === 4) s.agentPaidFen += payment.amountFen;
        else s.finalPaidFen += payment.amountFen;
      }
      await tx
        .update(finBankPayment)
        .set({ state: PAYMENT_STATE.paid, bankSerialNo: serial, finishTime: now, updateTime: now })
        .where(eq(finBankPayment.id, payment.id));
    } else {
      await tx
        .update(finBankPayment)
        .set({
          state: PAYMENT_STATE.failed,
          failCode: outcome.failCode ?? 'FAILED',
          failReason: outcome.failReason ?? '银行付款失败',
          finishTime: now,
          updateTime: now,
        })
        .where(eq(finBankPayment.id, payment.id));
    }
  }
  await books.flush();
  await saveSettlements(tx, [...settlements.values()]);
  // Each note's request: still at the bank, failed, or done (prepaid, paid or advanced).
  const payoutIds = [...new Set(payments.map((p) => p.payoutId).filter((id): id is string => !!id))];
  const kinds = new Map(
    payoutIds.length
      ? (
          await tx
            .select({ id: finPayout.id, kind: finPayout.kind })
            .from(finPayout)
            .where(inArray(finPayout.id, payoutIds))
        ).map((p) => [p.id, p.kind] as const)
      : [],
  );
  const siblings = noteIds.length
    ? await tx
        .select()
        .from(finBankPayment)
        .where(
          and(
            inArray(finBankPayment.noteId, noteIds),
            inArray(finBankPayment.payoutId, payoutIds.length ? payoutIds : ['']),
          ),
        )
    : [];
  const changes: PayStatusChange[] = [];
  for (const note of notes) {
    if (note.payStatus !== PAY_STATUS.paying) continue;
    const mine = payments.filter((p) => p.noteId === note.id);
    if (mine.length === 0) continue;
    const payoutId = mine[0].payoutId;
    const round = siblings.filter((p) => p.noteId === note.id && p.payoutId === payoutId);
    if (round.some((p) => p.state === PAYMENT_STATE.pending || p.state === PAYMENT_STATE.paying)) continue;
    const failed = round.find((p) => p.state === PAYMENT_STATE.failed);
    if (failed) {
      changes.push({
        note,
        to: PAY_STATUS.failed,
        action: 'payFail',
        remark: failed.failReason,
        data: { failCode: failed.failCode, requestNo: failed.requestNo },
      });
      continue;
    }
    const kind = payoutId ? kinds.get(payoutId) : PAYOUT_KIND.final;
    const paid = round.map((p) => ({
      requestNo: p.requestNo,
      amountFen: p.amountFen,
      bankSerialNo: p.bankSerialNo,
    }));
    if (kind === PAYOUT_KIND.prepay)
      changes.push({ note, to: PAY_STATUS.prepaid, action: 'prepaid', remark: '预付成功', data: { paid } });
    else if (kind === PAYOUT_KIND.advance)
      changes.push({
        note,
        to: PAY_STATUS.advanced,
        complete: true,
        action: 'advanced',
        remark: '垫付成功',
        data: { paid },
      });
    else
      changes.push({
        note,
        to: PAY_STATUS.paid,
        complete: true,
        action: 'paid',
        remark: '付款成功',
        data: { paid },
      });
  }
  await changePayStatus(tx, changes, 'bank');
  await reportFundFlows(tx, tenantId, notes, payments, byRequest, now);
  return payments.length;
}

/**
 * Each freight payment the bank confirmed is a fund-flow record the regulator must get (WLHY_ZJ1001): written
 * to the regulator's outbox in this same transaction. The actual carrier is the driver; the agent's fee is
 * not freight to the carrier and is not reported.
 */
async function reportFundFlows(
  tx: Tx,
  tenantId: number,
  notes: NoteRow[],
  payments: PaymentRow[],
  byRequest: Map<string, PaymentOutcome>,
  now: Date,
): Promise<void> {
  const paid = payments.filter(
    (p) => byRequest.get(p.requestNo)?.status === 'paid' && p.kind !== PAYMENT_KIND.agentFee && p.noteId,
  );
  if (paid.length === 0) return;
  const byNote = new Map(notes.map((n) => [n.id, n]));
  const driverIds = [
    ...new Set(paid.map((p) => byNote.get(p.noteId as string)?.driverId).filter(Boolean)),
  ] as string[];
  const vehicleIds = [
    ...new Set(paid.map((p) => byNote.get(p.noteId as string)?.vehicleId).filter(Boolean)),
  ] as string[];
  const drivers = new Map(
    (
      await tx
        .select({ id: hyDriver.id, idCard: hyDriver.idCard })
        .from(hyDriver)
        .where(inArray(hyDriver.id, driverIds))
    ).map((d) => [d.id, d.idCard]),
  );
  const colours = new Map(
    (
      await tx
        .select({ id: hyVehicle.id, plateColor: hyVehicle.plateColor })
        .from(hyVehicle)
        .where(inArray(hyVehicle.id, vehicleIds.length ? vehicleIds : ['']))
    ).map((v) => [v.id, v.plateColor]),
  );
  for (const payment of paid) {
    const note = byNote.get(payment.noteId as string);
    if (!note) continue;
    const serial = byRequest.get(payment.requestNo)?.bankSerialNo ?? payment.requestNo;
    await enqueueFundFlow(tx, {
      paymentId: payment.id,
      tenantId,
      settledAt: now,
      documentNumber: payment.requestNo,
      carrierName: note.driverName ?? payment.payeeName ?? '',
      carrierId: drivers.get(note.driverId) ?? '',
      vehicleNumber: note.plateNo ?? '',
      vehiclePlateColor: colours.get(note.vehicleId) ?? '2',
      notes: [
        {
          noteId: note.id,
          shippingNoteNumber: note.shippingNoteNumber,
          serialNumber: note.serialNumber,
          freightFen: note.customerFee,
        },
      ],
      payments: [
        {
          meansCode: '32',
          recipient: payment.holderName,
          account: payment.cardNo,
          bankCode: payment.bankCode,
          bankSerialNo: serial,
          amountFen: payment.amountFen,
          time: now,
        },
      ],
    });
  }
}

/**
 * After a restart (and every minute): sends what was written but never sent, and asks the bank about what
 * was sent and not answered. A request the bank has no record of is sent again with the same request no. —
 * the bank deduplicates on it, so this never pays twice.
 */
export async function resumePayments(
  fin: Finance,
  staleMs: number,
): Promise<{ sent: number; resolved: number }> {
  const pending = await idsWhere(
    fin.db,
    finBankPayment,
    eq(finBankPayment.state, PAYMENT_STATE.pending),
    lte(finBankPayment.createTime, new Date(Date.now() - staleMs)),
  );
  await sendPayments(
    fin,
    pending.map((p) => p.id),
  );
  const paying = await fin.db
    .select()
    .from(finBankPayment)
    .where(
      and(
        eq(finBankPayment.state, PAYMENT_STATE.paying),
        lte(finBankPayment.sentTime, new Date(Date.now() - staleMs)),
      ),
    )
    .limit(5000);
  const outcomes: PaymentOutcome[] = [];
  for (const payment of paying) {
    try {
      const answer = await fin.bank.queryPayment(payment.requestNo);
      const outcome =
        answer.status === 'unknown' ? await callBank(fin, payment) : outcomeOf(payment.requestNo, answer);
      if (outcome) outcomes.push(outcome);
    } catch (error) {
      fin.log.warn({ err: error, requestNo: payment.requestNo }, 'bank query failed');
    }
  }
  const resolution = outcomes.length ? await resolvePayments(fin, outcomes) : { resolved: 0 };
  return { sent: pending.length, resolved: resolution.resolved };
}
