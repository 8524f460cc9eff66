import { AUTH_MSG, MSG, type RememberedLoginResult } from '@freight/contracts';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomToken, sha256 } from '../../../platform/auth/crypto.ts';
import { sysUserToken } from '../../../platform/auth/schema.ts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/columns.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysAuthTicket, sysRememberKey } from '../authSchema.ts';
import { findUserById } from '../user/service.ts';
import type { SignInDoor } from './loginFlow.ts';
import { spendOnce } from './singleUse.ts';
import { issueTicket } from './tickets.ts';

export const REMEMBER_TTL_MS = 30 * 24 * 3_600_000;
const SESSION_TAG = 'remember_session';

/** A new key in `chainId` (a new chain when absent); only its hash is stored. */
export async function issueRememberKey(db: Db, userId: string, chainId: string = newId()): Promise<string> {
  const key = randomToken();
  await db.insert(sysRememberKey).values({
    keyHash: sha256(key),
    chainId,
    userId,
    expiresAt: new Date(Date.now() + REMEMBER_TTL_MS),
  });
  return key;
}

/** Notes that a session came from a chain, so that a theft of the chain can end the session too. */
async function tagSession(db: Db, chainId: string, userId: string, token: string, ttlMs: number) {
  await issueTicket(db, SESSION_TAG, { userId, secret: token, data: { chainId }, ttlMs });
}

/** Login with remember me: a new chain whose first key is answered with the session `token`. */
export async function startRememberChain(
  db: Db,
  userId: string,
  token: string,
  sessionTtlMs: number,
): Promise<string> {
  const chainId = newId();
  await tagSession(db, chainId, userId, token, sessionTtlMs);
  return issueRememberKey(db, userId, chainId);
}

/** Ends a chain: its keys and every session signed in through it. */
async function endChain(db: Db, chainId: string): Promise<void> {
  await db.delete(sysRememberKey).where(eq(sysRememberKey.chainId, chainId));
  const sessions = await db
    .delete(sysAuthTicket)
    .where(and(eq(sysAuthTicket.kind, SESSION_TAG), eq(sysAuthTicket.data, JSON.stringify({ chainId }))))
    .returning({ hash: sysAuthTicket.hash });
  if (sessions.length > 0)
    await db.delete(sysUserToken).where(
      inArray(
        sysUserToken.tokenHash,
        sessions.map((s) => s.hash),
      ),
    );
}

/** Ends every remember key of a user (password reset). */
export async function revokeRememberKeys(db: Db, userId: string): Promise<void> {
  await db.delete(sysRememberKey).where(eq(sysRememberKey.userId, userId));
}

/** Ends the chain of a key (logout on the device that holds it); unknown keys are ignored. */
export async function revokeRememberChain(db: Db, key: string): Promise<void> {
  const [row] = await db
    .select({ chainId: sysRememberKey.chainId })
    .from(sysRememberKey)
    .where(eq(sysRememberKey.keyHash, sha256(key)))
    .limit(1);
  if (row) await endChain(db, row.chainId);
}

/**
 * Exchanges a key for its successor. A key already used means two parties hold the chain (the
 * user and a thief, or a stolen copy replayed): the whole chain ends, with every session it opened,
 * and the user must sign in again.
 */
async function rotate(
  db: Db,
  key: string,
): Promise<{ userId: string; chainId: string; next: string } | null> {
  const [row] = await db
    .select()
    .from(sysRememberKey)
    .where(eq(sysRememberKey.keyHash, sha256(key)))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt.getTime() < Date.now()) {
    await db.delete(sysRememberKey).where(eq(sysRememberKey.chainId, row.chainId));
    return null;
  }
  if (!(await spendOnce(db, sysRememberKey, eq(sysRememberKey.keyHash, row.keyHash)))) {
    await endChain(db, row.chainId);
    return null;
  }
  await db.delete(sysRememberKey).where(lt(sysRememberKey.expiresAt, new Date()));
  return {
    userId: row.userId,
    chainId: row.chainId,
    next: await issueRememberKey(db, row.userId, row.chainId),
  };
}

export function rememberRoutes({ app, ctx, flow, rateLimit }: SignInDoor): void {
  const { db } = ctx;
  const sessionTtlMs = ctx.config.tokenTtlMs;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/sys/remember/:key',
    {
      config: { access: 'public', audit: false, rateLimit },
      schema: { params: z.object({ key: z.string().min(1).max(100) }) },
    },
    async (request) => {
      const rotated = await rotate(db, request.params.key);
      const user = rotated ? await findUserById(db, rotated.userId) : undefined;
      const log = flow.logFor(request, user?.username ?? '-');
      if (!rotated || !user || user.delFlag !== 0) {
        await log(false, '自动登录失败：凭证无效或已失效');
        throw bizError(AUTH_MSG.rememberInvalid);
      }
      await flow.assertCanLogin(user, log);
      const result: RememberedLoginResult = await flow.completeLogin(request, user);
      await tagSession(db, rotated.chainId, user.id, result.token, sessionTtlMs);
      result.rememberKey = rotated.next;
      await log(true, `用户名: ${user.username},自动登录成功！`, user.id);
      return ok(result, MSG.loginOk);
    },
  );
}
