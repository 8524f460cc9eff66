import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { recordNotFound } from '../http/errors.ts';

/** Deletes the table's row of that id, refusing (record not found) when there is none. */
export async function deleteById(db: DbOrTx, table: PgTable & { id: PgColumn }, id: string): Promise<void> {
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (!deleted.length) throw recordNotFound();
}
