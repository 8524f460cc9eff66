import {
  BILL_STATUS,
  BILL_TRANSITIONS,
  type BillAction,
  canBill,
  LEDGER_TYPE,
  PAY_STATUS,
  PAYOUT_KIND,
  PLATFORM_ACCOUNT,
  SETTLE_MODE,
  SHIPPING_STATUS,
  settlementDueDate,
  USER_TYPE,
  WALLET_OWNER,
} from '@freight/contracts';
import { and, asc, eq, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { lockTenantRow, ofTenant } from '../../platform/db/tenantRows.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import {
  changePayStatus,
  chinaToday,
  hyShippingNote,
  lockNotes,
  type PayStatusChange,
} from '../freight/index.ts';
import { ensureCustomerAccounts, lockNoteMoney, lockSettlements, saveSettlements } from './accounts.ts';
import { Books } from './books.ts';
import { type FinActor, type Finance, isCustomerUser, SYSTEM_ACTOR, tablesChanged } from './context.ts';
import { type PayoutAnswer, submitPayout } from './payouts.ts';
import { charge, shortOfFunds, yuan } from './postings.ts';
import { customerInScope } from './recharge.ts';
import { finBill, finBillNote, finNoteSettlement, finWalletConfig } from './schema.ts';
import { moneyTx, moneyTxChanging, once } from './tx.ts';

// Bills of 批结 and 月结 customers (domain.md Bill): generated from audited notes not yet charged, then
// draft → sent → confirmed | disputed → adjusted → partly paid → paid → closed. Paying a bill charges its notes
// from the customer's wallet (the charge posting of each) and sends the drivers' payouts.

export type BillRow = typeof finBill.$inferSelect;
const billNo = (periodEnd: string) =>
  `ZD${periodEnd.slice(0, 7).replace('-', '')}${newId().slice(0, 10).toUpperCase()}`;

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/**
 * A bill of the customer's audited, uncharged 批结/月结 notes whose audit falls in the period (China days).
 * A note is on one bill at most (a unique index holds it under any concurrency).
 */
export async function generateBill(
  fin: Finance,
  actor: FinActor,
  input: { customerId: string; periodStart: string; periodEnd: string },
): Promise<BillRow> {
  if (isCustomerUser(actor)) throw bizError('账单由平台财务生成');
  const customer = await customerInScope(fin.db, actor, input.customerId);
  return moneyTxChanging(fin, ['fin_bill'], async (tx) => {
    await ensureCustomerAccounts(tx, fin.bank, actor.tenantId, [customer.id]);
    const [config] = await tx
      .select()
      .from(finWalletConfig)
      .where(eq(finWalletConfig.customerId, customer.id));
    const candidates = await idsWhere(
      tx,
      hyShippingNote,
      ofTenant(hyShippingNote, actor.tenantId, eq(hyShippingNote.customerId, customer.id)),
      inArray(hyShippingNote.status, [SHIPPING_STATUS.audited, SHIPPING_STATUS.completed]),
      inArray(hyShippingNote.settleMode, [SETTLE_MODE.perApproval, SETTLE_MODE.monthly]),
      gte(hyShippingNote.auditTime, dayStart(input.periodStart)),
      lt(hyShippingNote.auditTime, nextDay(input.periodEnd)),
      notExists(
        tx.select({ one: sql`1` }).from(finBillNote).where(eq(finBillNote.noteId, hyShippingNote.id)),
      ),
      notExists(
        tx
          .select({ one: sql`1` })
          .from(finNoteSettlement)
          .where(
            and(
              eq(finNoteSettlement.noteId, hyShippingNote.id),
              sql`${finNoteSettlement.chargeTime} is not null`,
            ),
          ),
      ),
    );
    if (candidates.length === 0) {
      if ((config?.settleMode ?? customer.settleMode) === SETTLE_MODE.perTrip)
        throw bizError('趟结货主在运单审核时扣款，没有需要出账单的运单');
      throw bizError(`${input.periodStart}至${input.periodEnd}没有待出账单的已审核运单`);
    }
    const notes = await lockNotes(
      tx,
      actor.tenantId,
      candidates.map((c) => c.id),
    );
    const settlements = await lockSettlements(tx, notes);
    const settleMode = config?.settleMode ?? notes[0].settleMode;
    const sum = (f: (n: (typeof notes)[number]) => number) => notes.reduce((t, n) => t + f(n), 0);
    const [stored] = await tx
      .insert(finBill)
      .values({
        tenantId: actor.tenantId,
        billNo: billNo(input.periodEnd),
        customerId: customer.id,
        customerName: customer.customerName,
        settleMode,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        noteCount: notes.length,
        driverFeeFen: sum((n) => n.driverFee),
        serviceFeeFen: sum((n) => n.serviceFee),
        agentFeeFen: sum((n) => n.agentFee),
        amountFen: sum((n) => n.customerFee),
        status: BILL_STATUS.draft,
        dueDate: settlementDueDate(
          settleMode === SETTLE_MODE.monthly ? SETTLE_MODE.monthly : SETTLE_MODE.perApproval,
          config?.creditDays ?? customer.creditDays,
          settleMode === SETTLE_MODE.monthly ? input.periodEnd : chinaToday(),
        ),
        createBy: actor.username,
      })
      .returning();
    try {
      for (let i = 0; i < notes.length; i += 400)
        await tx.insert(finBillNote).values(
          notes.slice(i, i + 400).map((n) => ({
            billId: stored.id,
            noteId: n.id,
            shippingNoteNumber: n.shippingNoteNumber,
            customerId: n.customerId,
            agentId: n.agentId,
            auditTime: n.auditTime,
            driverFee: n.driverFee,
            serviceFee: n.serviceFee,
            agentFee: n.agentFee,
            customerFee: n.customerFee,
          })),
        );
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } };
      if ((e?.code ?? e?.cause?.code) === '23505') throw bizError('运单已在其他账单中，请刷新后重试');
      throw error;
    }
    for (const s of settlements.values()) s.billId = stored.id;
    await saveSettlements(tx, [...settlements.values()]);
    return stored;
  });
}

