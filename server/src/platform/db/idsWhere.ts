import { and, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** A table whose rows are named by an `id` column. */
type TableWithId = PgTable & { id: PgColumn };

/**
 * The ids of the rows of `table` that meet every condition (an undefined one is no condition): the question
 * behind "does such a row exist", "which rows will this change touch" and "is this key already taken". The
 * query can still be limited, ordered or locked before it is awaited.
 */
export function idsWhere<T extends TableWithId>(tx: DbOrTx, table: T, ...conditions: Array<SQL | undefined>) {
  return tx
    .select({ id: table.id as T['id'] })
    .from(table as PgTable)
    .where(and(...conditions))
    .$dynamic();
}

/** Whether a row of `table` meets every condition. */
export async function rowExists(
  tx: DbOrTx,
  table: TableWithId,
  ...conditions: Array<SQL | undefined>
): Promise<boolean> {
  const [row] = await idsWhere(tx, table, ...conditions).limit(1);
  return row !== undefined;
}
