import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { piiText } from '../../platform/crypto/piiColumn.ts';
import {
  linkTable,
  listIndex,
  logTable,
  statementIndexes,
  tenantLogTable,
  tenantTable,
} from '../../platform/db/businessTable.ts';
import {
  auditColumns,
  createTimeColumn,
  fenColumn,
  fileRef,
  idRef,
  lastWriteTimeColumn,
  matchStateColumn,
  requiredFenColumn,
  reviewerColumns,
  stateMoveColumns,
  tenantIdColumn,
  tstz,
} from '../../platform/db/columns.ts';
import {
  customerColumns,
  optionalCustomerColumns,
  optionalWaybillColumns,
  settleTermsColumns,
  waybillColumns,
  waybillFeeColumns,
} from '../../platform/db/freightColumns.ts';

// Money (domain.md Money rules, Postings): wallets mirror accounts, ledger lines are the books
// (append-only, double-entry: each posting's lines sum to zero), bank payments are requests to the bank.
// Every amount is integer fen.

/** Whose wallet: the owner's kind and id. */
const walletOwnerColumns = () => ({
  /** 1 customer, 2 driver, 3 agent, 4 captain, 9 platform (wallet_owner_type). */
  ownerType: smallint('owner_type').notNull(),
  /** The party's id, or the platform account's code (PLATFORM_ACCOUNT). */
  ownerId: idRef('owner_id').notNull(),
});

/**
 * A ledger account: a customer's wallet (mirror of its escrow sub-account), a driver's, agent's or captain's
 * payable, or one of the platform's accounts. The balance is the sum of its lines (the reconcile job checks
 * it); `availableFen` is what may be spent (balance − frozen), computed by the database.
 */
