import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { listTotalsOf } from '../resource/countCache.ts';

// Which tables' list totals a write to a table changes: the table itself, and every table declared to
// follow it. Keyed by table name, as the totals are.
const followers = new Map<string, Set<string>>();

/**
 * Declared beside a table whose rows are recounted from another's (an order's dispatched figures from its
 * notes): a write to `source` changes what `follower`'s lists count, so it drops their totals too.
 */
export function totalsFollow(follower: PgTable, source: PgTable): void {
  const name = getTableName(source);
  const set = followers.get(name) ?? new Set<string>();
  set.add(getTableName(follower));
  followers.set(name, set);
}

/**
 * After a write made outside the generic resource routes (a step, a review, a job): the list totals of the
 * written tables, and of the tables that follow them, are dropped at once instead of living out their TTL.
 */
export function tablesWritten(db: object, ...tables: PgTable[]): void {
  const totals = listTotalsOf(db);
  const names = new Set<string>();
  for (const table of tables) {
    const name = getTableName(table);
    names.add(name);
    for (const follower of followers.get(name) ?? []) names.add(follower);
  }
  for (const name of names) totals.invalidate(name);
}
