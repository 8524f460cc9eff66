import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { archiveLogs, sealLogs } from '../../../platform/audit/logChain.ts';
import { failureRetentionMs } from '../../../platform/auth/lockout.ts';
import { sysCaptcha, sysLoginFailure, sysUserToken } from '../../../platform/auth/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import type { JobDefinition } from '../../../platform/jobs/scheduler.ts';
import { sysQuartzJobLog } from '../adminSchema.ts';
import { channelFor, type MessageChannel } from '../auth/smsChannel.ts';
import { sysAuthTicket, sysRememberKey, sysSms, sysSmsCode, sysSmsTemplate } from '../authSchema.ts';
import { sysTenant } from '../schema.ts';
import { jsonOutcomeJob } from './jsonOutcomeJob.ts';

/** Attempts before a queued message is given up (es_send_status -1). */
export const MAX_SEND_ATTEMPTS = 5;
const DAY_MS = 24 * 3_600_000;

async function purgeExpired(db: Db, loginFailureWindowMs: number): Promise<Record<string, number>> {
  const now = new Date();
  const before = (ms: number) => new Date(now.getTime() - ms);
  // Each kind of short-lived row (by its count's name), the column its age is read from and the moment
  // before which it goes, deleted one kind after the other.
  const kinds: [name: string, table: PgTable, age: PgColumn, cutoff: Date][] = [
    ['tokens', sysUserToken, sysUserToken.expiresAt, now],
    ['captchas', sysCaptcha, sysCaptcha.expiresAt, now],
    ['loginFailures', sysLoginFailure, sysLoginFailure.failedAt, before(loginFailureWindowMs)],
    ['tickets', sysAuthTicket, sysAuthTicket.expiresAt, now],
    ['rememberKeys', sysRememberKey, sysRememberKey.expiresAt, now],
    // Codes count against the per-day sending limit, so they stay two days, not just until they expire.
    ['smsCodes', sysSmsCode, sysSmsCode.createTime, before(2 * DAY_MS)],
  ];
  const purged: Record<string, number> = {};
  for (const [name, table, age, cutoff] of kinds)
    purged[name] = (await db.delete(table).where(lt(age, cutoff)).returning({ age })).length;
  return purged;
}

/**
 * Hands queued messages (es_send_status 0) to the channel: sent → 1; a failure counts an attempt and the
 * message stays queued until the fifth, then -1 (given up). A channel that only queues leaves them as they are.
 */
export async function deliverQueuedMessages(
  db: Db,
  channel: MessageChannel,
  limit: number,
): Promise<{ sent: number; failed: number; gaveUp: number; kept: number }> {
  const rows = await db
    .select()
    .from(sysSms)
    // Only SMS has a channel; mail and WeChat messages stay queued until one is configured.
    .where(
      and(
        eq(sysSms.esSendStatus, 0),
        eq(sysSms.esType, '1'),
        eq(sysSms.secret, false),
        lt(sysSms.esSendNum, MAX_SEND_ATTEMPTS),
      ),
    )
    .orderBy(asc(sysSms.createTime))
    .limit(limit);
  const titles = [...new Set(rows.map((r) => r.esTitle).filter((t): t is string => !!t))];
  const templates = titles.length
    ? await db.select().from(sysSmsTemplate).where(inArray(sysSmsTemplate.templateName, titles))
    : [];
  const byName = new Map(templates.map((t) => [t.templateName, t]));
  const tally = { sent: 0, failed: 0, gaveUp: 0, kept: 0 };
  for (const row of rows) {
    let params: Record<string, string> = {};
    try {
      params = row.esParam ? (JSON.parse(row.esParam) as Record<string, string>) : {};
    } catch {
      params = {};
    }
    const template = row.esTitle ? byName.get(row.esTitle) : undefined;
    const outcome = await channel.send({
      receiver: row.esReceiver,
      templateCode: template?.templateCode ?? row.esTitle ?? '',
      providerTemplateCode: template?.providerTemplateCode ?? template?.templateCode ?? '',
      params,
      content: row.esContent ?? '',
    });
    if (outcome.status === 0) {
      tally.kept++;
      continue;
    }
    const attempts = row.esSendNum + 1;
    const status = outcome.status === 1 ? 1 : attempts >= MAX_SEND_ATTEMPTS ? -1 : 0;
    if (status === 1) tally.sent++;
    else if (status === -1) tally.gaveUp++;
    else tally.failed++;
    await db
      .update(sysSms)
      .set({
        esSendStatus: status,
        esSendNum: attempts,
        esResult: outcome.result.slice(0, 255),
        esSendTime: new Date(),
        updateTime: new Date(),
      })
      .where(and(eq(sysSms.id, row.id), eq(sysSms.esSendStatus, 0)));
  }
  return tally;
}

