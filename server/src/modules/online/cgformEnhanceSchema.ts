import { index, integer, text, varchar } from 'drizzle-orm/pg-core';
import { logTable, partTable } from '../../platform/db/businessTable.ts';
import { bilingualColumns, idRef } from '../../platform/db/columns.ts';

/** A custom button of an online form's list: a row link that runs the button's enhancements. */
export const onlCgformButton = partTable(
  'onl_cgform_button',
  { cgformHeadId: 'cgform_head_id' },
  {
    buttonCode: varchar('button_code', { length: 50 }).notNull(),
    ...bilingualColumns('buttonName', 50),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [t.buttonCode],
);

/**
 * Enhancements of a form's button, every saved text a row: the newest of a (form, kind, code) is the one in
 * force, the older ones its history (at most 16 per code). `kind` is 'js' or 'sql'.
 */
export const onlCgformEnhance = logTable(
  'onl_cgform_enhance',
  {
    cgformHeadId: idRef('cgform_head_id').notNull(),
    kind: varchar('kind', { length: 3 }).notNull(),
    buttonCode: varchar('button_code', { length: 50 }).notNull(),
    content: text('content').notNull(),
    version: integer('version').notNull(),
    createBy: varchar('create_by', { length: 64 }),
  },
  (t) => [index('onl_cgform_enhance_code_idx').on(t.cgformHeadId, t.kind, t.buttonCode, t.version)],
);
