import {
  APP_MESSAGE_STATE,
  type AppAudience,
  type AppVersionCheck,
  appMessageBody,
  appMessageResource,
  appVersionBody,
  appVersionCheckQuery,
  appVersionResource,
  formatDateTime,
  USER_TYPE,
} from '@freight/contracts';
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, notFound } from '../../platform/http/errors.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import type { UserPush } from '../../platform/realtime/hub.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { formSchemas } from '../../platform/resource/formSchemas.ts';
import {
  jsonOutcomeJob,
  mayReadFile,
  onAnnouncementRead,
  publishToUsers,
  seedQuartzJobs,
  sysAnnouncementSend,
  sysUser,
  usersOfTenant,
} from '../system/index.ts';
import { hyAppMessage, hyAppVersion } from './appSchema.ts';
import { findCustomer } from './customerSettlement.ts';
import { seedVehiclePlatformJob } from './vehiclePlatform.ts';
import { seedWebhookJob } from './webhooks.ts';

// 应用管理: APP版本 with the driver app's public version check, APP消息 sent through the bell's
// announcements at once or by the scheduled job at their send time.

type Row = Record<string, unknown>;
type VersionRow = typeof hyAppVersion.$inferSelect;
type MessageRow = typeof hyAppMessage.$inferSelect;

export const APP_MESSAGE_JOB = 'sendAppMessages';
const idBody = z.object({ id: z.string().min(1).max(32) });

/** The answer of the version check for an app of version `current`. */
export function versionCheckOf(
  latest: VersionRow | undefined,
  current: number,
  basePath: string,
): AppVersionCheck {
  if (!latest) return { latest: null, update: false, force: false };
  const packageUrl = latest.packagePath ? `${basePath}/apps/version/download/${latest.id}` : null;
  return {
    latest: {
      versionCode: latest.versionCode,
      versionName: latest.versionName,
      releaseNotes: latest.releaseNotes,
      minVersionCode: latest.minVersionCode,
      downloadUrl: packageUrl ?? latest.downloadUrl,
      publishTime: latest.publishTime ? formatDateTime(latest.publishTime) : null,
    },
    update: latest.versionCode > current,
    force: current < latest.minVersionCode,
  };
}

export async function latestPublished(db: DbOrTx, platform: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(hyAppVersion)
    .where(and(eq(hyAppVersion.platform, platform), eq(hyAppVersion.published, true)))
    .orderBy(desc(hyAppVersion.versionCode))
    .limit(1);
  return row;
}

/** The users a message reaches in a tenant: active accounts of the audience. */
export async function recipientsOf(
  db: DbOrTx,
  tenantId: number,
  audience: AppAudience,
  customerId: string | null,
): Promise<string[]> {
  const kinds: Record<AppAudience, number[] | null> = {
    all: null,
    // Drivers have no console account: their side is reached through their captains' and agents' accounts.
    driver: [USER_TYPE.captain, USER_TYPE.agent],
    shipper: [USER_TYPE.customer, USER_TYPE.customerAdmin],
    customer: [USER_TYPE.customer, USER_TYPE.customerAdmin],
  };
  const types = kinds[audience];
  if (audience === 'customer' && !customerId) return [];
  const rows = await idsWhere(
    db,
    sysUser,
    eq(sysUser.delFlag, 0),
    eq(sysUser.status, 1),
    types ? inArray(sysUser.userType, types) : undefined,
    audience === 'customer' && customerId ? eq(sysUser.cid, customerId) : undefined,
    tenantId === 0 ? undefined : usersOfTenant(tenantId),
  ).orderBy(asc(sysUser.username));
  return rows.map((r) => r.id);
}

type Push = (userIds: string[], push: UserPush) => Promise<void>;

/**
 * Sends one message if it is still waiting: claims it, publishes its announcement to the audience and keeps
 * the delivered count, in one transaction; then tells the recipients' bells. Answers the delivered count, or
 * null when it was not waiting (sent by another instance, or deleted).
 */
