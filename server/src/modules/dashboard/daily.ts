import { noteResource, type StatisticsFigures } from '@freight/contracts';
import { and, eq, getTableName, gte, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Session } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { perDatabase } from '../../platform/db/perDatabase.ts';
import { SharedReads } from '../../platform/db/sharedReads.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { formatDateTime } from '../../platform/http/envelope.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import { CountCache } from '../../platform/resource/countCache.ts';
import { andAll } from '../../platform/resource/query.ts';
import { rowScopeOf } from '../../platform/resource/rowScope.ts';
import { hyOrder, hyShippingNote, hyVehicle } from '../freight/index.ts';
import { riskWarning } from '../risk/index.ts';
import { seedQuartzJobs } from '../system/index.ts';
import { statDailyState, statDirtyDay, statNoteDaily } from './schema.ts';

// The waybills' figures by day. A job builds closed China days into `stat_note_daily`; a reader
// adds the built days that nothing has changed since (no row in `stat_dirty_day`) to a live count over the
// waybills of every other day in its range (today, a day not built yet, a dirty day). The sum is the direct
// aggregate at every moment, and an event's transaction never writes a roll-up row: it only appends its day
// to the dirty log (statement triggers, migration `statistics_daily_triggers`).

const DAY_MS = 86_400_000;
const dialect = new PgDialect();

type Cells = Array<Record<string, unknown>>;
// Per database handle, as the list totals: two apps in one process never share figures.
const builtSumsOf = perDatabase(() => new CountCache<Cells>());
const figureReadsOf = perDatabase(() => new SharedReads<Group[]>());
const n = hyShippingNote;
const d = statNoteDaily;

/** Start of a China day given as YYYY-MM-DD, as an instant. */
export const chinaDay = (ymd: string) => new Date(`${ymd}T00:00:00+08:00`);
export const chinaYmd = (at: Date) => formatDateTime(at).slice(0, 10);
export const addDays = (ymd: string, days: number) =>
  chinaYmd(new Date(chinaDay(ymd).getTime() + days * DAY_MS));
/** The `count` China days that end with `lastDay` (YYYY-MM-DD), oldest first: a chart's day axis. */
export const daysUpTo = (lastDay: string, count: number) =>
  Array.from({ length: count }, (_, i) => addDays(lastDay, i + 1 - count));
/** The creation instant of a waybill as China wall time. */
export const noteChinaTime = sql`(${n.createTime} at time zone 'UTC' + interval '8 hours')`;
const noteDay = sql`${noteChinaTime}::date`;

/** How the figures are grouped: a period bucket, a party or route, or one total. */
export type Grain = 'day' | 'week' | 'month' | 'customer' | 'route' | 'agent' | 'vehicleType' | 'all';

export interface Sums {
  waybills: number;
  weightG: number;
  freightFen: number;
  serviceFeeFen: number;
  agentFeeFen: number;
  driverFeeFen: number;
  lossG: number;
  lossDeductionFen: number;
  arrived: number;
  onTime: number;
  flagged: number;
}

export interface Group extends Sums {
  /** The grouping's key: a period, a customer or agent id, a vehicle type, load + unload city. */
  key: string;
  /** Second key part (the unload city of a route), else null. */
  key2: string | null;
  /** max(customer_name) of a customer group. */
  label: string | null;
}

const SUM_KEYS = [
  'waybills',
  'weightG',
  'freightFen',
  'serviceFeeFen',
  'agentFeeFen',
  'driverFeeFen',
  'lossG',
  'lossDeductionFen',
  'arrived',
  'onTime',
  'flagged',
] as const satisfies ReadonlyArray<keyof Sums>;

const zero = (): Sums => Object.fromEntries(SUM_KEYS.map((k) => [k, 0])) as Record<keyof Sums, number>;

const big = (value: SQL) => sql<string>`coalesce(sum(${value}), 0)::bigint`;

/** Waybills with a warning, for the live count and the build (a hash join, not a probe per waybill). */
const warned = sql`(select distinct ${riskWarning.noteId} as note_id from ${riskWarning})`;

