// Helpers of the dashboard and statistics API tests: the demo waybills with admin and shipper signed in,
// GET answers, and row counts straight from SQL (the waybill figures by SQL are in directFigures.ts).
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll } from 'vitest';
import { runDemoSeeders } from '../../seed/demo/index.ts';
import { api, type TestApp } from '../../test/harness.ts';
import { hyShippingNote } from '../freight/index.ts';
import { sysUser } from '../system/index.ts';

export interface DemoViewers {
  admin: string;
  shipper: string;
  /** The shipper's customer id: its own waybills carry it. */
  shipperCid: string;
}

/**
 * Seeds the demo waybills and signs in admin and shipper before the tests of the enclosing `describe`;
 * `then` runs last in the same hook, so the tests see what it builds.
 */
export function useDemoViewers(t: TestApp, then?: () => Promise<unknown>): DemoViewers {
  const viewers = {} as DemoViewers;
  beforeAll(async () => {
    await runDemoSeeders(t.db, { orders: 14 });
    viewers.admin = await t.login('admin');
    viewers.shipper = await t.login('shipper');
    const [row] = await t.db
      .select({ cid: sysUser.cid })
      .from(sysUser)
      .where(eq(sysUser.username, 'shipper'));
    viewers.shipperCid = String(row?.cid);
    await then?.();
  }, 240_000);
  return viewers;
}

/** GETs as `token` (null: signed out); answers the status and the envelope. */
export function getter(t: TestApp) {
  return async <T>(token: string | null, path: string) => {
    const res = await t.call(token, { method: 'GET', url: api(path) });
    return { status: res.statusCode, body: res.json() as { success: boolean; result: T; message: string } };
  };
}

/** The day of `at` in China time, YYYY-MM-DD. */
export const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** How many rows of `table` (the waybills unless named) match `where`, by direct SQL. */
export async function countRows(t: TestApp, where: SQL | undefined, table: PgTable = hyShippingNote) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return Number(row?.n ?? 0);
}
