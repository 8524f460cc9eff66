import {
  REPORT_STATUS,
  REPORT_TYPE_NAMES,
  REPORT_TYPES,
  type ReportFieldError,
  type ReportType,
} from '@freight/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { rowExists } from '../../platform/db/idsWhere.ts';
import { claimDueRows } from '../../platform/db/outboxClaim.ts';
import { activeChannel, type ChannelRow, channelById, type SecretBox, settingsOf } from './channels.ts';
import type { CodeTables } from './messages/rules.ts';
import { describeErrors } from './messages/rules.ts';
import { ensureReported, statusFollows } from './outbox.ts';
import { contentOf, prerequisitesOf } from './records.ts';
import { hyReportAttempt, hyReportMessage } from './schema.ts';
import type { Delivery, ReportClient } from './transport/client.ts';

// The sender: claims due messages (rows locked FOR UPDATE SKIP LOCKED and stamped with a claim token and a
// lease, so two instances never take the same one), sends them outside any transaction, and records each
// outcome only if it still holds the claim. A crash mid-send leaves the row 'sending' with a lease that runs
// out; the next run takes it again and the resend carries a new reference number (the province answers an
// already accepted business key as accepted). Drivers and vehicles go before waybills, waybills before fund
// flows; a message whose prerequisites are not accepted yet waits instead of failing.

type MessageRow = typeof hyReportMessage.$inferSelect;

export interface SenderDeps {
  db: Db;
  box: SecretBox;
  client: ReportClient;
  codes: () => CodeTables;
}

export interface SendOptions {
  now?: Date;
  /** Messages claimed per run. */
  limit?: number;
  /** Messages in flight at once. */
  concurrency?: number;
  /** How long a claim holds before another run may take the message again. */
  leaseMs?: number;
}

export interface SendSummary {
  claimed: number;
  accepted: number;
  failed: number;
  retrying: number;
  waiting: number;
}

const RANK: Record<string, number> = {
  WLHY_JSY1001: 0,
  WLHY_CL1001: 0,
  WLHY_YD1001: 1,
  WLHY_WZ1001: 1,
  WLHY_ZJ1001: 2,
};
const rankSql = sql`case ${hyReportMessage.type} when 'WLHY_JSY1001' then 0 when 'WLHY_CL1001' then 0 when 'WLHY_ZJ1001' then 2 else 1 end`;

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;
const WAIT_MS = 30_000;
const NO_CHANNEL_WAIT_MS = 5 * 60_000;

/** Exponential backoff after the n-th failed attempt (30 s, 1 min, 2 min … 1 h), with up to 10 % jitter. */
export function backoffMs(attempts: number, random = Math.random()): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + 0.1 * random));
}

/** Claims up to `limit` due messages (pending and due, or sending with a lapsed claim), lowest rank first. */
export async function claimDue(
  db: Db,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<{ token: string; rows: MessageRow[] }> {
  const { token, rows } = await claimDueRows(db, hyReportMessage, {
    ...options,
    orderFirst: rankSql,
    set: { updateTime: options.now },
    onClaimed: async (tx, claimed) => {
      for (const row of claimed)
        await statusFollows(tx, row.type, row.businessId, row.payload, REPORT_STATUS.sending);
    },
  });
  return { token, rows: rows.sort((a, b) => (RANK[a.type] ?? 1) - (RANK[b.type] ?? 1)) };
}

interface Outcome {
  state: 'pending' | 'accepted' | 'failed';
  code: string;
  message: string;
  fieldErrors?: ReportFieldError[] | null;
  nextAttemptAt?: Date | null;
  /** Whether a request went out (an attempt counts). */
  sent: boolean;
  channelId?: string;
  delivery?: Delivery;
  request?: unknown;
}

/** Records an outcome if the claim still holds; a lapsed claim taken by another run leaves no trace here. */
async function finish(
  db: Db,
  row: MessageRow,
  claimToken: string,
  outcome: Outcome,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const attempts = row.attempts + (outcome.sent ? 1 : 0);
    const [stored] = await tx
      .update(hyReportMessage)
      .set({
        state: outcome.state,
        attempts,
        lastCode: outcome.code.slice(0, 20),
        lastMessage: outcome.message.slice(0, 500),
        ...(outcome.fieldErrors !== undefined ? { fieldErrors: outcome.fieldErrors } : {}),
        nextAttemptAt: outcome.nextAttemptAt ?? null,
        acceptedAt: outcome.state === 'accepted' ? new Date() : null,
        claimToken: null,
        claimedUntil: null,
        channelId: outcome.channelId ?? row.channelId,
        updateTime: new Date(),
      })
      .where(
        and(
          eq(hyReportMessage.id, row.id),
          eq(hyReportMessage.claimToken, claimToken),
          eq(hyReportMessage.state, 'sending'),
        ),
      )
      .returning({ touchedAt: hyReportMessage.touchedAt });
    if (!stored) return false;
    if (outcome.sent)
      await tx.insert(hyReportAttempt).values({
        messageId: row.id,
        channelId: outcome.channelId ?? row.channelId,
        attemptNo: attempts,
        referenceNumber: outcome.delivery?.referenceNumber ?? null,
        outcome: outcome.state === 'pending' ? 'retry' : outcome.state,
        code: outcome.code.slice(0, 20),
        message: outcome.message.slice(0, 500),
        request: outcome.delivery?.request ?? outcome.request ?? null,
        response: (outcome.delivery?.response as object | null | undefined) ?? null,
        durationMs: Math.round(Date.now() - now.getTime()),
        calls: outcome.delivery?.calls ?? 0,
      });
    const status =
      outcome.state === 'accepted'
        ? REPORT_STATUS.accepted
        : outcome.state === 'failed'
          ? REPORT_STATUS.failed
          : REPORT_STATUS.due;
    await statusFollows(tx, row.type, row.businessId, row.payload, status);
    // The record changed while this message was on its way: its report carried the old content.
    if (
      outcome.state === 'accepted' &&
      stored.touchedAt &&
      stored.touchedAt > (row.updateTime ?? row.createTime)
    )
      await tx.insert(hyReportMessage).values({
        tenantId: row.tenantId,
        type: row.type,
        businessId: row.businessId,
        businessNo: row.businessNo,
        channelId: outcome.channelId ?? row.channelId,
        payload: row.payload,
        nextAttemptAt: new Date(),
        deadlineAt: row.deadlineAt,
      });
    return true;
  });
}

