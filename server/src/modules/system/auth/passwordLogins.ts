import {
  AUTH_MSG,
  LOGIN_PASSWORD_CHANGE_CODE,
  MSG,
  type PasswordChangeRequired,
  type RememberedLoginResult,
  USER_TYPE,
  usernameLoginBody,
} from '@freight/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChangeDue } from '../../../platform/auth/passwordAge.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import type { UserRow } from '../user/service.ts';
import type { LoginLog, SignInDoor } from './loginFlow.ts';
import { startRememberChain } from './remember.ts';
import { issuePasswordChangeToken } from './scopedToken.ts';

/** 'initial' when the password was never changed by its owner, 'expired' past the maximum age. */
export function passwordChangeReason(
  user: UserRow,
  maxAgeDays: number,
): PasswordChangeRequired['reason'] | null {
  return passwordChangeDue(user.passwordChangedAt, maxAgeDays);
}

/**
 * The 406 answer of a password sign-in whose password must be changed first: only the short-lived change
 * token, never a session. Null when the password may be used as it is. Code 406 travels with success:true on
 * purpose: it is "a non-error result returned to the caller", so the console's generic error
 * handling must not fire; the console checks code 406 and opens the change-password dialog with result.token.
 */
export async function passwordChangeAnswer(
  ctx: AppContext,
  user: UserRow,
  log: LoginLog,
): Promise<(ReturnType<typeof ok<PasswordChangeRequired>> & { code: number }) | null> {
  const reason = passwordChangeReason(user, ctx.config.passwordMaxAgeDays);
  if (!reason) return null;
  const token = await issuePasswordChangeToken(ctx.db, user.id);
  await log(
    true,
    `用户名: ${user.username},登录成功，需修改密码（${reason === 'initial' ? '初始密码' : '密码过期'}）`,
    user.id,
  );
  const result: PasswordChangeRequired = { username: user.username, reason, token };
  return {
    ...ok(result, reason === 'initial' ? AUTH_MSG.passwordInitial : AUTH_MSG.passwordExpired),
    code: LOGIN_PASSWORD_CHANGE_CODE,
  };
}

export function passwordLoginRoutes({ app, ctx, flow, rateLimit }: SignInDoor): void {
  const { db, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options = {
    config: { access: 'public' as const, audit: false as const, rateLimit },
    schema: { body: usernameLoginBody },
  };

  /** The newer username login; 406 with a change token when the password must be changed first. */
  r.post('/sys/loginByUsername', options, async (request) => {
    const log = flow.logFor(request, request.body.username);
    const user = await flow.checkPassword(request.body, request, log);
    const change = await passwordChangeAnswer(ctx, user, log);
    if (change) return change;
    const result: RememberedLoginResult = await flow.completeLogin(request, user);
    // Only a full login may be remembered: a 406 answer above has issued nothing but its change token.
    if (request.body.remember_me)
      result.rememberKey = await startRememberChain(db, user.id, result.token, config.tokenTtlMs);
    await log(true, `用户名: ${user.username},登录成功！`, user.id);
    return ok(result, MSG.loginOk);
  });

  /** Customer staff (userType 2 and 6) only; the result carries cid, the current customer. */
  r.post('/sys/customerlogin', options, async (request) => {
    const log = flow.logFor(request, request.body.username);
    const user = await flow.checkPassword(request.body, request, log);
    if (user.userType !== USER_TYPE.customer && user.userType !== USER_TYPE.customerAdmin) {
      await log(false, '登录失败：非货主账号', user.id);
      throw bizError(AUTH_MSG.notCustomerAccount);
    }
    const change = await passwordChangeAnswer(ctx, user, log);
    if (change) return change;
    const result: RememberedLoginResult = await flow.completeLogin(request, user);
    if (request.body.remember_me)
      result.rememberKey = await startRememberChain(db, user.id, result.token, config.tokenTtlMs);
    await log(true, `用户名: ${user.username},货主登录成功！`, user.id);
    return ok(result, MSG.loginOk);
  });
}
