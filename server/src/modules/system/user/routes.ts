import {
  MSG,
  selectDepartBody,
  updatePasswordBody,
  userEditBody,
  userImportBody,
  userResource,
} from '@freight/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../../../platform/auth/crypto.ts';
import { sysUserToken } from '../../../platform/auth/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { newId } from '../../../platform/db/columns.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../../platform/http/errors.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { burnPasswordChangeTokens, PASSWORD_CHANGE_SCOPE } from '../auth/scopedToken.ts';
import { sysUser, sysUserDepart } from '../schema.ts';
import { replaceUserLinks } from './links.ts';
import { assertUniqueUser, codesToIds } from './rules.ts';
import { rememberUserResource } from './scope.ts';
import { departsOf, findUserById, toUserInfo } from './service.ts';

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const users = bindResource(app, ctx, userResource, sysUser, {
    dataLog: true,
    // The password hash never leaves the server, not even masked.
    hidden: ['password'],
    dataRuleComponent: 'system/UserList',
    filters: {
      departId: (departId) =>
        inArray(
          sysUser.id,
          db
            .select({ userId: sysUserDepart.userId })
            .from(sysUserDepart)
            .where(eq(sysUserDepart.depId, departId.slice(0, 32))),
        ),
    },
    importFields: {
      password: { column: sysUser.password, type: 'string', title: '初始密码' },
      roleCodes: { column: sysUser.id, type: 'string', title: '角色编码' },
      departCodes: { column: sysUser.id, type: 'string', title: '所属部门编码' },
    },
    importSchema: userImportBody,
    updateSchema: userEditBody,
    async beforeWrite(values, mode, _request, tx) {
      values.id ??= newId();
      const id = String(values.id);
      await assertUniqueUser(tx, values, mode === 'edit' ? id : null);
      if (typeof values.roleCodes === 'string')
        values.selectedroles = (await codesToIds(tx, 'role', values.roleCodes)).join(',');
      if (typeof values.departCodes === 'string')
        values.selecteddeparts = (await codesToIds(tx, 'depart', values.departCodes)).join(',');
      const orgCode = await replaceUserLinks(
        tx,
        id,
        values.selectedroles,
        values.selecteddeparts,
        values.orgCode,
      );
      if (orgCode !== undefined) values.orgCode = orgCode;
      for (const key of ['selectedroles', 'selecteddeparts', 'roleCodes', 'departCodes']) delete values[key];
      if (mode === 'add') {
        values.password = await hashPassword(String(values.password));
        // A password set by an administrator is an initial one: the owner changes it at first login.
        values.passwordChangedAt = null;
      } else {
        // The account name and password are changed through their own calls, never through edit.
        delete values.username;
        delete values.password;
      }
      return values;
    },
    async beforeDelete(ids, tx, request) {
      if (request.session && ids.includes(request.session.user.id)) throw bizError('不能删除自己');
      // A user moved to the recycle bin is signed out everywhere now.
      await tx.delete(sysUserToken).where(inArray(sysUserToken.userId, ids));
    },
  });

  rememberUserResource(app, users);

  r.get('/sys/user/getCurrentUserDeparts', { config: { access: 'login' } }, async (request) => {
    if (!request.session) throw unauthorized();
    const list = await departsOf(db, request.session.user.id);
    return ok({ list, orgCode: request.session.user.orgCode });
  });

  const selectDepart = { config: { access: 'login' as const }, schema: { body: selectDepartBody } };
  const handleSelectDepart = async (request: FastifyRequest<{ Body: z.infer<typeof selectDepartBody> }>) => {
    if (!request.session) throw unauthorized();
    const departs = await departsOf(db, request.session.user.id);
    if (!departs.some((d) => d.orgCode === request.body.orgCode)) throw bizError('您不属于该部门');
    await db
      .update(sysUser)
      .set({ orgCode: request.body.orgCode })
      .where(eq(sysUser.id, request.session.user.id));
    const user = await findUserById(db, request.session.user.id);
    if (!user) throw unauthorized();
    return ok({ userInfo: toUserInfo(user) });
  };
  // The reference's console posts it; later versions put it: both select the department.
  r.put('/sys/selectDepart', selectDepart, handleSelectDepart);
  r.post('/sys/selectDepart', selectDepart, handleSelectDepart);

  const updatePassword = {
    // Also the one route the short-lived token of a 406 login (initial or expired password) opens.
    config: { access: 'login' as const, tokenScope: PASSWORD_CHANGE_SCOPE },
    schema: { body: updatePasswordBody },
  };
  const handleUpdatePassword = async (
    request: FastifyRequest<{ Body: z.infer<typeof updatePasswordBody> }>,
  ) => {
    const session = request.session;
    if (!session) throw bizError(MSG.noLoginUser);
    if (request.body.username !== session.user.username) throw bizError('只能修改自己的密码');
    const user = await findUserById(db, session.user.id);
    if (!user) throw bizError(MSG.noLoginUser);
    if (!(await verifyPassword(user.password, request.body.oldpassword)))
      throw bizError(MSG.oldPasswordWrong);
    const hashed = await hashPassword(request.body.password);
    await db.transaction(async (tx) => {
      await tx
        .update(sysUser)
        .set({ password: hashed, passwordChangedAt: new Date() })
        .where(eq(sysUser.id, user.id));
      // Other sessions end with the old password; this one goes on.
      await tx
        .delete(sysUserToken)
        .where(and(eq(sysUserToken.userId, user.id), ne(sysUserToken.tokenHash, session.tokenHash)));
    });
    await burnPasswordChangeTokens(db, user.id);
    return okMessage(MSG.passwordChanged);
  };
  r.put('/sys/user/updatePassword', updatePassword, handleUpdatePassword);
  r.post('/sys/user/updatePassword', updatePassword, handleUpdatePassword);
}
