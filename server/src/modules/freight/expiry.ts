import { CERT_WARN_DAYS, REVIEW_STATE } from '@freight/contracts';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { formatDateTime } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import { activeUsersHolding, jsonOutcomeJob, seedQuartzJobs, sysAnnouncement } from '../system/index.ts';
import { hyDriver, hyVehicle } from './partySchema.ts';
import { pendingCountsChanged } from './pendingCounters.ts';
import { recordTransition } from './review.ts';

export const CERT_EXPIRY_JOB = 'markExpiredCertificates';
const DAY_MS = 86_400_000;
const BATCH = 500;
/** Names listed in one warning message; the rest are counted. */
const LISTED = 20;

/** A day 'YYYY-MM-DD' in China time, `offsetDays` from `now`. */
export function chinaDay(now: Date, offsetDays = 0): string {
  return formatDateTime(new Date(now.getTime() + offsetDays * DAY_MS)).slice(0, 10);
}

interface Certificate {
  column: PgColumn;
  name: string;
}

/** A party whose certificates lapse: drivers and vehicles, the five certificates of domain.md. */
interface CertifiedParty {
  entity: 'driver' | 'vehicle';
  title: string;
  table: PgTable;
  id: PgColumn;
  tenantId: PgColumn;
  state: PgColumn;
  label: PgColumn;
  warnedOn: PgColumn;
  certificates: Certificate[];
  /** The list page a warning links to; `?expiringWithinDays=` pre-filters it. */
  page: string;
  /** Reviewers of this party receive its warnings. */
  reviewPermission: string;
}

export const CERTIFIED_PARTIES: CertifiedParty[] = [
  {
    entity: 'driver',
    title: '司机',
    table: hyDriver,
    id: hyDriver.id,
    tenantId: hyDriver.tenantId,
    state: hyDriver.state,
    label: hyDriver.driverName,
    warnedOn: hyDriver.expiryWarnedOn,
    certificates: [
      { column: hyDriver.idCardValidTo, name: '身份证' },
      { column: hyDriver.drivingValidTo, name: '驾驶证' },
      { column: hyDriver.qualificationValidTo, name: '从业资格证' },
    ],
    page: '/wlhy/hydriver/HyDriverList',
    reviewPermission: 'driver:review',
  },
  {
    entity: 'vehicle',
    title: '车辆',
    table: hyVehicle,
    id: hyVehicle.id,
    tenantId: hyVehicle.tenantId,
    state: hyVehicle.state,
    label: hyVehicle.plateNo,
    warnedOn: hyVehicle.expiryWarnedOn,
    certificates: [
      { column: hyVehicle.licenseValidTo, name: '行驶证' },
      { column: hyVehicle.roadTransportValidTo, name: '道路运输证' },
    ],
    page: '/wlhy/hyvehicle/HyVehicleList',
    reviewPermission: 'vehicle:review',
  },
];

/** States a lapse moves to 4: pending and approved (a draft or a rejected record is not in use). */
const LIVE_STATES = [REVIEW_STATE.pending, REVIEW_STATE.approved];

function lapsedNames(party: CertifiedParty, row: Record<string, unknown>, today: string): string[] {
  return party.certificates
    .filter((c) => {
      const value = row[c.column.name];
      return typeof value === 'string' && value < today;
    })
    .map((c) => `${c.name}(${row[c.column.name]})`);
}

/** Refuses approving a record one of whose certificates already lapsed (used by the review route). */
export function refuseLapsed(party: CertifiedParty) {
  return async (tx: DbOrTx, id: string): Promise<void> => {
    const today = chinaDay(new Date());
    const columns = Object.fromEntries(party.certificates.map((c) => [c.column.name, c.column]));
    const [row] = await tx.select(columns).from(party.table).where(eq(party.id, id));
    const lapsed = row ? lapsedNames(party, row, today) : [];
    if (lapsed.length) throw bizError(`证件已过期，不能审核通过：${lapsed.join('、')}`);
  };
}

export interface ExpiryOutcome {
  expired: Record<string, number>;
  warned: Record<string, number>;
  messages: number;
}

/** Marks lapsed records 4 expired, each with a review-log row naming the certificates. */
async function markExpired(db: Db, party: CertifiedParty, today: string): Promise<number> {
  const lapsed = or(...party.certificates.map((c) => lt(c.column, today))) as SQL;
  const columns = Object.fromEntries(party.certificates.map((c) => [c.column.name, c.column]));
  let total = 0;
  for (;;) {
    const marked = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: party.id, state: party.state, ...columns })
        .from(party.table)
        .where(and(inArray(party.state, LIVE_STATES), lapsed))
        .orderBy(asc(party.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx
        .update(party.table)
        .set({ state: REVIEW_STATE.expired })
        .where(
          and(
            inArray(
              party.id,
              rows.map((r) => String(r.id)),
            ),
            inArray(party.state, LIVE_STATES),
          ),
        );
      for (const row of rows) {
        await recordTransition(
          tx,
          party.entity,
          String(row.id),
          Number(row.state),
          REVIEW_STATE.expired,
          'system',
          `证件已过期：${lapsedNames(party, row as Record<string, unknown>, today).join('、')}`,
        );
      }
      return rows.length;
    });
    total += marked;
    if (marked < BATCH) break;
  }
  if (total) tablesWritten(db, party.table);
  return total;
}