export async function sendAppMessage(db: Db, id: string, push?: Push): Promise<number | null> {
  const sent = await db.transaction(async (tx) => {
    const [message] = await tx
      .update(hyAppMessage)
      .set({ state: APP_MESSAGE_STATE.sent, sentTime: new Date() })
      .where(and(eq(hyAppMessage.id, id), eq(hyAppMessage.state, APP_MESSAGE_STATE.scheduled)))
      .returning();
    if (!message) return null;
    const userIds = await recipientsOf(
      tx,
      message.tenantId,
      message.audience as AppAudience,
      message.customerId,
    );
    const annt = await publishToUsers(tx, {
      tenantId: message.tenantId,
      title: message.title,
      content: message.content,
      userIds,
      sender: message.createBy ?? 'system',
      busType: 'app_message',
      busId: message.id,
    });
    await tx
      .update(hyAppMessage)
      .set({ announcementId: annt.id, deliveredCount: annt.delivered, readCount: 0 })
      .where(eq(hyAppMessage.id, message.id));
    return { message, annt, userIds };
  });
  if (!sent) return null;
  if (push && sent.userIds.length)
    await push(sent.userIds, {
      cmd: 'user',
      msgId: sent.annt.id,
      msgTxt: sent.message.title,
      category: 'app_message',
    }).catch(() => undefined);
  return sent.annt.delivered;
}

/** Sends every waiting message whose time has come (or that has none): the scheduled job's work. */
export async function sendDueMessages(
  db: Db,
  push?: Push,
  now = new Date(),
): Promise<{ messages: number; delivered: number }> {
  const due = await idsWhere(
    db,
    hyAppMessage,
    eq(hyAppMessage.state, APP_MESSAGE_STATE.scheduled),
    or(isNull(hyAppMessage.sendTime), lte(hyAppMessage.sendTime, now)),
  )
    .orderBy(asc(hyAppMessage.createTime))
    .limit(200);
  const outcome = { messages: 0, delivered: 0 };
  for (const { id } of due) {
    const delivered = await sendAppMessage(db, id, push);
    if (delivered === null) continue;
    outcome.messages++;
    outcome.delivered += delivered;
  }
  return outcome;
}

/** Recounts the deliveries and reads of the messages carried by these announcements. */
export async function refreshCounts(db: DbOrTx, anntIds: string[]): Promise<void> {
  await db
    .update(hyAppMessage)
    .set({
      deliveredCount: sql`(select count(*)::int from ${sysAnnouncementSend} s where s.annt_id = ${hyAppMessage.announcementId})`,
      readCount: sql`(select count(*)::int from ${sysAnnouncementSend} s where s.annt_id = ${hyAppMessage.announcementId} and s.read_flag = '1')`,
    })
    .where(inArray(hyAppMessage.announcementId, anntIds));
}

export function appMessageJob(ctx: AppContext): JobDefinition {
  const push: Push = (userIds, message) => ctx.realtime.pushToUsers(userIds, message);
  return jsonOutcomeJob(
    {
      key: APP_MESSAGE_JOB,
      title: '发送APP消息',
      description: '发送到了定时发送时间的APP消息（经系统公告送达接收人的消息铃铛）',
    },
    () => sendDueMessages(ctx.db, push),
  );
}

/** The job's schedule row (every minute), added by the server's start and the seed command. */
export async function seedAppJobs(db: Db): Promise<void> {
  await seedWebhookJob(db);
  await seedVehiclePlatformJob(db);
  await seedQuartzJobs(db, [
    {
      jobClassName: APP_MESSAGE_JOB,
      cronExpression: '0 * * * * ?',
      parameter: '{}',
      description: '每分钟发送到时的APP消息',
    },
  ]);
}

async function checkedVersion(
  tx: DbOrTx,
  values: Row,
  mode: 'add' | 'edit',
  session: NonNullable<import('fastify').FastifyRequest['session']>,
): Promise<Row> {
  const out: Row = { ...values };
  const code = Number(out.versionCode);
  const min = Number(out.minVersionCode ?? 0);
  if (min > code) throw bizError('最低支持版本号不能大于版本号');
  const packagePath = typeof out.packagePath === 'string' ? out.packagePath.trim() : '';
  const link = typeof out.downloadUrl === 'string' ? out.downloadUrl.trim() : '';
  if (out.platform === 'android') {
    if (!packagePath) throw bizError('安卓版本请上传APK安装包');
    if (!packagePath.toLowerCase().endsWith('.apk')) throw bizError('安装包必须是APK文件');
    if (!(await mayReadFile(tx, session, packagePath))) throw bizError('安装包文件不存在');
    out.packagePath = packagePath;
  } else {
    if (!link) throw bizError('iOS版本请填写App Store下载地址');
    out.packagePath = null;
  }
  out.downloadUrl = link || null;
  const [taken] = await idsWhere(
    tx,
    hyAppVersion,
    eq(hyAppVersion.platform, String(out.platform)),
    eq(hyAppVersion.versionCode, code),
    mode === 'edit' ? ne(hyAppVersion.id, String(out.id)) : undefined,
  );
  if (taken) throw bizError(`该平台已有版本号${code}的版本`);
  let stored: VersionRow | undefined;
  if (mode === 'edit')
    [stored] = await tx
      .select()
      .from(hyAppVersion)
      .where(eq(hyAppVersion.id, String(out.id)));
  if (!out.published) out.publishTime = null;
  else if (!stored?.published) out.publishTime = new Date();
  return out;
}

