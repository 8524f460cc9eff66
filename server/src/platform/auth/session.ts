import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { accessDirectory } from '../access/directory.ts';
import type { Db } from '../db/client.ts';
import { listeningSessionClockOf } from '../db/sessionClock.ts';
import { VersionedCache, writeClockOf } from '../db/writeClock.ts';
import { randomToken, sha256 } from './crypto.ts';
import { sysUserToken } from './schema.ts';

export interface SessionUser {
  id: string;
  username: string;
  realname: string;
  userType: number;
  cid: string | null;
  orgCode: string | null;
  /** Tenants the user may act in; 0 is always allowed. */
  tenantIds: number[];
}

export interface Session {
  user: SessionUser;
  tokenHash: string;
  /** The tenant of this request (tenant_id header, checked against the user's tenants). */
  tenantId: number;
  /** Set for a restricted token (e.g. 'pwd_change'), accepted only by routes declaring that tokenScope. */
  scope?: string;
  /**
   * When the user last set the password (null: never, an initial one). A session whose password must be
   * changed reaches only the password change (and logout), whichever way it signed in.
   */
  passwordChangedAt?: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-access-token'];
  let value = Array.isArray(header) ? header[0] : header;
  // Browsers cannot set headers on a WebSocket: the console sends the token as the sub-protocol.
  if (!value && request.headers.upgrade?.toLowerCase() === 'websocket') {
    value = request.headers['sec-websocket-protocol']?.split(',')[0]?.trim();
  }
  return value && value.length <= 200 ? value : undefined;
}

export function parseTenantIds(rel: string | null): number[] {
  const ids = new Set<number>([0]);
  for (const part of (rel ?? '').split(',')) {
    const n = Number.parseInt(part, 10);
    if (Number.isInteger(n)) ids.add(n);
  }
  return [...ids];
}

/** A session before the request's tenant is checked. */
export type ResolvedSession = Omit<Session, 'tenantId'>;

// Sessions remembered until a change to users or tokens: on the embedded database any write (a logout,
// freeze, delete or password change is a write), on PostgreSQL the session clock (db/sessionClock.ts), which
// hears of every instance's changes. Expiry is checked on every use.
const sessionCaches = new WeakMap<object, VersionedCache<{ session: ResolvedSession; expiresAt: number }>>();
function sessionCacheOf(db: Db) {
  const clock = writeClockOf(db) ?? listeningSessionClockOf(db);
  if (!clock) return undefined;
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = new VersionedCache(clock, 60_000, 10_000);
    sessionCaches.set(db, cache);
  }
  return { cache, clock };
}

/**
 * One indexed lookup per request (answered from memory on the embedded database until its next write):
 * a frozen, deleted or logged-out user's token stops working at once.
 */
export async function resolveSession(db: Db, token: string): Promise<ResolvedSession | null> {
  const tokenHash = sha256(token);
  const cached = sessionCacheOf(db);
  const hit = cached?.cache.get(tokenHash);
  if (hit && hit.expiresAt > Date.now()) return hit.session;
  const version = cached?.clock.version ?? 0;
  const found = await accessDirectory().sessionUser(db, tokenHash);
  if (!found) return null;
  const session = { user: found.user, tokenHash, passwordChangedAt: found.passwordChangedAt ?? null };
  cached?.cache.set(tokenHash, { session, expiresAt: found.expiresAt.getTime() }, version);
  return session;
}

export async function issueToken(
  db: Db,
  userId: string,
  ttlMs: number,
  meta: { ip?: string; userAgent?: string; tenantId?: number },
): Promise<string> {
  const token = randomToken();
  await db.insert(sysUserToken).values({
    tokenHash: sha256(token),
    userId,
    tenantId: meta.tenantId ?? 0,
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 256),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.delete(sysUserToken).where(eq(sysUserToken.tokenHash, sha256(token)));
}

export async function revokeUserTokens(db: Db, userIds: string[]): Promise<void> {
  for (const userId of userIds) await db.delete(sysUserToken).where(eq(sysUserToken.userId, userId));
}
