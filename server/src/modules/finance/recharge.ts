import {
  LEDGER_TYPE,
  type ManualRechargeBody,
  PLATFORM_ACCOUNT,
  RECHARGE_CHANNEL,
  RECHARGE_STATE,
  type RechargeBody,
  USER_TYPE,
  WALLET_OWNER,
} from '@freight/contracts';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { rowExists } from '../../platform/db/idsWhere.ts';
import { lockTenantRow, ofTenant } from '../../platform/db/tenantRows.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { changePayStatus, findCustomer, lockNotes, type PayStatusChange } from '../freight/index.ts';
import { ensureCustomerAccounts, lockNoteMoney, saveSettlements, walletConfigOf } from './accounts.ts';
import type { RechargeNotice } from './bank/adapter.ts';
import { ALL_PLATFORM_KEYS, Books, walletOfOwner } from './books.ts';
import { type FinActor, type Finance, isCustomerUser, tablesChanged } from './context.ts';
import { charge, yuan } from './postings.ts';
import {
  finNoteSettlement,
  finPosting,
  finRecharge,
  finStatementLine,
  finWallet,
  finWalletConfig,
} from './schema.ts';
import { keyedRequest, moneyTx, moneyTxChanging, once } from './tx.ts';

// Recharges: money arriving in a customer's escrow sub-account is credited — bank clearing −X,
// customer +X — and first settles the customer's advances (the receivable) as far as the new balance goes.
// Through the bank adapter the bank's word credits at once; a voucher needs a second user and a matching
// bank-statement line (maker-checker).

export type RechargeRow = typeof finRecharge.$inferSelect;

/** The customer an actor may act for: unknown and other parties' customers are "not found". */
export async function customerInScope(tx: DbOrTx, actor: FinActor, customerId: string) {
  if (isCustomerUser(actor) && actor.cid !== customerId) throw recordNotFound();
  if (actor.userType === USER_TYPE.agent || actor.userType === USER_TYPE.captain) throw recordNotFound();
  const customer = await findCustomer(tx, actor.tenantId, customerId);
  if (!customer) throw recordNotFound();
  return customer;
}

const rechargeNo = () => {
  const d = new Date();
  return `CZ${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}${newId().slice(0, 10).toUpperCase()}`;
};

interface Credit {
  tenantId: number;
  customerId: string;
  amountFen: number;
  bankSerialNo: string;
  operator: string;
  memo: string;
}

/**
 * Credits a recharge inside the caller's transaction and settles advanced notes oldest first while the
 * balance covers them (no credit used: a recharge pays off, it does not borrow). Returns the posting id,
 * and how many advances it settled.
 */
async function credit(tx: Tx, c: Credit): Promise<{ postingId: string; settled: number }> {
  const seen = await rowExists(
    tx,
    finPosting,
    ofTenant(
      finPosting,
      c.tenantId,
      eq(finPosting.event, 'recharge'),
      eq(finPosting.bankSerialNo, c.bankSerialNo),
    ),
  );
  if (seen) throw bizError(`银行流水${c.bankSerialNo}已入账，不能重复入账`);
  const advanced = await tx
    .select({ noteId: finNoteSettlement.noteId })
    .from(finNoteSettlement)
    .where(
      and(
        eq(finNoteSettlement.customerId, c.customerId),
        gt(finNoteSettlement.advancedFen, 0),
        isNull(finNoteSettlement.chargeTime),
      ),
    )
    .orderBy(asc(finNoteSettlement.updateTime))
    .limit(200);
  // Lock order: notes, settlements, wallets.
  const notes = await lockNotes(
    tx,
    c.tenantId,
    advanced.map((a) => a.noteId),
  );
  const books = new Books(tx, c.tenantId, c.operator);
  const settlements = await lockNoteMoney(tx, notes, books, [
    ...ALL_PLATFORM_KEYS,
    { ownerType: WALLET_OWNER.customer, ownerId: c.customerId },
  ]);
  const customer = books.wallet(WALLET_OWNER.customer, c.customerId);
  const postingId = books.post({
    event: 'recharge',
    bankSerialNo: c.bankSerialNo,
    memo: c.memo,
    legs: [
      {
        wallet: books.platform(PLATFORM_ACCOUNT.bankClearing),
        amountFen: -c.amountFen,
        type: LEDGER_TYPE.recharge,
        customerId: c.customerId,
      },
      { wallet: customer, amountFen: c.amountFen, type: LEDGER_TYPE.recharge, customerId: c.customerId },
    ],
  });
  const changes: PayStatusChange[] = [];
  let settled = 0;
  const byAge = [...notes].sort(
    (a, b) => advanced.findIndex((x) => x.noteId === a.id) - advanced.findIndex((x) => x.noteId === b.id),
  );
  for (const note of byAge) {
    const s = settlements.get(note.id);
    if (!s) continue;
    if (charge(books, note, s, { mustAfford: false, useCredit: false }, changes)) settled++;
  }
  await books.flush();
  await saveSettlements(tx, [...settlements.values()]);
  await changePayStatus(tx, changes, c.operator);
  return { postingId, settled };
}

