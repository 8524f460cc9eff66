import { index, smallint, varchar } from 'drizzle-orm/pg-core';
import { statementIndexes, tenantTable } from '../../platform/db/businessTable.ts';
import { idRef, matchStateColumn, requiredFenColumn, tstz } from '../../platform/db/columns.ts';
import { optionalWaybillColumns } from '../../platform/db/freightColumns.ts';

/**
 * A toll record (ETC记录) imported from the ETC provider's statement: one passage of a vehicle between two
 * toll stations. Stored once per provider serial no. (a re-import skips it) and matched to the waybill whose
 * vehicle and load-to-sign window contain its exit time; what matches nothing stays listed as unmatched.
 */
export const finEtcRecord = tenantTable(
  'fin_etc_record',
  {
    /** The provider's serial no. of the passage: the idempotency key of the import. */
    providerSerial: varchar('provider_serial', { length: 64 }).notNull(),
    plateNo: varchar('plate_no', { length: 12 }).notNull(),
    entryStation: varchar('entry_station', { length: 100 }),
    exitStation: varchar('exit_station', { length: 100 }),
    entryTime: tstz('entry_time'),
    exitTime: tstz('exit_time').notNull(),
    amountFen: requiredFenColumn('amount_fen'),
    invoiceNo: varchar('invoice_no', { length: 32 }),
    /** The vehicle of the plate, when the plate is one of ours. */
    vehicleId: idRef('vehicle_id'),
    matchState: matchStateColumn(),
    ...optionalWaybillColumns(32),
    matchTime: tstz('match_time'),
    /**
     * 0 open, 1 settled (etc_settle_state): posted through the ledger by the waybill's payment under the rule
     * of the order (deducted from the driver's freight or borne by the platform).
     */
    settleState: smallint('settle_state').notNull().default(0),
    /** The rule it was settled under (etc_rule), the payout request (fin_payout) and the posting. */
    settleRule: smallint('settle_rule'),
    settlePayoutId: idRef('settle_payout_id'),
    settlePostingId: idRef('settle_posting_id'),
    settleTime: tstz('settle_time'),
    /** The import that brought the record in (one per uploaded file). */
    importBatch: varchar('import_batch', { length: 32 }).notNull(),
  },
  (t) => [
    ...statementIndexes('fin_etc_record', t, t.providerSerial, t.exitTime),
    index('fin_etc_record_time_idx').on(t.tenantId, t.exitTime),
    index('fin_etc_record_note_idx').on(t.noteId),
    index('fin_etc_record_batch_idx').on(t.tenantId, t.importBatch),
  ],
);