/** The jobs the code offers to the scheduled-jobs screen (job_class_name = key). */
export function systemJobs(ctx: AppContext, log: FastifyBaseLogger): JobDefinition[] {
  const { db } = ctx;
  return [
    {
      key: 'purgeExpiredSessions',
      title: '清理过期会话',
      description: '删除过期的登录令牌、验证码、登录失败记录、一次性票据、记住我密钥和短信验证码',
      params: z
        .object({ loginFailureWindowMinutes: z.number().int().min(1).max(10_080).optional() })
        .strict(),
      async run(params) {
        const { loginFailureWindowMinutes } = params as { loginFailureWindowMinutes?: number };
        const window = loginFailureWindowMinutes
          ? loginFailureWindowMinutes * 60_000
          : failureRetentionMs(ctx.config.lockout);
        return JSON.stringify(await purgeExpired(db, window));
      },
    },
    {
      key: 'refreshCounters',
      title: '刷新待办计数',
      description: '计算顶栏待办计数（getDsXx），计数变化时通知在线用户刷新铃铛',
      params: z.object({}).strict(),
      async run(_params, jobLog) {
        const tenants = await idsWhere(db, sysTenant, eq(sysTenant.status, 1)).orderBy(asc(sysTenant.id));
        const out: Record<number, Record<string, number>> = {};
        for (const { id } of tenants) {
          const parts = await Promise.all(ctx.counters.map((provider) => provider({ tenantId: id })));
          const counts: Record<string, number> = {};
          for (const part of parts)
            for (const [k, v] of Object.entries(part)) if (typeof v === 'number') counts[k] = v;
          out[id] = counts;
        }
        jobLog.info({ counters: out }, 'header counters');
        const summary = JSON.stringify(out).slice(0, 2000);
        // The bell polls only every 650 s: when the counts moved since the last run, every
        // signed-in console is told to drop its cached counts and fetch them again.
        const [previous] = await db
          .select({ message: sysQuartzJobLog.message })
          .from(sysQuartzJobLog)
          .where(and(eq(sysQuartzJobLog.jobClassName, 'refreshCounters'), eq(sysQuartzJobLog.success, 1)))
          .orderBy(desc(sysQuartzJobLog.startTime))
          .limit(1);
        const changed = previous?.message !== summary;
        if (changed)
          await ctx.realtime.pushToUsers('all', { cmd: 'counters', msgId: 'pendingCounts', msgTxt: '' });
        return summary;
      },
    },
    {
      key: 'sendQueuedMessages',
      title: '发送队列消息',
      description: '把待发送的消息（sys_sms 状态0）交给短信通道发送，最多尝试5次',
      params: z.object({ batchSize: z.number().int().min(1).max(1000).optional() }).strict(),
      async run(params) {
        const { batchSize } = params as { batchSize?: number };
        const tally = await deliverQueuedMessages(db, channelFor(ctx.config, log), batchSize ?? 100);
        return JSON.stringify(tally);
      },
    },
    jsonOutcomeJob(
      {
        key: 'sealLogs',
        title: '日志哈希链封存',
        description: '按月把新写入的操作和登录日志接入哈希链（每条的哈希包含前一条的哈希），篡改可被校验发现',
      },
      async () => ({ sealed: await sealLogs(db) }),
    ),
    {
      key: 'archiveLogs',
      title: '日志归档',
      description:
        '在线保留至少6个月（LOG_ONLINE_MONTHS），更早的月份校验后压缩归档到数据目录，归档后仍可在日志页查询和校验',
      params: z.object({}).strict(),
      async run() {
        const outcome = await archiveLogs(db, ctx.config.dataDir, ctx.config.logOnlineMonths);
        return JSON.stringify(outcome).slice(0, 2000);
      },
    },
  ];
}
