import {
  ETC_RULE,
  fuelCardAccountCode,
  LEDGER_TYPE,
  PAY_STATUS,
  PAYMENT_KIND,
  PAYMENT_STATE,
  PAYOUT_KIND,
  SETTLE_MODE,
  SHIPPING_STATUS,
  WALLET_OWNER,
} from '@freight/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { bizError } from '../../platform/http/errors.ts';
import {
  agentPayeeCards,
  certificateRefusals,
  driverPayeeCards,
  type NoteRow,
  type PayeeCard,
  type PayStatusChange,
} from '../freight/index.ts';
import type { SettlementRow, WalletConfigRow } from './accounts.ts';
import type { Books } from './books.ts';
import { type EtcDue, lockNoteTolls, type NoteTolls } from './etcRecords.ts';
import { type FuelCardRow, type FuelRechargeInsert, fuelCapBp, fuelCapRefusal } from './fuelCards.ts';
import { advance, charge, customerOf, moveCardShare, settleTolls, shortOfFunds, yuan } from './postings.ts';
import { finBankPayment, finNoteSettlement, finWalletConfig } from './schema.ts';

// What a payout request pays for each note, checked against every refusal rule, and what it
// writes when executed. Planned at submission (so an impossible request is refused at once) and again at
// execution under the same locks, because the notes may have changed between the approval steps.

export type Shares = Array<'cash' | 'card'>;

export interface NotePlan {
  note: NoteRow;
  s: SettlementRow;
  /** Cash to the driver's (or collecting captain's) card. */
  driverCash: number;
  driverCard?: PayeeCard;
  /** The agent's fee to the agent's card (agent orders). */
  agentCash: number;
  agentCard?: PayeeCard;
  /** Fuel-card and ETC shares moved now. */
  cardShare: number;
  /** Customer funds frozen for a prepayment. */
  holdFen: number;
  chargeFirst: boolean;
  advanceFirst: boolean;
  /** The note's matched toll records not yet settled, posted with this payment under the note's ETC rule. */
  etc?: EtcDue;
}

const PAY_STATUS_TEXT: Record<number, string> = {
  2: '运单已垫付，司机已收款（货主结算后自动转为已支付）',
  3: '运单正在支付中，请等待银行结果',
  4: '运单已支付，不能重复付款',
  6: '运单已退款',
};

function refuse(note: NoteRow, reason: string): Error {
  return bizError(`运单${note.shippingNoteNumber}：${reason}`);
}

/**
 * Cash the driver is still owed on the note: fee ± adjustments − card shares − tolls deducted − prepayment
 * already paid.
 */
export function driverCashDue(note: NoteRow, s: SettlementRow): number {
  // A card share moved at loading stays what it was; the fee recomputed at unloading settles in cash.
  const cardShare = s.cardShareFen > 0 ? s.cardShareFen : note.fuelCardFen + note.etcFen;
  return note.driverFee + s.adjustFen - cardShare - s.etcDeductFen - s.prepaidFen;
}

/**
 * What the matched, not yet settled tolls of a note cost whom at its payment. Rule 0 (deducted): the driver
 * pays them out of the freight — first out of the ETC share the order withholds (moved to the provider account
 * by the card share), the rest out of the cash; rule 1: the platform bears them all.
 */
export function etcDueOf(note: NoteRow, tolls: NoteTolls | undefined): EtcDue | undefined {
  if (!tolls || tolls.openFen <= 0) return undefined;
  if (note.etcRule === ETC_RULE.platform)
    return { recordIds: tolls.openIds, tollFen: tolls.openFen, deductFen: 0, rule: ETC_RULE.platform };
  const shareLeft = Math.max(0, note.etcFen - tolls.settledFen);
  return {
    recordIds: tolls.openIds,
    tollFen: tolls.openFen,
    deductFen: Math.max(0, tolls.openFen - shareLeft),
    rule: ETC_RULE.deducted,
  };
}

/**
 * Checks every note for the payout kind and works out its amounts. Throws the first refusal, naming the
 * note: not audited, open risk, already paid or paying, certificate expired, card invalid or holder
 * mismatch, bill customer not settled, prepayment above the cap.
 */
