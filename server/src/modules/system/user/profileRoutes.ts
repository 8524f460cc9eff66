import { profileBody } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../../platform/http/errors.ts';
import { forSignedIn } from '../../../platform/http/permitted.ts';
import { sessionOf } from '../../../platform/http/signedIn.ts';
import { sysFile } from '../adminSchema.ts';
import { sysUser } from '../schema.ts';
import { departsOf, findUserById, toUserInfo } from './service.ts';

/** 个人设置: the signed-in user's own profile, read and changed by themselves (no list permission needed). */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/user/profile', { config: { access: 'login' } }, async (request) => {
    if (!request.session) throw unauthorized();
    const user = await findUserById(db, request.session.user.id);
    if (!user) throw unauthorized();
    return ok({
      username: user.username,
      realname: user.realname,
      email: user.email,
      phone: user.phone,
      sex: user.sex,
      birthday: user.birthday,
      telephone: user.telephone,
      avatar: user.avatar,
      userType: user.userType,
      orgCode: user.orgCode,
      passwordChangedAt: user.passwordChangedAt,
      departs: await departsOf(db, user.id),
    });
  });

  r.put(
    '/sys/user/editSelf',
    forSignedIn({ body: profileBody }, { operateType: 3, content: '修改个人信息' }),
    async (request) => {
      const session = sessionOf(request);
      const current = await findUserById(db, session.user.id);
      if (!current) throw unauthorized();
      const body = request.body;
      const avatar = body.avatar?.trim() || null;
      if (avatar && avatar !== current.avatar) {
        // A picture of one's own upload only: never another user's stored file.
        const [own] = await db
          .select({ path: sysFile.path })
          .from(sysFile)
          .where(and(eq(sysFile.path, avatar), eq(sysFile.uploaderId, session.user.id)));
        if (!own) throw bizError('头像文件不存在');
      }
      await db
        .update(sysUser)
        .set({
          realname: body.realname,
          email: body.email || null,
          sex: body.sex ?? null,
          birthday: body.birthday || null,
          telephone: body.telephone || null,
          avatar,
          updateBy: session.user.username,
          updateTime: new Date(),
        })
        .where(eq(sysUser.id, session.user.id));
      const user = await findUserById(db, session.user.id);
      if (!user) throw unauthorized();
      return ok({ userInfo: toUserInfo(user) });
    },
  );
}
