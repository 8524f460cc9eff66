import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysLoginFailure } from './schema.ts';

export interface LockoutPolicy {
  maxFailures: number;
  /** The failures must fall within this span of each other… */
  windowMs: number;
  /** …and then lock the account for this long after the last of them. */
  lockMs: number;
}

/**
 * Locked when the latest `maxFailures` failures fall within the window and the lock that the last of
 * them started has not run out: 5 in 10 minutes locks for 10 minutes after the 5th, however old the
 * first one is by then. Attempts while locked record nothing, so they neither extend nor reveal the lock.
 */
export async function isLocked(db: Db, username: string, policy: LockoutPolicy): Promise<boolean> {
  const latest = await db
    .select({ failedAt: sysLoginFailure.failedAt })
    .from(sysLoginFailure)
    .where(eq(sysLoginFailure.username, username))
    .orderBy(desc(sysLoginFailure.failedAt))
    .limit(policy.maxFailures);
  if (latest.length < policy.maxFailures) return false;
  const newest = latest[0].failedAt.getTime();
  const oldest = latest[latest.length - 1].failedAt.getTime();
  return newest - oldest <= policy.windowMs && Date.now() < newest + policy.lockMs;
}

/** How long failure rows must be kept for `isLocked` to see every lock through. */
export const failureRetentionMs = (policy: LockoutPolicy) => policy.windowMs + policy.lockMs;

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
        lt(sysLoginFailure.failedAt, new Date(Date.now() - failureRetentionMs(policy))),
      ),
    );
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(sysLoginFailure).where(eq(sysLoginFailure.username, username));
}
