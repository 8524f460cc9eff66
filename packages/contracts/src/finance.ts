import { z } from 'zod';
import { boundedInteger, fenMessages } from './numberFields.ts';
import { UNPAID_PAY_STATUSES } from './shipping.ts';
import { requiredText } from './textFields.ts';

// Money: wallets, the double-entry ledger, payouts, bills, adjustments, loss rules. Codes are the
// seeded dictionaries (wallet_owner_type, ledger_type, pay_status, payment_state, bill_status, …); amounts are
// integer fen (domain.md units).

/** Who a wallet (ledger account) belongs to (wallet_owner_type). */
export const WALLET_OWNER = { customer: 1, driver: 2, agent: 3, captain: 4, platform: 9 } as const;

/**
 * The platform's own accounts (owner type 9, owner id = the code): where fees land, what shippers owe for
 * advances, the mirror of money at the bank, corrections, and shares paid to the fuel-card/ETC provider.
 */
export const PLATFORM_ACCOUNT = {
  serviceFee: 'service_fee',
  advanceReceivable: 'advance_receivable',
  bankClearing: 'bank_clearing',
  adjustment: 'adjustment',
  cardProvider: 'card_provider',
  /** Cargo-insurance premiums collected from shippers, owed to the insurers. */
  insurerPayable: 'insurer_payable',
  /** Tolls the platform bears (an order's ETC rule 1): an expense, debited when the waybill is paid. */
  etcExpense: 'etc_expense',
} as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNT)[keyof typeof PLATFORM_ACCOUNT];

export const PLATFORM_ACCOUNT_NAMES: Record<PlatformAccount, string> = {
  service_fee: '平台服务费收入',
  advance_receivable: '垫付应收款',
  bank_clearing: '银行清算户',
  adjustment: '调账户',
  card_provider: '油卡/ETC待结算',
  insurer_payable: '应付保险费',
  etc_expense: 'ETC通行费支出',
};

/** Type of a ledger line (ledger_type). */
export const LEDGER_TYPE = {
  recharge: 1,
  freight: 2,
  serviceFee: 3,
  agentFee: 4,
  refund: 5,
  withdrawal: 6,
  adjustment: 7,
  prepay: 8,
  advance: 9,
  claim: 10,
  cardShare: 11,
  insurance: 12,
  /** Matched ETC tolls settled at the waybill's payment (deducted from the driver or borne by the platform). */
  etcToll: 13,
} as const;

/**
 * Who bears a waybill's matched ETC tolls (etc_rule, on the order and snapshotted on the note): 0 deducted from
 * the driver's freight, 1 paid by the platform. Posted through the ledger when the waybill is paid.
 */
export const ETC_RULE = { deducted: 0, platform: 1 } as const;

/** A toll record's settlement (etc_settle_state): open until the waybill's payment posts it. */
export const ETC_SETTLE_STATE = { open: 0, settled: 1 } as const;

/** "Still to pay the driver" (domain.md): unpaid, prepaid, failed. */
export const STILL_TO_PAY = UNPAID_PAY_STATUSES;

/** A request to the bank (payment_state): nothing is booked until it is paid. */
export const PAYMENT_STATE = { pending: 0, paying: 1, paid: 2, failed: 3 } as const;

/** What a bank payment pays (payment_kind). */
export const PAYMENT_KIND = { prepay: 1, final: 2, advance: 3, agentFee: 4 } as const;

/** What a payout request (approval chain) pays (payout_kind). */
export const PAYOUT_KIND = { prepay: 1, final: 2, advance: 3 } as const;
export type PayoutKindName = 'prepay' | 'pay' | 'advance';
export const PAYOUT_KIND_OF: Record<PayoutKindName, number> = { prepay: 1, pay: 2, advance: 3 };

/** Payout approval: submitted (operations) → reviewed (finance) → executed (cashier) | rejected. */
export const PAYOUT_STATE = { submitted: 1, reviewed: 2, executed: 3, rejected: 4 } as const;
export const PAYOUT_STEP = { submit: 'submit', review: 'review', execute: 'execute' } as const;
export type PayoutStep = (typeof PAYOUT_STEP)[keyof typeof PAYOUT_STEP];
/** The permission code of each approval step. */
export const PAYOUT_STEP_CODE: Record<PayoutStep, string> = {
  submit: 'finance:payout:submit',
  review: 'finance:payout:review',
  execute: 'finance:payout:execute',
};