/** The figures of a group of waybills, counted from the rows (the live side and the build). */
const liveSums = {
  waybills: sql<number>`count(*)::int`,
  weightG: big(sql`coalesce(${n.settleWeightG}, ${n.plannedWeightG})`),
  freightFen: big(sql`${n.customerFee}`),
  serviceFeeFen: big(sql`${n.serviceFee}`),
  agentFeeFen: big(sql`${n.agentFee}`),
  driverFeeFen: big(sql`${n.driverFee}`),
  lossG: big(sql`${n.lossWeightG}`),
  lossDeductionFen: big(sql`${n.lossDeductionFen}`),
  arrived: sql<number>`(count(*) filter (where ${n.unloadTime} is not null))::int`,
  onTime: sql<number>`(count(*) filter (where ${n.unloadTime} is not null and (${hyOrder.validTo} is null or ${n.unloadTime} <= ${hyOrder.validTo})))::int`,
  flagged: sql<number>`count(w.note_id)::int`,
};

/** The same figures summed over built days (a daily row names its columns after the figures). */
const builtSums = Object.fromEntries(SUM_KEYS.map((k) => [k, big(sql`${d[k]}`)])) as Record<
  keyof Sums,
  SQL<string>
>;

interface Keys {
  key: SQL<string>;
  key2: SQL<string | null>;
  label: SQL<string | null>;
  group: SQL[];
}

/** Grouping expressions over the daily rows (`built`) or the waybills (live). */
function keysOf(grain: Grain, built: boolean): Keys {
  const none = sql<string | null>`null::text`;
  const one = (key: SQL): Keys => ({ key: key as SQL<string>, key2: none, label: none, group: [key] });
  const time = built ? sql`${d.day}` : noteChinaTime;
  switch (grain) {
    case 'day':
      return one(sql`to_char(${time}, 'YYYY-MM-DD')`);
    case 'week':
      return one(sql`to_char(date_trunc('week', ${time}), 'YYYY-MM-DD')`);
    case 'month':
      return one(sql`to_char(${time}, 'YYYY-MM')`);
    case 'customer': {
      const key = built ? d.customerId : n.customerId;
      const name = built ? d.customerName : n.customerName;
      return {
        key: sql<string>`${key}`,
        key2: none,
        label: sql<string | null>`max(${name})`,
        group: [sql`${key}`],
      };
    }
    case 'route': {
      const from = built ? d.loadCity : n.loadCity;
      const to = built ? d.unloadCity : n.unloadCity;
      return {
        key: sql<string>`${from}`,
        key2: sql<string>`${to}`,
        label: none,
        group: [sql`${from}`, sql`${to}`],
      };
    }
    case 'agent':
      return one(sql`coalesce(${built ? d.agentId : n.agentId}, '')`);
    case 'vehicleType':
      return one(sql`coalesce(${built ? d.vehicleType : hyVehicle.vehicleType}, '')`);
    case 'all':
      return { key: sql<string>`''`, key2: none, label: none, group: [] };
  }
}

/** The build's state and the dirty days of the tenant within [from, to] that are built. */
async function buildStateOf(
  db: Db,
  tenantId: number,
  from: string | null,
  to: string,
): Promise<{ builtThrough: string | null; build: string | null; dirty: string[] }> {
  // The state row's version (its xmin): every build writes the row, even one run twice at the same instant.
  const build = sql<string | null>`${statDailyState}.xmin::text`;
  const rows = await db
    .select({
      builtThrough: statDailyState.builtThrough,
      build,
      day: statDirtyDay.day,
    })
    .from(statDailyState)
    .leftJoin(
      statDirtyDay,
      ofTenant(
        statDirtyDay,
        tenantId,
        lte(statDirtyDay.day, statDailyState.builtThrough),
        from ? gte(statDirtyDay.day, from) : undefined,
        lte(statDirtyDay.day, to),
      ),
    )
    .where(eq(statDailyState.id, 1))
    .groupBy(statDailyState.builtThrough, build, statDirtyDay.day);
  const builtThrough = rows[0]?.builtThrough ?? null;
  return {
    builtThrough,
    build: rows[0]?.build ?? null,
    dirty: rows.flatMap((r) => (r.day ? [r.day] : [])),
  };
}

