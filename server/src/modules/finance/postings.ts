import {
  ETC_RULE,
  formatFen,
  LEDGER_TYPE,
  PAY_STATUS,
  PLATFORM_ACCOUNT,
  WALLET_OWNER,
} from '@freight/contracts';
import { bizError } from '../../platform/http/errors.ts';
import type { NoteRow, PayStatusChange } from '../freight/index.ts';
import type { SettlementRow } from './accounts.ts';
import type { Books, HeldWallet, Leg } from './books.ts';
import type { EtcDue } from './etcRecords.ts';

// The postings of domain.md, one function per event. Each runs on locked wallets and notes and changes the
// note's settlement row; the caller flushes the books and saves the rows in its transaction.

/** An amount as the messages write it: `12.34元`. */
export const yuan = (fen: number) => `${formatFen(fen)}元`;

export const customerOf = (books: Books, note: NoteRow) =>
  books.wallet(WALLET_OWNER.customer, note.customerId);

/** A refusal naming the customer's figures: what may be spent (credit included) and what is needed. */
export function shortOfFunds(wallet: HeldWallet, needFen: number, what: string): Error {
  const available = wallet.balance - wallet.frozen;
  const credit = wallet.row.creditLimitFen;
  return bizError(
    `货主${wallet.row.ownerName ?? ''}可用余额不足：可用${yuan(available)}，授信额度${yuan(credit)}，${what}需${yuan(needFen)}`,
  );
}

/**
 * Charge at audit (趟结) or bill payment (批结/月结): customer −customerFee; driver payable +driverFee;
 * service-fee income +serviceFee; agent payable +agentFee. On an advanced note the receivable is credited
 * instead of the payables (they were credited by the advance) and the note becomes paid (2 → 4).
 * Releases the prepayment hold. Returns false (nothing written) when the customer cannot afford it and
 * `mustAfford` is off.
 */
export function charge(
  books: Books,
  note: NoteRow,
  s: SettlementRow,
  options: { mustAfford: boolean; billId?: string | null; useCredit?: boolean },
  payChanges: PayStatusChange[],
): boolean {
  if (s.chargeTime) return true;
  const customer = customerOf(books, note);
  const credit = options.useCredit === false ? 0 : customer.row.creditLimitFen;
  const spendable = customer.balance - (customer.frozen - s.heldFen) + credit;
  if (spendable < note.customerFee) {
    if (options.mustAfford)
      throw shortOfFunds(customer, note.customerFee, `运单${note.shippingNoteNumber}结算`);
    return false;
  }
  books.freeze(customer, -s.heldFen, `运单${note.shippingNoteNumber}结算，释放预付冻结`, note.id);
  s.heldFen = 0;
  const advanced = s.advancedFen > 0;
  const ref = {
    noteId: note.id,
    shippingNoteNumber: note.shippingNoteNumber,
    customerId: note.customerId,
    billId: options.billId ?? s.billId,
  };
  const legs: Leg[] = [
    { wallet: customer, amountFen: -note.customerFee, type: LEDGER_TYPE.freight, ...ref },
    {
      wallet: books.platform(PLATFORM_ACCOUNT.serviceFee),
      amountFen: note.serviceFee,
      type: LEDGER_TYPE.serviceFee,
      ...ref,
    },
  ];
  if (advanced) {
    legs.push({
      wallet: books.platform(PLATFORM_ACCOUNT.advanceReceivable),
      amountFen: s.advancedFen,
      type: LEDGER_TYPE.advance,
      ...ref,
    });
  } else {
    legs.push({
      wallet: books.wallet(WALLET_OWNER.driver, note.driverId),
      amountFen: note.driverFee,
      type: LEDGER_TYPE.freight,
      ...ref,
    });
    if (note.orderMode === 3 && note.agentId && note.agentFee > 0)
      legs.push({
        wallet: books.wallet(WALLET_OWNER.agent, note.agentId),
        amountFen: note.agentFee,
        type: LEDGER_TYPE.agentFee,
        ...ref,
      });
  }
  // An advanced note's receivable covers driver and agent fee; any difference to the customer fee (a fee
  // rule changed between) is income, so the posting still balances.
  const written = legs.reduce((sum, leg) => sum + leg.amountFen, 0);
  if (written !== 0) legs[1].amountFen -= written;
  books.post({ event: 'charge', noteId: note.id, billId: ref.billId, legs, memo: '运费结算' });
  s.chargedFen = note.customerFee;
  s.chargeTime = books.now;
  if (options.billId) s.billId = options.billId;
  if (note.payStatus === PAY_STATUS.advanced)
    payChanges.push({ note, to: PAY_STATUS.paid, action: 'settle', remark: '货主结算垫付款' });
  return true;
}

/**
 * Advance: the platform pays the driver (and the agent) before the shipper funds it — advance receivable
 * −(driverFee + agentFee); driver payable +driverFee; agent payable +agentFee.
 */