export interface RechargeAnswer {
  rechargeId: string;
  rechargeNo: string;
  state: number;
  balanceFen?: number;
  settledAdvances?: number;
  message: string;
}

/** A new recharge of a customer, numbered: what every channel stores first. */
function newRecharge(
  actor: FinActor,
  customer: { id: string; customerName: string },
  channel: number,
  amountFen: number,
) {
  return {
    tenantId: actor.tenantId,
    rechargeNo: rechargeNo(),
    customerId: customer.id,
    customerName: customer.customerName,
    channel,
    amountFen,
    createBy: actor.username,
  };
}

/** The answer about a stored recharge. */
function rechargeAnswer(
  row: { id: string; rechargeNo: string },
  state: number,
  rest: Omit<RechargeAnswer, 'rechargeId' | 'rechargeNo' | 'state'>,
): RechargeAnswer {
  return { rechargeId: row.id, rechargeNo: row.rechargeNo, state, ...rest };
}

async function balanceOf(tx: DbOrTx, tenantId: number, customerId: string): Promise<number> {
  const [w] = await tx
    .select({ balanceFen: finWallet.balanceFen })
    .from(finWallet)
    .where(walletOfOwner(tenantId, WALLET_OWNER.customer, customerId));
  return w?.balanceFen ?? 0;
}

/**
 * A recharge through the bank adapter: the bank collects into the customer's virtual account (its request
 * no. comes from the idempotency key, so a retry is the same request at the bank too) and, once it says
 * paid, one transaction keyed by the idempotency key credits it.
 */
export async function rechargeViaBank(
  fin: Finance,
  actor: FinActor,
  body: RechargeBody,
): Promise<RechargeAnswer> {
  const customer = await customerInScope(fin.db, actor, body.customerId);
  await moneyTx(fin.db, (tx) => ensureCustomerAccounts(tx, fin.bank, actor.tenantId, [customer.id]));
  const config = await walletConfigOf(fin.db, actor.tenantId, customer.id);
  const requestNo = `RC${actor.tenantId}-${body.idempotencyKey}`;
  const result = await fin.bank.requestRecharge({
    requestNo,
    accountNo: config?.subAccountNo ?? fin.bank.virtualAccount(customer.id),
    amountFen: body.amountFen,
    payerName: customer.customerName,
  });
  if (result.status === 'failed') throw bizError(`银行充值失败：${result.failReason}`);
  const answer = await moneyTx(fin.db, (tx) =>
    once(
      tx,
      {
        tenantId: actor.tenantId,
        key: body.idempotencyKey,
        operation: 'recharge',
        request: { customerId: body.customerId, amountFen: body.amountFen },
        operator: actor.username,
      },
      async (): Promise<RechargeAnswer> => {
        const paid = result.status === 'paid';
        const [row] = await tx
          .insert(finRecharge)
          .values({
            ...newRecharge(actor, customer, RECHARGE_CHANNEL.bank, body.amountFen),
            bankSerialNo: paid ? result.bankSerialNo : requestNo,
            state: paid ? RECHARGE_STATE.credited : RECHARGE_STATE.submitted,
            reviewedBy: paid ? 'bank' : null,
            reviewTime: paid ? new Date() : null,
            remark: body.remark ?? null,
          })
          .returning();
        if (!paid) return rechargeAnswer(row, row.state, { message: '已提交银行，到账后自动入账' });
        const done = await credit(tx, {
          tenantId: actor.tenantId,
          customerId: customer.id,
          amountFen: body.amountFen,
          bankSerialNo: result.bankSerialNo,
          operator: actor.username,
          memo: '银行充值',
        });
        await tx.update(finRecharge).set({ postingId: done.postingId }).where(eq(finRecharge.id, row.id));
        const balanceFen = await balanceOf(tx, actor.tenantId, customer.id);
        return rechargeAnswer(row, RECHARGE_STATE.credited, {
          balanceFen,
          settledAdvances: done.settled,
          message: `充值${yuan(body.amountFen)}已到账${done.settled ? `，并结清${done.settled}笔垫付` : ''}，余额${yuan(balanceFen)}`,
        });
      },
    ),
  );
  tablesChanged(fin, 'fin_wallet', 'fin_ledger_line', 'fin_recharge', 'hy_shipping_note');
  return answer.value;
}

