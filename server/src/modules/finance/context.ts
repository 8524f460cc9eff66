import type { Db } from '../../platform/db/client.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import type { BankAdapter } from './bank/adapter.ts';

/** What the money services need: the database and the bank. The demo seeder builds one without an app. */
export interface Finance {
  db: Db;
  bank: BankAdapter;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/** Who acts: a signed-in user, or the system (bank callbacks, jobs, the demo). */
export interface FinActor {
  username: string;
  userId: string | null;
  userType: number;
  cid: string | null;
  tenantId: number;
}

export const SYSTEM_ACTOR = (tenantId = 0, username = 'system'): FinActor => ({
  username,
  userId: null,
  userType: 1,
  cid: null,
  tenantId,
});

export const silentLog: Finance['log'] = { warn: () => undefined, error: () => undefined };

/** Money changed these tables: their cached list totals are stale. */
export function tablesChanged(fin: Finance, ...tables: string[]): void {
  const totals = listTotalsOf(fin.db);
  for (const table of tables) totals.invalidate(table);
}
