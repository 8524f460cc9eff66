import { WEBHOOK_HEADERS } from '@freight/contracts';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { claimDueRows } from '../../platform/db/outboxClaim.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import { jsonOutcomeJob, seedQuartzJobs } from '../system/index.ts';
import { hyEnterpriseApp, hyOpenapiNonce, hyWebhookDelivery } from './appSchema.ts';
import { appSecretOf, hmacHex } from './enterpriseApps.ts';
import { onFreightEvent } from './events.ts';
import type { hyShippingNote } from './shippingSchema.ts';

// Webhooks of enterprise apps: a waybill step writes one delivery per app of the waybill's customer
// with a webhook URL, in the step's own transaction (an outbox: a rolled-back step sends nothing). The
// scheduled job claims due deliveries the way the regulator sender claims its messages (FOR UPDATE SKIP
// LOCKED, a claim token and a lease, so two instances never post the same one), posts them signed with the
// app's secret, and retries failures with exponential backoff.

export const WEBHOOK_JOB = 'sendWebhooks';
export const WEBHOOK_EVENT = 'waybill.status_changed';
/** Attempts before a delivery is given up (30 s, 1 min, 2 min … about an hour in all). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

type NoteRow = typeof hyShippingNote.$inferSelect;
type DeliveryRow = typeof hyWebhookDelivery.$inferSelect;

/** The wait after the n-th failed attempt: 30 s, 1 min, 2 min … at most 1 h. */
export function webhookBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** The signature of a delivery: HMAC-SHA256 with the app secret over `timestamp + "\n" + body`, hex. */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  hmacHex(secret, `${timestamp}\n${body}`);

/** Writes the deliveries of a waybill step, inside the step's transaction. */
export async function enqueueWaybillChange(
  tx: DbOrTx,
  event: { action: string; note: NoteRow; before: NoteRow | null },
): Promise<number> {
  const { note } = event;
  const apps = await idsWhere(
    tx,
    hyEnterpriseApp,
    eq(hyEnterpriseApp.tenantId, note.tenantId),
    eq(hyEnterpriseApp.customerId, note.customerId),
    eq(hyEnterpriseApp.enabled, true),
    isNotNull(hyEnterpriseApp.webhookUrl),
  );
  if (apps.length === 0) return 0;
  const occurredAt = new Date().toISOString();
  await tx.insert(hyWebhookDelivery).values(
    apps.map((app) => {
      const id = newId();
      const payload = JSON.stringify({
        id,
        event: WEBHOOK_EVENT,
        occurredAt,
        data: {
          action: event.action,
          waybillId: note.id,
          shippingNoteNumber: note.shippingNoteNumber,
          orderNo: note.orderNo,
          status: note.status,
          previousStatus: event.before?.status ?? null,
          plateNo: note.plateNo,
          driverName: note.driverName,
        },
      });
      return { id, tenantId: note.tenantId, appId: app.id, event: WEBHOOK_EVENT, payload };
    }),
  );
  return apps.length;
}

/** Claims due deliveries (pending and due, or sending with a lapsed lease) for this run. */
const claimDue = (db: Db, now: Date, limit: number) =>
  claimDueRows(db, hyWebhookDelivery, { now, limit, leaseMs: LEASE_MS });

interface Attempt {
  ok: boolean;
  status: number | null;
  error: string | null;
  /** Whether a request went out (counts as an attempt). */
  sent: boolean;
}

async function post(db: Db, row: DeliveryRow, now: Date): Promise<Attempt> {
  const [app] = await db.select().from(hyEnterpriseApp).where(eq(hyEnterpriseApp.id, row.appId));
  if (!app) return { ok: false, status: null, error: '应用已删除', sent: false };
  if (!app.enabled) return { ok: false, status: null, error: '应用已停用', sent: false };
  if (!app.webhookUrl) return { ok: false, status: null, error: '应用未设置回调地址', sent: false };
  const timestamp = String(now.getTime());
  const signature = webhookSignature(await appSecretOf(db, app), timestamp, row.payload);
  try {
    const response = await fetch(app.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        [WEBHOOK_HEADERS.appKey]: app.appKey,
        [WEBHOOK_HEADERS.event]: row.event,
        [WEBHOOK_HEADERS.id]: row.id,
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: signature,
      },
      body: row.payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, error: ok ? null : `HTTP ${response.status}`, sent: true };
  } catch (error) {
    return { ok: false, status: null, error: (error as Error).message.slice(0, 500), sent: true };
  }
}

export interface WebhookSummary {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** One run: claims what is due, posts each, records each outcome if it still holds the claim. */
export async function sendDueWebhooks(
  db: Db,
  options: { now?: Date; limit?: number } = {},
): Promise<WebhookSummary> {
  const now = options.now ?? new Date();
  const { token, rows } = await claimDue(db, now, options.limit ?? 100);
  const summary: WebhookSummary = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    const attempt = await post(db, row, now);
    const attempts = row.attempts + (attempt.sent ? 1 : 0);
    const state = attempt.ok
      ? 'sent'
      : !attempt.sent || attempts >= WEBHOOK_MAX_ATTEMPTS
        ? 'failed'
        : 'pending';
    summary[state === 'pending' ? 'retrying' : state]++;
    await db
      .update(hyWebhookDelivery)
      .set({
        state,
        attempts,
        lastStatus: attempt.status,
        lastError: attempt.error,
        sentAt: attempt.ok ? new Date() : null,
        nextAttemptAt: state === 'pending' ? new Date(now.getTime() + webhookBackoffMs(attempts)) : null,
        claimToken: null,
        claimedUntil: null,
      })
      .where(and(eq(hyWebhookDelivery.id, row.id), eq(hyWebhookDelivery.claimToken, token)));
  }
  // Nonces older than twice the skew window can no longer be replayed: the timestamp check refuses them.
  await db.delete(hyOpenapiNonce).where(lt(hyOpenapiNonce.createTime, new Date(now.getTime() - 10 * 60_000)));
  return summary;
}

export function webhookJob(ctx: Pick<AppContext, 'db'>): JobDefinition {
  return jsonOutcomeJob(
    {
      key: WEBHOOK_JOB,
      title: '企业应用回调推送',
      description: '把运单状态变化推送到企业应用的回调地址（签名），失败的按指数退避重试',
    },
    async () => {
      const totals: WebhookSummary = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
      for (let round = 0; round < 20; round++) {
        const summary = await sendDueWebhooks(ctx.db);
        for (const key of Object.keys(totals) as Array<keyof WebhookSummary>) totals[key] += summary[key];
        if (summary.claimed < 100) break;
      }
      return totals;
    },
  );
}

/** The job's schedule row (every 15 seconds), added by the server's start and the seed command. */
export async function seedWebhookJob(db: Db): Promise<void> {
  await seedQuartzJobs(db, [
    {
      jobClassName: WEBHOOK_JOB,
      cronExpression: '0/15 * * * * ?',
      parameter: '{}',
      description: '每15秒推送企业应用的运单回调',
    },
  ]);
}

export function webhookRoutes(ctx: AppContext): void {
  ctx.jobs.register(webhookJob(ctx));
  onFreightEvent(ctx.db, async (tx, event) => {
    if (event.kind !== 'noteStep') return;
    await enqueueWaybillChange(tx, event);
  });
}
