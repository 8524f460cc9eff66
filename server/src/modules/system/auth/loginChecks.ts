import type { DbOrTx } from '../../../platform/db/client.ts';
import type { UserRow } from '../user/service.ts';

/**
 * A rule of another module that may refuse a sign-in once the identity is proven, e.g. the staff of a frozen
 * customer. Answers the refusal shown to the user, or null. It may move the user to a usable context
 * (updating `user` in place and in the database).
 */
export type LoginCheck = (db: DbOrTx, user: UserRow) => Promise<string | null>;

const checks = new Map<string, LoginCheck>();

/** Registered at start-up by the module that owns the rule; the name keeps a re-registration single. */
export function registerLoginCheck(name: string, check: LoginCheck): void {
  checks.set(name, check);
}

export async function loginCheckRefusal(db: DbOrTx, user: UserRow): Promise<string | null> {
  for (const check of checks.values()) {
    const refusal = await check(db, user);
    if (refusal) return refusal;
  }
  return null;
}
