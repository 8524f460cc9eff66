import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysLoginFailure } from './schema.ts';

export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
}

/** Locked while `maxFailures` failures fall inside the window: 5 in 10 minutes locks for 10 minutes. */
export async function isLocked(db: Db, username: string, policy: LockoutPolicy): Promise<boolean> {
  const since = new Date(Date.now() - policy.windowMs);
  const rows = await db
    .select({ id: sysLoginFailure.id })
    .from(sysLoginFailure)
    .where(and(eq(sysLoginFailure.username, username), gt(sysLoginFailure.failedAt, since)))
    .limit(policy.maxFailures);
  return rows.length >= policy.maxFailures;
}

export async function recordFailure(
  db: Db,
  username: string,
  ip: string,
  policy: LockoutPolicy,
): Promise<void> {
  await db.insert(sysLoginFailure).values({ username: username.slice(0, 64), ip });
  await db
    .delete(sysLoginFailure)
    .where(
      and(
        eq(sysLoginFailure.username, username),
        lt(sysLoginFailure.failedAt, new Date(Date.now() - policy.windowMs)),
      ),
    );
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(sysLoginFailure).where(eq(sysLoginFailure.username, username));
}
