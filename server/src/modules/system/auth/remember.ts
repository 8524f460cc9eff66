import { AUTH_MSG, MSG, type RememberedLoginResult } from '@freight/contracts';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomToken, sha256 } from '../../../platform/auth/crypto.ts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/columns.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysRememberKey } from '../authSchema.ts';
import { findUserById } from '../user/service.ts';
import type { LoginFlow } from './loginFlow.ts';

export const REMEMBER_TTL_MS = 30 * 24 * 3_600_000;

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

/** Ends every remember key of a user (password reset). */
export async function revokeRememberKeys(db: Db, userId: string): Promise<void> {
  await db.delete(sysRememberKey).where(eq(sysRememberKey.userId, userId));
}

/**
 * Exchanges a key for its successor. A key already used means two parties hold the chain (the
 * user and a thief, or a stolen copy replayed): the whole chain ends and the user must sign in again.
 */
async function rotate(db: Db, key: string): Promise<{ userId: string; next: string } | null> {
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
  const claimed = await db
    .update(sysRememberKey)
    .set({ usedAt: new Date() })
    .where(and(eq(sysRememberKey.keyHash, row.keyHash), isNull(sysRememberKey.usedAt)))
    .returning({ keyHash: sysRememberKey.keyHash });
  if (claimed.length === 0) {
    await db.delete(sysRememberKey).where(eq(sysRememberKey.chainId, row.chainId));
    return null;
  }
  await db.delete(sysRememberKey).where(lt(sysRememberKey.expiresAt, new Date()));
  return { userId: row.userId, next: await issueRememberKey(db, row.userId, row.chainId) };
}

export function rememberRoutes(
  app: FastifyInstance,
  db: Db,
  flow: LoginFlow,
  rateLimit: { max: number; timeWindow: number },
): void {
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
      result.rememberKey = rotated.next;
      await log(true, `用户名: ${user.username},自动登录成功！`, user.id);
      return ok(result, MSG.loginOk);
    },
  );
}