/** The bank's recharge notification: credited once per bank serial no.; a repeat is refused. */
export async function creditNotice(fin: Finance, notice: RechargeNotice): Promise<string> {
  const [owner] = await fin.db
    .select()
    .from(finWalletConfig)
    .where(eq(finWalletConfig.subAccountNo, notice.accountNo));
  if (!owner) throw bizError(`未找到虚拟账户${notice.accountNo}对应的货主`);
  return moneyTxChanging(
    fin,
    ['fin_wallet', 'fin_ledger_line', 'fin_recharge', 'hy_shipping_note'],
    async (tx) => {
      const pending = notice.requestNo
        ? (
            await tx
              .select()
              .from(finRecharge)
              .where(
                and(
                  eq(finRecharge.bankSerialNo, notice.requestNo),
                  eq(finRecharge.state, RECHARGE_STATE.submitted),
                ),
              )
              .for('update')
          )[0]
        : undefined;
      const done = await credit(tx, {
        tenantId: owner.tenantId,
        customerId: owner.customerId,
        amountFen: notice.amountFen,
        bankSerialNo: notice.bankSerialNo,
        operator: 'bank',
        memo: '银行到账通知',
      });
      if (pending)
        await tx
          .update(finRecharge)
          .set({
            state: RECHARGE_STATE.credited,
            bankSerialNo: notice.bankSerialNo,
            postingId: done.postingId,
            reviewedBy: 'bank',
            reviewTime: new Date(),
          })
          .where(eq(finRecharge.id, pending.id));
      else
        await tx.insert(finRecharge).values({
          tenantId: owner.tenantId,
          rechargeNo: rechargeNo(),
          customerId: owner.customerId,
          customerName: owner.customerName,
          channel: RECHARGE_CHANNEL.bank,
          amountFen: notice.amountFen,
          payerName: notice.payerName ?? null,
          payerAccount: notice.payerAccount ?? null,
          bankSerialNo: notice.bankSerialNo,
          state: RECHARGE_STATE.credited,
          postingId: done.postingId,
          reviewedBy: 'bank',
          reviewTime: new Date(),
          createBy: 'bank',
        });
      return `货主${owner.customerName ?? ''}充值${yuan(notice.amountFen)}已入账`;
    },
  );
}

/** A voucher recharge (maker): waits for a second user to match it to a bank-statement line. */
export async function submitManualRecharge(
  fin: Finance,
  actor: FinActor,
  body: ManualRechargeBody,
): Promise<RechargeAnswer> {
  const customer = await customerInScope(fin.db, actor, body.customerId);
  const answer = await moneyTx(fin.db, (tx) =>
    once(tx, keyedRequest(actor, 'recharge:voucher', body), async (): Promise<RechargeAnswer> => {
      const [row] = await tx
        .insert(finRecharge)
        .values({
          ...newRecharge(actor, customer, RECHARGE_CHANNEL.voucher, body.amountFen),
          voucherImg: body.voucherImg,
          payerName: body.payerName ?? null,
          payerAccount: body.payerAccount ?? null,
          bankSerialNo: body.bankSerialNo ?? null,
          state: RECHARGE_STATE.submitted,
          remark: body.remark ?? null,
        })
        .returning();
      return rechargeAnswer(row, row.state, {
        message: `充值申请${row.rechargeNo}已提交，需另一位财务人员核对银行流水后入账`,
      });
    }),
  );
  tablesChanged(fin, 'fin_recharge');
  return answer.value;
}