/** The month-end job: last month's bill of every 月结 customer with notes to bill. */
export async function generateMonthEndBills(
  fin: Finance,
  tenantId: number,
  today = chinaToday(),
): Promise<{ bills: number; skipped: number }> {
  const [y, m] = today.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  const customers = await fin.db
    .select({ customerId: finWalletConfig.customerId })
    .from(finWalletConfig)
    .where(ofTenant(finWalletConfig, tenantId, eq(finWalletConfig.settleMode, SETTLE_MODE.monthly)));
  let bills = 0;
  let skipped = 0;
  for (const { customerId } of customers) {
    try {
      await generateBill(fin, SYSTEM_ACTOR(tenantId, 'job'), {
        customerId,
        periodStart: start,
        periodEnd: end,
      });
      bills++;
    } catch {
      skipped++;
    }
  }
  return { bills, skipped };
}

async function lockBill(tx: Tx, actor: FinActor, id: string): Promise<BillRow> {
  const bill = await lockTenantRow(
    tx,
    finBill,
    actor.tenantId,
    eq(finBill.id, id),
    isCustomerUser(actor) ? eq(finBill.customerId, actor.cid ?? '') : undefined,
  );
  if (actor.userType === USER_TYPE.agent || actor.userType === USER_TYPE.captain) throw recordNotFound();
  return bill;
}

const STATUS_TEXT: Record<number, string> = {
  0: '草稿',
  1: '已发送',
  2: '已确认',
  3: '有异议',
  4: '已调整',
  5: '部分付款',
  6: '已付款',
  7: '已关闭',
};

function refuseStep(bill: BillRow, action: BillAction): Error {
  return bizError(
    `账单当前为「${STATUS_TEXT[bill.status] ?? bill.status}」，不能${BILL_TRANSITIONS[action].label}`,
  );
}

/** Send, confirm, dispute or close a bill (customers confirm or dispute their own). */
export async function billStep(
  fin: Finance,
  actor: FinActor,
  action: 'send' | 'confirm' | 'dispute' | 'close',
  id: string,
  reason?: string | null,
): Promise<BillRow> {
  if (isCustomerUser(actor) && (action === 'send' || action === 'close'))
    throw bizError('该操作只能由平台财务办理');
  return moneyTxChanging(fin, ['fin_bill'], async (tx) => {
    const bill = await lockBill(tx, actor, id);
    if (!canBill(action, bill.status)) throw refuseStep(bill, action);
    if (action === 'dispute' && !reason) throw bizError('请填写异议原因');
    const now = new Date();
    const to = {
      send: BILL_STATUS.sent,
      confirm: BILL_STATUS.confirmed,
      dispute: BILL_STATUS.disputed,
      close: BILL_STATUS.closed,
    }[action];
    const [stored] = await tx
      .update(finBill)
      .set({
        status: to,
        ...(action === 'send' ? { sendTime: now } : {}),
        ...(action === 'confirm' ? { confirmTime: now } : {}),
        ...(action === 'dispute' ? { disputeReason: reason ?? null } : {}),
        ...(action === 'close' ? { closeTime: now } : {}),
        updateBy: actor.username,
        updateTime: now,
      })
      .where(and(eq(finBill.id, id), eq(finBill.status, bill.status)))
      .returning();
    return stored;
  });
}

