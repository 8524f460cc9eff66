import {
  privacyConsentResource,
  privacyPolicyResource,
  privacyRequestBody,
  privacyRequestResource,
  USER_TYPE,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantsOf } from '../../platform/access/grants.ts';
import type { AppContext } from '../../platform/context.ts';
import { formatDateTime, ok } from '../../platform/http/envelope.ts';
import { bizError, forbidden, notFound } from '../../platform/http/errors.ts';
import { sendAttachment, XLSX_TYPE } from '../../platform/http/fileReplies.ts';
import { forSignedIn, permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { registerLoginExtra } from '../system/index.ts';
import { piConsent, piPrivacyPolicy, piRequest } from './schema.ts';
import {
  anonymise,
  asksConsent,
  currentPolicy,
  hasAccepted,
  personData,
  personWorkbook,
  retentionOf,
  type Subject,
  subjectName,
} from './service.ts';

// Personal information (个人信息保护法): policy versions and the consent asked at sign-in, and a
// person's requests about their own data: export (JSON and Excel, nothing of their own masked), correction,
// deletion (anonymisation) unless a legal retention holds the records. Only the person files for themselves;
// privacy staff (compliance:privacy:request:handle) file for a driver who asked through the app or in person.

export { piConsent, piPrivacyPolicy, piRequest } from './schema.ts';

const HANDLE = `${privacyRequestResource.permission}:handle`;
const PUBLISH = `${privacyPolicyResource.permission}:publish`;

/** A driver's acceptance as the app relays it: the version read, and the phone's address if it sent one. */
const driverConsentBody = z.object({
  driverId: z.string().min(1).max(32),
  version: z.string().min(1).max(20),
  ip: z.string().max(64).optional(),
});

/** What staff did about a correction request, or that they refused it. */
const handleBody = z.object({
  id: z.string().min(1).max(32),
  result: z.string({ error: '请填写处理结果' }).trim().min(1, '请填写处理结果').max(1000),
  refuse: z.boolean().optional(),
});

export function privacyModule(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerLoginExtra('privacyConsent', async (tx, user) => {
    if (!asksConsent(user)) return {};
    const policy = await currentPolicy(tx);
    if (!policy || (await hasAccepted(tx, { type: 'user', id: user.id }, policy.version))) return {};
    return { privacyConsent: promptOf(policy) };
  });

  bindResource(app, ctx, privacyPolicyResource, piPrivacyPolicy, {
    dataLog: true,
    beforeWrite: async (values, mode, _request, tx) => {
      if (mode === 'edit') {
        const [row] = await tx
          .select({ published: piPrivacyPolicy.published })
          .from(piPrivacyPolicy)
          .where(eq(piPrivacyPolicy.id, String(values.id)));
        if (row?.published) throw bizError('已发布的版本不能修改，请新增版本');
      }
      return values;
    },
  });
  bindResource(app, ctx, privacyConsentResource, piConsent);
  bindResource(app, ctx, privacyRequestResource, piRequest);

  /** Publishes a version: every party user is asked to accept it at their next sign-in. */
  r.post(
    '/privacy/policy/publish',
    permitted(
      PUBLISH,
      { body: z.object({ id: z.string().min(1).max(32) }) },
      { operateType: 3, content: '发布隐私政策' },
    ),
    async (request) => {
      const [row] = await db
        .update(piPrivacyPolicy)
        .set({ published: true, publishedAt: new Date(), updateBy: sessionOf(request).user.username })
        .where(eq(piPrivacyPolicy.id, request.body.id))
        .returning();
      if (!row) throw notFound();
      return ok(null, `已发布隐私政策 ${row.version}，用户下次登录时需重新同意`);
    },
  );

  /** The policy the signed-in user still has to accept, or null (the console asks on every start). */
  r.get('/privacy/consent/pending', { config: { access: 'login', audit: false } }, async (request) => {
    const session = sessionOf(request);
    if (session.user.userType === USER_TYPE.system) return ok(null);
    const policy = await currentPolicy(db);
    if (!policy || (await hasAccepted(db, { type: 'user', id: session.user.id }, policy.version)))
      return ok(null);
    return ok(promptOf(policy));
  });

  /** The signed-in user accepts a version (the current one only): recorded with IP and client. */
  r.post(
    '/privacy/consent/accept',
    forSignedIn(
      { body: z.object({ version: z.string().min(1).max(20) }) },
      { operateType: 2, content: '同意隐私政策' },
    ),
    async (request) => {
      const session = sessionOf(request);
      const policy = await currentPolicy(db);
      if (!policy || policy.version !== request.body.version)
        throw bizError('隐私政策已更新，请阅读最新版本后再同意');
      await recordFor(request, { type: 'user', id: session.user.id }, policy.version, 'console');
      return ok(null, '已同意隐私政策');
    },
  );

  /** The driver app's acceptance, relayed by staff holding the requests screen (the app has no console login). */
  r.post(
    '/privacy/consent/driver',
    permitted(HANDLE, { body: driverConsentBody }, { operateType: 2, content: '记录司机同意隐私政策' }),
    async (request) => {
      const policy = await currentPolicy(db);
      if (!policy || policy.version !== request.body.version) throw bizError('只能记录当前版本的同意');
      const subject: Subject = { type: 'driver', id: request.body.driverId };
      await recordFor(request, subject, policy.version, 'app', request.body.ip);
      return ok(null, '已记录');
    },
  );

  async function recordFor(
    request: FastifyRequest,
    subject: Subject,
    version: string,
    channel: 'console' | 'app',
    ip?: string,
  ): Promise<void> {
    const name = await subjectName(db, subject);
    if (name === undefined) throw notFound();
    await db
      .insert(piConsent)
      .values({
        subjectType: subject.type,
        subjectId: subject.id,
        subjectName: name,
        policyVersion: version,
        ip: (ip ?? request.ip).slice(0, 64),
        channel,
        userAgent: request.headers['user-agent']?.slice(0, 255) ?? null,
      })
      .onConflictDoNothing();
  }

  /**
   * Who may act for the subject: the person themselves, or privacy staff for anyone. Another person's id
   * is refused (403), whatever the request.
   */
  async function mayActFor(request: FastifyRequest, subject: Subject): Promise<void> {
    const session = sessionOf(request);
    if (subject.type === 'user' && subject.id === session.user.id) return;
    const grants = await grantsOf(db, session.user.id);
    if (session.user.userType === USER_TYPE.system && grants.codes.has(HANDLE)) return;
    throw forbidden('只能为本人提出个人信息申请');
  }

  /** A request about a person's own data; export and deletion are carried out at once, a correction waits. */
  r.post(
    '/privacy/request/submit',
    forSignedIn({ body: privacyRequestBody }, { operateType: 2, content: '提交个人信息申请' }),
    async (request) => {
      const session = sessionOf(request);
      const { kind, subjectType, subjectId, detail } = request.body;
      const subject: Subject = { type: subjectType, id: subjectId };
      await mayActFor(request, subject);
      const name = await subjectName(db, subject);
      if (name === undefined) throw notFound();
      const base = {
        kind,
        subjectType,
        subjectId,
        subjectName: name,
        detail: detail ?? null,
        requestedBy: session.user.username,
        createBy: session.user.username,
      };
      if (kind === 'correct') {
        if (!detail) throw bizError('请填写需要更正的内容');
        const [row] = await db.insert(piRequest).values(base).returning();
        return ok(toAnswer(row), '更正申请已提交，处理后通知本人');
      }
      if (kind === 'export') {
        const [row] = await db
          .insert(piRequest)
          .values({
            ...base,
            state: 'done',
            result: '已生成本人数据导出（JSON与Excel）',
            handledBy: session.user.username,
            handledAt: new Date(),
          })
          .returning();
        return ok(toAnswer(row), '已生成本人数据导出');
      }
      const answer = await db.transaction(async (tx) => {
        const held = await retentionOf(tx, subject, ctx.config.retention);
        if (held) {
          const [row] = await tx
            .insert(piRequest)
            .values({
              ...base,
              state: 'refused',
              result: `不能删除：${held.reason}，依法保留至${held.until}`,
              retainUntil: held.until,
              handledBy: 'system',
              handledAt: new Date(),
            })
            .returning();
          return row;
        }
        await anonymise(tx, subject);
        const [row] = await tx
          .insert(piRequest)
          .values({
            ...base,
            subjectName: '已注销',
            state: 'done',
            result: '无需依法保留的记录，已匿名化处理',
            handledBy: 'system',
            handledAt: new Date(),
          })
          .returning();
        return row;
      });
      return ok(toAnswer(answer), answer.result ?? '');
    },
  );

  /** Staff close a correction request with what was done (the correction itself goes through the screens). */
  r.post(
    '/privacy/request/handle',
    permitted(HANDLE, { body: handleBody }, { operateType: 3, content: '处理个人信息申请' }),
    async (request) => {
      const { id, result, refuse } = request.body;
      const [found] = await db.select().from(piRequest).where(eq(piRequest.id, id));
      if (!found) throw notFound();
      if (found.kind !== 'correct' || found.state !== 'pending')
        throw bizError('只有待处理的更正申请需要人工处理');
      const [row] = await db
        .update(piRequest)
        .set({
          state: refuse ? 'refused' : 'done',
          result,
          handledBy: sessionOf(request).user.username,
          handledAt: new Date(),
          updateTime: new Date(),
        })
        .where(eq(piRequest.id, id))
        .returning();
      return ok(toAnswer(row), '已处理');
    },
  );

  /** The person's own data, whole: `format=json` or `xlsx`. Same rule as the request: self or privacy staff. */
  r.get(
    '/privacy/request/exportData',
    forSignedIn(
      {
        querystring: z.object({
          subjectType: z.enum(['driver', 'user']),
          subjectId: z.string().min(1).max(32),
          format: z.enum(['json', 'xlsx']).default('json'),
        }),
      },
      { operateType: 6, content: '导出本人数据' },
    ),
    async (request, reply) => {
      const { subjectType, subjectId, format } = request.query;
      const subject: Subject = { type: subjectType, id: subjectId };
      await mayActFor(request, subject);
      if ((await subjectName(db, subject)) === undefined) throw notFound();
      const data = await personData(db, subject);
      const stamp = formatDateTime(new Date()).slice(0, 10);
      if (format === 'json') {
        const body = JSON.stringify({
          subjectType,
          subjectId,
          exportedAt: new Date().toISOString(),
          ...data,
        });
        return sendAttachment(reply, 'application/json; charset=utf-8', `personal-data-${stamp}.json`, body);
      }
      return sendAttachment(reply, XLSX_TYPE, `个人数据-${stamp}.xlsx`, await personWorkbook(data));
    },
  );
}

function promptOf(policy: typeof piPrivacyPolicy.$inferSelect) {
  return {
    version: policy.version,
    title: policy.title,
    content: policy.content,
    publishedAt: policy.publishedAt ? formatDateTime(policy.publishedAt) : null,
  };
}

function toAnswer(row: typeof piRequest.$inferSelect) {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    result: row.result,
    retainUntil: row.retainUntil,
  };
}