export const finWallet = tenantTable(
  'fin_wallet',
  {
    ...walletOwnerColumns(),
    ownerName: varchar('owner_name', { length: 200 }),
    balanceFen: fenColumn('balance_fen'),
    frozenFen: fenColumn('frozen_fen'),
    availableFen: bigint('available_fen', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`balance_fen - frozen_fen`),
    /** Customers: how far below zero the balance may go (wallet configuration). */
    creditLimitFen: fenColumn('credit_limit_fen'),
    /** Number of its ledger lines: the ledger list's total without counting a million rows. */
    lineCount: bigint('line_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('fin_wallet_owner_uidx').on(t.tenantId, t.ownerType, t.ownerId),
    listIndex('fin_wallet_type_idx', t, t.ownerType),
  ],
);

/** One accounting event (a recharge, a charge, a payout confirmed, …): its lines sum to zero. */
export const finPosting = tenantLogTable(
  'fin_posting',
  {
    /** recharge, charge, advance, payout, card_share, adjustment, claim. */
    event: varchar('event', { length: 20 }).notNull(),
    noteId: idRef('note_id'),
    billId: idRef('bill_id'),
    paymentId: idRef('payment_id'),
    bankSerialNo: varchar('bank_serial_no', { length: 64 }),
    amountFen: fenColumn('amount_fen'),
    operator: varchar('operator', { length: 64 }).notNull(),
    memo: varchar('memo', { length: 255 }),
  },
  (t) => [
    // A note is charged once, advanced once, has its card share moved once; a payment is booked once; a bank
    // credit (by its serial) is credited once: the database refuses a second one under any concurrency.
    uniqueIndex('fin_posting_note_once_uidx')
      .on(t.noteId, t.event)
      .where(sql`event in ('charge', 'advance', 'card_share')`),
    uniqueIndex('fin_posting_payment_uidx').on(t.paymentId).where(sql`event = 'payout'`),
    uniqueIndex('fin_posting_recharge_uidx').on(t.tenantId, t.bankSerialNo).where(sql`event = 'recharge'`),
    index('fin_posting_note_idx').on(t.noteId),
    listIndex('fin_posting_time_idx', t),
  ],
);

/**
 * The books: never updated or deleted, corrections are new lines. Credit positive, debit negative; the
 * balance of the wallet after the line; the note, bill and bank serial it concerns.
 */
export const finLedgerLine = tenantLogTable(
  'fin_ledger_line',
  {
    postingId: idRef('posting_id').notNull(),
    walletId: idRef('wallet_id').notNull(),
    ...walletOwnerColumns(),
    /** The customer the movement concerns (fees by customer on the platform cost list). */
    customerId: idRef('customer_id'),
    /** ledger_type: 1 recharge, 2 freight, 3 service fee, 4 agent fee, … */
    type: smallint('type').notNull(),
    amountFen: requiredFenColumn('amount_fen'),
    balanceAfterFen: requiredFenColumn('balance_after_fen'),
    ...optionalWaybillColumns(),
    billId: idRef('bill_id'),
    bankSerialNo: varchar('bank_serial_no', { length: 64 }),
    memo: varchar('memo', { length: 255 }),
    operator: varchar('operator', { length: 64 }).notNull(),
  },
  (t) => [
    // One wallet's lines newest first (the ledger list and its bench): a backward index range scan of one page.
    // Ascending on purpose: read backwards it serves `order by create_time desc, id desc` (DESC NULLS FIRST),
    // which a DESC NULLS LAST index cannot.
    index('fin_ledger_line_wallet_idx').on(t.walletId, t.createTime, t.id),
    index('fin_ledger_line_note_idx').on(t.noteId),
    index('fin_ledger_line_bill_idx').on(t.billId),
    index('fin_ledger_line_posting_idx').on(t.postingId),
    listIndex('fin_ledger_line_type_idx', t, t.type),
    index('fin_ledger_line_time_idx').on(t.tenantId, t.createTime, t.id),
  ],
);

/** What each note has been through in money: charged, advanced, shares paid, prepay holds. */
export const finNoteSettlement = pgTable('fin_note_settlement', {
  noteId: idRef('note_id').primaryKey(),
  tenantId: tenantIdColumn(),
  customerId: idRef('customer_id').notNull(),
  billId: idRef('bill_id'),
  /** customerFee charged to the customer (0 until charged). */
  chargedFen: fenColumn('charged_fen'),
  chargeTime: tstz('charge_time'),
  /** driverFee + agentFee advanced by the platform (0 unless advanced). */
  advancedFen: fenColumn('advanced_fen'),
  /** Fuel-card and ETC shares moved to the provider account. */
  cardShareFen: fenColumn('card_share_fen'),
  /** Cash paid out and confirmed by the bank: prepayment, final (or advance) and agent fee. */
  prepaidFen: fenColumn('prepaid_fen'),
  finalPaidFen: fenColumn('final_paid_fen'),
  agentPaidFen: fenColumn('agent_paid_fen'),
  /** Net approved adjustments of the driver's payable for this note (补款 +, 扣款/理赔 −). */
  adjustFen: fenColumn('adjust_fen'),
  /** Customer funds frozen for a prepayment until the charge releases them. */
  heldFen: fenColumn('held_fen'),
  /** Matched ETC tolls taken from the driver's cash at the payment (order's ETC rule 0). */
  etcDeductFen: fenColumn('etc_deduct_fen'),
  updateTime: lastWriteTimeColumn(),
});

/**
 * A request to the bank: pending (written with the money's transaction) → paying (sent) → paid | failed.
 * The request no. is what the bank deduplicates on, so a resend after a crash never pays twice; one live or
 * paid request per note and kind, held by a unique index.
 */
export const finBankPayment = tenantTable(
  'fin_bank_payment',
  {
    /** Our request no. to the bank (its idempotency key). */
    requestNo: varchar('request_no', { length: 64 }).notNull(),
    /** 1 prepay, 2 final, 3 advance, 4 agent fee (payment_kind). */
    kind: smallint('kind').notNull(),
    payoutId: idRef('payout_id'),
    ...optionalWaybillColumns(),
    customerId: idRef('customer_id'),
    /** The payable debited when the bank confirms. */
    walletId: idRef('wallet_id').notNull(),
    payeeType: smallint('payee_type').notNull(),
    payeeId: idRef('payee_id').notNull(),
    payeeName: varchar('payee_name', { length: 100 }),
    cardNo: piiText('card_no').notNull(),
    holderName: varchar('holder_name', { length: 30 }).notNull(),
    holderIdCard: piiText('holder_id_card'),
    bankCode: varchar('bank_code', { length: 20 }),
    bankName: varchar('bank_name', { length: 60 }),
    amountFen: requiredFenColumn('amount_fen'),
    /** 0 pending, 1 paying, 2 paid, 3 failed (payment_state). */
    state: smallint('state').notNull().default(0),
    bankSerialNo: varchar('bank_serial_no', { length: 64 }),
    failCode: varchar('fail_code', { length: 32 }),
    failReason: varchar('fail_reason', { length: 255 }),
    attempts: integer('attempts').notNull().default(0),
    sentTime: tstz('sent_time'),
    finishTime: tstz('finish_time'),
  },
  (t) => [
    uniqueIndex('fin_bank_payment_request_uidx').on(t.requestNo),
    uniqueIndex('fin_bank_payment_live_uidx').on(t.noteId, t.kind).where(sql`state in (0, 1, 2)`),
    index('fin_bank_payment_note_idx').on(t.noteId),
    index('fin_bank_payment_state_idx').on(t.state, t.updateTime),
    listIndex('fin_bank_payment_time_idx', t),
    index('fin_bank_payment_serial_idx').on(t.bankSerialNo),
  ],
);

/** Keys of money requests: the first request with a key does the work, a repeat gets its answer. */
export const finIdempotency = pgTable(
  'fin_idempotency',
  {
    tenantId: tenantIdColumn(),
    key: varchar('key', { length: 64 }).notNull(),
    operation: varchar('operation', { length: 40 }).notNull(),
    /** Hash of the request: the same key with another request is refused, not replayed. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    response: jsonb('response'),
    operator: varchar('operator', { length: 64 }),
    createTime: createTimeColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/** Per customer: settlement mode, credit, prepayment cap, the bank channel and escrow sub-account. */
export const finWalletConfig = pgTable(
  'fin_wallet_config',
  {
    customerId: idRef('customer_id').primaryKey(),
    tenantId: tenantIdColumn(),
    customerName: varchar('customer_name', { length: 200 }),
    ...settleTermsColumns(),
    creditLimitFen: fenColumn('credit_limit_fen'),
    /** Basis points of the driver fee a prepayment may reach. */
    prepayRatioCapBp: integer('prepay_ratio_cap_bp').notNull().default(5000),
    /** Bank adapter of the escrow account ('sim' = the simulated bank). */
    bankChannel: varchar('bank_channel', { length: 20 }).notNull().default('sim'),
    /** The customer's virtual escrow sub-account at the partner bank (recharges go there). */
    subAccountNo: varchar('sub_account_no', { length: 40 }),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [listIndex('fin_wallet_config_tenant_idx', t)],
);

/** Every change of a wallet configuration, before and after. */
export const finWalletConfigLog = tenantLogTable(
  'fin_wallet_config_log',
  {
    ...customerColumns(),
    before: jsonb('before'),
    after: jsonb('after').notNull(),
    operator: varchar('operator', { length: 64 }).notNull(),
  },
  (t) => [index('fin_wallet_config_log_customer_idx').on(t.customerId, t.createTime)],
);

/** Freezes and unfreezes of a wallet's funds, with the reason. */
export const finWalletFreeze = tenantLogTable(
  'fin_wallet_freeze',
  {
    walletId: idRef('wallet_id').notNull(),
    customerId: idRef('customer_id'),
    /** +amount frozen, −amount released. */
    amountFen: requiredFenColumn('amount_fen'),
    frozenAfterFen: requiredFenColumn('frozen_after_fen'),
    reason: varchar('reason', { length: 255 }).notNull(),
    noteId: idRef('note_id'),
    operator: varchar('operator', { length: 64 }).notNull(),
  },
  (t) => [index('fin_wallet_freeze_wallet_idx').on(t.walletId, t.createTime)],
);

/** A recharge: through the bank adapter (credited on the bank's word), or a voucher checked by a second user. */
export const finRecharge = tenantTable(
  'fin_recharge',
  {
    rechargeNo: varchar('recharge_no', { length: 32 }).notNull(),
    ...customerColumns(),
    /** 1 bank (virtual account), 2 voucher. */
    channel: smallint('channel').notNull(),
    amountFen: requiredFenColumn('amount_fen'),
    voucherImg: fileRef('voucher_img'),
    payerName: varchar('payer_name', { length: 100 }),
    payerAccount: varchar('payer_account', { length: 40 }),
    bankSerialNo: varchar('bank_serial_no', { length: 64 }),
    /** 0 submitted, 1 credited, 2 rejected (recharge_state). */
    state: smallint('state').notNull().default(0),
    statementLineId: idRef('statement_line_id'),
    postingId: idRef('posting_id'),
    ...reviewerColumns(),
    rejectReason: varchar('reject_reason', { length: 255 }),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('fin_recharge_no_uidx').on(t.tenantId, t.rechargeNo),
    listIndex('fin_recharge_customer_idx', t, t.customerId),
    listIndex('fin_recharge_state_idx', t, t.state),
  ],
);

/** Bank statement lines, imported or downloaded, matched to the books; the unmatched ones are listed. */
export const finStatementLine = tenantTable(
  'fin_statement_line',
  {
    bankSerialNo: varchar('bank_serial_no', { length: 64 }).notNull(),
    tradeTime: tstz('trade_time').notNull(),
    /** 1 money in, 2 money out. */
    direction: smallint('direction').notNull(),
    amountFen: requiredFenColumn('amount_fen'),
    counterpartyName: varchar('counterparty_name', { length: 100 }),
    counterpartyAccount: varchar('counterparty_account', { length: 40 }),
    memo: varchar('memo', { length: 255 }),
    matchState: matchStateColumn(),
    matchedPostingId: idRef('matched_posting_id'),
    matchedRef: varchar('matched_ref', { length: 64 }),
    importBatch: varchar('import_batch', { length: 32 }),
  },
  (t) => statementIndexes('fin_statement_line', t, t.bankSerialNo, t.tradeTime),
);

/** A payout request passing the approval chain: submitted → reviewed → executed, or rejected. */
export const finPayout = tenantTable(
  'fin_payout',
  {
    payoutNo: varchar('payout_no', { length: 32 }).notNull(),
    /** 1 prepay, 2 final pay, 3 advance (payout_kind). */
    kind: smallint('kind').notNull(),
    /** Prepay shares chosen: 'cash', 'card' or both. */
    shares: varchar('shares', { length: 20 }),
    noteCount: integer('note_count').notNull(),
    /** Cash to cards (what the approval limits weigh). */
    totalFen: requiredFenColumn('total_fen'),
    /** 1 submitted, 2 reviewed, 3 executed, 4 rejected (payout_state). */
    state: smallint('state').notNull().default(1),
    submittedBy: varchar('submitted_by', { length: 64 }).notNull(),
    submitTime: tstz('submit_time').defaultNow().notNull(),
    ...reviewerColumns(),
    executedBy: varchar('executed_by', { length: 64 }),
    executeTime: tstz('execute_time'),
    rejectReason: varchar('reject_reason', { length: 255 }),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('fin_payout_no_uidx').on(t.tenantId, t.payoutNo),
    listIndex('fin_payout_state_idx', t, t.state),
  ],
);

/** Notes of a payout request; a note is on one open request per kind at a time. */
export const finPayoutNote = linkTable(
  'fin_payout_note',
  { payoutId: 'payout_id', noteId: 'note_id' },
  {
    columns: {
      kind: smallint('kind').notNull(),
      shippingNoteNumber: varchar('shipping_note_number', { length: 20 }),
      amountFen: requiredFenColumn('amount_fen'),
      /** Open until executed (or rejected). */
      open: boolean('open').notNull().default(true),
    },
    indexes: (t) => [uniqueIndex('fin_payout_note_open_uidx').on(t.noteId, t.kind).where(sql`open`)],
  },
);

/** Every step of a payout request: who, when, how much. */
export const finPayoutLog = logTable(
  'fin_payout_log',
  {
    payoutId: idRef('payout_id').notNull(),
    step: varchar('step', { length: 20 }).notNull(),
    ...stateMoveColumns(),
    amountFen: requiredFenColumn('amount_fen'),
    operator: varchar('operator', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [index('fin_payout_log_payout_idx').on(t.payoutId, t.createTime)],
);

/** The most a role may review or execute in one payout request (no row: no limit for that role). */
export const finApprovalLimit = pgTable(
  'fin_approval_limit',
  {
    roleCode: varchar('role_code', { length: 100 }).notNull(),
    step: varchar('step', { length: 20 }).notNull(),
    maxFen: requiredFenColumn('max_fen'),
    updateBy: varchar('update_by', { length: 64 }),
    updateTime: lastWriteTimeColumn(),
  },
  (t) => [primaryKey({ columns: [t.roleCode, t.step] })],
);

/** A bill of a 批结 or 月结 customer for a period: the audited notes it settles. */
export const finBill = tenantTable(
  'fin_bill',
  {
    billNo: varchar('bill_no', { length: 32 }).notNull(),
    ...customerColumns(),
    settleMode: smallint('settle_mode').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    noteCount: integer('note_count').notNull().default(0),
    driverFeeFen: fenColumn('driver_fee_fen'),
    serviceFeeFen: fenColumn('service_fee_fen'),
    agentFeeFen: fenColumn('agent_fee_fen'),
    /** Sum of the notes' customer fees. */
    amountFen: fenColumn('amount_fen'),
    /** Net adjustments agreed after a dispute (credited to or debited from the customer). */
    adjustFen: fenColumn('adjust_fen'),
    /** Charged from the wallet so far. */
    paidFen: fenColumn('paid_fen'),
    /** 0 draft … 7 closed (bill_status). */
    status: smallint('status').notNull().default(0),
    dueDate: date('due_date'),
    sendTime: tstz('send_time'),
    confirmTime: tstz('confirm_time'),
    disputeReason: varchar('dispute_reason', { length: 255 }),
    paidTime: tstz('paid_time'),
    closeTime: tstz('close_time'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('fin_bill_no_uidx').on(t.tenantId, t.billNo),
    index('fin_bill_customer_idx').on(t.tenantId, t.customerId, t.periodStart),
    listIndex('fin_bill_status_idx', t, t.status),
  ],
);

/** The notes of a bill (a note is on one bill at most). */
export const finBillNote = linkTable(
  'fin_bill_note',
  { billId: 'bill_id', noteId: 'note_id' },
  {
    columns: {
      shippingNoteNumber: varchar('shipping_note_number', { length: 20 }),
      customerId: idRef('customer_id').notNull(),
      agentId: idRef('agent_id'),
      auditTime: tstz('audit_time'),
      ...waybillFeeColumns(),
      /** Charged when the bill's payment reached it. */
      charged: boolean('charged').notNull().default(false),
    },
    indexes: (t) => [uniqueIndex('fin_bill_note_note_uidx').on(t.noteId)],
  },
);

/** Adjustments and claims after audit (补款, 扣款, 货损理赔, 货主调账), approved by finance before posting. */
export const finAdjustment = tenantTable(
  'fin_adjustment',
  {
    adjustNo: varchar('adjust_no', { length: 32 }).notNull(),
    /** 1 top-up to the driver, 2 deduction, 3 cargo-damage claim, 4 customer adjustment (adjust_kind). */
    kind: smallint('kind').notNull(),
    ...waybillColumns(),
    customerId: idRef('customer_id').notNull(),
    driverId: idRef('driver_id'),
    /** Positive; the kind (and direction for a customer adjustment) says which way it moves. */
    amountFen: requiredFenColumn('amount_fen'),
    direction: smallint('direction').notNull().default(1),
    reason: varchar('reason', { length: 255 }).notNull(),
    /** 0 pending, 1 approved (posted), 2 rejected (adjust_state). */
    state: smallint('state').notNull().default(0),
    ...reviewerColumns(),
    rejectReason: varchar('reject_reason', { length: 255 }),
    postingId: idRef('posting_id'),
  },
  (t) => [
    uniqueIndex('fin_adjustment_no_uidx').on(t.tenantId, t.adjustNo),
    index('fin_adjustment_note_idx').on(t.noteId),
    listIndex('fin_adjustment_state_idx', t, t.state),
  ],
);

/** Loss rules (亏吨设置): per customer, goods and route; blank fields match any. Copied onto new orders. */
export const finLossRule = tenantTable(
  'fin_loss_rule',
  {
    ...optionalCustomerColumns(),
    goodsName: varchar('goods_name', { length: 100 }),
    loadCity: varchar('load_city', { length: 30 }),
    unloadCity: varchar('unload_city', { length: 30 }),
    /** 1 fixed grams per vehicle, 2 per mille of the load (loss_allowance_mode). */
    allowanceMode: smallint('allowance_mode').notNull().default(2),
    allowanceValue: integer('allowance_value').notNull().default(0),
    /** Fen per tonne of deductible loss. */
    unitPriceFen: fenColumn('unit_price_fen'),
    deductWhole: boolean('deduct_whole').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [index('fin_loss_rule_customer_idx').on(t.tenantId, t.customerId)],
);

/**
 * The simulated bank's own memory (it is another party: it writes outside our transactions). It survives a
 * restart as a real bank would, so a request sent before a crash is answered by a query afterwards.
 */
export const finSimBankTxn = pgTable(
  'fin_sim_bank_txn',
  {
    requestNo: varchar('request_no', { length: 64 }).primaryKey(),
    /** 1 pay-out, 2 money in (recharge). */
    direction: smallint('direction').notNull(),
    amountFen: requiredFenColumn('amount_fen'),
    account: varchar('account', { length: 40 }).notNull(),
    accountName: varchar('account_name', { length: 100 }),
    /** processing, paid, failed. */
    status: varchar('status', { length: 12 }).notNull(),
    /** The outcome decided at acceptance, revealed at `dueTime`. */
    outcome: varchar('outcome', { length: 12 }).notNull(),
    failCode: varchar('fail_code', { length: 32 }),
    bankSerialNo: varchar('bank_serial_no', { length: 64 }).notNull(),
    dueTime: tstz('due_time').notNull(),
    createTime: createTimeColumn(),
  },
  (t) => [index('fin_sim_bank_txn_time_idx').on(t.createTime)],
);
