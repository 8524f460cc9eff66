import { bigint, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tstz } from '../../platform/db/columns.ts';

// Tax on drivers' behalf (issue 18): a driver's month of paid freight as the tax authority needs it, and the
// batches it was sent in. Amounts are integer fen.

const fen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const finTaxRecord = pgTable(
  'fin_tax_record',
  {
    id: idColumn(),
    tenantId: integer('tenant_id').notNull().default(0),
    /** YYYY-MM (China time) of the payments. */
    period: varchar('period', { length: 7 }).notNull(),
    driverId: varchar('driver_id', { length: 32 }).notNull(),
    driverName: varchar('driver_name', { length: 30 }),
    idCard: varchar('id_card', { length: 18 }),
    cardNo: varchar('card_no', { length: 30 }),
    noteCount: integer('note_count').notNull().default(0),
    /** The driver fees paid in the period (tax inclusive). */
    freightFen: fen('freight_fen'),
    noteIds: text('note_ids'),
    bankSerialNos: text('bank_serial_nos'),
    /** 0 pending, 1 sent, 2 accepted, 3 failed, 4 blocked (tax_record_state). */
    state: smallint('state').notNull().default(0),
    blockReason: varchar('block_reason', { length: 255 }),
    failCode: varchar('fail_code', { length: 20 }),
    failMessage: varchar('fail_message', { length: 255 }),
    invoiceNo: varchar('invoice_no', { length: 20 }),
    vatFen: fen('vat_fen'),
    surchargeFen: fen('surcharge_fen'),
    iitFen: fen('iit_fen'),
    certificateNo: varchar('certificate_no', { length: 40 }),
    batchId: varchar('batch_id', { length: 32 }),
    sendCount: integer('send_count').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('fin_tax_record_driver_period_uidx').on(t.tenantId, t.period, t.driverId),
    index('fin_tax_record_state_idx').on(t.tenantId, t.state, t.period),
  ],
);

export const finTaxBatch = pgTable(
  'fin_tax_batch',
  {
    id: idColumn(),
    tenantId: integer('tenant_id').notNull().default(0),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    period: varchar('period', { length: 7 }).notNull(),
    recordCount: integer('record_count').notNull().default(0),
    acceptedCount: integer('accepted_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    freightFen: fen('freight_fen'),
    /** 1 sent, 2 accepted, 3 partly failed, 4 failed (tax_batch_state). */
    state: smallint('state').notNull().default(1),
    answerTime: tstz('answer_time'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('fin_tax_batch_no_uidx').on(t.tenantId, t.batchNo),
    index('fin_tax_batch_time_idx').on(t.tenantId, t.createTime),
  ],
);