export function advance(books: Books, note: NoteRow, s: SettlementRow): void {
  if (s.advancedFen > 0) return;
  const agentFee = note.orderMode === 3 && note.agentId ? note.agentFee : 0;
  const total = note.driverFee + agentFee;
  const ref = { noteId: note.id, shippingNoteNumber: note.shippingNoteNumber, customerId: note.customerId };
  const legs: Leg[] = [
    {
      wallet: books.platform(PLATFORM_ACCOUNT.advanceReceivable),
      amountFen: -total,
      type: LEDGER_TYPE.advance,
      ...ref,
    },
    {
      wallet: books.wallet(WALLET_OWNER.driver, note.driverId),
      amountFen: note.driverFee,
      type: LEDGER_TYPE.advance,
      ...ref,
    },
  ];
  if (agentFee > 0 && note.agentId)
    legs.push({
      wallet: books.wallet(WALLET_OWNER.agent, note.agentId),
      amountFen: agentFee,
      type: LEDGER_TYPE.agentFee,
      ...ref,
    });
  books.post({ event: 'advance', noteId: note.id, legs, memo: '平台垫付' });
  s.advancedFen = total;
}

/**
 * The fuel-card and ETC shares leave the driver's payable for the provider accounts (no bank transfer): the
 * fuel share to the fuel-card account of the driver's card's provider when a card is given (its recharge line
 * is written by the caller with the returned posting id), the rest to the fuel-card/ETC clearing account.
 */
export function moveCardShare(
  books: Books,
  note: NoteRow,
  s: SettlementRow,
  fuelAccount?: HeldWallet,
): string | null {
  const share = note.fuelCardFen + note.etcFen;
  if (share <= 0 || s.cardShareFen > 0) return null;
  const ref = { noteId: note.id, shippingNoteNumber: note.shippingNoteNumber, customerId: note.customerId };
  const fuel = fuelAccount ? note.fuelCardFen : 0;
  const postingId = books.post({
    event: 'card_share',
    noteId: note.id,
    memo: '油卡/ETC',
    legs: [
      {
        wallet: books.wallet(WALLET_OWNER.driver, note.driverId),
        amountFen: -share,
        type: LEDGER_TYPE.cardShare,
        ...ref,
      },
      ...(fuelAccount && fuel > 0
        ? [{ wallet: fuelAccount, amountFen: fuel, type: LEDGER_TYPE.cardShare, memo: '油卡充值', ...ref }]
        : []),
      {
        wallet: books.platform(PLATFORM_ACCOUNT.cardProvider),
        amountFen: share - fuel,
        type: LEDGER_TYPE.cardShare,
        ...ref,
      },
    ],
  });
  s.cardShareFen = share;
  return postingId;
}

/**
 * The matched tolls of a note at its payment, credited to the fuel-card/ETC provider account (what the platform
 * owes the ETC provider). Rule 0 (deducted): driver payable −deductFen, provider +deductFen — the part the
 * order's ETC share already moved there is not moved again. Rule 1 (platform): ETC expense −tollFen, provider
 * +tollFen. Returns the posting id ('' when nothing moved: the share covered every toll).
 */
export function settleTolls(books: Books, note: NoteRow, s: SettlementRow, due: EtcDue): string {
  const ref = { noteId: note.id, shippingNoteNumber: note.shippingNoteNumber, customerId: note.customerId };
  const amount = due.rule === ETC_RULE.platform ? due.tollFen : due.deductFen;
  if (amount <= 0) return '';
  const debit =
    due.rule === ETC_RULE.platform
      ? books.platform(PLATFORM_ACCOUNT.etcExpense)
      : books.wallet(WALLET_OWNER.driver, note.driverId);
  const postingId = books.post({
    event: 'etc_toll',
    noteId: note.id,
    memo: due.rule === ETC_RULE.platform ? 'ETC通行费（平台承担）' : 'ETC通行费（司机运费扣除）',
    legs: [
      { wallet: debit, amountFen: -amount, type: LEDGER_TYPE.etcToll, ...ref },
      {
        wallet: books.platform(PLATFORM_ACCOUNT.cardProvider),
        amountFen: amount,
        type: LEDGER_TYPE.etcToll,
        ...ref,
      },
    ],
  });
  if (due.rule === ETC_RULE.deducted) s.etcDeductFen += amount;
  return postingId;
}

/** Payout confirmed by the bank: payable −amount; bank clearing +amount. */
export function payoutConfirmed(
  books: Books,
  payment: {
    id: string;
    walletId: string;
    payeeType: number;
    payeeId: string;
    amountFen: number;
    type: number;
    noteId: string | null;
    shippingNoteNumber: string | null;
    customerId: string | null;
    bankSerialNo: string;
  },
  payable: HeldWallet,
): void {
  const ref = {
    noteId: payment.noteId,
    shippingNoteNumber: payment.shippingNoteNumber,
    customerId: payment.customerId,
    bankSerialNo: payment.bankSerialNo,
  };
  books.post({
    event: 'payout',
    noteId: payment.noteId,
    paymentId: payment.id,
    bankSerialNo: payment.bankSerialNo,
    memo: '银行代付成功',
    legs: [
      { wallet: payable, amountFen: -payment.amountFen, type: payment.type, ...ref },
      {
        wallet: books.platform(PLATFORM_ACCOUNT.bankClearing),
        amountFen: payment.amountFen,
        type: payment.type,
        ...ref,
      },
    ],
  });
}
