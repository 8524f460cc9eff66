import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_MSG, SMS_MODE, smsBody } from '@freight/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sha256 } from '../../../platform/auth/crypto.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db/client.ts';
import { okMessage } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysSms, sysSmsCode, sysSmsTemplate } from '../authSchema.ts';
import { usersByPhone } from './loginFlow.ts';
import { spendOnce } from './singleUse.ts';
import { channelFor, type MessageChannel } from './smsChannel.ts';
import {
  CHANGE_MOBILE_TEMPLATE,
  DEFAULT_SMS_TEMPLATES,
  renderTemplate,
  SMS_TEMPLATE_BY_MODE,
} from './smsTemplates.ts';

export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_MIN_INTERVAL_MS = 60_000;
export const SMS_DAILY_LIMIT = 10;
/** Wrong guesses a code survives; a six-digit code must not be brute-forced within its 10 minutes. */
const MAX_ATTEMPTS = 5;
// "Ten a day" is a rolling 24 hours: a calendar day would allow twenty around midnight.
const DAY_MS = 24 * 3_600_000;

/** The purpose of a code sent to a new mobile being bound (个人设置 › 更换手机), never sent by /sys/sms. */
export const CHANGE_MOBILE_SMS_MODE = '3';
export type SmsMode = (typeof SMS_MODE)[keyof typeof SMS_MODE] | typeof CHANGE_MOBILE_SMS_MODE;

const codeHash = (salt: string, code: string) => sha256(`${salt}:${code}`);

/**
 * Stores a fresh code for `mobile` under the per-mobile limits (1 per 60 s, 10 per day, across modes).
 * Runs under a per-mobile advisory lock so concurrent requests cannot both pass the 60 s check.
 */
async function storeCode(db: Db, mobile: string, purpose: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(12).toString('hex');
  const now = Date.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${mobile}`}))`);
    const [counts] = await tx
      .select({
        today: sql<number>`count(*)::int`,
        recent: sql<number>`count(*) filter (where ${sysSmsCode.createTime} > ${new Date(now - SMS_MIN_INTERVAL_MS)})::int`,
      })
      .from(sysSmsCode)
      .where(and(eq(sysSmsCode.mobile, mobile), gt(sysSmsCode.createTime, new Date(now - DAY_MS))));
    if (Number(counts?.recent ?? 0) > 0) throw bizError(AUTH_MSG.smsTooFrequent);
    if (Number(counts?.today ?? 0) >= SMS_DAILY_LIMIT) throw bizError(AUTH_MSG.smsDailyLimit);
    // Only the newest code of a purpose is live.
    await tx
      .update(sysSmsCode)
      .set({ usedAt: new Date(now) })
      .where(and(eq(sysSmsCode.mobile, mobile), eq(sysSmsCode.purpose, purpose), isNull(sysSmsCode.usedAt)));
    await tx.insert(sysSmsCode).values({
      mobile,
      purpose,
      salt,
      codeHash: codeHash(salt, code),
      expiresAt: new Date(now + SMS_CODE_TTL_MS),
      createTime: new Date(now),
    });
  });
  await db.delete(sysSmsCode).where(lt(sysSmsCode.createTime, new Date(now - 2 * 24 * 3_600_000)));
  return code;
}

/** True once for the newest live code of this mobile and purpose; a wrong guess counts against it. */
export async function consumeSmsCode(db: Db, mobile: string, mode: SmsMode, code: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(sysSmsCode)
    .where(
      and(
        eq(sysSmsCode.mobile, mobile),
        eq(sysSmsCode.purpose, Number(mode)),
        isNull(sysSmsCode.usedAt),
        gt(sysSmsCode.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sysSmsCode.id))
    .limit(1);
  if (!row) return false;
  const given = Buffer.from(codeHash(row.salt, code.trim()));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    const attempts = row.attempts + 1;
    await db
      .update(sysSmsCode)
      .set({ attempts, usedAt: attempts >= MAX_ATTEMPTS ? new Date() : null })
      .where(eq(sysSmsCode.id, row.id));
    return false;
  }
  return spendOnce(db, sysSmsCode, eq(sysSmsCode.id, row.id));
}

