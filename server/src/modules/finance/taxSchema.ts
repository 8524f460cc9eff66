import { index, integer, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { piiText } from '../../platform/crypto/piiColumn.ts';
import { listIndex, tenantTable } from '../../platform/db/businessTable.ts';
import { fenColumn, idRef, reviewerColumns, tstz } from '../../platform/db/columns.ts';
import { driverColumns } from '../../platform/db/freightColumns.ts';

// Tax on drivers' behalf: a driver's month of paid freight as the tax authority needs it, and the
// batches it was sent in. Amounts are integer fen.

/** Why the tax authority refused what was sent: its code and message, as it answered. */
const refusalColumns = () => ({
  failCode: varchar('fail_code', { length: 20 }),
  failMessage: varchar('fail_message', { length: 255 }),
});

export const finTaxRecord = tenantTable(
  'fin_tax_record',
  {
    /** YYYY-MM (China time) of the payments. */
    period: varchar('period', { length: 7 }).notNull(),
    ...driverColumns(),
    idCard: piiText('id_card'),
    cardNo: piiText('card_no'),
    noteCount: integer('note_count').notNull().default(0),
    /** The driver fees paid in the period (tax inclusive). */
    freightFen: fenColumn('freight_fen'),
    noteIds: text('note_ids'),
    bankSerialNos: text('bank_serial_nos'),
    /** 0 pending, 1 sent, 2 accepted, 3 failed, 4 blocked (tax_record_state). */
    state: smallint('state').notNull().default(0),
    blockReason: varchar('block_reason', { length: 255 }),
    ...refusalColumns(),
    invoiceNo: varchar('invoice_no', { length: 20 }),
    vatFen: fenColumn('vat_fen'),
    surchargeFen: fenColumn('surcharge_fen'),
    iitFen: fenColumn('iit_fen'),
    certificateNo: varchar('certificate_no', { length: 40 }),
    batchId: idRef('batch_id'),
    sendCount: integer('send_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('fin_tax_record_driver_period_uidx').on(t.tenantId, t.period, t.driverId),
    index('fin_tax_record_state_idx').on(t.tenantId, t.state, t.period),
  ],
);

export const finTaxBatch = tenantTable(
  'fin_tax_batch',
  {
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    period: varchar('period', { length: 7 }).notNull(),
    recordCount: integer('record_count').notNull().default(0),
    acceptedCount: integer('accepted_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    freightFen: fenColumn('freight_fen'),
    /** 1 sent, 2 accepted, 3 partly failed, 4 failed (tax_batch_state). */
    state: smallint('state').notNull().default(1),
    answerTime: tstz('answer_time'),
  },
  (t) => [
    uniqueIndex('fin_tax_batch_no_uidx').on(t.tenantId, t.batchNo),
    listIndex('fin_tax_batch_time_idx', t),
  ],
);

/**
 * A quarter's income report of the platform (国务院令第810号): one per tenant and quarter, its lines computed from
 * the ledger's payouts, reviewed by a second person, sent through the tax adapter.
 */
export const finIncomeReport = tenantTable(
  'fin_income_report',
  {
    /** YYYY-Qn (China time). */
    quarter: varchar('quarter', { length: 7 }).notNull(),
    /** Ours, with the send count: what the authority deduplicates on. */
    reportNo: varchar('report_no', { length: 32 }).notNull(),
    /** 0 draft, 1 reviewed, 2 sent, 3 accepted, 4 failed (income_report_state). */
    state: smallint('state').notNull().default(0),
    driverCount: integer('driver_count').notNull().default(0),
    agentCount: integer('agent_count').notNull().default(0),
    paymentCount: integer('payment_count').notNull().default(0),
    incomeFen: fenColumn('income_fen'),
    generatedBy: varchar('generated_by', { length: 64 }),
    generateTime: tstz('generate_time'),
    ...reviewerColumns(),
    sentBy: varchar('sent_by', { length: 64 }),
    sendTime: tstz('send_time'),
    sendCount: integer('send_count').notNull().default(0),
    receiptNo: varchar('receipt_no', { length: 40 }),
    ...refusalColumns(),
    answerTime: tstz('answer_time'),
  },
  (t) => [uniqueIndex('fin_income_report_quarter_uidx').on(t.tenantId, t.quarter)],
);

/** One payee's income in a quarter's report: identity as on file when generated, income from the ledger. */
export const finIncomeReportLine = tenantTable(
  'fin_income_report_line',
  {
    reportId: idRef('report_id').notNull(),
    quarter: varchar('quarter', { length: 7 }).notNull(),
    /** 2 driver, 3 agent (income_payee_kind: the ledger owner type). */
    payeeKind: smallint('payee_kind').notNull(),
    payeeId: idRef('payee_id').notNull(),
    payeeName: varchar('payee_name', { length: 50 }),
    idCard: piiText('id_card'),
    mobile: varchar('mobile', { length: 20 }),
    /** 1 natural person with the tax entrustment, 2 natural person (income_tax_identity). */
    taxIdentity: smallint('tax_identity'),
    paymentCount: integer('payment_count').notNull().default(0),
    incomeFen: fenColumn('income_fen'),
  },
  (t) => [
    uniqueIndex('fin_income_report_line_payee_uidx').on(t.reportId, t.payeeKind, t.payeeId),
    index('fin_income_report_line_tenant_idx').on(t.tenantId, t.quarter),
  ],
);