export function appRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const push: Push = (userIds, message) => ctx.realtime.pushToUsers(userIds, message);
  ctx.jobs.register(appMessageJob(ctx));
  onAnnouncementRead(db, refreshCounts);

  bindResource(app, ctx, appVersionResource, hyAppVersion, {
    dataLog: true,
    ...formSchemas(appVersionBody),
    async beforeWrite(values, mode, request, tx) {
      if (!request.session) throw bizError('请先登录');
      return checkedVersion(tx, values, mode, request.session);
    },
  });

  bindResource(app, ctx, appMessageResource, hyAppMessage, {
    dataLog: true,
    ...formSchemas(appMessageBody),
    async beforeWrite(values, mode, request, tx) {
      const tenantId = request.session?.tenantId ?? 0;
      const out: Row = { ...values };
      if (mode === 'edit') {
        const [stored] = await tx
          .select({ state: hyAppMessage.state })
          .from(hyAppMessage)
          .where(and(eq(hyAppMessage.id, String(out.id)), eq(hyAppMessage.tenantId, tenantId)));
        if (stored?.state === APP_MESSAGE_STATE.sent) throw bizError('已发送的消息不能编辑');
      }
      if (out.audience === 'customer') {
        if (!out.customerId) throw bizError('接收对象为指定货主时请选择货主');
        const customer = await findCustomer(tx, tenantId, String(out.customerId));
        if (!customer) throw bizError('货主(customerId)不存在');
        out.customerName = customer.customerName;
      } else {
        out.customerId = null;
        out.customerName = null;
      }
      if (out.sendTime === undefined) out.sendTime = null;
      // What the list shows is decided by the sender, never the form.
      delete out.state;
      delete out.sentTime;
      delete out.announcementId;
      delete out.deliveredCount;
      delete out.readCount;
      return out;
    },
  });

  // A message without a send time (or one already past) goes as soon as it is saved: after the save's
  // transaction, before the answer, so the list the console reloads shows it sent with its counts.
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url ?? '';
    if (reply.statusCode !== 200) return payload;
    if (!url.endsWith('/apps/message/add') && !url.endsWith('/apps/message/edit')) return payload;
    // A failure leaves the message waiting (its claim rolled back): the job sends it on its next run.
    await sendDueMessages(db, push).catch((error: unknown) =>
      request.log.error({ err: error }, 'app message not sent; the scheduled job will retry'),
    );
    return payload;
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: the driver app asks, before any login, whether it must update.
  r.get(
    '/apps/version/latest',
    { config: { access: 'public', audit: false }, schema: { querystring: appVersionCheckQuery } },
    async (request) => {
      const { platform, current } = request.query;
      return ok(versionCheckOf(await latestPublished(db, platform), current, ctx.config.basePath));
    },
  );

  // Public: the package of a published Android version (what the version check links to).
  r.get(
    '/apps/version/download/:id',
    { config: { access: 'public', audit: false }, schema: { params: idBody } },
    async (request, reply) => {
      const [version] = await db
        .select()
        .from(hyAppVersion)
        .where(and(eq(hyAppVersion.id, request.params.id), eq(hyAppVersion.published, true)));
      if (!version?.packagePath) throw notFound('安装包不存在');
      const found = await ctx.storage.open(version.packagePath);
      if (!found) throw notFound('安装包不存在');
      const name = encodeURIComponent(`freight-driver-${version.versionName}.apk`);
      reply
        .header('content-type', 'application/vnd.android.package-archive')
        .header('content-length', found.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${name}`);
      return reply.send(found.stream);
    },
  );
}

export type { MessageRow };
