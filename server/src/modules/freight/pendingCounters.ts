import { REVIEW_STATE } from '@freight/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { hyDriver, hyVehicle } from './partySchema.ts';
import { hyCustomer } from './schema.ts';

/** How long the header's review counters are answered from memory ("cached briefly"). */
export const PENDING_COUNTS_TTL_MS = 10_000;

export interface PartyCounts {
  sijiCount: number;
  cheCount: number;
  huozhuCount: number;
}

/**
 * The three review counters of the header bell (drivers, vehicles, shippers with state = 1), per
 * tenant for a few seconds. Every console polls them and every list page of a reviewer shows them, while
 * they change only when a record is submitted or reviewed: those paths call `invalidate()`, so this
 * instance answers the new figure at once; another instance within the TTL.
 */
export class PendingCounterCache {
  private readonly entries = new Map<number, { at: number; counts: Promise<PartyCounts> }>();
  private generation = 0;

  constructor(private readonly db: Db) {}

  get(tenantId: number): Promise<PartyCounts> {
    const hit = this.entries.get(tenantId);
    if (hit && Date.now() - hit.at < PENDING_COUNTS_TTL_MS) return hit.counts;
    const generation = this.generation;
    const counts = this.load(tenantId);
    this.entries.set(tenantId, { at: Date.now(), counts });
    counts.then(
      () => {
        // A change that landed while counting must not be hidden behind the older figure.
        if (generation !== this.generation) this.entries.delete(tenantId);
      },
      () => this.entries.delete(tenantId),
    );
    return counts;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  private async load(tenantId: number): Promise<PartyCounts> {
    const pending = async (table: PgTable, tenant: PgColumn, state: PgColumn) => {
      const [row] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(and(eq(tenant, tenantId), eq(state, REVIEW_STATE.pending)));
      return Number(row?.n ?? 0);
    };
    const [sijiCount, cheCount, huozhuCount] = await Promise.all([
      pending(hyDriver, hyDriver.tenantId, hyDriver.state),
      pending(hyVehicle, hyVehicle.tenantId, hyVehicle.state),
      pending(hyCustomer, hyCustomer.tenantId, hyCustomer.state),
    ]);
    return { sijiCount, cheCount, huozhuCount };
  }
}

// One cache per database handle: two apps in one process (tests, benches) never share counts.
const caches = new WeakMap<object, PendingCounterCache>();
export function pendingCountersOf(db: Db): PendingCounterCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PendingCounterCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * After a submission or a review: drop the cached counts and tell every signed-in console to fetch them
 * again (the bell otherwise polls every 650 s).
 */
export async function pendingCountsChanged(ctx: AppContext): Promise<void> {
  pendingCountersOf(ctx.db).invalidate();
  await ctx.realtime
    .pushToUsers('all', { cmd: 'counters', msgId: 'pendingCounts', msgTxt: '' })
    .catch(() => undefined);
}
