import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { perDatabase } from '../db/perDatabase.ts';

const dialect = new PgDialect();
const TTL_MS = 5_000;
const MAX_ENTRIES = 500;

/**
 * Totals of list pages, per table and filter, for a few seconds. Paging through a list asks the same
 * count again and again, and on a large table `count(*)` costs more than the page itself. A write through
 * the resource drops its table's totals at once; a write elsewhere (another instance, a job) shows within
 * the TTL. The key is the filter's SQL text with its bound values, so scope and data rules are part of it.
 */
export class CountCache<V = number> {
  private readonly entries = new Map<string, { at: number; total: Promise<V> }>();

  key(table: string, where: SQL | undefined): string {
    if (!where) return `${table}|`;
    const query = dialect.sqlToQuery(where);
    return `${table}|${query.sql}|${JSON.stringify(query.params)}`;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.total;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const total = load();
    this.entries.set(key, { at: Date.now(), total });
    total.catch(() => this.entries.delete(key));
    return total;
  }

  invalidate(table: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${table}|`)) this.entries.delete(key);
  }
}

// One cache per database handle: two apps in one process never share totals.
export const listTotalsOf = perDatabase(() => new CountCache());
