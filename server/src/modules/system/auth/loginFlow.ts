import { AUTH_MSG, LOGIN_CAPTCHA_ERROR_CODE, type LoginResult, MSG } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeLoginLog } from '../../../platform/audit/operationLog.ts';
import { consumeCaptcha } from '../../../platform/auth/captcha.ts';
import { verifyPassword } from '../../../platform/auth/crypto.ts';
import {
  captchaDue,
  clearFailuresFrom,
  isLockedFor,
  reserveAttempt,
} from '../../../platform/auth/lockout.ts';
import { issueToken } from '../../../platform/auth/session.ts';
import type { AppContext } from '../../../platform/context.ts';
import { bizError } from '../../../platform/http/errors.ts';
import type { DictCache } from '../dict/cache.ts';
import { sysUser } from '../schema.ts';
import { tenantLoginRefusal } from '../tenant/service.ts';
import { departsOf, findActiveUser, toUserInfo, type UserRow } from '../user/service.ts';
import { loginCheckRefusal, loginExtras } from './loginChecks.ts';

// Verifying against a real hash when the user does not exist keeps the timing of "no such user" and
// "wrong password" alike, so the login cannot be used to discover accounts.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Jm3zmpfD8wPqG0lbq2Tj4gXOQmdBxLA8wt0yLydu4VY';

export type LoginLog = (success: boolean, content: string, userId?: string) => Promise<void>;

export interface PasswordCredentials {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

/**
 * The one way every sign-in flow ends: the same checks (frozen user, frozen or rejected customer),
 * the same token and the same login log, whichever door the user came in by.
 */
export function loginFlow(ctx: AppContext, dicts: DictCache) {
  const { db, config } = ctx;

  function logFor(request: FastifyRequest, username: string): LoginLog {
    const started = Date.now();
    return (success, content, userId) =>
      writeLoginLog(db, {
        username,
        userId,
        ip: request.ip,
        success,
        content,
        url: request.url,
        costMs: Date.now() - started,
      });
  }

  /** Refuses a user who may not sign in now; says why only to someone who already proved the identity. */
  async function assertCanLogin(user: UserRow, log: LoginLog): Promise<void> {
    if (user.status !== 1 || user.delFlag !== 0) {
      await log(false, '登录失败：账户已冻结', user.id);
      throw bizError(AUTH_MSG.userFrozen);
    }
    const refusal = (await tenantLoginRefusal(db, user.relTenantIds)) ?? (await loginCheckRefusal(db, user));
    if (refusal) {
      await log(false, `登录失败：${refusal}`, user.id);
      throw bizError(refusal);
    }
  }

  /**
   * Lockout, captcha, password: the checks of /sys/login, shared by every password flow. The attempt is
   * counted before the password is checked, atomically (reserveAttempt); an account that failed often asks
   * everyone for a captcha, while only the address that failed is locked out, so a known user name cannot be
   * used to lock its owner out.
   */
  async function checkPassword(credentials: PasswordCredentials, request: FastifyRequest, log: LoginLog) {
    const { username, password, captcha, checkKey } = credentials;
    const ip = request.ip;
    const locked = async () => {
      await log(false, '登录失败：账户已锁定');
      return bizError(MSG.accountLocked);
    };
    // Captcha first, lock second: the lock check then sees every failure the captcha check counted, so a
    // guess racing the fifth failure answers "locked" rather than asking for a captcha (PostgreSQL pools).
    const needsCaptcha = config.loginCaptcha || (await captchaDue(db, username, config.lockout));
    if (await isLockedFor(db, username, ip, config.lockout)) throw await locked();
    if (needsCaptcha) {
      if (!captcha || !checkKey) {
        await log(false, '登录失败：验证码无效');
        throw bizError(MSG.captchaInvalid, config.loginCaptcha ? 500 : LOGIN_CAPTCHA_ERROR_CODE);
      }
      if ((await consumeCaptcha(db, checkKey, captcha)) !== 'ok') {
        await log(false, '登录失败：验证码错误');
        throw bizError(MSG.captchaError, LOGIN_CAPTCHA_ERROR_CODE);
      }
    }
    const attempt = await reserveAttempt(db, username, ip, config.lockout, needsCaptcha);
    if ('refused' in attempt) {
      if (attempt.refused === 'locked') throw await locked();
      if (attempt.refused === 'throttled') {
        await log(false, '登录失败：该地址失败次数过多');
        throw bizError(AUTH_MSG.tooManyFailures);
      }
      await log(false, '登录失败：验证码无效');
      throw bizError(MSG.captchaInvalid, LOGIN_CAPTCHA_ERROR_CODE);
    }
    const user = await findActiveUser(db, username);
    const passwordOk = await verifyPassword(user?.password ?? DUMMY_HASH, password);
    if (!user || !passwordOk) {
      await log(false, '登录失败：用户名或密码错误', user?.id);
      throw bizError(MSG.badCredentials);
    }
    await clearFailuresFrom(db, username, ip);
    await assertCanLogin(user, log);
    return user;
  }

  async function completeLogin(request: FastifyRequest, user: UserRow): Promise<LoginResult> {
    const departs = await departsOf(db, user.id);
    let multiDepart: 0 | 1 | 2 = 0;
    if (departs.length === 1) {
      multiDepart = 1;
      if (user.orgCode !== departs[0].orgCode) {
        await db.update(sysUser).set({ orgCode: departs[0].orgCode }).where(eq(sysUser.id, user.id));
        user.orgCode = departs[0].orgCode;
      }
    } else if (departs.length > 1) {
      multiDepart = 2;
    }
    const token = await issueToken(db, user.id, config.tokenTtlMs, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await dicts.ensureLoaded();
    return {
      token,
      userInfo: toUserInfo(user),
      sysAllDictItems: dicts.all(),
      userType: user.userType,
      cid: user.cid,
      departs,
      multi_depart: multiDepart,
      ...(await loginExtras(db, user)),
    };
  }

  return { logFor, assertCanLogin, checkPassword, completeLogin };
}

export type LoginFlow = ReturnType<typeof loginFlow>;

/** What every sign-in door registers its routes with: the shared flow and the per-IP limit of /sys/login. */
export interface SignInDoor {
  app: FastifyInstance;
  ctx: AppContext;
  flow: LoginFlow;
  rateLimit: { max: number; timeWindow: number };
}

/** Active (undeleted) users with this mobile number. */
export async function usersByPhone(ctx: AppContext, mobile: string): Promise<UserRow[]> {
  return ctx.db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.phone, mobile), eq(sysUser.delFlag, 0)))
    .limit(2);
}