/**
 * Warns once, 30 days ahead, about records whose certificate ends within the window: one system message per
 * tenant and party to its reviewers, linking to the list pre-filtered on "expires within 30 days". A record
 * is warned again only after another 30 days (`expiry_warned_on`), so a daily run does not repeat itself.
 */
async function warnExpiring(
  ctx: AppContext,
  party: CertifiedParty,
  today: string,
  until: string,
): Promise<{ warned: number; messages: number }> {
  const { db } = ctx;
  const columns = Object.fromEntries(party.certificates.map((c) => [c.column.name, c.column]));
  const soon = or(
    ...party.certificates.map((c) => and(gt(c.column, today), lte(c.column, until)) as SQL),
  ) as SQL;
  const warnedBefore = chinaDay(new Date(`${today}T12:00:00+08:00`), -CERT_WARN_DAYS);
  const rows = await db
    .select({ id: party.id, tenantId: party.tenantId, label: party.label, ...columns })
    .from(party.table)
    .where(
      and(
        inArray(party.state, LIVE_STATES),
        soon,
        or(isNull(party.warnedOn), lt(party.warnedOn, warnedBefore)),
      ),
    )
    .orderBy(asc(party.id));
  if (rows.length === 0) return { warned: 0, messages: 0 };
  const byTenant = new Map<number, typeof rows>();
  for (const row of rows) {
    const list = byTenant.get(Number(row.tenantId)) ?? [];
    list.push(row);
    byTenant.set(Number(row.tenantId), list);
  }
  const reviewers = await activeUsersHolding(db, party.reviewPermission);
  let messages = 0;
  for (const [tenantId, list] of byTenant) {
    const lines = list.slice(0, LISTED).map((row) => {
      const ends = party.certificates
        .map((c) => ({ name: c.name, day: row[c.column.name as keyof typeof row] }))
        .filter((c) => typeof c.day === 'string' && c.day > today && c.day <= until)
        .map((c) => `${c.name}于${c.day}到期`);
      return `<li>${escapeHtml(String(row.label))}：${ends.join('，')}</li>`;
    });
    const more = list.length > LISTED ? `<p>另有 ${list.length - LISTED} 条，请在列表中查看。</p>` : '';
    await db.transaction(async (tx) => {
      if (reviewers.length) {
        await tx.insert(sysAnnouncement).values({
          titile: `${list.length}个${party.title}的证件将在${CERT_WARN_DAYS}天内到期`,
          msgContent: `<p>以下${party.title}的证件将在${CERT_WARN_DAYS}天内到期，请提醒更新：</p><ul>${lines.join('')}</ul>${more}`,
          msgAbstract: `${list.length}个${party.title}的证件即将到期`,
          sender: '系统',
          priority: 'M',
          msgCategory: '2',
          msgType: 'USER',
          userIds: reviewers.join(','),
          sendStatus: '1',
          sendTime: new Date(),
          busType: 'cert_expiry',
          busId: party.entity,
          openType: 'url',
          openPage: `${party.page}?expiringWithinDays=${CERT_WARN_DAYS}`,
          tenantId,
          createBy: 'system',
        });
        messages++;
      }
      await tx
        .update(party.table)
        .set({ expiryWarnedOn: today })
        .where(
          inArray(
            party.id,
            list.map((r) => String(r.id)),
          ),
        );
    });
  }
  if (messages && reviewers.length) {
    await ctx.realtime
      .pushToUsers(reviewers, {
        cmd: 'user',
        msgId: `cert-expiry-${party.entity}`,
        msgTxt: `${party.title}证件即将到期`,
        category: 'cert_expiry',
      })
      .catch(() => undefined);
  }
  return { warned: rows.length, messages };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The scheduled job's work for one day (`now` in China time): lapse, then warn. */
export async function runCertificateExpiry(ctx: AppContext, now = new Date()): Promise<ExpiryOutcome> {
  const today = chinaDay(now);
  const until = chinaDay(now, CERT_WARN_DAYS);
  const outcome: ExpiryOutcome = { expired: {}, warned: {}, messages: 0 };
  for (const party of CERTIFIED_PARTIES) {
    outcome.expired[party.entity] = await markExpired(ctx.db, party, today);
    const warning = await warnExpiring(ctx, party, today, until);
    outcome.warned[party.entity] = warning.warned;
    outcome.messages += warning.messages;
  }
  if (Object.values(outcome.expired).some((n) => n > 0)) await pendingCountsChanged(ctx);
  return outcome;
}

export function certificateExpiryJob(ctx: AppContext): JobDefinition {
  return jsonOutcomeJob(
    {
      key: CERT_EXPIRY_JOB,
      title: '证件到期检查',
      description: `把证件已过期的司机、车辆标记为已过期（4），并对${CERT_WARN_DAYS}天内到期的证件向审核人员发出提醒`,
    },
    () => runCertificateExpiry(ctx),
  );
}

/**
 * The job's schedule row, running daily at 01:10 China time. Added by the server's start (main.ts) and the
 * seed command rather than by seedSystem, whose job list the scheduled-jobs tests pin; an administrator's
 * later changes (cron, pause) are kept.
 */
export async function seedCertificateExpiryJob(db: Db): Promise<void> {
  await seedQuartzJobs(db, [
    {
      jobClassName: CERT_EXPIRY_JOB,
      cronExpression: '0 10 1 * * ?',
      parameter: '{}',
      description: `每天01:10把证件已过期的司机、车辆标记为已过期，并提醒${CERT_WARN_DAYS}天内到期的证件`,
    },
  ]);
}
