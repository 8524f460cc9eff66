import type { LoginResult } from '@freight/contracts';
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

/**
 * What another module adds to a successful sign-in's answer, e.g. the privacy policy the user still has to
 * accept. Runs after every check passed.
 */
export type LoginExtra = (db: DbOrTx, user: UserRow) => Promise<Partial<LoginResult>>;

const extras = new Map<string, LoginExtra>();

export function registerLoginExtra(name: string, extra: LoginExtra): void {
  extras.set(name, extra);
}

export async function loginExtras(db: DbOrTx, user: UserRow): Promise<Partial<LoginResult>> {
  let out: Partial<LoginResult> = {};
  for (const extra of extras.values()) out = { ...out, ...(await extra(db, user)) };
  return out;
}
