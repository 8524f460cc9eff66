import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';
import { idsWhere } from './idsWhere.ts';

/**
 * An outbox whose rows a sender leases (`claimColumns`): a pending row falls due at `nextAttemptAt`, and a
 * sending row whose lease lapsed (its sender died) is due again.
 */
type LeasedTable = PgTable & {
  id: PgColumn;
  state: PgColumn;
  nextAttemptAt: PgColumn;
  claimedUntil: PgColumn;
};

/**
 * Locks up to `limit` due rows, oldest due first after `firstBy`. Rows another sender holds locked are
 * skipped, so concurrent runs (several server processes) never claim the same row.
 */
export function lockDueIds<T extends LeasedTable>(
  tx: DbOrTx,
  table: T,
  options: { now: Date; limit: number; firstBy?: SQL },
) {
  const { now, limit, firstBy } = options;
  return idsWhere(
    tx,
    table,
    or(
      and(eq(table.state, 'pending'), lte(table.nextAttemptAt, now)),
      and(eq(table.state, 'sending'), lte(table.claimedUntil, now)),
    ),
  )
    .orderBy(...(firstBy ? [firstBy] : []), asc(table.nextAttemptAt), asc(table.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The values that lease claimed rows to one run: only the holder of the token may settle them. */
export function leaseTo(now: Date, leaseMs: number) {
  const claimToken = randomUUID().replaceAll('-', '');
  return { state: 'sending' as const, claimToken, claimedUntil: new Date(now.getTime() + leaseMs) };
}