const BLANKED = '******';

/**
 * Renders the template of `templateCode`, records the message in sys_sms and hands it to the channel. The
 * `secret` parameters (a verification code) reach the channel only: the record keeps them blanked out, so
 * nobody reads a live code from the system messages screen or its export, and such a message is never
 * queued for a later send.
 */
export async function sendTemplateMessage(
  db: Db,
  channel: MessageChannel,
  receiver: string,
  templateCode: string,
  params: Record<string, string>,
  secret: readonly string[] = [],
): Promise<boolean> {
  const [template] = await db
    .select()
    .from(sysSmsTemplate)
    .where(and(eq(sysSmsTemplate.templateCode, templateCode), eq(sysSmsTemplate.useStatus, '1')))
    .limit(1);
  const fallback = DEFAULT_SMS_TEMPLATES.find((t) => t.templateCode === templateCode);
  const text = template?.templateContent ?? fallback?.templateContent ?? '';
  const content = renderTemplate(text, params);
  const recorded = { ...params };
  for (const name of secret) if (name in recorded) recorded[name] = BLANKED;
  const [row] = await db
    .insert(sysSms)
    .values({
      esTitle: template?.templateName ?? fallback?.templateName ?? templateCode,
      esType: '1',
      esReceiver: receiver,
      esParam: JSON.stringify(recorded),
      esContent: secret.length ? renderTemplate(text, recorded) : content,
      esSendStatus: 0,
      secret: secret.length > 0,
      createBy: 'system',
    })
    .returning({ id: sysSms.id });
  const outcome = await channel.send({
    receiver,
    templateCode,
    providerTemplateCode: template?.providerTemplateCode ?? templateCode,
    params,
    content,
  });
  // A code left in the queue could never be sent from its blanked record: it is dropped (-1), not queued.
  const parked = secret.length > 0 && outcome.status === 0;
  await db
    .update(sysSms)
    .set({
      esSendStatus: parked ? -1 : outcome.status,
      esResult: (parked ? '验证码未发送：未配置短信通道' : outcome.result).slice(0, 255),
      esSendNum: outcome.status === 0 ? 0 : 1,
      esSendTime: outcome.status === 0 ? null : new Date(),
    })
    .where(eq(sysSms.id, row.id));
  return outcome.status !== 2;
}

/**
 * Sends a code to bind `mobile` to a signed-in user's account: the same store and per-mobile limits (60 s,
 * 10 a day) as the sign-in codes, its own purpose and template.
 */
export async function sendChangeMobileCode(db: Db, channel: MessageChannel, mobile: string): Promise<void> {
  const code = await storeCode(db, mobile, Number(CHANGE_MOBILE_SMS_MODE));
  if (!(await sendTemplateMessage(db, channel, mobile, CHANGE_MOBILE_TEMPLATE, { code }, ['code'])))
    throw bizError(AUTH_MSG.smsSendFailed);
}

export function smsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  rateLimit: { max: number; timeWindow: number },
) {
  const { db } = ctx;
  const channel = channelFor(ctx.config, app.log);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/sys/sms',
      { config: { access: 'public', audit: false, rateLimit }, schema: { body: smsBody } },
      async (request) => {
        const { mobile, smsmode } = request.body;
        const code = await storeCode(db, mobile, Number(smsmode));
        // Login and password reset need an account: for an unknown mobile the code is stored (so the
        // limits and the answer are the same) but never sent, which reveals nothing about the number.
        const send = smsmode === SMS_MODE.register || (await usersByPhone(ctx, mobile)).length > 0;
        if (
          send &&
          !(await sendTemplateMessage(db, channel, mobile, SMS_TEMPLATE_BY_MODE[smsmode], { code }, ['code']))
        )
          throw bizError(AUTH_MSG.smsSendFailed);
        return okMessage(AUTH_MSG.smsSent);
      },
    );
}
