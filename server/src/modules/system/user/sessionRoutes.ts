import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sysUserToken } from '../../../platform/auth/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { forSignedIn } from '../../../platform/http/permitted.ts';
import { sessionOf } from '../../../platform/http/signedIn.ts';

// 个人设置 › 登录设备: the signed-in user's own live sessions (tokens), the current one marked; revoking one
// deletes its row, so the token answers 401 on its next use (the session cache follows every write).

/** One session as its owner sees it; `id` is the SHA-256 of the token (never the token). */
export interface OwnSession {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  expiresAt: Date;
  current: boolean;
}

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/user/sessions', { config: { access: 'login' } }, async (request) => {
    const session = sessionOf(request);
    const rows = await db
      .select()
      .from(sysUserToken)
      .where(and(eq(sysUserToken.userId, session.user.id), gt(sysUserToken.expiresAt, new Date())))
      .orderBy(desc(sysUserToken.createdAt))
      .limit(200);
    return ok<OwnSession[]>(
      rows
        .map((row) => ({
          id: row.tokenHash,
          ip: row.ip,
          userAgent: row.userAgent,
          createdAt: row.createdAt,
          expiresAt: row.expiresAt,
          current: row.tokenHash === session.tokenHash,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current)),
    );
  });

  r.post(
    '/sys/user/sessions/revoke',
    forSignedIn(
      { body: z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, '会话标识无效') }) },
      { operateType: 4, content: '下线登录设备' },
    ),
    async (request) => {
      const session = sessionOf(request);
      if (request.body.id === session.tokenHash) throw bizError('当前会话请使用“退出登录”');
      const gone = await db
        .delete(sysUserToken)
        .where(and(eq(sysUserToken.tokenHash, request.body.id), eq(sysUserToken.userId, session.user.id)))
        .returning({ id: sysUserToken.tokenHash });
      if (!gone.length) throw bizError('该会话不存在或已下线');
      return okMessage('已下线该设备');
    },
  );

  r.post(
    '/sys/user/sessions/revokeOthers',
    { config: { access: 'login', audit: { operateType: 4, content: '下线其他登录设备' } } },
    async (request) => {
      const session = sessionOf(request);
      const gone = await db
        .delete(sysUserToken)
        .where(and(eq(sysUserToken.userId, session.user.id), ne(sysUserToken.tokenHash, session.tokenHash)))
        .returning({ id: sysUserToken.tokenHash });
      return ok({ revoked: gone.length }, `已下线其他 ${gone.length} 个会话`);
    },
  );
}
