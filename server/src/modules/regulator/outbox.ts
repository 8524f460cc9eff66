import { REPORT_STATES, REPORT_STATUS, REPORT_TYPES, type ReportType } from '@freight/contracts';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { rowExists } from '../../platform/db/idsWhere.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { setNoteReportStatus } from '../freight/index.ts';
import type { FundFlowInput } from './messages/fundFlow.ts';
import { hyReportChannel, hyReportMessage } from './schema.ts';

// The outbox: a report message is a row written in the same transaction as the business event that makes it
// due (an approval, an audit, a settled payment), so an event is never without its report nor a report
// without its event. One open message (pending, sending or failed) per record and type: a change while one is
// open is picked up by it (its content is built when sent) and, if it is being sent at that moment, reported
// again after it (touchedAt).

const HOUR_MS = 3_600_000;
export const OPEN_STATES = ['pending', 'sending', 'failed'] as const;
const DEFAULT_DEADLINE_HOURS = 24;

export interface Enqueue {
  tenantId: number;
  type: ReportType;
  businessId: string;
  businessNo: string | null;
  payload?: unknown;
  /** When the record became due (the reporting deadline counts from it). */
  dueFrom?: Date;
}

/** Writes (or touches) the open message of a record; answers whether a new message was written. */
export async function enqueueReport(tx: DbOrTx, item: Enqueue): Promise<boolean> {
  const now = new Date();
  const [channel] = await tx
    .select({ id: hyReportChannel.id, deadlineHours: hyReportChannel.deadlineHours })
    .from(hyReportChannel)
    .where(ofTenant(hyReportChannel, item.tenantId, eq(hyReportChannel.enabled, true)))
    .limit(1);
  const from = item.dueFrom ?? now;
  const deadlineAt = new Date(from.getTime() + (channel?.deadlineHours ?? DEFAULT_DEADLINE_HOURS) * HOUR_MS);
  const written = await tx
    .insert(hyReportMessage)
    .values({
      tenantId: item.tenantId,
      type: item.type,
      businessId: item.businessId,
      businessNo: item.businessNo?.slice(0, 64) ?? null,
      channelId: channel?.id ?? null,
      state: 'pending',
      nextAttemptAt: now,
      payload: item.payload ?? null,
      deadlineAt,
      createTime: now,
    })
    .onConflictDoUpdate({
      target: [hyReportMessage.type, hyReportMessage.businessId],
      targetWhere: sql`state in ('pending', 'sending', 'failed')`,
      set: {
        touchedAt: now,
        updateTime: now,
        ...(item.payload === undefined ? {} : { payload: item.payload }),
      },
    })
    .returning({ touched: hyReportMessage.touchedAt });
  const created = written[0]?.touched === null;
  if (created) await statusFollows(tx, item.type, item.businessId, item.payload, REPORT_STATUS.due);
  return created;
}

/** How many of the tenant's messages that meet `conditions` are in each state (every state named, 0 when none). */
export async function messageCountsByState(
  db: DbOrTx,
  tenantId: number,
  ...conditions: Array<SQL | undefined>
): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: hyReportMessage.state, count: sql<number>`count(*)::int` })
    .from(hyReportMessage)
    .where(ofTenant(hyReportMessage, tenantId, ...conditions))
    .groupBy(hyReportMessage.state);
  const byState = Object.fromEntries(REPORT_STATES.map((s) => [s, 0])) as Record<string, number>;
  for (const row of rows) byState[row.state] = Number(row.count);
  return byState;
}

/** A record's message unless one exists already (in any state): prerequisites of a later message. */
export async function ensureReported(tx: DbOrTx, item: Enqueue): Promise<void> {
  const existing = await rowExists(
    tx,
    hyReportMessage,
    eq(hyReportMessage.type, item.type),
    eq(hyReportMessage.businessId, item.businessId),
  );
  if (!existing) await enqueueReport(tx, item);
}

/** The notes whose status columns a message moves: the waybill's note, or the notes a fund flow pays. */
export function notesOf(type: string, businessId: string, payload: unknown): string[] {
  if (type === REPORT_TYPES.waybill) return [businessId];
  if (type === REPORT_TYPES.fundFlow)
    return ((payload as FundFlowInput | null)?.notes ?? []).map((n) => n.noteId);
  return [];
}

/** The waybill's report status and fund-report status follow the outbox. */
export async function statusFollows(
  tx: DbOrTx,
  type: string,
  businessId: string,
  payload: unknown,
  status: number,
): Promise<void> {
  const notes = notesOf(type, businessId, payload);
  if (notes.length === 0) return;
  await setNoteReportStatus(tx, notes, type === REPORT_TYPES.waybill ? 'waybill' : 'fund', status);
}

/** Failed and pending messages back to the queue now (the resend button); sending and accepted ones stay. */
export async function requeue(
  tx: DbOrTx,
  tenantId: number,
  ids: readonly string[],
): Promise<{ queued: number; skipped: number }> {
  const rows = await tx
    .update(hyReportMessage)
    .set({ state: 'pending', nextAttemptAt: new Date(), updateTime: new Date() })
    .where(
      ofTenant(
        hyReportMessage,
        tenantId,
        inArray(hyReportMessage.id, [...ids]),
        inArray(hyReportMessage.state, ['failed', 'pending']),
      ),
    )
    .returning({
      type: hyReportMessage.type,
      businessId: hyReportMessage.businessId,
      payload: hyReportMessage.payload,
    });
  for (const row of rows) await statusFollows(tx, row.type, row.businessId, row.payload, REPORT_STATUS.due);
  return { queued: rows.length, skipped: ids.length - rows.length };
}
