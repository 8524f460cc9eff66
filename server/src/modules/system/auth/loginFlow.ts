import {
  AUTH_MSG,
  LOGIN_CAPTCHA_ERROR_CODE,
  type LoginResult,
  MSG,
  REVIEW_STATE,
  USER_TYPE,
} from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { writeLoginLog } from '../../../platform/audit/operationLog.ts';
import { consumeCaptcha } from '../../../platform/auth/captcha.ts';
import { verifyPassword } from '../../../platform/auth/crypto.ts';
import { clearFailures, isLocked, recordFailure } from '../../../platform/auth/lockout.ts';
import { issueToken } from '../../../platform/auth/session.ts';
import type { AppContext } from '../../../platform/context.ts';
import { bizError } from '../../../platform/http/errors.ts';
// Customer staff may sign in only while their customer is usable: the login needs the freight tables.
import { hyCustomer, hyCustomerAdmin } from '../../freight/schema.ts';
import type { DictCache } from '../dict/cache.ts';
import { sysUser } from '../schema.ts';
import { tenantLoginRefusal } from '../tenant/service.ts';
import { departsOf, findActiveUser, toUserInfo, type UserRow } from '../user/service.ts';

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

  /** Customer staff of a frozen (status 2) or rejected (state 3) customer are refused; an admin of several moves to a usable one. */
  async function customerRefusal(user: UserRow): Promise<string | null> {
    if (user.userType !== USER_TYPE.customer && user.userType !== USER_TYPE.customerAdmin) return null;
    const refusal = (c: { status: number; state: number }) =>
      c.status === 2
        ? AUTH_MSG.customerFrozen
        : c.state === REVIEW_STATE.rejected
          ? AUTH_MSG.customerRejected
          : null;
    let ids = user.cid ? [user.cid] : [];
    if (user.userType === USER_TYPE.customerAdmin) {
      const links = await db
        .select({ id: hyCustomerAdmin.customerId })
        .from(hyCustomerAdmin)
        .where(eq(hyCustomerAdmin.userId, user.id));
      ids = [...new Set([...ids, ...links.map((l) => l.id)])];
    }
    if (ids.length === 0) return null;
    const customers = await db
      .select({ id: hyCustomer.id, status: hyCustomer.status, state: hyCustomer.state })
      .from(hyCustomer)
      .where(inArray(hyCustomer.id, ids));
    if (customers.length === 0) return null;
    const current = customers.find((c) => c.id === user.cid);
    if (current && !refusal(current)) return null;
    const usable = customers.find((c) => !refusal(c));
    if (!usable) return refusal(current ?? customers[0]);
    await db.update(sysUser).set({ cid: usable.id }).where(eq(sysUser.id, user.id));
    user.cid = usable.id;
    return null;
  }

  /** Refuses a user who may not sign in now; says why only to someone who already proved the identity. */
  async function assertCanLogin(user: UserRow, log: LoginLog): Promise<void> {
    if (user.status !== 1 || user.delFlag !== 0) {
      await log(false, '登录失败：账户已冻结', user.id);
      throw bizError(AUTH_MSG.userFrozen);
    }
    const refusal = (await tenantLoginRefusal(db, user.relTenantIds)) ?? (await customerRefusal(user));
    if (refusal) {
      await log(false, `登录失败：${refusal}`, user.id);
      throw bizError(refusal);
    }
  }

  /** Lockout, captcha, password: the checks of /sys/login, shared by every password flow. */
  async function checkPassword(credentials: PasswordCredentials, request: FastifyRequest, log: LoginLog) {
    const { username, password, captcha, checkKey } = credentials;
    if (await isLocked(db, username, config.lockout)) {
      await log(false, '登录失败：账户已锁定');
      throw bizError(MSG.accountLocked);
    }
    if (config.loginCaptcha) {
      if (!captcha || !checkKey) {
        await log(false, '登录失败：验证码无效');
        throw bizError(MSG.captchaInvalid);
      }
      if ((await consumeCaptcha(db, checkKey, captcha)) !== 'ok') {
        await log(false, '登录失败：验证码错误');
        throw bizError(MSG.captchaError, LOGIN_CAPTCHA_ERROR_CODE);
      }
    }
    const user = await findActiveUser(db, username);
    const passwordOk = await verifyPassword(user?.password ?? DUMMY_HASH, password);
    if (!user || !passwordOk) {
      await recordFailure(db, username, request.ip, config.lockout);
      await log(false, '登录失败：用户名或密码错误', user?.id);
      throw bizError(MSG.badCredentials);
    }
    await assertCanLogin(user, log);
    await clearFailures(db, username);
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
    };
  }

  return { logFor, assertCanLogin, checkPassword, completeLogin };
}

export type LoginFlow = ReturnType<typeof loginFlow>;

/** Active (undeleted) users with this mobile number. */
export async function usersByPhone(ctx: AppContext, mobile: string): Promise<UserRow[]> {
  return ctx.db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.phone, mobile), eq(sysUser.delFlag, 0)))
    .limit(2);
}
