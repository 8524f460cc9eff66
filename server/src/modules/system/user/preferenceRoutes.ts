import {
  AUTH_MSG,
  changeMobileBody,
  languageBody,
  mobileCodeBody,
  NOTIFY_CATEGORIES,
  type NotifyPreference,
  notifyPrefsBody,
} from '@freight/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sysDataLog } from '../../../platform/audit/schema.ts';
import { verifyPassword } from '../../../platform/auth/crypto.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../../platform/http/errors.ts';
import { forSignedIn } from '../../../platform/http/permitted.ts';
import { sessionOf } from '../../../platform/http/signedIn.ts';
import { CHANGE_MOBILE_SMS_MODE, consumeSmsCode, sendChangeMobileCode } from '../auth/sms.ts';
import { channelFor } from '../auth/smsChannel.ts';
import { sysUser } from '../schema.ts';
import { isMandatoryCategory, mutedCategoriesOf, saveMutedCategories } from './notifyPrefs.ts';
import { findUserById, toUserInfo, type UserRow } from './service.ts';

// 个人设置: the signed-in user's own preferences — the console language, which message categories the bell and
// the live push deliver (消息通知), and the bound mobile, changed with a code sent to the new number.

export const MOBILE_MSG = {
  same: '新手机号与当前绑定的手机号相同',
  taken: '该手机号已绑定其他账号',
  passwordWrong: '当前密码不正确',
  changed: '绑定手机已更换',
} as const;

/** Another live account holding this mobile. */
async function mobileTakenByOther(db: DbOrTx, mobile: string, userId: string): Promise<boolean> {
  const [other] = await idsWhere(
    db,
    sysUser,
    eq(sysUser.phone, mobile),
    eq(sysUser.delFlag, 0),
    ne(sysUser.id, userId),
  ).limit(1);
  return Boolean(other);
}

/** A new version of the user's row in sys_data_log (the password never), as the user list's edits write. */
async function logUserVersion(tx: DbOrTx, user: UserRow, username: string): Promise<void> {
  const { password: _password, ...content } = user;
  const [last] = await tx
    .select({ version: sql<number>`coalesce(max(${sysDataLog.dataVersion}), 0)::int` })
    .from(sysDataLog)
    .where(and(eq(sysDataLog.dataTable, 'sys_user'), eq(sysDataLog.dataId, user.id)));
  await tx.insert(sysDataLog).values({
    dataTable: 'sys_user',
    dataId: user.id,
    dataContent: JSON.stringify(content),
    dataVersion: Number(last?.version ?? 0) + 1,
    createBy: username,
  });
}

export function preferenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const channel = channelFor(ctx.config, app.log);
  // The same per-address limit as the SMS and sign-in calls; the per-mobile limits are the code store's.
  const rateLimit = { max: ctx.config.loginRateLimitPerMinute, timeWindow: 60_000 };

  r.put('/sys/user/language', forSignedIn({ body: languageBody }, false), async (request) => {
    const session = sessionOf(request);
    await db.update(sysUser).set({ language: request.body.language }).where(eq(sysUser.id, session.user.id));
    return ok({ language: request.body.language }, '语言已保存');
  });

  r.get('/sys/user/notifyPrefs', { config: { access: 'login' } }, async (request) => {
    const session = sessionOf(request);
    const muted = await mutedCategoriesOf(db, session.user.id);
    return ok<NotifyPreference[]>(
      NOTIFY_CATEGORIES.map((c) => ({ ...c, bell: c.mandatory || !muted.has(c.key) })),
    );
  });

  r.put(
    '/sys/user/notifyPrefs',
    forSignedIn({ body: notifyPrefsBody }, { operateType: 3, content: '修改消息通知设置' }),
    async (request) => {
      const session = sessionOf(request);
      const mandatory = NOTIFY_CATEGORIES.find((c) => c.mandatory && request.body.muted.includes(c.key));
      if (mandatory && isMandatoryCategory(mandatory.key))
        throw bizError(`“${mandatory.title}”为必收消息，不能关闭`);
      await db.transaction((tx) => saveMutedCategories(tx, session.user.id, request.body.muted));
      return okMessage('消息通知设置已保存');
    },
  );

  r.post(
    '/sys/user/mobile/code',
    { config: { access: 'login', audit: false, rateLimit }, schema: { body: mobileCodeBody } },
    async (request) => {
      const session = sessionOf(request);
      const { mobile } = request.body;
      const user = await findUserById(db, session.user.id);
      if (!user) throw unauthorized();
      if (mobile === user.phone) throw bizError(MOBILE_MSG.same);
      if (await mobileTakenByOther(db, mobile, session.user.id)) throw bizError(MOBILE_MSG.taken);
      await sendChangeMobileCode(db, channel, mobile);
      return okMessage(AUTH_MSG.smsSent);
    },
  );

  r.post(
    '/sys/user/mobile/change',
    {
      config: { access: 'login', rateLimit, audit: { operateType: 3, content: '更换绑定手机' } },
      schema: { body: changeMobileBody },
    },
    async (request) => {
      const session = sessionOf(request);
      const { mobile, captcha, password } = request.body;
      const user = await findUserById(db, session.user.id);
      if (!user) throw unauthorized();
      if (mobile === user.phone) throw bizError(MOBILE_MSG.same);
      if (!(await verifyPassword(user.password, password))) throw bizError(MOBILE_MSG.passwordWrong);
      if (await mobileTakenByOther(db, mobile, user.id)) throw bizError(MOBILE_MSG.taken);
      if (!(await consumeSmsCode(db, mobile, CHANGE_MOBILE_SMS_MODE, captcha)))
        throw bizError(AUTH_MSG.smsCodeInvalid);
      const changed = await db.transaction(async (tx) => {
        // One binding at a time per mobile: two users confirming the same number cannot both win.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bind-mobile:${mobile}`}))`);
        if (await mobileTakenByOther(tx, mobile, user.id)) throw bizError(MOBILE_MSG.taken);
        const [row] = await tx
          .update(sysUser)
          .set({ phone: mobile, updateBy: session.user.username, updateTime: new Date() })
          .where(eq(sysUser.id, user.id))
          .returning();
        await logUserVersion(tx, row, session.user.username);
        return row;
      });
      return ok({ userInfo: toUserInfo(changed) }, MOBILE_MSG.changed);
    },
  );
}
