import { and, eq, getTableColumns, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { bizError } from '../http/errors.ts';
import type { ResourceDef } from './defineResource.ts';

/**
 * Refuses the written row when another row of the table (deleted ones too, so a restored row never clashes)
 * already holds its `key`; on edit the row itself does not count.
 */
export async function refuseTaken<T extends PgTable>(
  tx: DbOrTx,
  table: T,
  key: keyof T['$inferSelect'] & string,
  values: Record<string, unknown>,
  mode: 'add' | 'edit',
  message: string,
): Promise<void> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = columns[key];
  const id = columns.id;
  if (!column || !id) throw new Error(`${key} or id is not a column of the table`);
  const clash = await tx
    .select({ id })
    .from(table as PgTable)
    .where(and(eq(column, String(values[key])), mode === 'edit' ? ne(id, String(values.id)) : undefined))
    .limit(1);
  if (clash.length) throw bizError(message);
}

type Row = Record<string, unknown>;

/** A column no two rows may share; the message may name the value. */
export interface UniqueKey {
  key: string;
  message: string | ((values: Row) => string);
}

/** The write hook that runs `beforeWrite`, then refuses a taken `unique` key in the values it derived. */
export function withUniqueKey(
  table: PgTable,
  unique: UniqueKey | undefined,
  beforeWrite: ResourceDef['beforeWrite'],
): ResourceDef['beforeWrite'] {
  if (!unique) return beforeWrite;
  return async (values, mode, request, tx) => {
    const written = beforeWrite ? await beforeWrite(values, mode, request, tx) : values;
    const message = typeof unique.message === 'string' ? unique.message : unique.message(written);
    await refuseTaken(tx, table, unique.key, written, mode, message);
    return written;
  };
}