export async function planPayout(
  tx: DbOrTx,
  tenantId: number,
  kind: number,
  notes: NoteRow[],
  settlements: Map<string, SettlementRow>,
  shares: Shares,
): Promise<NotePlan[]> {
  const configs = new Map<string, WalletConfigRow>();
  const customerIds = [...new Set(notes.map((n) => n.customerId))];
  if (customerIds.length)
    for (const c of await tx
      .select()
      .from(finWalletConfig)
      .where(inArray(finWalletConfig.customerId, customerIds)))
      configs.set(c.customerId, c);
  const certificates = await certificateRefusals(tx, notes);
  // Tolls are settled with the driver's (final or advance) payment, never with a prepayment.
  const tolls =
    kind === PAYOUT_KIND.prepay
      ? new Map<string, NoteTolls>()
      : await lockNoteTolls(
          tx,
          tenantId,
          notes.map((n) => n.id),
        );
  const fuelCap = await fuelCapBp(tx, tenantId);
  const plans: NotePlan[] = [];
  for (const note of notes) {
    const s = settlements.get(note.id) as SettlementRow;
    if (note.riskStatus !== 0) throw refuse(note, '存在未处理的风险预警，处理后才能付款');
    const paid = PAY_STATUS_TEXT[note.payStatus];
    if (paid) throw refuse(note, paid);
    const plan: NotePlan = {
      note,
      s,
      driverCash: 0,
      agentCash: 0,
      cardShare: 0,
      holdFen: 0,
      chargeFirst: false,
      advanceFirst: false,
    };
    if (kind === PAYOUT_KIND.prepay) {
      if (note.status < SHIPPING_STATUS.loaded || note.status > SHIPPING_STATUS.audited)
        throw refuse(
          note,
          note.status > SHIPPING_STATUS.audited ? '运单已完成，不能预付' : '运单尚未装货，不能预付',
        );
      if (s.prepaidFen > 0 || note.payStatus === PAY_STATUS.prepaid) throw refuse(note, '运单已预付');
      if (shares.includes('cash')) plan.driverCash = note.prepayFen;
      if (shares.includes('card') && s.cardShareFen === 0) plan.cardShare = note.fuelCardFen + note.etcFen;
      if (plan.driverCash + plan.cardShare <= 0)
        throw refuse(note, '没有可预付的金额（未设置预付或油卡比例）');
      const cap = configs.get(note.customerId)?.prepayRatioCapBp ?? 10_000;
      const share = note.prepayFen + note.fuelCardFen + note.etcFen;
      if (share * 10_000 > note.driverFee * cap)
        throw refuse(note, `预付比例超过上限（预付${yuan(share)}，上限为司机运费的${cap / 100}%）`);
      if (!s.chargeTime) plan.holdFen = plan.driverCash + plan.cardShare;
    } else {
      if (note.status !== SHIPPING_STATUS.audited)
        throw refuse(
          note,
          note.status === SHIPPING_STATUS.completed ? '运单已完成，不能重复付款' : '运单未审核，不能付款',
        );
      if (kind === PAYOUT_KIND.final && !s.chargeTime) {
        if (note.settleMode !== SETTLE_MODE.perTrip)
          throw refuse(note, '该运单按批结/月结结算，请先支付账单，或办理垫付');
        plan.chargeFirst = true;
      }
      if (kind === PAYOUT_KIND.advance) {
        if (s.chargeTime) throw refuse(note, '货主已结算该运单，请直接支付');
        plan.advanceFirst = s.advancedFen === 0;
      }
      if (s.cardShareFen === 0) plan.cardShare = note.fuelCardFen + note.etcFen;
      plan.etc = etcDueOf(note, tolls.get(note.id));
      plan.driverCash = driverCashDue(note, s) - (plan.etc?.deductFen ?? 0);
      if (plan.driverCash < 0)
        throw refuse(
          note,
          plan.etc?.deductFen
            ? `ETC通行费${yuan(plan.etc.deductFen)}与扣款、已付金额合计超过应付司机运费`
            : '扣款和已付金额超过应付司机运费',
        );
      if (note.orderMode === 3 && note.agentId && note.agentFee > 0 && s.agentPaidFen === 0)
        plan.agentCash = note.agentFee;
    }
    // The fuel share is refused above the cap (系统配置 oil_card_max_ratio_bp), whatever the order said.
    const overCap = plan.cardShare > 0 ? fuelCapRefusal(note.fuelCardFen, note.driverFee, fuelCap) : null;
    if (overCap) throw refuse(note, overCap);
    const certificate = certificates.get(note.id);
    if (certificate) throw refuse(note, certificate);
    plans.push(plan);
  }
  // Cards of the payees (in bulk), then the payments already live or paid that must not be made again.
  const driverCards = await driverPayeeCards(
    tx,
    tenantId,
    plans.filter((p) => p.driverCash > 0).map((p) => p.note.driverId),
  );
  const agentCards = await agentPayeeCards(
    tx,
    tenantId,
    plans.filter((p) => p.agentCash > 0).map((p) => p.note.agentId as string),
  );
  const live = await livePayments(
    tx,
    plans.map((p) => p.note.id),
  );
  for (const plan of plans) {
    const done = live.get(plan.note.id) ?? new Set<number>();
    const driverKind =
      kind === PAYOUT_KIND.prepay
        ? PAYMENT_KIND.prepay
        : kind === PAYOUT_KIND.advance
          ? PAYMENT_KIND.advance
          : PAYMENT_KIND.final;
    if (
      done.has(driverKind) ||
      (kind !== PAYOUT_KIND.prepay && (done.has(PAYMENT_KIND.final) || done.has(PAYMENT_KIND.advance)))
    ) {
      plan.driverCash = 0;
      // The driver's payment went before: tolls matched since wait for an adjustment (docs/decisions.md).
      plan.etc = undefined;
    }
    if (done.has(PAYMENT_KIND.agentFee)) plan.agentCash = 0;
    if (plan.driverCash > 0) {
      const card = driverCards.get(plan.note.driverId);
      if (typeof card === 'string' || !card) throw refuse(plan.note, card ?? '司机没有有效的收款银行卡');
      plan.driverCard = card;
    }
    if (plan.agentCash > 0) {
      const card = agentCards.get(plan.note.agentId as string);
      if (typeof card === 'string' || !card) throw refuse(plan.note, card ?? '经纪人没有有效的收款银行卡');
      plan.agentCard = card;
    }
  }
  return plans;
}

