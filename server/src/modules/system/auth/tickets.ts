import { and, eq, lt, sql } from 'drizzle-orm';
import { randomToken, sha256 } from '../../../platform/auth/crypto.ts';
import type { Db } from '../../../platform/db/client.ts';
import { sysAuthTicket } from '../authSchema.ts';

export type TicketKind =
  | 'oidc_state'
  | 'third_code'
  | 'pwd_change'
  | 'pwd_reset'
  | 'cas_ticket'
  | 'cas_session'
  | 'remember_session';
export type TicketRow = typeof sysAuthTicket.$inferSelect;

/** Stores the hash of a fresh (or given) secret and returns the secret. */
export async function issueTicket(
  db: Db,
  kind: TicketKind,
  options: { ttlMs: number; userId?: string | null; data?: unknown; secret?: string },
): Promise<string> {
  const secret = options.secret ?? randomToken();
  await db.insert(sysAuthTicket).values({
    hash: sha256(secret),
    kind,
    userId: options.userId ?? null,
    data: options.data === undefined ? null : JSON.stringify(options.data),
    expiresAt: new Date(Date.now() + options.ttlMs),
  });
  // Expired rows of every kind are swept here rather than by a job: issuing is rare, lookups are indexed.
  await db.delete(sysAuthTicket).where(lt(sysAuthTicket.expiresAt, sql`now() - interval '1 day'`));
  return secret;
}

/**
 * Deletes and returns the ticket when it is live: the delete is the single-use guarantee, so two
 * concurrent exchanges of one code cannot both succeed.
 */
export async function consumeTicket(db: Db, kind: TicketKind, secret: string): Promise<TicketRow | null> {
  const [row] = await db
    .delete(sysAuthTicket)
    .where(and(eq(sysAuthTicket.hash, sha256(secret)), eq(sysAuthTicket.kind, kind)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return null;
  return row;
}

/** Records a secret as seen; false when it was already recorded (a replay). */
export async function recordOnce(db: Db, kind: TicketKind, secret: string, ttlMs: number): Promise<boolean> {
  const rows = await db
    .insert(sysAuthTicket)
    .values({ hash: sha256(secret), kind, expiresAt: new Date(Date.now() + ttlMs) })
    .onConflictDoNothing()
    .returning({ hash: sysAuthTicket.hash });
  return rows.length === 1;
}

export function parseTicketData<T>(row: TicketRow): T | null {
  if (!row.data) return null;
  try {
    return JSON.parse(row.data) as T;
  } catch {
    return null;
  }
}
