import { MSG, selectDepartBody, strongPassword, updatePasswordBody } from '@freight/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../../platform/auth/crypto.ts';
import { sysUserToken } from '../../../platform/auth/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { newId } from '../../../platform/db/columns.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../../platform/http/errors.ts';
import { registerResource } from '../../../platform/resource/defineResource.ts';
import { burnPasswordChangeTokens, PASSWORD_CHANGE_SCOPE } from '../auth/scopedToken.ts';
import { sysUser } from '../schema.ts';
import { replaceUserLinks } from './links.ts';
import { departsOf, findUserById, toUserInfo } from './service.ts';

const mobile = z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码');
const userFields = {
  username: z
    .string()
    .trim()
    .min(2, '用户账号至少2个字符')
    .max(64)
    .regex(/^[A-Za-z0-9_.@-]+$/, '用户账号只能包含字母、数字和 _ . @ -'),
  realname: z.string().trim().min(1, '请输入用户姓名').max(100),
  phone: mobile.optional().or(z.literal('')),
  email: z.string().email('请输入正确的邮箱').max(100).optional().or(z.literal('')),
  sex: z.coerce.number().int().min(0).max(2).optional(),
  workNo: z.string().max(100).optional(),
  post: z.string().max(100).optional(),
  telephone: z.string().max(45).optional(),
  orgCode: z.string().max(64).optional(),
  userType: z.coerce
    .number()
    .int()
    .refine((v) => [1, 2, 3, 6].includes(v), '用户类型不正确')
    .optional(),
  cid: z.string().max(32).optional(),
  status: z.coerce.number().int().min(1).max(2).optional(),
  relTenantIds: z.string().max(256).optional(),
  avatar: z.string().max(255).optional(),
  /** Comma-separated role ids and department ids (reference field names). */
  selectedroles: z.string().max(5000).optional(),
  selecteddeparts: z.string().max(5000).optional(),
};

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResource(app, ctx, {
    path: '/sys/user',
    permission: 'system:user',
    title: '用户',
    table: sysUser,
    id: sysUser.id,
    hidden: ['password'],
    scope: { softDelete: true, dataRuleComponent: 'system/UserList' },
    defaultOrder: [desc(sysUser.createTime)],
    fields: {
      id: { column: sysUser.id, type: 'string', filter: true },
      username: { column: sysUser.username, type: 'string', filter: true, sort: true, title: '用户账号' },
      realname: { column: sysUser.realname, type: 'string', filter: true, sort: true, title: '用户姓名' },
      sex: { column: sysUser.sex, type: 'number', filter: true, dict: 'sex', title: '性别' },
      phone: { column: sysUser.phone, type: 'string', filter: true, title: '手机号' },
      email: { column: sysUser.email, type: 'string', filter: true, title: '邮箱' },
      orgCode: { column: sysUser.orgCode, type: 'string', filter: true, sort: true, title: '部门编码' },
      userType: {
        column: sysUser.userType,
        type: 'number',
        filter: true,
        dict: 'user_type',
        title: '用户类型',
      },
      status: {
        column: sysUser.status,
        type: 'number',
        filter: true,
        sort: true,
        dict: 'user_status',
        title: '状态',
      },
      workNo: { column: sysUser.workNo, type: 'string', filter: true, title: '工号' },
      createBy: { column: sysUser.createBy, type: 'string', filter: true },
      createTime: { column: sysUser.createTime, type: 'date', filter: true, sort: true, title: '创建时间' },
    },
    createSchema: z.object({ ...userFields, password: strongPassword }),
    updateSchema: z.object({
      id: z.string().min(1).max(32),
      ...userFields,
      username: userFields.username.optional(),
    }),
    async beforeWrite(values, mode, _request, tx) {
      values.id ??= newId();
      await replaceUserLinks(tx, String(values.id), values.selectedroles, values.selecteddeparts);
      delete values.selectedroles;
      delete values.selecteddeparts;
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
  });

  r.get('/sys/user/getCurrentUserDeparts', { config: { access: 'login' } }, async (request) => {
    if (!request.session) throw unauthorized();
    const list = await departsOf(db, request.session.user.id);
    return ok({ list, orgCode: request.session.user.orgCode });
  });

  r.put(
    '/sys/selectDepart',
    { config: { access: 'login' }, schema: { body: selectDepartBody } },
    async (request) => {
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
    },
  );

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