/**
 * The figures of the waybills in the caller's scope created on the China days [from, to] (from null: since
 * the first), grouped by `grain`; closed waybills (cancelled, void, refused) are not counted. `extra` narrows
 * the waybills further: it is given the daily rows' columns or the waybills' (`d` or `n`) and must name only
 * columns both have.
 */
export async function figuresBy(
  db: Db,
  session: Pick<Session, 'tenantId' | 'user'>,
  grain: Grain,
  range: { from: string | null; to: string },
  options: { flagged?: boolean } = {},
): Promise<Group[]> {
  const scope = dialect.sqlToQuery(rowScopeOf(noteResource, d, session) ?? sql`true`);
  const key = [session.tenantId, grain, range.from, range.to, options.flagged === true, scope.sql]
    .concat(JSON.stringify(scope.params))
    .join('|');
  const groups = await figureReadsOf(db).run(key, () => readFigures(db, session, grain, range, options));
  // Each caller sorts and slices its own copy.
  return groups.map((group) => ({ ...group }));
}

async function readFigures(
  db: Db,
  session: Pick<Session, 'tenantId' | 'user'>,
  grain: Grain,
  range: { from: string | null; to: string },
  options: { flagged?: boolean },
): Promise<Group[]> {
  const { builtThrough, build, dirty } = await buildStateOf(db, session.tenantId, range.from, range.to);
  const lastBuilt = builtThrough && builtThrough < range.to ? builtThrough : builtThrough ? range.to : null;
  const end = chinaDay(addDays(range.to, 1));

  const queries: Array<Promise<Cells>> = [];
  if (lastBuilt && (!range.from || range.from <= lastBuilt)) {
    const keys = keysOf(grain, true);
    const where = andAll([
      rowScopeOf(noteResource, d, session),
      range.from ? gte(d.day, range.from) : undefined,
      lte(d.day, lastBuilt),
      dirty.length ? notInArray(d.day, dirty) : undefined,
    ]);
    // Built days change only with a build (a new version of the state row) and leave the sum when they turn dirty (the
    // condition names them), so the same build, scope, range and dirty days always sum to the same rows.
    const cache = builtSumsOf(db);
    queries.push(
      cache.get(cache.key(`${getTableName(d)}:${grain}:${build ?? ''}`, where), () =>
        db
          .select({ key: keys.key, key2: keys.key2, label: keys.label, ...builtSums })
          .from(d)
          .where(where)
          .groupBy(...keys.group)
          .execute(),
      ),
    );
  }
  // Live: every day after the last built one, and the dirty days among the built ones.
  const firstLive = lastBuilt ? addDays(lastBuilt, 1) : null;
  const later = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  const liveFromDay = later(firstLive, range.from);
  const liveFrom = liveFromDay ? chinaDay(liveFromDay) : null;
  const liveWindows: SQL[] = [];
  if (!liveFrom || liveFrom < end)
    liveWindows.push(
      andAll([liveFrom ? gte(n.createTime, liveFrom) : undefined, lt(n.createTime, end)]) ?? sql`true`,
    );
  for (const day of dirty)
    liveWindows.push(
      and(gte(n.createTime, chinaDay(day)), lt(n.createTime, chinaDay(addDays(day, 1)))) as SQL,
    );
  if (liveWindows.length) {
    const keys = keysOf(grain, false);
    const { flagged, ...rest } = liveSums;
    let query = db
      .select({
        key: keys.key,
        key2: keys.key2,
        label: keys.label,
        ...rest,
        flagged: options.flagged ? flagged : sql<number>`0`,
      })
      .from(n)
      .leftJoin(hyOrder, eq(hyOrder.id, n.orderId))
      .$dynamic();
    if (grain === 'vehicleType') query = query.leftJoin(hyVehicle, eq(hyVehicle.id, n.vehicleId));
    if (options.flagged) query = query.leftJoin(sql`${warned} w`, sql`w.note_id = ${n.id}`);
    queries.push(
      query
        .where(andAll([rowScopeOf(noteResource, n, session), gte(n.status, 0), or(...liveWindows)]))
        .groupBy(...keys.group),
    );
  }

  const merged = new Map<string, Group>();
  for (const rows of await Promise.all(queries))
    for (const row of rows) {
      const key = String(row.key ?? '');
      const key2 = row.key2 === null || row.key2 === undefined ? null : String(row.key2);
      const id = key2 === null ? key : `${key}\u0000${key2}`;
      let group = merged.get(id);
      if (!group) {
        group = { key, key2, label: null, ...zero() };
        merged.set(id, group);
      }
      const label = row.label === null || row.label === undefined ? null : String(row.label);
      if (label !== null && (group.label === null || label > group.label)) group.label = label;
      for (const k of SUM_KEYS) group[k] += Number(row[k] ?? 0);
    }
  return [...merged.values()];
}