/**
 * Settles a disputed bill by an agreed amount: + the customer owes more, − less. Posted at once (finance
 * holds the button): customer ∓, adjustment account ±.
 */
export async function adjustBill(
  fin: Finance,
  actor: FinActor,
  input: { id: string; amountFen: number; reason: string },
): Promise<BillRow> {
  if (isCustomerUser(actor)) throw bizError('该操作只能由平台财务办理');
  return moneyTxChanging(fin, ['fin_bill', 'fin_wallet', 'fin_ledger_line'], async (tx) => {
    const bill = await lockBill(tx, actor, input.id);
    if (!canBill('adjust', bill.status)) throw refuseStep(bill, 'adjust');
    if (bill.amountFen + bill.adjustFen + input.amountFen < 0) throw bizError('调整后账单金额不能为负数');
    const books = new Books(tx, actor.tenantId, actor.username);
    await books.lock([
      { ownerType: WALLET_OWNER.customer, ownerId: bill.customerId },
      { ownerType: WALLET_OWNER.platform, ownerId: PLATFORM_ACCOUNT.adjustment },
    ]);
    const customer = books.wallet(WALLET_OWNER.customer, bill.customerId);
    if (input.amountFen > 0 && books.spendable(customer) < input.amountFen)
      throw shortOfFunds(customer, input.amountFen, '账单调增');
    books.post({
      event: 'adjustment',
      billId: bill.id,
      memo: `账单${bill.billNo}调整：${input.reason}`.slice(0, 255),
      legs: [
        {
          wallet: customer,
          amountFen: -input.amountFen,
          type: LEDGER_TYPE.adjustment,
          customerId: bill.customerId,
        },
        {
          wallet: books.platform(PLATFORM_ACCOUNT.adjustment),
          amountFen: input.amountFen,
          type: LEDGER_TYPE.adjustment,
          customerId: bill.customerId,
        },
      ],
    });
    await books.flush();
    const [stored] = await tx
      .update(finBill)
      .set({
        status: BILL_STATUS.adjusted,
        adjustFen: bill.adjustFen + input.amountFen,
        remark: `${bill.remark ? `${bill.remark}\n` : ''}调整${yuan(input.amountFen)}：${input.reason}`,
        updateBy: actor.username,
        updateTime: new Date(),
      })
      .where(eq(finBill.id, bill.id))
      .returning();
    return stored;
  });
}

export interface BillPayAnswer {
  billId: string;
  status: number;
  chargedNotes: number;
  paidFen: number;
  payout?: PayoutAnswer;
  message: string;
}

/**
 * Pays a bill from the customer's wallet: charges its notes in order while the wallet (credit included)
 * covers them and the amount asked allows — one transaction keyed by the idempotency key — then submits the
 * drivers' payouts of the charged notes (advanced notes become paid by the charge itself).
 */
