import {
  ADJUST_KIND,
  ADJUST_STATE,
  type AdjustmentBody,
  LEDGER_TYPE,
  PLATFORM_ACCOUNT,
  SHIPPING_STATUS,
  STILL_TO_PAY,
  USER_TYPE,
  WALLET_OWNER,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { lockTenantRow } from '../../platform/db/tenantRows.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { addNoteHistory, lockNotes, type NoteRow } from '../freight/index.ts';
import { ensureCustomerAccounts, lockNoteMoney, saveSettlements } from './accounts.ts';
import { Books, type Leg } from './books.ts';
import { type FinActor, type Finance, tablesChanged } from './context.ts';
import { driverCashDue } from './payoutPlan.ts';
import { shortOfFunds, yuan } from './postings.ts';
import { finAdjustment } from './schema.ts';
import { keyedRequest, moneyTx, moneyTxChanging, once } from './tx.ts';

// Adjustments and claims after audit: 补款 (top-up to the driver), 扣款 (deduction), 货损理赔 (a
// cargo-damage claim offset against the freight and credited to the shipper) and 货主调账. Submitted, then
// approved by finance, then posted — customer or payable ± amount, adjustment account ∓ amount — and shown in
// the note's history.

export type AdjustmentRow = typeof finAdjustment.$inferSelect;

const KIND_TEXT: Record<number, string> = { 1: '补款', 2: '扣款', 3: '货损理赔', 4: '货主调账' };
const DRIVER_KINDS: number[] = [ADJUST_KIND.topUp, ADJUST_KIND.deduct, ADJUST_KIND.claim];

function checkNote(note: NoteRow | undefined, kind: number): NoteRow {
  if (!note) throw recordNotFound();
  if (note.status !== SHIPPING_STATUS.audited && note.status !== SHIPPING_STATUS.completed)
    throw bizError('运单审核后才能调账或理赔');
  if (DRIVER_KINDS.includes(kind) && !(STILL_TO_PAY as readonly number[]).includes(note.payStatus))
    throw bizError('司机运费已付出或正在支付，不能再调整司机应付（可改为货主调账）');
  return note;
}

/** Locks the note, checks it may take an adjustment of this kind, and records the adjustment pending. */
async function addPendingAdjustment(
  tx: Tx,
  actor: FinActor,
  input: { noteId: string; kind: number; amountFen: number; direction: number; reason: string },
) {
  const [found] = await lockNotes(tx, actor.tenantId, [input.noteId]);
  const note = checkNote(found, input.kind);
  const [row] = await tx
    .insert(finAdjustment)
    .values({
      tenantId: actor.tenantId,
      adjustNo: adjustNo(),
      kind: input.kind,
      noteId: note.id,
      shippingNoteNumber: note.shippingNoteNumber,
      customerId: note.customerId,
      driverId: note.driverId,
      amountFen: input.amountFen,
      direction: input.direction,
      reason: input.reason,
      state: ADJUST_STATE.pending,
      createBy: actor.username,
    })
    .returning();
  return { row, note };
}

const adjustNo = () =>
  `TZ${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${newId().slice(0, 10).toUpperCase()}`;

export async function submitAdjustment(
  fin: Finance,
  actor: FinActor,
  body: AdjustmentBody,
): Promise<AdjustmentRow> {
  if (actor.userType !== USER_TYPE.system) throw bizError('调账和理赔由平台人员办理');
  const answer = await moneyTx(fin.db, (tx) =>
    once(tx, keyedRequest(actor, 'adjustment', body), async () => {
      const { row, note } = await addPendingAdjustment(tx, actor, {
        noteId: body.noteId,
        kind: body.kind,
        amountFen: body.amountFen,
        direction:
          body.kind === ADJUST_KIND.customer ? body.direction : body.kind === ADJUST_KIND.topUp ? 1 : -1,
        reason: body.reason,
      });
      await addNoteHistory(
        tx,
        [
          {
            note,
            action: 'adjustSubmit',
            remark: `${KIND_TEXT[body.kind]}申请${yuan(body.amountFen)}：${body.reason}`,
            data: { adjustNo: row.adjustNo },
          },
        ],
        actor.username,
      );
      return row;
    }),
  );
  tablesChanged(fin, 'fin_adjustment');
  return answer.value;
}

/** The legs of an approved adjustment. */
function legsOf(books: Books, adj: AdjustmentRow, note: NoteRow): Leg[] {
  const ref = { noteId: note.id, shippingNoteNumber: note.shippingNoteNumber, customerId: note.customerId };
  const adjustment = books.platform(PLATFORM_ACCOUNT.adjustment);
  const driver = books.wallet(WALLET_OWNER.driver, note.driverId);
  const customer = books.wallet(WALLET_OWNER.customer, note.customerId);
  const x = adj.amountFen;
  switch (adj.kind) {
    case ADJUST_KIND.topUp:
      return [
        { wallet: driver, amountFen: x, type: LEDGER_TYPE.adjustment, ...ref },
        { wallet: adjustment, amountFen: -x, type: LEDGER_TYPE.adjustment, ...ref },
      ];
    case ADJUST_KIND.deduct:
      return [
        { wallet: driver, amountFen: -x, type: LEDGER_TYPE.adjustment, ...ref },
        { wallet: adjustment, amountFen: x, type: LEDGER_TYPE.adjustment, ...ref },
      ];
    case ADJUST_KIND.claim:
      // Offset against the driver's freight, credited to the shipper, through the adjustment account.
      return [
        { wallet: driver, amountFen: -x, type: LEDGER_TYPE.claim, ...ref },
        { wallet: adjustment, amountFen: x, type: LEDGER_TYPE.claim, ...ref },
        { wallet: customer, amountFen: x, type: LEDGER_TYPE.claim, ...ref },
        { wallet: adjustment, amountFen: -x, type: LEDGER_TYPE.claim, ...ref },
      ];
    default:
      return [
        { wallet: customer, amountFen: adj.direction * x, type: LEDGER_TYPE.adjustment, ...ref },
        { wallet: adjustment, amountFen: -adj.direction * x, type: LEDGER_TYPE.adjustment, ...ref },
      ];
  }
}

/** Finance approves (posts) or rejects an adjustment. */
export async function reviewAdjustment(
  fin: Finance,
  actor: FinActor,
  input: { id: string; approve: boolean; reason?: string | null },
): Promise<AdjustmentRow> {
  return moneyTxChanging(fin, ['fin_adjustment', 'fin_wallet', 'fin_ledger_line'], async (tx) => {
    const adj = await lockTenantRow(tx, finAdjustment, actor.tenantId, eq(finAdjustment.id, input.id));
    if (adj.state !== ADJUST_STATE.pending) throw bizError('该调账申请已处理');
    const [found] = await lockNotes(tx, actor.tenantId, [adj.noteId]);
    const note = checkNote(found, adj.kind);
    const now = new Date();
    if (!input.approve) {
      if (!input.reason) throw bizError('请填写驳回原因');
      const [stored] = await tx
        .update(finAdjustment)
        .set({
          state: ADJUST_STATE.rejected,
          rejectReason: input.reason,
          reviewedBy: actor.username,
          reviewTime: now,
        })
        .where(eq(finAdjustment.id, adj.id))
        .returning();
      await addNoteHistory(
        tx,
        [{ note, action: 'adjustReject', remark: `${KIND_TEXT[adj.kind]}驳回：${input.reason}` }],
        actor.username,
      );
      return stored;
    }
    return postAdjustment(tx, fin, actor, adj, note);
  });
}

/** Posts an adjustment (the driver's freight still to pay must cover a deduction) and marks it approved. */
async function postAdjustment(
  tx: Tx,
  fin: Finance,
  actor: FinActor,
  adj: AdjustmentRow,
  note: NoteRow,
): Promise<AdjustmentRow> {
  const now = new Date();
  await ensureCustomerAccounts(tx, fin.bank, actor.tenantId, [note.customerId]);
  const books = new Books(tx, actor.tenantId, actor.username);
  const s = (await lockNoteMoney(tx, [note], books)).get(note.id);
  if (!s) throw new Error('settlement row missing');
  if (adj.kind === ADJUST_KIND.deduct || adj.kind === ADJUST_KIND.claim) {
    if (driverCashDue(note, s) - adj.amountFen < 0)
      throw bizError(`扣款${yuan(adj.amountFen)}超过司机待付运费${yuan(driverCashDue(note, s))}`);
  }
  if (adj.kind === ADJUST_KIND.customer && adj.direction < 0) {
    const customer = books.wallet(WALLET_OWNER.customer, note.customerId);
    if (books.spendable(customer) < adj.amountFen) throw shortOfFunds(customer, adj.amountFen, '调账扣款');
  }
  const postingId = books.post({
    event: adj.kind === ADJUST_KIND.claim ? 'claim' : 'adjustment',
    noteId: note.id,
    memo: `${KIND_TEXT[adj.kind]}：${adj.reason}`.slice(0, 255),
    legs: legsOf(books, adj, note),
  });
  if (DRIVER_KINDS.includes(adj.kind))
    s.adjustFen += adj.kind === ADJUST_KIND.topUp ? adj.amountFen : -adj.amountFen;
  await books.flush();
  await saveSettlements(tx, [s]);
  const [stored] = await tx
    .update(finAdjustment)
    .set({ state: ADJUST_STATE.approved, postingId, reviewedBy: actor.username, reviewTime: now })
    .where(eq(finAdjustment.id, adj.id))
    .returning();
  await addNoteHistory(
    tx,
    [
      {
        note,
        action: 'adjust',
        remark: `${KIND_TEXT[adj.kind]}${yuan(adj.amountFen)}已入账：${adj.reason}`,
        data: { adjustNo: adj.adjustNo, postingId },
      },
    ],
    actor.username,
  );
  return stored;
}

/**
 * A deduction decided elsewhere (a confirmed violation whose appeal window lapsed or whose appeal was refused),
 * posted in the caller's money transaction, once per idempotency key: the adjustment is recorded as approved and
 * its posting goes through the books like any other. The note must be audited with the driver's freight unpaid.
 */
export async function postDecidedDeduction(
  tx: Tx,
  fin: Finance,
  actor: FinActor,
  input: { noteId: string; amountFen: number; reason: string; idempotencyKey: string },
): Promise<AdjustmentRow> {
  const answer = await once(
    tx,
    {
      tenantId: actor.tenantId,
      key: input.idempotencyKey,
      operation: 'decidedDeduction',
      request: { noteId: input.noteId, amountFen: input.amountFen },
      operator: actor.username,
    },
    async () => {
      const { row, note } = await addPendingAdjustment(tx, actor, {
        noteId: input.noteId,
        kind: ADJUST_KIND.deduct,
        amountFen: input.amountFen,
        direction: -1,
        reason: input.reason.slice(0, 255),
      });
      return postAdjustment(tx, fin, actor, row, note);
    },
  );
  tablesChanged(fin, 'fin_adjustment', 'fin_wallet', 'fin_ledger_line');
  return answer.value;
}
