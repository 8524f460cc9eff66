import { USER_TYPE } from '@freight/contracts';
import type { Db } from '../../platform/db/client.ts';
import { perDatabase } from '../../platform/db/perDatabase.ts';
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

/** A customer's staff or administrator, who act for their own customer only. */
export const isCustomerUser = (actor: FinActor) =>
  actor.userType === USER_TYPE.customer || actor.userType === USER_TYPE.customerAdmin;

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

/** Told, after the commit, that money moved in a tenant's books (a bank payment paid): e.g. the large screens. */
export type MoneyListener = (tenantId: number) => void;
const moneyListeners = perDatabase<MoneyListener[]>(() => []);

/** Listens to the money moved in an app (by its database). */
export function onMoneyMoved(db: object, listener: MoneyListener): void {
  moneyListeners(db).push(listener);
}

/** Tells the listeners of the app that money moved in these tenants (call after the commit). */
export function moneyMoved(fin: Finance, tenantIds: Iterable<number>): void {
  const listeners = moneyListeners(fin.db);
  for (const tenantId of new Set(tenantIds)) for (const listener of listeners) listener(tenantId);
}