/** The sum of groups. */
export function totalOf(groups: Sums[]): Sums {
  const total = zero();
  for (const group of groups) for (const k of SUM_KEYS) total[k] += group[k];
  return total;
}

const tonnesOf = (grams: number) => Math.round(grams / 1000) / 1000;
const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

export function figuresOf(sums: Sums): StatisticsFigures {
  return {
    waybills: sums.waybills,
    tonnage: tonnesOf(sums.weightG),
    freightFen: sums.freightFen,
    serviceFeeFen: sums.serviceFeeFen,
    agentFeeFen: sums.agentFeeFen,
    lossTonnage: tonnesOf(sums.lossG),
    lossDeductionFen: sums.lossDeductionFen,
    arrived: sums.arrived,
    onTime: sums.onTime,
    onTimeRate: rate(sums.onTime, sums.arrived),
  };
}

/** Splits sorted days into runs of consecutive days. */
function runsOf(days: string[]): Array<[string, string]> {
  const runs: Array<[string, string]> = [];
  for (const day of [...new Set(days)].sort()) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

export interface BuildOutcome {
  /** Days rebuilt (null: everything before today, the first build). */
  days: number | null;
  builtThrough: string;
  rows: number;
  ms: number;
}

/** Arbitrary constant of this build's advisory lock: one build at a time. */
const BUILD_LOCK = 20_020_020;

/**
 * (Re)builds the closed days: on the first run every day before today, later the days closed since the last
 * run and the days a change touched (the dirty log), each a delete and an INSERT … SELECT of its waybills.
 * Idempotent; one REPEATABLE READ transaction, so the dirty rows it consumes are exactly those whose
 * changes it counted (a change committed meanwhile keeps its row and is built by the next run).
 */
export async function buildDailyStatistics(db: Db, now = new Date()): Promise<BuildOutcome> {
  const started = performance.now();
  const yesterday = addDays(chinaYmd(now), -1);
  return db.transaction(
    async (tx) => {
      const locked = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${BUILD_LOCK}) as ok`,
      )) as unknown as {
        rows: Array<{ ok: boolean }>;
      };
      if (!locked.rows[0]?.ok) throw new Error('统计日汇总正在由另一个任务构建');
      const [state] = await tx
        .select({ builtThrough: statDailyState.builtThrough })
        .from(statDailyState)
        .where(eq(statDailyState.id, 1));
      const builtThrough = state?.builtThrough ?? null;
      let runs: Array<[string | null, string]>;
      if (!builtThrough) runs = [[null, yesterday]];
      else {
        const dirty = await tx
          .selectDistinct({ day: statDirtyDay.day })
          .from(statDirtyDay)
          .where(lte(statDirtyDay.day, yesterday));
        const days = dirty.map((r) => r.day);
        for (let day = addDays(builtThrough, 1); day <= yesterday; day = addDays(day, 1)) days.push(day);
        runs = runsOf(days);
      }
      let rows = 0;
      for (const [from, to] of runs) {
        await tx.delete(d).where(andAll([from ? gte(d.day, from) : undefined, lte(d.day, to)]));
        const inserted = await tx.execute(sql`
          insert into ${d} (
            tenant_id, day, customer_id, customer_name, agent_id, captain_id, load_city, unload_city, vehicle_type,
            waybills, weight_g, freight_fen, service_fee_fen, agent_fee_fen, driver_fee_fen, loss_g,
            loss_deduction_fen, arrived, on_time, flagged
          )
          select ${n.tenantId}, ${noteDay}, ${n.customerId}, max(${n.customerName}), ${n.agentId}, ${n.captainId},
            ${n.loadCity}, ${n.unloadCity}, ${hyVehicle.vehicleType},
            ${liveSums.waybills}, ${liveSums.weightG}, ${liveSums.freightFen}, ${liveSums.serviceFeeFen},
            ${liveSums.agentFeeFen}, ${liveSums.driverFeeFen}, ${liveSums.lossG}, ${liveSums.lossDeductionFen},
            ${liveSums.arrived}, ${liveSums.onTime}, ${liveSums.flagged}
          from ${n}
            left join ${hyOrder} on ${hyOrder.id} = ${n.orderId}
            left join ${hyVehicle} on ${hyVehicle.id} = ${n.vehicleId}
            left join ${warned} w on w.note_id = ${n.id}
          where ${n.status} >= 0
            ${from ? sql`and ${n.createTime} >= ${chinaDay(from).toISOString()}::timestamptz` : sql``}
            and ${n.createTime} < ${chinaDay(addDays(to, 1)).toISOString()}::timestamptz
          group by ${n.tenantId}, ${noteDay}, ${n.customerId}, ${n.agentId}, ${n.captainId}, ${n.loadCity},
            ${n.unloadCity}, ${hyVehicle.vehicleType}
        `);
        const counted = inserted as unknown as { rowCount?: number | null; affectedRows?: number };
        rows += Number(counted.rowCount ?? counted.affectedRows ?? 0);
      }
      // The dirty rows this snapshot sees; one appended by a transaction that commits later stays.
      await tx.delete(statDirtyDay).where(lte(statDirtyDay.day, yesterday));
      const newest = builtThrough && builtThrough > yesterday ? builtThrough : yesterday;
      await tx
        .insert(statDailyState)
        .values({ id: 1, builtThrough: newest, builtAt: now })
        .onConflictDoUpdate({ target: statDailyState.id, set: { builtThrough: newest, builtAt: now } });
      const days = builtThrough
        ? runs.reduce(
            (sum, [from, to]) =>
              sum + Math.round((chinaDay(to).getTime() - chinaDay(from ?? to).getTime()) / DAY_MS) + 1,
            0,
          )
        : null;
      return { days, builtThrough: newest, rows, ms: Math.round(performance.now() - started) };
    },
    { isolationLevel: 'repeatable read' },
  );
}

export const STATISTICS_DAILY_JOB = 'statisticsDailyJob';

export function statisticsDailyJob(db: Db): JobDefinition {
  return {
    key: STATISTICS_DAILY_JOB,
    title: '统计日汇总',
    description:
      '按天汇总运单数据（统计分析、经营看板、首页指标读取已汇总的天数，当天实时计算）；重建新结束的天和有改动的天',
    async run() {
      const outcome = await buildDailyStatistics(db);
      return `汇总至${outcome.builtThrough}：重建${outcome.days ?? '全部'}天，${outcome.rows}行，${outcome.ms} ms`;
    },
  };
}

/** The build's schedule row (every 10 minutes), added by the server's start and the seed command. */
export async function seedStatisticsJobs(db: Db): Promise<void> {
  await seedQuartzJobs(db, [
    {
      jobClassName: STATISTICS_DAILY_JOB,
      cronExpression: '0 */10 * * * ?',
      parameter: '{}',
      description: '每10分钟汇总已结束的天和有改动的天的运单数据（统计分析、经营看板、首页指标）',
    },
  ]);
}
