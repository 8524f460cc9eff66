import { and, eq, gt, sql } from 'drizzle-orm';
import { sha256 } from '../../../platform/auth/crypto.ts';
import { parseTenantIds, type Session } from '../../../platform/auth/session.ts';
import type { Db } from '../../../platform/db/client.ts';
import { sysAuthTicket } from '../authSchema.ts';
import { sysUser } from '../schema.ts';
import { issueTicket } from './tickets.ts';

/** What a session knows of its user (the tenants still as stored: `parseTenantIds` reads them). */
export const SESSION_USER_COLUMNS = {
  id: sysUser.id,
  username: sysUser.username,
  realname: sysUser.realname,
  userType: sysUser.userType,
  cid: sysUser.cid,
  orgCode: sysUser.orgCode,
  relTenantIds: sysUser.relTenantIds,
};

export const PASSWORD_CHANGE_SCOPE = 'pwd_change';
const PASSWORD_CHANGE_TTL_MS = 15 * 60_000;

/** The token of a 406 answer: 15 minutes, and a route accepts it only when it declares tokenScope pwd_change. */
export function issuePasswordChangeToken(db: Db, userId: string): Promise<string> {
  return issueTicket(db, PASSWORD_CHANGE_SCOPE, { userId, ttlMs: PASSWORD_CHANGE_TTL_MS });
}

/**
 * Resolves a scoped token. These live outside sys_user_token, so the ordinary session lookup never
 * finds them: every route that does not opt in answers 401 by construction.
 */
export async function resolveScopedSession(
  db: Db,
  token: string,
  scope: string,
): Promise<Omit<Session, 'tenantId'> | null> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select(SESSION_USER_COLUMNS)
    .from(sysAuthTicket)
    .innerJoin(sysUser, eq(sysUser.id, sysAuthTicket.userId))
    .where(
      and(
        eq(sysAuthTicket.hash, tokenHash),
        eq(sysAuthTicket.kind, scope),
        gt(sysAuthTicket.expiresAt, sql`now()`),
        eq(sysUser.status, 1),
        eq(sysUser.delFlag, 0),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { relTenantIds, ...user } = row;
  return { user: { ...user, tenantIds: parseTenantIds(relTenantIds) }, tokenHash, scope };
}

/** Ends every pending change token of the user once the password has changed. */
export async function burnPasswordChangeTokens(db: Db, userId: string): Promise<void> {
  await db
    .delete(sysAuthTicket)
    .where(and(eq(sysAuthTicket.kind, PASSWORD_CHANGE_SCOPE), eq(sysAuthTicket.userId, userId)));
}