export async function payBill(
  fin: Finance,
  actor: FinActor,
  input: { id: string; idempotencyKey: string; amountFen?: number },
): Promise<BillPayAnswer> {
  const answer = await moneyTx(fin.db, (tx) =>
    once(
      tx,
      {
        tenantId: actor.tenantId,
        key: input.idempotencyKey,
        operation: 'bill:pay',
        request: { id: input.id, amountFen: input.amountFen ?? null },
        operator: actor.username,
      },
      async () => {
        const bill = await lockBill(tx, actor, input.id);
        if (!canBill('pay', bill.status)) throw refuseStep(bill, 'pay');
        const lines = await tx
          .select()
          .from(finBillNote)
          .where(and(eq(finBillNote.billId, bill.id), eq(finBillNote.charged, false)))
          .orderBy(asc(finBillNote.auditTime), asc(finBillNote.noteId));
        const notes = await lockNotes(
          tx,
          actor.tenantId,
          lines.map((l) => l.noteId),
        );
        const books = new Books(tx, actor.tenantId, actor.username);
        const settlements = await lockNoteMoney(tx, notes, books);
        const changes: PayStatusChange[] = [];
        const charged: string[] = [];
        let budget = input.amountFen ?? Number.MAX_SAFE_INTEGER;
        const byId = new Map(notes.map((n) => [n.id, n]));
        for (const line of lines) {
          const note = byId.get(line.noteId);
          const s = settlements.get(line.noteId);
          if (!note || !s) continue;
          if (note.customerFee > budget) break;
          if (s.chargeTime) {
            charged.push(note.id);
            continue;
          }
          if (!charge(books, note, s, { mustAfford: false, billId: bill.id }, changes)) break;
          budget -= note.customerFee;
          charged.push(note.id);
        }
        if (charged.length === 0) {
          const first = lines[0] && byId.get(lines[0].noteId);
          if (!first) throw bizError('账单没有待付款的运单');
          if (input.amountFen !== undefined && first.customerFee > input.amountFen)
            throw bizError(`付款金额不足一笔运单的运费（${yuan(first.customerFee)}）`);
          throw shortOfFunds(
            books.wallet(WALLET_OWNER.customer, bill.customerId),
            first.customerFee,
            '账单付款',
          );
        }
        await books.flush();
        await saveSettlements(tx, [...settlements.values()]);
        await changePayStatus(tx, changes, actor.username);
        await tx
          .update(finBillNote)
          .set({ charged: true })
          .where(and(eq(finBillNote.billId, bill.id), inArray(finBillNote.noteId, charged)));
        const paidNow = charged.reduce((t, id) => t + (byId.get(id)?.customerFee ?? 0), 0);
        const all = charged.length === lines.length;
        const [stored] = await tx
          .update(finBill)
          .set({
            paidFen: bill.paidFen + paidNow,
            status: all ? BILL_STATUS.paid : BILL_STATUS.partlyPaid,
            paidTime: all ? new Date() : bill.paidTime,
            updateBy: actor.username,
            updateTime: new Date(),
          })
          .where(eq(finBill.id, bill.id))
          .returning();
        // Drivers still to pay on the charged notes (the advanced ones were paid by the charge above).
        const toPay = charged.filter((id) => {
          const note = byId.get(id);
          return (
            note && [PAY_STATUS.unpaid, PAY_STATUS.prepaid, PAY_STATUS.failed].includes(note.payStatus as 0)
          );
        });
        return {
          billId: stored.id,
          status: stored.status,
          chargedNotes: charged.length,
          paidFen: paidNow,
          toPay,
          message: `账单${stored.billNo}已付款${yuan(paidNow)}（${charged.length}个运单）${all ? '' : '，余款待付'}`,
        };
      },
    ),
  );
  tablesChanged(fin, 'fin_bill', 'fin_wallet', 'fin_ledger_line', 'hy_shipping_note');
  const { toPay, ...result } = answer.value;
  if (answer.replayed || toPay.length === 0) return result;
  // Payouts of the settled notes: staff take the steps they hold; a customer's payment leaves them to finance.
  const staff = !isCustomerUser(actor);
  try {
    const payout = await submitPayout(fin, staff ? actor : SYSTEM_ACTOR(actor.tenantId, actor.username), {
      kind: PAYOUT_KIND.final,
      ids: toPay,
      idempotencyKey: `${input.idempotencyKey}:payout`.slice(0, 64),
      proceed: staff,
      billId: result.billId,
    });
    return { ...result, payout, message: `${result.message}；${payout.message}` };
  } catch (error) {
    // The bill is paid; a driver that may not be paid yet (a card to re-bind) stays on the pay list.
    const reason = error instanceof Error ? error.message : String(error);
    return { ...result, message: `${result.message}；司机付款未提交：${reason}` };
  }
}

/** Rows of a bill's statement (its notes with their money), for the Excel export. */
export async function billStatementRows(fin: Finance, actor: FinActor, id: string) {
  const [bill] = await fin.db
    .select()
    .from(finBill)
    .where(
      and(
        eq(finBill.id, id),
        eq(finBill.tenantId, actor.tenantId),
        isCustomerUser(actor) ? eq(finBill.customerId, actor.cid ?? '') : undefined,
        actor.userType === USER_TYPE.agent || actor.userType === USER_TYPE.captain ? sql`false` : undefined,
      ),
    );
  if (!bill) throw recordNotFound();
  const lines = await fin.db
    .select({
      line: finBillNote,
      plateNo: hyShippingNote.plateNo,
      driverName: hyShippingNote.driverName,
      goodsName: hyShippingNote.goodsName,
      loadCity: hyShippingNote.loadCity,
      unloadCity: hyShippingNote.unloadCity,
      settleWeightG: hyShippingNote.settleWeightG,
      payStatus: hyShippingNote.payStatus,
    })
    .from(finBillNote)
    .innerJoin(hyShippingNote, eq(hyShippingNote.id, finBillNote.noteId))
    .where(eq(finBillNote.billId, id))
    .orderBy(asc(finBillNote.auditTime));
  return { bill, lines };
}
