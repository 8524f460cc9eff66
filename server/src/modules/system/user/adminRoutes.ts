import { ACCESS_MSG, frozenBatchBody, pageQuery, strongPassword } from '@freight/contracts';
import { type AnyColumn, and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import { hashPassword } from '../../../platform/auth/crypto.ts';
import { sysUserToken } from '../../../platform/auth/schema.ts';
import { revokeUserTokens } from '../../../platform/auth/session.ts';
import type { AppContext } from '../../../platform/context.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { selectPage } from '../../../platform/db/selectPage.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { sysDepart, sysUser, sysUserDepart, sysUserRole } from '../schema.ts';
import { userScope, usersInScope } from './scope.ts';
import { rolesOfUser } from './service.ts';

const ids = z.string().min(1).max(20_000);
const split = (value: string) => [...new Set(value.split(',').filter(Boolean))];
const publicUser = {
  id: sysUser.id,
  username: sysUser.username,
  realname: sysUser.realname,
  phone: sysUser.phone,
  email: sysUser.email,
  orgCode: sysUser.orgCode,
  status: sysUser.status,
  userType: sysUser.userType,
  createTime: sysUser.createTime,
  updateTime: sysUser.updateTime,
};

/** The user screen's actions beyond CRUD: freeze, admin password, roles, departments, recycle bin, online users. */
export function userAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/sys/user/frozenBatch',
    permitted('system:user:frozen', { body: frozenBatchBody }),
    async (request) => {
      const userIds = split(request.body.ids);
      if (request.session && userIds.includes(request.session.user.id)) throw bizError('不能冻结自己');
      await db.transaction(async (tx) => {
        await usersInScope(app, tx, request, { ids: userIds });
        await tx
          .update(sysUser)
          .set({ status: request.body.status, updateTime: new Date() })
          .where(inArray(sysUser.id, userIds));
        // A frozen user's sessions end now, not when their tokens lapse.
        if (request.body.status === 2)
          await tx.delete(sysUserToken).where(inArray(sysUserToken.userId, userIds));
      });
      return okMessage(request.body.status === 2 ? '冻结成功!' : '解冻成功!');
    },
  );

  r.put(
    '/sys/user/changePassword',
    permitted('system:user:password', {
      body: z.object({
        username: z.string().min(1).max(64),
        password: strongPassword,
        confirmpassword: z.string(),
      }),
    }),
    async (request) => {
      if (request.body.password !== request.body.confirmpassword) throw bizError('两次输入的密码不一样！');
      const [user] = await usersInScope(app, db, request, { username: request.body.username });
      // An administrator's reset counts as an initial password: the newer login asks to change it.
      await db
        .update(sysUser)
        .set({ password: await hashPassword(request.body.password), passwordChangedAt: null })
        .where(eq(sysUser.id, user.id));
      await revokeUserTokens(db, [user.id]);
      return okMessage('密码修改成功!');
    },
  );

  // Async validation of the user form (reference checkOnlyUser): one of the unique values, minus the user edited.
  r.get(
    '/sys/user/checkOnlyUser',
    permitted('system:user:list', {
      querystring: z.object({
        username: z.string().max(64).optional(),
        phone: z.string().max(20).optional(),
        email: z.string().max(100).optional(),
        workNo: z.string().max(100).optional(),
        id: z.string().max(32).optional(),
      }),
    }),
    async (request) => {
      const { username, phone, email, workNo, id } = request.query;
      const checks: Array<[string | undefined, AnyColumn, string]> = [
        [username, sysUser.username, ACCESS_MSG.usernameTaken],
        [phone, sysUser.phone, ACCESS_MSG.phoneTaken],
        [email, sysUser.email, ACCESS_MSG.emailTaken],
        [workNo, sysUser.workNo, ACCESS_MSG.workNoTaken],
      ];
      const asked = checks.filter(([value]) => value?.trim());
      if (asked.length === 0) throw bizError('请提供要校验的值');
      for (const [value, column, message] of asked) {
        const rows = await idsWhere(db, sysUser, eq(column, String(value).trim())).limit(2);
        if (rows.some((row) => row.id !== id)) throw bizError(message);
      }
      return okMessage('该值可用！');
    },
  );

  const rolesOf = (userId: string) => rolesOfUser(db, userId);
  const userIdQuery = z.object({ userId: z.string().max(32) });
  r.get(
    '/sys/user/queryUserRole',
    permitted('system:user:list', { querystring: z.object({ userid: z.string().max(32) }) }),
    async (request) => ok((await rolesOf(request.query.userid)).map((role) => role.id)),
  );
  r.get(
    '/sys/user/queryUserRoleByUerId',
    permitted('system:user:list', { querystring: userIdQuery }),
    async (request) => ok(await rolesOf(request.query.userId)),
  );
  r.get(
    '/sys/user/userDepartList',
    permitted('system:user:list', { querystring: userIdQuery }),
    async (request) =>
      ok(
        await db
          .select({ key: sysDepart.id, title: sysDepart.departName, orgCode: sysDepart.orgCode })
          .from(sysUserDepart)
          .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
          .where(eq(sysUserDepart.userId, request.query.userId)),
      ),
  );
  r.get(
    '/sys/user/queryUserByDepId',
    permitted('system:user:list', { querystring: z.object({ id: z.string().max(32) }) }),
    async (request) =>
      ok(
        await db
          .select(publicUser)
          .from(sysUserDepart)
          .innerJoin(sysUser, eq(sysUser.id, sysUserDepart.userId))
          .where(and(eq(sysUserDepart.depId, request.query.id), eq(sysUser.delFlag, 0))),
      ),
  );
  r.get(
    '/sys/user/userRoleList',
    permitted('system:role:list', { querystring: pageQuery.extend({ roleId: z.string().max(32) }) }),
    async (request) => {
      const { roleId, pageNo, pageSize } = request.query;
      const where = and(eq(sysUserRole.roleId, roleId), eq(sysUser.delFlag, 0));
      return ok(
        await selectPage(
          { pageNo, pageSize },
          db
            .select(publicUser)
            .from(sysUserRole)
            .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
            .where(where)
            .orderBy(desc(sysUser.createTime)),
          db
            .select({ total: count() })
            .from(sysUserRole)
            .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
            .where(where),
        ),
      );
    },
  );

  // Recycle bin: soft-deleted users can be restored or purged.
  // The recycle bin holds the deleted users of the caller's scope (tenant, data rules) only.
  r.get('/sys/user/recycleBin', { config: { access: perm('system:user:delete') } }, async (request) =>
    ok(
      await db
        .select(publicUser)
        .from(sysUser)
        .where(await userScope(app, request, { deleted: true }))
        .orderBy(desc(sysUser.updateTime)),
    ),
  );
  r.put(
    '/sys/user/putRecycleBin',
    permitted('system:user:delete', { body: z.object({ userIds: ids }) }),
    async (request) => {
      const restored = await db
        .update(sysUser)
        .set({ delFlag: 0, updateTime: new Date() })
        .where(
          and(
            inArray(sysUser.id, split(request.body.userIds)),
            await userScope(app, request, { deleted: true }),
          ),
        )
        .returning({ id: sysUser.id });
      if (!restored.length) throw recordNotFound();
      return okMessage('还原成功');
    },
  );
  r.delete(
    '/sys/user/deleteRecycleBin',
    permitted('system:user:delete', { querystring: z.object({ userIds: ids }) }),
    async (request) => {
      const userIds = split(request.query.userIds);
      const inBin = await userScope(app, request, { deleted: true });
      await db.transaction(async (tx) => {
        const purged = await tx
          .delete(sysUser)
          .where(and(inArray(sysUser.id, userIds), inBin))
          .returning({ id: sysUser.id });
        if (!purged.length) throw recordNotFound();
        const purgedIds = purged.map((u) => u.id);
        if (purgedIds.length) {
          await tx.delete(sysUserRole).where(inArray(sysUserRole.userId, purgedIds));
          await tx.delete(sysUserDepart).where(inArray(sysUserDepart.userId, purgedIds));
          await tx.delete(sysUserToken).where(inArray(sysUserToken.userId, purgedIds));
        }
      });
      return okMessage('彻底删除成功');
    },
  );

  // Online users = live sessions.
  r.get('/sys/online/list', { config: { access: perm('system:user:list') } }, async (request) =>
    ok(
      await db
        .select({
          token: sql<string>`left(${sysUserToken.tokenHash}, 16)`,
          username: sysUser.username,
          realname: sysUser.realname,
          ip: sysUserToken.ip,
          loginTime: sysUserToken.createdAt,
          expiresAt: sysUserToken.expiresAt,
        })
        .from(sysUserToken)
        .innerJoin(sysUser, eq(sysUser.id, sysUserToken.userId))
        .where(and(gt(sysUserToken.expiresAt, sql`now()`), await userScope(app, request)))
        .orderBy(desc(sysUserToken.createdAt)),
    ),
  );
  r.post(
    '/sys/online/forceLogout',
    permitted('system:user:frozen', { body: z.object({ token: z.string().length(16) }) }),
    async (request) => {
      const visible = idsWhere(db, sysUser, await userScope(app, request));
      const removed = await db
        .delete(sysUserToken)
        .where(
          and(
            sql`left(${sysUserToken.tokenHash}, 16) = ${request.body.token}`,
            inArray(sysUserToken.userId, visible),
          ),
        )
        .returning();
      if (!removed.length) throw bizError('该会话已结束');
      return okMessage('已强制退出');
    },
  );
}
