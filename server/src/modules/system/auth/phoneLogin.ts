import { AUTH_MSG, MSG, phoneLoginBody, SMS_MODE } from '@freight/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearFailures, isLocked, recordFailure } from '../../../platform/auth/lockout.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { type SignInDoor, usersByPhone } from './loginFlow.ts';
import { consumeSmsCode } from './sms.ts';

/** POST /sys/phoneLogin and /sys/loginBySMS {mobile, captcha}: sign in with a code sent by /sys/sms mode 0. */
export function phoneLoginRoutes({ app, ctx, flow, rateLimit }: SignInDoor): void {
  const { db, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/sys/phoneLogin', '/sys/loginBySMS']) {
    r.post(
      url,
      { config: { access: 'public', audit: false, rateLimit }, schema: { body: phoneLoginBody } },
      async (request) => {
        const { mobile, captcha } = request.body;
        const users = await usersByPhone(ctx, mobile);
        const user = users.length === 1 ? users[0] : undefined;
        // Failures count against the account (the same lock as the password login), or against the
        // number when it names no single account, so an unknown number behaves like a known one.
        const lockKey = user?.username ?? mobile;
        const log = flow.logFor(request, lockKey);
        if (await isLocked(db, lockKey, config.lockout)) {
          await log(false, '登录失败：账户已锁定', user?.id);
          throw bizError(MSG.accountLocked);
        }
        const codeOk = await consumeSmsCode(db, mobile, SMS_MODE.login, captcha);
        if (!codeOk || users.length === 0) {
          await recordFailure(db, lockKey, request.ip, config.lockout);
          await log(false, '登录失败：短信验证码错误或已失效', user?.id);
          throw bizError(AUTH_MSG.smsCodeInvalid);
        }
        // Only the holder of the phone (a correct code) learns that the number is shared.
        if (!user) throw bizError(AUTH_MSG.phoneAmbiguous);
        await flow.assertCanLogin(user, log);
        await clearFailures(db, lockKey);
        const result = await flow.completeLogin(request, user);
        await log(true, `用户名: ${user.username},短信登录成功！`, user.id);
        return ok(result, MSG.loginOk);
      },
    );
  }
}
