import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** The rows of a table that belong to one parent (its key column equals the parent's id), in ascending order. */
export function childRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  parentColumn: PgColumn,
  parentId: string,
  orderColumn: PgColumn,
): Promise<T['$inferSelect'][]> {
  return db
    .select()
    .from(table as PgTable)
    .where(eq(parentColumn, parentId))
    .orderBy(asc(orderColumn));
}