/** The checker: approves against an unmatched incoming statement line of the same amount, or rejects. */
export async function reviewManualRecharge(
  fin: Finance,
  actor: FinActor,
  input: { id: string; approve: boolean; statementLineId?: string | null; reason?: string | null },
): Promise<RechargeAnswer> {
  const answer = await moneyTx(fin.db, async (tx): Promise<RechargeAnswer> => {
    const row = await lockTenantRow(tx, finRecharge, actor.tenantId, eq(finRecharge.id, input.id));
    if (row.channel !== RECHARGE_CHANNEL.voucher) throw bizError('银行充值由银行通知入账，无需审核');
    if (row.state !== RECHARGE_STATE.submitted) throw bizError('该充值申请已处理');
    if (row.createBy === actor.username) throw bizError('不能审核自己提交的充值申请（需另一人复核）');
    /** Records the review on the application and answers its outcome. */
    const reviewed = async (
      change: Partial<typeof finRecharge.$inferInsert> & { state: number },
      outcome: { settledAdvances?: number; message: string },
    ): Promise<RechargeAnswer> => {
      await tx
        .update(finRecharge)
        .set({ ...change, reviewedBy: actor.username, reviewTime: new Date() })
        .where(eq(finRecharge.id, row.id));
      return rechargeAnswer(row, change.state, outcome);
    };
    if (!input.approve) {
      if (!input.reason) throw bizError('请填写驳回原因');
      return reviewed(
        { state: RECHARGE_STATE.rejected, rejectReason: input.reason },
        { message: '充值申请已驳回' },
      );
    }
    if (!input.statementLineId) throw bizError('请选择与凭证对应的银行流水');
    const [line] = await tx
      .select()
      .from(finStatementLine)
      .where(
        and(eq(finStatementLine.id, input.statementLineId), eq(finStatementLine.tenantId, actor.tenantId)),
      )
      .for('update');
    if (!line) throw bizError('银行流水不存在');
    if (line.direction !== 1) throw bizError('所选银行流水不是入账流水');
    if (line.matchState !== 0) throw bizError('所选银行流水已被核销');
    if (line.amountFen !== row.amountFen)
      throw bizError(`银行流水金额${yuan(line.amountFen)}与充值金额${yuan(row.amountFen)}不一致`);
    const done = await credit(tx, {
      tenantId: actor.tenantId,
      customerId: row.customerId,
      amountFen: row.amountFen,
      bankSerialNo: line.bankSerialNo,
      operator: actor.username,
      memo: '凭证充值',
    });
    await tx
      .update(finStatementLine)
      .set({
        matchState: 1,
        matchedPostingId: done.postingId,
        matchedRef: row.rechargeNo,
        updateBy: actor.username,
        updateTime: new Date(),
      })
      .where(eq(finStatementLine.id, line.id));
    return reviewed(
      {
        state: RECHARGE_STATE.credited,
        statementLineId: line.id,
        bankSerialNo: line.bankSerialNo,
        postingId: done.postingId,
      },
      { settledAdvances: done.settled, message: `充值${yuan(row.amountFen)}已核对入账` },
    );
  });
  tablesChanged(
    fin,
    'fin_wallet',
    'fin_ledger_line',
    'fin_recharge',
    'fin_statement_line',
    'hy_shipping_note',
  );
  return answer;
}

/** Freezes (direction +1) or releases (−1) customer funds by hand, with a reason. */
export async function freezeFunds(
  fin: Finance,
  actor: FinActor,
  input: { customerId: string; amountFen: number; reason: string },
  direction: 1 | -1,
): Promise<{ frozenFen: number; availableFen: number; message: string }> {
  const customer = await customerInScope(fin.db, actor, input.customerId);
  const out = await moneyTx(fin.db, async (tx) => {
    await ensureCustomerAccounts(tx, fin.bank, actor.tenantId, [customer.id]);
    const books = new Books(tx, actor.tenantId, actor.username);
    await books.lock([{ ownerType: WALLET_OWNER.customer, ownerId: customer.id }]);
    const wallet = books.wallet(WALLET_OWNER.customer, customer.id);
    if (direction > 0) {
      if (wallet.balance - wallet.frozen < input.amountFen)
        throw bizError(
          `可用余额${yuan(wallet.balance - wallet.frozen)}不足，不能冻结${yuan(input.amountFen)}`,
        );
    } else {
      const [held] = await tx
        .select({ total: sql<string>`coalesce(sum(${finNoteSettlement.heldFen}), 0)` })
        .from(finNoteSettlement)
        .where(eq(finNoteSettlement.customerId, customer.id));
      const manual = wallet.frozen - Number(held?.total ?? 0);
      if (input.amountFen > manual)
        throw bizError(`解冻金额超过手工冻结金额（手工冻结${yuan(manual)}，预付冻结随运单结算释放）`);
    }
    books.freeze(wallet, direction * input.amountFen, input.reason);
    await books.flush();
    return { frozenFen: wallet.frozen, availableFen: wallet.balance - wallet.frozen };
  });
  tablesChanged(fin, 'fin_wallet');
  return {
    ...out,
    message: `${direction > 0 ? '已冻结' : '已解冻'}${yuan(input.amountFen)}，可用余额${yuan(out.availableFen)}`,
  };
}
