import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import { idsWhere } from './idsWhere.ts';

/** An outbox table: rows named by `id`, with a state, a due time and a claim (`claimColumns()`). */
type OutboxTable = PgTable & {
  id: PgColumn;
  state: PgColumn;
  nextAttemptAt: PgColumn;
  claimToken: PgColumn;
  claimedUntil: PgColumn;
};

export interface OutboxClaimOptions<TRow> {
  now: Date;
  /** Rows claimed at most. */
  limit: number;
  /** How long a claim holds before another run may take the row again. */
  leaseMs: number;
  /** Ordered by this before the due time (e.g. a rank of the row's type). */
  orderFirst?: SQL;
  /** More columns stamped on a claimed row. */
  set?: Record<string, unknown>;
  /** Runs in the claim's transaction with the rows just claimed. */
  onClaimed?: (tx: Tx, rows: TRow[]) => Promise<void>;
}

/**
 * Claims due rows of an outbox (pending and due, or sending with a lapsed claim): they are locked FOR UPDATE
 * SKIP LOCKED, set 'sending' and stamped with a new claim token and a lease, so two instances never take the
 * same row; a crash leaves a lease that runs out, and the next run takes the row again.
 */
export async function claimDueRows<T extends OutboxTable>(
  db: Db,
  table: T,
  options: OutboxClaimOptions<T['$inferSelect']>,
): Promise<{ token: string; rows: Array<T['$inferSelect']> }> {
  type Row = T['$inferSelect'];
  const { now } = options;
  const token = randomUUID().replaceAll('-', '');
  const rows = await db.transaction(async (tx) => {
    const due = await idsWhere(
      tx,
      table,
      or(
        and(eq(table.state, 'pending'), lte(table.nextAttemptAt, now)),
        and(eq(table.state, 'sending'), lte(table.claimedUntil, now)),
      ),
    )
      .orderBy(...(options.orderFirst ? [options.orderFirst] : []), asc(table.nextAttemptAt), asc(table.id))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = (await tx
      .update(table as PgTable)
      .set({
        state: 'sending',
        claimToken: token,
        claimedUntil: new Date(now.getTime() + options.leaseMs),
        ...options.set,
      })
      .where(
        inArray(
          table.id,
          due.map((d) => d.id),
        ),
      )
      .returning()) as Row[];
    await options.onClaimed?.(tx, claimed);
    return claimed;
  });
  return { token, rows };
}
