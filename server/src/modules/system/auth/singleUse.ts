import { and, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/client.ts';

/** A table of secrets that may be used once (remember-me keys, SMS codes): a row is spent when used. */
type SingleUseTable = PgTable & { usedAt: PgColumn };

/**
 * Spends the unspent row that `which` names; whether this call spent it. Of two callers racing with the
 * same secret (or a replay of it) only one gets true.
 */
export async function spendOnce(db: DbOrTx, table: SingleUseTable, which: SQL): Promise<boolean> {
  const spent = await db
    .update(table as PgTable)
    .set({ usedAt: new Date() })
    .where(and(which, isNull(table.usedAt)))
    .returning({ usedAt: table.usedAt });
  return spent.length === 1;
}
