import {
  AUTH_MSG,
  passwordResetBody,
  phoneVerificationBody,
  registerBody,
  SMS_MODE,
  USER_TYPE,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hashPassword } from '../../../platform/auth/crypto.ts';
import { clearFailures } from '../../../platform/auth/lockout.ts';
import { revokeUserTokens } from '../../../platform/auth/session.ts';
import type { AppContext } from '../../../platform/context.ts';
import { newId } from '../../../platform/db/columns.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysUser, sysUserRole } from '../schema.ts';
import { findUserById, roleIdByCode, usernameTaken } from '../user/service.ts';
import { usersByPhone } from './loginFlow.ts';
import { revokeRememberKeys } from './remember.ts';
import { burnPasswordChangeTokens } from './scopedToken.ts';
import { consumeSmsCode } from './sms.ts';
import { consumeTicket, issueTicket } from './tickets.ts';

const RESET_TTL_MS = 10 * 60_000;

export function registerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  rateLimit: { max: number; timeWindow: number },
) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicWrite = { access: 'public' as const, rateLimit };

  /**
   * Self-registration of a customer staff account (userType 2, role customer, no customer yet: it sees
   * no customer data until a customer admin or the platform attaches it). The code (mode 1) is checked
   * first, so only the phone's holder learns whether the name or number is taken.
   */
  r.post('/sys/user/register', { config: publicWrite, schema: { body: registerBody } }, async (request) => {
    const { username, password, mobile, smscode } = request.body;
    if (!(await consumeSmsCode(db, mobile, SMS_MODE.register, smscode)))
      throw bizError(AUTH_MSG.smsCodeInvalid);
    if (await usernameTaken(db, username)) throw bizError(AUTH_MSG.usernameTaken);
    if ((await usersByPhone(ctx, mobile)).length > 0) throw bizError(AUTH_MSG.mobileTaken);
    const hashed = await hashPassword(password);
    const customerRole = await roleIdByCode(db, 'customer');
    await db.transaction(async (tx) => {
      const id = newId();
      await tx.insert(sysUser).values({
        id,
        username,
        realname: username,
        password: hashed,
        passwordChangedAt: new Date(),
        phone: mobile,
        userType: USER_TYPE.customer,
        status: 1,
        createBy: 'register',
      });
      if (customerRole) await tx.insert(sysUserRole).values({ userId: id, roleId: customerRole });
    });
    return okMessage(AUTH_MSG.registerOk);
  });

  /** Forgot password, step 1: a mode-2 code proves the phone; answers the account and a reset token. */
  r.post(
    '/sys/user/phoneVerification',
    { config: publicWrite, schema: { body: phoneVerificationBody } },
    async (request) => {
      const { phone, smscode } = request.body;
      // No code is ever sent to an unknown number, so an unknown number fails here like a wrong code.
      if (!(await consumeSmsCode(db, phone, SMS_MODE.forgot, smscode)))
        throw bizError(AUTH_MSG.smsCodeInvalid);
      const users = await usersByPhone(ctx, phone);
      if (users.length !== 1) throw bizError(AUTH_MSG.phoneAmbiguous);
      const resetToken = await issueTicket(db, 'pwd_reset', { userId: users[0].id, ttlMs: RESET_TTL_MS });
      return ok({ username: users[0].username, resetToken });
    },
  );

  /** Forgot password, step 2: sets the new password; every session and remember key of the user ends. */
  r.post(
    '/sys/user/passwordChange',
    { config: publicWrite, schema: { body: passwordResetBody } },
    async (request) => {
      const { username, password, resetToken } = request.body;
      const row = await consumeTicket(db, 'pwd_reset', resetToken);
      const user = row?.userId ? await findUserById(db, row.userId) : undefined;
      if (!user || user.username !== username || user.delFlag !== 0)
        throw bizError(AUTH_MSG.resetTokenInvalid);
      const hashed = await hashPassword(password);
      await db
        .update(sysUser)
        .set({ password: hashed, passwordChangedAt: new Date() })
        .where(eq(sysUser.id, user.id));
      await revokeUserTokens(db, [user.id]);
      await revokeRememberKeys(db, user.id);
      await burnPasswordChangeTokens(db, user.id);
      await clearFailures(db, user.username);
      return okMessage(AUTH_MSG.passwordReset);
    },
  );
}
