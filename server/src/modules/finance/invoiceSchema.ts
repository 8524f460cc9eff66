import { sql } from 'drizzle-orm';
import { boolean, index, integer, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { linkTable, listIndex, tenantLogTable, tenantTable } from '../../platform/db/businessTable.ts';
import { fenColumn, idRef, stateMoveColumns, tenantIdColumn, tstz } from '../../platform/db/columns.ts';
import { customerColumns, invoiceTitleColumns } from '../../platform/db/freightColumns.ts';

// Invoices (domain.md Invoice): a shipper's invoice over its paid waybills, its lines (one per
// waybill, with the tax split of the line) and every move of its state. Amounts are integer fen.

/** An amount with its tax split: the tax-inclusive total, the net and the tax, in fen. */
const taxSplitColumns = () => ({
  amountFen: fenColumn('amount_fen'),
  netFen: fenColumn('net_fen'),
  taxFen: fenColumn('tax_fen'),
});

export const finInvoice = tenantTable(
  'fin_invoice',
  {
    applyNo: varchar('apply_no', { length: 32 }).notNull(),
    ...customerColumns(),
    /** 1 专票, 2 普票 (invoice_kind), both 数电票. */
    kind: smallint('kind').notNull(),
    /** 0 to apply … 6 red-letter (invoice_status). */
    state: smallint('state').notNull().default(1),
    ...invoiceTitleColumns('buyer'),
    sellerTitle: varchar('seller_title', { length: 200 }),
    sellerTaxNo: varchar('seller_tax_no', { length: 30 }),
    taxRateBp: integer('tax_rate_bp').notNull(),
    noteCount: integer('note_count').notNull().default(0),
    // The sum of the waybills' customer fees (tax inclusive), split into net and tax.
    ...taxSplitColumns(),
    billId: idRef('bill_id'),
    /** The 20-digit 数电票 number the tax service answered. */
    invoiceNo: varchar('invoice_no', { length: 20 }),
    /** What the tax service deduplicates on: one request no. per issuing attempt. */
    issueRequestNo: varchar('issue_request_no', { length: 48 }),
    issueAttempt: integer('issue_attempt').notNull().default(0),
    issueStartTime: tstz('issue_start_time'),
    issueTime: tstz('issue_time'),
    failReason: varchar('fail_reason', { length: 255 }),
    rejectReason: varchar('reject_reason', { length: 255 }),
    deliverTo: varchar('deliver_to', { length: 100 }),
    deliverTime: tstz('deliver_time'),
    redLetterNo: varchar('red_letter_no', { length: 32 }),
    redReason: varchar('red_reason', { length: 255 }),
    redTime: tstz('red_time'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('fin_invoice_apply_no_uidx').on(t.tenantId, t.applyNo),
    uniqueIndex('fin_invoice_no_uidx').on(t.invoiceNo).where(sql`invoice_no is not null`),
    listIndex('fin_invoice_customer_idx', t, t.customerId),
    listIndex('fin_invoice_state_idx', t, t.state),
  ],
);

/** A waybill on an invoice; `active` until the invoice is rejected or red-lettered (then the waybill is free). */
export const finInvoiceNote = linkTable(
  'fin_invoice_note',
  { invoiceId: 'invoice_id', noteId: 'note_id' },
  {
    columns: {
      tenantId: tenantIdColumn(),
      customerId: idRef('customer_id').notNull(),
      shippingNoteNumber: varchar('shipping_note_number', { length: 20 }),
      loadPlace: varchar('load_place', { length: 100 }),
      unloadPlace: varchar('unload_place', { length: 100 }),
      vehicle: varchar('vehicle', { length: 60 }),
      goodsName: varchar('goods_name', { length: 100 }),
      ...taxSplitColumns(),
      active: boolean('active').notNull().default(true),
    },
    // A waybill is on one live invoice at most, under any concurrency.
    indexes: (t) => [uniqueIndex('fin_invoice_note_active_uidx').on(t.noteId).where(sql`active`)],
  },
);

/** Every move of an invoice's state: who, when, from which state to which, and why. */
export const finInvoiceHistory = tenantLogTable(
  'fin_invoice_history',
  {
    invoiceId: idRef('invoice_id').notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    ...stateMoveColumns(),
    operator: varchar('operator', { length: 64 }).notNull(),
    detail: varchar('detail', { length: 255 }),
  },
  (t) => [index('fin_invoice_history_invoice_idx').on(t.invoiceId, t.createTime)],
);
