import { index, jsonb } from 'drizzle-orm/pg-core';
import { auditedTable } from '../../platform/db/businessTable.ts';
import { bilingualColumns, idRef } from '../../platform/db/columns.ts';

/** What a copy shows of one field of its form; a field left out keeps the form's own setting. */
export interface CopyFieldView {
  dbFieldName: string;
  isShowList: number;
  isShowForm: number;
  isQuery: number;
}

/**
 * Copies of an online form (reference: heads with copy_type 1 and physic_id): another title and another
 * field visibility over the same synced table, so one table serves two purposes without a second sync.
 */
export const onlCgformCopy = auditedTable(
  'onl_cgform_copy',
  {
    /** The form whose table the copy shows (reference physic_id). */
    physicId: idRef('physic_id').notNull(),
    ...bilingualColumns('tableTxt', 200),
    fields: jsonb('fields').$type<CopyFieldView[]>().notNull().default([]),
  },
  (t) => [index('onl_cgform_copy_physic_idx').on(t.physicId)],
);
