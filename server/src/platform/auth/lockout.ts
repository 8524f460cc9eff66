import { and, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { sysLoginFailure } from './schema.ts';

export interface LockoutPolicy {
  maxFailures: number;
  /** The failures must fall within this span of each other… */
  windowMs: number;
  /** …and then lock the account for this long after the last of them. */
  lockMs: number;
  /**
   * Failures of an account (from any address) within the window after which every further attempt on it
   * needs a captcha, even with the login captcha off. Default: maxFailures.
   */
  captchaAfter?: number;
  /** Failures from one address (any account) within the window after which that address is refused. */
  ipMaxFailures?: number;
}

export type AttemptRefusal = 'locked' | 'throttled' | 'captcha';

/**
 * Locked when the latest `maxFailures` failures fall within the window and the lock that the last of
 * them started has not run out: 5 in 10 minutes locks for 10 minutes after the 5th, however old the
 * first one is by then. Attempts while locked record nothing, so they neither extend nor reveal the lock.
 */
export async function isLocked(db: Db, username: string, policy: LockoutPolicy): Promise<boolean> {
  return latestFailuresLock(db, eq(sysLoginFailure.username, username), policy);
}

/** Whether the latest `maxFailures` failures matching `where` fell within the window and still lock. */
async function latestFailuresLock(
  db: DbOrTx,
  where: SQL | undefined,
  policy: LockoutPolicy,
): Promise<boolean> {
  const latest = await db
    .select({ failedAt: sysLoginFailure.failedAt })
    .from(sysLoginFailure)
    .where(where)
    .orderBy(desc(sysLoginFailure.failedAt))
    .limit(policy.maxFailures);
  if (latest.length < policy.maxFailures) return false;
  const newest = latest[0].failedAt.getTime();
  const oldest = latest[latest.length - 1].failedAt.getTime();
  return newest - oldest <= policy.windowMs && Date.now() < newest + policy.lockMs;
}

/** How long failure rows must be kept for `isLocked` to see every lock through. */
export const failureRetentionMs = (policy: LockoutPolicy) => policy.windowMs + policy.lockMs;

/** The account's failures older than any lock they could still take part in go. */
async function forgetOldFailures(db: DbOrTx, username: string, policy: LockoutPolicy): Promise<void> {
  await db
    .delete(sysLoginFailure)
    .where(
      and(
        eq(sysLoginFailure.username, username),
        lt(sysLoginFailure.failedAt, new Date(Date.now() - failureRetentionMs(policy))),
      ),
    );
}

export async function recordFailure(
  db: Db,
  username: string,
  ip: string,
  policy: LockoutPolicy,
): Promise<void> {
  await db.insert(sysLoginFailure).values({ username: username.slice(0, 64), ip });
  await forgetOldFailures(db, username, policy);
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(sysLoginFailure).where(eq(sysLoginFailure.username, username));
}

/**
 * Whether the latest `maxFailures` failures of this account from this address lock it (for that address).
 * The lock is per address: someone who knows a user name cannot lock its owner out from elsewhere; from any
 * other address the account then asks for a captcha (captchaDue).
 */
async function lockedFor(db: DbOrTx, username: string, ip: string, policy: LockoutPolicy): Promise<boolean> {
  return latestFailuresLock(
    db,
    and(eq(sysLoginFailure.username, username), eq(sysLoginFailure.ip, ip)),
    policy,
  );
}

const since = (policy: LockoutPolicy) => new Date(Date.now() - policy.windowMs);

async function countFailures(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sysLoginFailure).where(where);
  return Number(row?.n ?? 0);
}

/** Whether this account has failed often enough recently (from anywhere) that an attempt needs a captcha. */
export async function captchaDue(db: DbOrTx, username: string, policy: LockoutPolicy): Promise<boolean> {
  const failures = await countFailures(
    db,
    and(eq(sysLoginFailure.username, username), gt(sysLoginFailure.failedAt, since(policy))),
  );
  return failures >= (policy.captchaAfter ?? policy.maxFailures);
}

/** A quick look before the captcha is spent: is this account locked for this address? */
export function isLockedFor(db: DbOrTx, username: string, ip: string, policy: LockoutPolicy) {
  return lockedFor(db, username, ip, policy);
}

/**
 * Takes one password attempt, atomically: under a per-account lock, the attempt is refused (locked for this
 * address, address throttled, captcha due and not passed) or recorded as a failure before the password is
 * checked. Thirty parallel guesses therefore count thirty, and at most `maxFailures` of them are ever checked.
 * A correct password then removes its own record (clearFailures).
 */
export async function reserveAttempt(
  db: Db,
  username: string,
  ip: string,
  policy: LockoutPolicy,
  captchaPassed: boolean,
): Promise<{ refused: AttemptRefusal } | { attemptId: number }> {
  const name = username.slice(0, 64);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${name}`}))`);
    if (await lockedFor(tx, name, ip, policy)) return { refused: 'locked' as const };
    if (
      policy.ipMaxFailures &&
      (await countFailures(
        tx,
        and(eq(sysLoginFailure.ip, ip), gt(sysLoginFailure.failedAt, since(policy))),
      )) >= policy.ipMaxFailures
    )
      return { refused: 'throttled' as const };
    if (!captchaPassed && (await captchaDue(tx, name, policy))) return { refused: 'captcha' as const };
    const [row] = await tx
      .insert(sysLoginFailure)
      .values({ username: name, ip })
      .returning({ id: sysLoginFailure.id });
    await forgetOldFailures(tx, name, policy);
    return { attemptId: row.id };
  });
}

/** After a correct password: this address's failures of the account are forgotten (other addresses' stay). */
export async function clearFailuresFrom(db: DbOrTx, username: string, ip: string): Promise<void> {
  await db
    .delete(sysLoginFailure)
    .where(and(eq(sysLoginFailure.username, username.slice(0, 64)), eq(sysLoginFailure.ip, ip)));
}
