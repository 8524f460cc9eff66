import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sysUser } from '../../modules/system/schema.ts';
import type { Db } from '../db/client.ts';
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

type ResolvedSession = Omit<Session, 'tenantId'>;

// Sessions of the embedded database, remembered until its next write (a logout, freeze, delete or password
// change is a write, so a revoked token stops at once); expiry is checked on every use.
const sessionCaches = new WeakMap<object, VersionedCache<{ session: ResolvedSession; expiresAt: number }>>();
function sessionCacheOf(db: Db) {
  const clock = writeClockOf(db);
  if (!clock) return undefined;
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = new VersionedCache(clock, 60_000, 10_000);
    sessionCaches.set(db, cache);
  }
  return { cache, clock };
}

/** The token lookup of every request, built once per database as a prepared statement. */
function buildLookup(db: Db) {
  return db
    .select({
      id: sysUser.id,
      username: sysUser.username,
      realname: sysUser.realname,
      userType: sysUser.userType,
      cid: sysUser.cid,
      orgCode: sysUser.orgCode,
      relTenantIds: sysUser.relTenantIds,
      expiresAt: sysUserToken.expiresAt,
    })
    .from(sysUserToken)
    .innerJoin(sysUser, eq(sysUser.id, sysUserToken.userId))
    .where(
      and(
        eq(sysUserToken.tokenHash, sql.placeholder('tokenHash')),
        gt(sysUserToken.expiresAt, sql`now()`),
        eq(sysUser.status, 1),
        eq(sysUser.delFlag, 0),
      ),
    )
    .limit(1)
    .prepare('resolve_session');
}
const lookups = new WeakMap<object, ReturnType<typeof buildLookup>>();
function lookupOf(db: Db) {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = buildLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
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
  const rows = await lookupOf(db).execute({ tokenHash });
  const row = rows[0];
  if (!row) return null;
  const { relTenantIds, expiresAt, ...user } = row;
  const session = { user: { ...user, tenantIds: parseTenantIds(relTenantIds) }, tokenHash };
  cached?.cache.set(tokenHash, { session, expiresAt: new Date(expiresAt).getTime() }, version);
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