/** Bill (bill_status, domain.md): draft → sent → confirmed | disputed → adjusted → partly paid → paid → closed. */
export const BILL_STATUS = {
  draft: 0,
  sent: 1,
  confirmed: 2,
  disputed: 3,
  adjusted: 4,
  partlyPaid: 5,
  paid: 6,
  closed: 7,
} as const;

export type BillAction = 'send' | 'confirm' | 'dispute' | 'adjust' | 'pay' | 'close';

export const BILL_TRANSITIONS: Record<BillAction, { from: readonly number[]; label: string }> = {
  send: { from: [BILL_STATUS.draft], label: '发送' },
  confirm: { from: [BILL_STATUS.sent], label: '确认' },
  dispute: { from: [BILL_STATUS.sent], label: '提出异议' },
  adjust: { from: [BILL_STATUS.disputed], label: '调整' },
  pay: { from: [BILL_STATUS.confirmed, BILL_STATUS.adjusted, BILL_STATUS.partlyPaid], label: '付款' },
  close: { from: [BILL_STATUS.paid], label: '关闭' },
};

export function canBill(action: BillAction, status: number): boolean {
  return BILL_TRANSITIONS[action].from.includes(status);
}

/** Manual recharge (maker-checker): submitted → credited | rejected (recharge_state). */
export const RECHARGE_STATE = { submitted: 0, credited: 1, rejected: 2 } as const;
/** 1 through the bank adapter (virtual account), 2 manual with a voucher. */
export const RECHARGE_CHANNEL = { bank: 1, voucher: 2 } as const;

/** Adjustments and claims after audit (adjust_kind). */
export const ADJUST_KIND = { topUp: 1, deduct: 2, claim: 3, customer: 4 } as const;
export const ADJUST_STATE = { pending: 0, approved: 1, rejected: 2 } as const;

/** Bank failure codes the simulated bank raises (and a real adapter maps to). */
export const BANK_FAILURE = {
  wrongCard: 'CARD_INVALID',
  frozenAccount: 'ACCOUNT_FROZEN',
  timeout: 'TIMEOUT',
} as const;

export const BANK_FAILURE_TEXT: Record<string, string> = {
  CARD_INVALID: '收款卡号或户名有误',
  ACCOUNT_FROZEN: '收款账户已冻结',
  TIMEOUT: '银行响应超时',
};

/** Largest single amount accepted (¥1 000 000 000.00): beyond it is a typing error, not a payment. */
export const MAX_AMOUNT_FEN = 100_000_000_000;

// ---- payloads -------------------------------------------------------------------------------------

const id = z.string().min(1).max(32);
const text = (max: number) => z.string().trim().max(max).nullish();

/** A positive whole amount of fen: negative, zero, fractional and overflowing amounts are refused. */
export const amountFen = (label = '金额') =>
  boundedInteger(fenMessages(label), [1, `${label}必须大于0`], [MAX_AMOUNT_FEN, `${label}过大`]);

/** A signed whole amount of fen (adjustments): zero is refused. */
export const signedAmountFen = (label = '金额') =>
  boundedInteger(
    fenMessages(label),
    [-MAX_AMOUNT_FEN, `${label}过大`],
    [MAX_AMOUNT_FEN, `${label}过大`],
  ).refine((v) => v !== 0, `${label}不能为0`);

/** The caller's key of a money request: a retried or doubled request with the same key moves money once. */
export const idempotencyKey = z
  .string({ error: '请提供幂等键 idempotencyKey' })
  .trim()
  .min(8, '幂等键至少8位')
  .max(64, '幂等键最多64位')
  .regex(/^[A-Za-z0-9_.:-]+$/, '幂等键只能包含字母、数字和 _ . : -');

const noteIds = z
  .array(id, { error: '请选择运单' })
  .min(1, '请选择运单')
  .max(1000, '一次最多1000个运单')
  .refine((ids) => new Set(ids).size === ids.length, '运单重复');

export const rechargeBody = z.object({
  customerId: id,
  amountFen: amountFen('充值金额'),
  idempotencyKey,
  remark: text(255),
});

export const manualRechargeBody = z.object({
  customerId: id,
  amountFen: amountFen('充值金额'),
  voucherImg: requiredText('请上传转账凭证', 255),
  payerName: text(100),
  payerAccount: text(40),
  bankSerialNo: text(64),
  idempotencyKey,
  remark: text(255),
});

