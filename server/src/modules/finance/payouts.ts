import { PAYOUT_KIND, PAYOUT_STATE, PAYOUT_STEP_CODE, type PayoutStep, USER_TYPE } from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { grantsOf } from '../../platform/access/grants.ts';
import type { Tx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { lockTenantRow } from '../../platform/db/tenantRows.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { changePayStatus, lockNotes, type PayStatusChange } from '../freight/index.ts';
import { roleCodesOf } from '../system/index.ts';
import { ensureCustomerAccounts, lockSettlements, saveSettlements, walletKeysOf } from './accounts.ts';
import { Books } from './books.ts';
import { type FinActor, type Finance, tablesChanged } from './context.ts';
import { markTollsSettled } from './etcRecords.ts';
import { type FuelRechargeInsert, fuelAccountKeys, fuelCardsOf, saveRecharges } from './fuelCards.ts';
import {
  type EtcSettled,
  executePlans,
  type PaymentInsert,
  planPayout,
  planTotal,
  type Shares,
} from './payoutPlan.ts';
import { yuan } from './postings.ts';
import { finApprovalLimit, finBankPayment, finPayout, finPayoutLog, finPayoutNote } from './schema.ts';
import { moneyTx, moneyTxChanging, once } from './tx.ts';

// The payout approval chain: submitted by operations, reviewed by finance, executed by the cashier
// (出纳), each within its role's amount limit and logged. Whoever holds the next steps and limits takes them
// at once, so the demo's admin pays in one go. Execution is the money transaction: charges, advances, card
// shares, bank payment rows and the notes' pay status, keyed by the request's idempotency key.

export type PayoutRow = typeof finPayout.$inferSelect;

export interface PayoutAnswer {
  payoutId: string;
  payoutNo: string;
  state: number;
  noteCount: number;
  totalFen: number;
  message: string;
}

const KIND_TEXT: Record<number, string> = { 1: '预付', 2: '付款', 3: '垫付' };

/** What an actor may approve, read before the money transaction (PGlite has one connection). */
export type Rights = Record<PayoutStep, { granted: boolean; limit: number | null }>;

/** The actor's approval codes and, per step, the highest limit of their roles (none set: no limit). */
export async function rightsOf(fin: Finance, actor: FinActor): Promise<Rights> {
  const open = { granted: true, limit: null };
  if (!actor.userId) return { submit: open, review: open, execute: open };
  const grants = await grantsOf(fin.db, actor.userId);
  const roles = await roleCodesOf(fin.db, actor.userId);
  const limits = roles.length
    ? await fin.db.select().from(finApprovalLimit).where(inArray(finApprovalLimit.roleCode, roles))
    : [];
  const of = (step: PayoutStep) => {
    const rows = limits.filter((l) => l.step === step);
    return {
      granted: actor.userType === USER_TYPE.system && grants.codes.has(PAYOUT_STEP_CODE[step]),
      limit: rows.length ? Math.max(...rows.map((r) => r.maxFen)) : null,
    };
  };
  return { submit: of('submit'), review: of('review'), execute: of('execute') };
}

const STEP_TEXT: Record<PayoutStep, string> = { submit: '提交', review: '复核', execute: '付款' };

/** Why the actor may not take a step for this amount, or null. */
export function mayTake(rights: Rights, step: PayoutStep, totalFen: number): string | null {
  const right = rights[step];
  if (!right.granted)
    return step === 'review'
      ? '您没有付款复核权限'
      : step === 'execute'
        ? '您没有出纳付款权限'
        : '您没有提交付款的权限';
  if (right.limit !== null && totalFen > right.limit)
    return `金额${yuan(totalFen)}超出您的${STEP_TEXT[step]}额度${yuan(right.limit)}`;
  return null;
}

async function log(
  tx: Tx,
  payout: PayoutRow,
  step: string,
  to: number,
  actor: FinActor,
  remark?: string | null,
): Promise<void> {
  await tx.insert(finPayoutLog).values({
    payoutId: payout.id,
    step,
    fromState: step === 'submit' ? null : payout.state,
    toState: to,
    amountFen: payout.totalFen,
    operator: actor.username,
    remark: remark ?? null,
  });
}

const payoutNo = () => {
  const d = new Date();
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  return `FK${stamp}${newId().slice(0, 10).toUpperCase()}`;
};

/**
 * Locks notes and wallets, plans and executes one payout request: the money transaction of the chain's
 * last step. Returns the payment rows written (pending, sent after commit).
 */
async function execute(
  fin: Finance,
  tx: Tx,
  actor: FinActor,
  payout: PayoutRow,
  noteIds: string[],
): Promise<PaymentInsert[]> {
  const notes = await lockNotes(tx, actor.tenantId, noteIds);
  if (notes.length !== noteIds.length) throw bizError('付款申请中的运单不存在');
  await ensureCustomerAccounts(tx, fin.bank, actor.tenantId, [...new Set(notes.map((n) => n.customerId))]);
  const settlements = await lockSettlements(tx, notes);
  const books = new Books(tx, actor.tenantId, actor.username);
  const fuelCards = await fuelCardsOf(tx, actor.tenantId, notes);
  await books.lock([...walletKeysOf(notes), ...fuelAccountKeys(fuelCards.values())]);
  const shares = (payout.shares?.split(',').filter(Boolean) ?? ['cash', 'card']) as Shares;
  const plans = await planPayout(tx, actor.tenantId, payout.kind, notes, settlements, shares);
  const total = planTotal(plans);
  if (total !== payout.totalFen) {
    // Amounts changed between the steps (an adjustment, a prepayment): the request is no longer what was approved.
    throw bizError(`付款金额已变化（申请${yuan(payout.totalFen)}，现为${yuan(total)}），请驳回后重新提交`);
  }
  const changes: PayStatusChange[] = [];
  const recharges: FuelRechargeInsert[] = [];
  const tolls: EtcSettled[] = [];
  const payments = await executePlans(
    books,
    payout.kind,
    plans,
    payout.id,
    changes,
    { cards: fuelCards, recharges },
    tolls,
  );
  await books.flush();
  await saveRecharges(tx, recharges);
  await markTollsSettled(tx, tolls);
  await saveSettlements(tx, [...settlements.values()]);
  for (let i = 0; i < payments.length; i += 400)
    await tx.insert(finBankPayment).values(payments.slice(i, i + 400));
  await changePayStatus(tx, changes, actor.username);
  await tx.update(finPayoutNote).set({ open: false }).where(eq(finPayoutNote.payoutId, payout.id));
  return payments;
}

/** The next steps the actor may take on a payout (in the caller's transaction), up to `until`. */
async function advanceChain(
  fin: Finance,
  tx: Tx,
  actor: FinActor,
  rights: Rights,
  payout: PayoutRow,
  noteIds: string[],
  until: PayoutStep,
): Promise<{ payout: PayoutRow; stoppedBy: string | null; payments: number }> {
  let current = payout;
  let payments = 0;
  if (current.state === PAYOUT_STATE.submitted) {
    const why = mayTake(rights, 'review', current.totalFen);
    if (why) return { payout: current, stoppedBy: why, payments };
    await log(tx, current, 'review', PAYOUT_STATE.reviewed, actor);
    [current] = await tx
      .update(finPayout)
      .set({ state: PAYOUT_STATE.reviewed, reviewedBy: actor.username, reviewTime: new Date() })
      .where(eq(finPayout.id, current.id))
      .returning();
  }
  if (until === 'review') return { payout: current, stoppedBy: null, payments };
  if (current.state === PAYOUT_STATE.reviewed) {
    const why = mayTake(rights, 'execute', current.totalFen);
    if (why) return { payout: current, stoppedBy: why, payments };
    payments = (await execute(fin, tx, actor, current, noteIds)).length;
    await log(tx, current, 'execute', PAYOUT_STATE.executed, actor, `提交银行${payments}笔`);
    [current] = await tx
      .update(finPayout)
      .set({ state: PAYOUT_STATE.executed, executedBy: actor.username, executeTime: new Date() })
      .where(eq(finPayout.id, current.id))
      .returning();
  }
  return { payout: current, stoppedBy: null, payments };
}

function answerOf(payout: PayoutRow, payments: number, stoppedBy: string | null): PayoutAnswer {
  const kind = KIND_TEXT[payout.kind] ?? '付款';
  const head = `${kind}申请${payout.payoutNo}：${payout.noteCount}个运单，合计${yuan(payout.totalFen)}`;
  let message: string;
  if (payout.state === PAYOUT_STATE.executed)
    message = payments > 0 ? `${head}，已提交银行${payments}笔` : `${head}，已完成`;
  else if (payout.state === PAYOUT_STATE.reviewed)
    message = `${head}，已复核，等待出纳付款${stoppedBy ? `（${stoppedBy}）` : ''}`;
  else message = `${head}，已提交，等待财务复核${stoppedBy ? `（${stoppedBy}）` : ''}`;
  return {
    payoutId: payout.id,
    payoutNo: payout.payoutNo,
    state: payout.state,
    noteCount: payout.noteCount,
    totalFen: payout.totalFen,
    message,
  };
}

export interface SubmitInput {
  kind: number;
  ids: string[];
  idempotencyKey: string;
  shares?: Shares;
  remark?: string | null;
  /** Take the further steps the actor holds (the waybill lists' pay buttons); off for a bare submission. */
  proceed: boolean;
  /** Customer users may pay only their own notes. */
  customerId?: string | null;
  /** A bill's payment: the notes it settles. */
  billId?: string | null;
}

/**
 * Submits a payout request for the notes (refused at once when a note may not be paid) and takes the further
 * steps the actor may take. One transaction, once per idempotency key: a repeated or concurrent request with
 * the key gets the first one's answer and moves no money.
 */
/** What an executed payout writes: the lists showing these refresh. */
const PAYOUT_TABLES = [
  'hy_shipping_note',
  'fin_payout',
  'fin_bank_payment',
  'fin_ledger_line',
  'fin_wallet',
  'fin_fuel_recharge',
  'fin_fuel_card',
  'fin_etc_record',
] as const;

export async function submitPayout(fin: Finance, actor: FinActor, input: SubmitInput): Promise<PayoutAnswer> {
  const rights = await rightsOf(fin, actor);
  const shares: Shares =
    input.kind === PAYOUT_KIND.prepay ? (input.shares ?? ['cash', 'card']) : ['cash', 'card'];
  const answer = await moneyTx(fin.db, (tx) =>
    once(
      tx,
      {
        tenantId: actor.tenantId,
        key: input.idempotencyKey,
        operation: `payout:${input.kind}`,
        request: { ids: [...input.ids].sort(), shares, proceed: input.proceed },
        operator: actor.username,
      },
      async () => {
        const notes = await lockNotes(tx, actor.tenantId, input.ids, input.customerId);
        if (notes.length !== input.ids.length) throw recordNotFound();
        await ensureCustomerAccounts(tx, fin.bank, actor.tenantId, [
          ...new Set(notes.map((n) => n.customerId)),
        ]);
        const settlements = await lockSettlements(tx, notes);
        const plans = await planPayout(tx, actor.tenantId, input.kind, notes, settlements, shares);
        const total = planTotal(plans);
        const [payout] = await tx
          .insert(finPayout)
          .values({
            tenantId: actor.tenantId,
            payoutNo: payoutNo(),
            kind: input.kind,
            shares: shares.join(','),
            noteCount: notes.length,
            totalFen: total,
            state: PAYOUT_STATE.submitted,
            submittedBy: actor.username,
            remark: input.remark ?? null,
            createBy: actor.username,
          })
          .returning();
        try {
          await tx.insert(finPayoutNote).values(
            plans.map((p) => ({
              payoutId: payout.id,
              noteId: p.note.id,
              kind: input.kind,
              shippingNoteNumber: p.note.shippingNoteNumber,
              amountFen: p.driverCash + p.agentCash,
            })),
          );
        } catch (error) {
          throw openRequestClash(error) ?? error;
        }
        await log(tx, payout, 'submit', PAYOUT_STATE.submitted, actor, input.remark);
        if (!input.proceed) return answerOf(payout, 0, null);
        const done = await advanceChain(fin, tx, actor, rights, payout, input.ids, 'execute');
        return answerOf(done.payout, done.payments, done.stoppedBy);
      },
    ),
  );
  tablesChanged(fin, ...PAYOUT_TABLES);
  return answer.value;
}

function openRequestClash(error: unknown): Error | null {
  const e = error as { code?: string; cause?: { code?: string } };
  if ((e?.code ?? e?.cause?.code) !== '23505') return null;
  return bizError('运单已在另一个付款申请中，请等待其审批完成');
}

async function lockPayout(
  tx: Tx,
  tenantId: number,
  id: string,
): Promise<{ payout: PayoutRow; noteIds: string[] }> {
  const payout = await lockTenantRow(tx, finPayout, tenantId, eq(finPayout.id, id));
  const notes = await tx
    .select({ noteId: finPayoutNote.noteId })
    .from(finPayoutNote)
    .where(eq(finPayoutNote.payoutId, id));
  return { payout, noteIds: notes.map((n) => n.noteId) };
}

/** Review (finance) or execute (cashier) a submitted request. */
export async function takePayoutStep(
  fin: Finance,
  actor: FinActor,
  step: 'review' | 'execute',
  id: string,
  remark?: string | null,
): Promise<PayoutAnswer> {
  const rights = await rightsOf(fin, actor);
  return moneyTxChanging(fin, [...PAYOUT_TABLES], async (tx) => {
    const { payout, noteIds } = await lockPayout(tx, actor.tenantId, id);
    const expected = step === 'review' ? PAYOUT_STATE.submitted : PAYOUT_STATE.reviewed;
    if (payout.state !== expected) {
      const states: Record<number, string> = { 1: '待复核', 2: '待付款', 3: '已付款', 4: '已驳回' };
      throw bizError(
        `付款申请当前为「${states[payout.state] ?? payout.state}」，不能${step === 'review' ? '复核' : '付款'}`,
      );
    }
    const why = mayTake(rights, step, payout.totalFen);
    if (why) throw bizError(why);
    const done = await advanceChain(fin, tx, actor, rights, payout, noteIds, step);
    if (remark)
      await tx
        .update(finPayoutLog)
        .set({ remark })
        .where(and(eq(finPayoutLog.payoutId, id), eq(finPayoutLog.step, step)));
    return answerOf(done.payout, done.payments, null);
  });
}

/** Rejects a request not yet executed: its notes are free for another request. */
export async function rejectPayout(
  fin: Finance,
  actor: FinActor,
  id: string,
  reason: string,
): Promise<PayoutAnswer> {
  const rights = await rightsOf(fin, actor);
  const answer = await moneyTx(fin.db, async (tx) => {
    const { payout } = await lockPayout(tx, actor.tenantId, id);
    if (payout.state !== PAYOUT_STATE.submitted && payout.state !== PAYOUT_STATE.reviewed)
      throw bizError('只有待复核或待付款的申请可以驳回');
    const step = payout.state === PAYOUT_STATE.submitted ? 'review' : 'execute';
    if (!rights[step].granted) throw bizError('您没有驳回该申请的权限');
    await log(tx, payout, 'reject', PAYOUT_STATE.rejected, actor, reason);
    const [stored] = await tx
      .update(finPayout)
      .set({
        state: PAYOUT_STATE.rejected,
        rejectReason: reason,
        updateBy: actor.username,
        updateTime: new Date(),
      })
      .where(eq(finPayout.id, id))
      .returning();
    await tx.update(finPayoutNote).set({ open: false }).where(eq(finPayoutNote.payoutId, id));
    return answerOf(stored, 0, null);
  });
  tablesChanged(fin, 'fin_payout');
  return { ...answer, message: `付款申请${answer.payoutNo}已驳回` };
}

/** Ids of the pending payments of a payout (sent after its transaction commits). */
export async function pendingPaymentsOf(fin: Finance, payoutId: string): Promise<string[]> {
  const rows = await idsWhere(
    fin.db,
    finBankPayment,
    eq(finBankPayment.payoutId, payoutId),
    eq(finBankPayment.state, 0),
  );
  return rows.map((r) => r.id);
}