/** Waiting for prerequisites: they are enqueued if missing; nothing is sent, no attempt counts. */
async function unmetPrerequisites(tx: DbOrTx, row: MessageRow): Promise<string | null> {
  const needed = await prerequisitesOf(tx, row);
  if (needed.length === 0) return null;
  const unmet: string[] = [];
  for (const prerequisite of needed) {
    const accepted = await rowExists(
      tx,
      hyReportMessage,
      eq(hyReportMessage.type, prerequisite.type),
      eq(hyReportMessage.businessId, prerequisite.businessId),
      eq(hyReportMessage.state, 'accepted'),
    );
    if (accepted) continue;
    // Drivers and vehicles are reportable once approved; a waybill only from its audit, which writes its
    // message itself. A payment before that (a prepay at loading) waits for it rather than report it unfinished.
    if (prerequisite.type !== REPORT_TYPES.waybill)
      await ensureReported(tx, { tenantId: row.tenantId, ...prerequisite });
    unmet.push(
      `${REPORT_TYPE_NAMES[prerequisite.type]}${prerequisite.businessNo ? ` ${prerequisite.businessNo}` : ''}`,
    );
  }
  return unmet.length ? `等待前置报文：${unmet.join('、')}` : null;
}

async function sendOne(
  deps: SenderDeps,
  row: MessageRow,
  now: Date,
  codes: CodeTables,
  channels: Map<string, ChannelRow | undefined>,
): Promise<Outcome> {
  const channelKey = row.channelId ?? `active:${row.tenantId}`;
  if (!channels.has(channelKey))
    channels.set(
      channelKey,
      row.channelId ? await channelById(deps.db, row.channelId) : await activeChannel(deps.db, row.tenantId),
    );
  const channel = channels.get(channelKey);
  if (!channel)
    return {
      state: 'pending',
      code: 'NO_CHANNEL',
      message: '没有启用的上报通道',
      nextAttemptAt: new Date(now.getTime() + NO_CHANNEL_WAIT_MS),
      sent: false,
    };
  const waiting = await unmetPrerequisites(deps.db, row);
  if (waiting)
    return {
      state: 'pending',
      code: 'WAIT',
      message: waiting,
      nextAttemptAt: new Date(now.getTime() + WAIT_MS),
      sent: false,
      channelId: channel.id,
    };
  const sendTime = new Date();
  const settings = await settingsOf(deps.box, channel);
  const built = await contentOf(deps.db, row, codes, settings.platform, sendTime);
  if (!built.ok) {
    const errors = 'errors' in built ? built.errors : [{ path: '-', rule: 'record', message: built.missing }];
    return {
      state: 'failed',
      code: 'LOCAL',
      message: `报文校验未通过：${describeErrors(errors)}`,
      fieldErrors: errors,
      sent: true,
      channelId: channel.id,
      request: { type: row.type, errors },
    };
  }
  const delivery = await deps.client.deliver(settings, {
    type: row.type as ReportType,
    content: built.message,
    sendTime,
  });
  const base = { code: delivery.code, sent: true, channelId: channel.id, delivery };
  switch (delivery.verdict) {
    case 'accepted':
      return { ...base, state: 'accepted', message: delivery.message || '已接收', fieldErrors: null };
    case 'invalid':
      return {
        ...base,
        state: 'failed',
        message: delivery.message || '字段校验失败',
        fieldErrors: delivery.fieldErrors ?? null,
      };
    case 'retry':
      return {
        ...base,
        state: 'pending',
        message: delivery.message || '上报通道暂时不可用',
        nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts + 1)),
      };
    default:
      return { ...base, state: 'failed', message: delivery.message || `上报被拒绝（${delivery.code}）` };
  }
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/** One run of the sender: claim, send by rank (prerequisites first), record. */
export async function sendDue(deps: SenderDeps, options: SendOptions = {}): Promise<SendSummary> {
  const now = options.now ?? new Date();
  const { token, rows } = await claimDue(deps.db, {
    now,
    limit: options.limit ?? 200,
    leaseMs: options.leaseMs ?? 120_000,
  });
  const summary: SendSummary = { claimed: rows.length, accepted: 0, failed: 0, retrying: 0, waiting: 0 };
  const channels = new Map<string, ChannelRow | undefined>();
  const codes = deps.codes();
  for (const rank of [0, 1, 2]) {
    const group = rows.filter((row) => (RANK[row.type] ?? 1) === rank);
    await inParallel(group, options.concurrency ?? 4, async (row) => {
      let outcome: Outcome;
      try {
        outcome = await sendOne(deps, row, now, codes, channels);
      } catch (error) {
        outcome = {
          state: 'pending',
          code: 'ERROR',
          message: `上报出错：${(error as Error).message}`,
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts + 1)),
          sent: false,
        };
      }
      const recorded = await finish(deps.db, row, token, outcome, now);
      if (!recorded) return;
      if (outcome.state === 'accepted') summary.accepted++;
      else if (outcome.state === 'failed') summary.failed++;
      else if (outcome.sent) summary.retrying++;
      else summary.waiting++;
    });
  }
  return summary;
}