export const rechargeReviewBody = z.object({
  id,
  approve: z.boolean(),
  /** The statement line the credit is matched to (required to approve). */
  statementLineId: id.nullish(),
  reason: text(255),
});

export const freezeBody = z.object({
  customerId: id,
  amountFen: amountFen('冻结金额'),
  reason: requiredText('请填写原因', 255),
});

export const payBody = z.object({ ids: noteIds, idempotencyKey, remark: text(255) });
export const prepayBody = payBody.extend({
  /** Which shares to pay at loading: the cash prepayment, the fuel-card (and ETC) share, or both (default). */
  shares: z
    .array(z.enum(['cash', 'card']))
    .min(1, '请选择预付方式')
    .default(['cash', 'card']),
});
export const payoutSubmitBody = z.object({
  kind: z.enum(['prepay', 'pay', 'advance']),
  ids: noteIds,
  idempotencyKey,
  shares: z
    .array(z.enum(['cash', 'card']))
    .min(1)
    .optional(),
  remark: text(255),
});
export const payoutStepBody = z.object({ id, remark: text(255) });
export const payoutRejectBody = z.object({
  id,
  reason: requiredText('请填写驳回原因', 255),
});

export const walletConfigBody = z.object({
  customerId: id,
  settleMode: z.number().int().min(1).max(3),
  creditDays: z.number().int().min(0, '账期天数不能为负数').max(365, '账期最多365天'),
  creditLimitFen: boundedInteger(
    fenMessages('授信额度'),
    [0, '授信额度不能为负数'],
    [MAX_AMOUNT_FEN, '授信额度过大'],
  ),
  /** Basis points of the driver fee a prepayment may reach (10000 = 100 %). */
  prepayRatioCapBp: z.number().int().min(0).max(10_000),
  bankChannel: z.string().trim().min(1).max(20).default('sim'),
  subAccountNo: text(40),
  remark: text(255),
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式为 YYYY-MM-DD');
export const billGenerateBody = z
  .object({ customerId: id, periodStart: day, periodEnd: day })
  .refine((v) => v.periodStart <= v.periodEnd, '账期开始不能晚于结束');
export const billActionBody = z.object({ id, reason: text(255) });
export const billAdjustBody = z.object({
  id,
  amountFen: signedAmountFen('调整金额'),
  reason: requiredText('请填写调整原因', 255),
});
export const billPayBody = z.object({ id, idempotencyKey, amountFen: amountFen('付款金额').optional() });

export const adjustmentBody = z.object({
  noteId: id,
  kind: z.number().int().min(1).max(4),
  amountFen: amountFen('金额'),
  /** For a customer adjustment (kind 4): +1 credits the customer, −1 debits. */
  direction: z.union([z.literal(1), z.literal(-1)]).default(1),
  reason: requiredText('请填写原因', 255),
  idempotencyKey,
});
export const adjustmentReviewBody = z.object({ id, approve: z.boolean(), reason: text(255) });

export const lossRuleBody = z.object({
  customerId: id.nullish(),
  goodsName: text(100),
  loadCity: text(30),
  unloadCity: text(30),
  /** 1 fixed grams per vehicle, 2 per mille of the load. */
  allowanceMode: z.number().int().min(1).max(2),
  allowanceValue: z.number().int().min(0).max(10_000_000),
  /** Fen per tonne of deductible loss. */
  unitPriceFen: z.number().int().min(0).max(100_000_000),
  deductWhole: z.boolean().default(false),
  enabled: z.boolean().default(true),
  remark: text(255),
});

export type RechargeBody = z.infer<typeof rechargeBody>;
export type ManualRechargeBody = z.infer<typeof manualRechargeBody>;
export type PayBody = z.infer<typeof payBody>;
export type WalletConfigBody = z.infer<typeof walletConfigBody>;
export type AdjustmentBody = z.infer<typeof adjustmentBody>;
export type LossRuleBody = z.infer<typeof lossRuleBody>;

/** `GET /wallet/ledger/check`. */
export interface LedgerCheck {
  balanced: boolean;
  ledgerSumFen: number;
  lineCount: number;
  mismatches: Array<{
    walletId: string;
    ownerName: string | null;
    balanceFen: number;
    ledgerFen: number;
    lineCount: number;
    ledgerLineCount: number;
  }>;
  unbalancedPostings: Array<{ postingId: string; sumFen: number }>;
}