/** Kinds of payment each note already has in flight or paid. */
async function livePayments(tx: DbOrTx, noteIds: string[]): Promise<Map<string, Set<number>>> {
  const out = new Map<string, Set<number>>();
  for (let i = 0; i < noteIds.length; i += 500) {
    const rows = await tx
      .select({ noteId: finBankPayment.noteId, kind: finBankPayment.kind })
      .from(finBankPayment)
      .where(
        and(
          inArray(finBankPayment.noteId, noteIds.slice(i, i + 500)),
          inArray(finBankPayment.state, [PAYMENT_STATE.pending, PAYMENT_STATE.paying, PAYMENT_STATE.paid]),
        ),
      );
    for (const row of rows) {
      const set = out.get(row.noteId as string) ?? new Set<number>();
      set.add(row.kind);
      out.set(row.noteId as string, set);
    }
  }
  return out;
}

/** Cash a payout request sends to cards: what the approval limits weigh. */
export const planTotal = (plans: NotePlan[]) => plans.reduce((sum, p) => sum + p.driverCash + p.agentCash, 0);

/** Advances of a customer not yet settled by a charge (its receivable). */
async function outstandingAdvances(tx: DbOrTx, customerId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${finNoteSettlement.advancedFen}), 0)` })
    .from(finNoteSettlement)
    .where(
      and(
        eq(finNoteSettlement.customerId, customerId),
        gt(finNoteSettlement.advancedFen, 0),
        sql`${finNoteSettlement.chargeTime} is null`,
      ),
    );
  return Number(row?.total ?? 0);
}

export type PaymentInsert = typeof finBankPayment.$inferInsert;

/** Toll records a payout settled: marked with the payout and the posting after the books are flushed. */
export interface EtcSettled {
  recordIds: string[];
  postingId: string;
  rule: number;
  payoutId: string;
}

const requestNo = () => `PO${newId()}`;

/** Who is paid and to which bank card, as the payment records them. */
function cardFields(card: PayeeCard) {
  return {
    payeeId: card.payeeId,
    payeeName: card.payeeName,
    cardNo: card.cardNo,
    holderName: card.holderName,
    holderIdCard: card.holderIdCard,
    bankCode: card.bankCode,
    bankName: card.bankName,
  };
}

/**
 * Executes planned notes inside the caller's transaction, on locked notes, settlements and wallets: the
 * prepayment hold, the charge (趟结), the advance, the card shares, and one bank payment row per card —
 * pending until sent after commit. Notes with cash to pay go to 3 (paying); the others are done at once.
 */
export async function executePlans(
  books: Books,
  kind: number,
  plans: NotePlan[],
  payoutId: string,
  payChanges: PayStatusChange[],
  fuel?: { cards: Map<string, FuelCardRow>; recharges: FuelRechargeInsert[] },
  etcSettled?: EtcSettled[],
): Promise<PaymentInsert[]> {
  const payments: PaymentInsert[] = [];
  const advancesOf = new Map<string, number>();
  for (const plan of plans) {
    const { note, s } = plan;
    const customer = customerOf(books, note);
    if (plan.holdFen > 0) {
      if (books.spendable(customer) < plan.holdFen)
        throw shortOfFunds(customer, plan.holdFen, `运单${note.shippingNoteNumber}预付`);
      books.freeze(customer, plan.holdFen, `运单${note.shippingNoteNumber}预付冻结`, note.id);
      s.heldFen += plan.holdFen;
    }
    if (plan.chargeFirst) charge(books, note, s, { mustAfford: true }, payChanges);
    if (plan.advanceFirst) {
      if (!advancesOf.has(note.customerId))
        advancesOf.set(note.customerId, await outstandingAdvances(books.tx, note.customerId));
      const owed = advancesOf.get(note.customerId) ?? 0;
      const amount = note.driverFee + (note.orderMode === 3 && note.agentId ? note.agentFee : 0);
      if (books.spendable(customer) - owed < amount)
        throw bizError(
          `运单${note.shippingNoteNumber}：货主${customer.row.ownerName ?? ''}可用余额及授信额度不足，不能垫付（可用${yuan(customer.balance - customer.frozen)}，授信${yuan(customer.row.creditLimitFen)}，已垫付未结${yuan(owed)}，本次需${yuan(amount)}）`,
        );
      advance(books, note, s);
      advancesOf.set(note.customerId, owed + amount);
    }
    if (plan.cardShare > 0) {
      // The fuel share recharges the driver's card: the provider's fuel-card account takes it in the ledger.
      const card = note.fuelCardFen > 0 ? fuel?.cards.get(note.id) : undefined;
      const account = card
        ? books.wallet(WALLET_OWNER.platform, fuelCardAccountCode(card.provider))
        : undefined;
      const postingId = moveCardShare(books, note, s, account);
      if (card && postingId && fuel)
        fuel.recharges.push({
          tenantId: books.tenantId,
          cardId: card.id,
          cardNo: card.cardNo,
          provider: card.provider,
          driverId: note.driverId,
          driverName: note.driverName,
          noteId: note.id,
          shippingNoteNumber: note.shippingNoteNumber,
          customerId: note.customerId,
          amountFen: note.fuelCardFen,
          postingId,
          payoutId,
          createBy: books.operator,
          createTime: books.now,
        });
    }
    if (plan.etc) {
      // The tolls in the same transaction as the payment: the records are marked settled by the caller.
      const postingId = settleTolls(books, note, s, plan.etc);
      etcSettled?.push({ recordIds: plan.etc.recordIds, postingId, rule: plan.etc.rule, payoutId });
    }
    const base = {
      tenantId: books.tenantId,
      payoutId,
      noteId: note.id,
      shippingNoteNumber: note.shippingNoteNumber,
      customerId: note.customerId,
      state: PAYMENT_STATE.pending,
      createBy: books.operator,
    };
    if (plan.driverCash > 0 && plan.driverCard) {
      const card = plan.driverCard;
      payments.push({
        ...base,
        requestNo: requestNo(),
        kind:
          kind === PAYOUT_KIND.prepay
            ? PAYMENT_KIND.prepay
            : kind === PAYOUT_KIND.advance
              ? PAYMENT_KIND.advance
              : PAYMENT_KIND.final,
        walletId: books.wallet(WALLET_OWNER.driver, note.driverId).row.id,
        payeeType: card.payeeType === 'captain' ? WALLET_OWNER.captain : WALLET_OWNER.driver,
        ...cardFields(card),
        amountFen: plan.driverCash,
      });
    }
    if (plan.agentCash > 0 && plan.agentCard && note.agentId) {
      const card = plan.agentCard;
      payments.push({
        ...base,
        requestNo: requestNo(),
        kind: PAYMENT_KIND.agentFee,
        walletId: books.wallet(WALLET_OWNER.agent, note.agentId).row.id,
        payeeType: WALLET_OWNER.agent,
        ...cardFields(card),
        amountFen: plan.agentCash,
      });
    }
    const action = kind === PAYOUT_KIND.prepay ? 'prepay' : kind === PAYOUT_KIND.advance ? 'advance' : 'pay';
    const sending = plan.driverCash > 0 || plan.agentCash > 0;
    // (A charge here never moves the note itself: an advanced note is refused a final payout above.)
    if (sending) payChanges.push({ note, to: PAY_STATUS.paying, action, remark: '已提交银行' });
    else if (kind === PAYOUT_KIND.prepay)
      payChanges.push({ note, to: PAY_STATUS.prepaid, action, remark: '油卡/ETC预付' });
    else if (kind === PAYOUT_KIND.advance)
      payChanges.push({ note, to: PAY_STATUS.advanced, complete: true, action });
    else payChanges.push({ note, to: PAY_STATUS.paid, complete: true, action });
  }
  return payments;
}

/** Ledger type of a payout line by payment kind. */
export const PAYMENT_LEDGER_TYPE: Record<number, number> = {
  [PAYMENT_KIND.prepay]: LEDGER_TYPE.prepay,
  [PAYMENT_KIND.final]: LEDGER_TYPE.freight,
  [PAYMENT_KIND.advance]: LEDGER_TYPE.advance,
  [PAYMENT_KIND.agentFee]: LEDGER_TYPE.agentFee,
};
