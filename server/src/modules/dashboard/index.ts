import {
  type AnalysisPeriod,
  type AnalysisSummary,
  driverResource,
  liveStateOf,
  type MonitorSummary,
  noteResource,
  PAYOUT_STATE,
  partyScopeOf,
  REVIEW_STATE,
  SHIPPING_STATUS,
  type TaskQueue,
  type TaskSummary,
  UNPAID_PAY_STATUSES,
  vehiclePositionResource,
  vehicleResource,
  type WorkplaceSummary,
  type WorkplaceTodo,
} from '@freight/contracts';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm } from '../../platform/access/declare.ts';
import { grantsOf } from '../../platform/access/grants.ts';
import { LOG_TYPE, sysLog } from '../../platform/audit/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { arrayRunnerOf } from '../../platform/db/arrayQuery.ts';
import { perDatabase } from '../../platform/db/perDatabase.ts';
import { SharedReads } from '../../platform/db/sharedReads.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { formatDateTime, ok } from '../../platform/http/envelope.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { arrayQueryOf } from '../../platform/resource/pageReader.ts';
import { andAll } from '../../platform/resource/query.ts';
import { rowScopeOf } from '../../platform/resource/rowScope.ts';
import { finBankPayment, finPayout } from '../finance/index.ts';
import { hyDriver, hyShippingNote, hyVehicle, hyVehiclePosition } from '../freight/index.ts';
import { hyReportMessage, messageCountsByState, OPEN_STATES } from '../regulator/index.ts';
import { riskWarning } from '../risk/index.ts';
import { jobOverview } from '../system/index.ts';
import { addDays, chinaYmd, figuresBy, statisticsDailyJob, totalOf } from './daily.ts';
import { screenPushRoutes } from './screenPush.ts';
import { statisticsRoutes } from './statistics.ts';

// The operator's dashboards: 工作台 (to-dos, own recent operations), 监控页 (fleet, today's
// waybills, dispatches per hour, open warnings) and 任务页 (scheduled jobs, outbox queues). Waybills and
// vehicles are counted in the caller's list scope (`rowScopeOf`: a shipper counts its own); a figure the
// caller may not open (its list's code) is left out, and warnings, payouts and reports, which belong to
// platform staff, are never counted for a party user.

/** Start of the China-time day `daysAgo` days back, as an instant. */
function chinaDayStart(daysAgo: number, now = new Date()): Date {
  const today = formatDateTime(now).slice(0, 10);
  const start = new Date(`${today}T00:00:00+08:00`);
  return new Date(start.getTime() - daysAgo * 86_400_000);
}

/** Which dashboard figures the caller gets: its codes, and whether it is platform staff (no party). */
async function viewerOf(ctx: AppContext, request: FastifyRequest) {
  const session = sessionOf(request);
  const codes = (await grantsOf(ctx.db, session.user.id)).codes;
  const staff = !partyScopeOf(session.user.userType);
  return { session, staff, may: (code: string) => codes.has(code) };
}

export { buildDailyStatistics, seedStatisticsJobs } from './daily.ts';
export { statDailyState, statDirtyDay, statNoteDaily } from './schema.ts';

/** The analysis page's counts, one read per moment and database handle. */
const countReadsOf = perDatabase(() => new SharedReads<unknown[][]>());

export function dashboardModule(app: FastifyInstance, ctx: AppContext): void {
  ctx.jobs.register(statisticsDailyJob(ctx.db));
  statisticsRoutes(app, ctx);
  screenPushRoutes(app, ctx);
  const { db } = ctx;
  const count = async (table: PgTable, where: SQL | undefined): Promise<number> => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
    return Number(row?.n ?? 0);
  };
  /** Several counts in one statement; a figure given as null (not the caller's to see) stays null. */
  async function countsOf<K extends string>(
    wanted: Record<K, { table: PgTable; where: SQL | undefined } | null>,
  ): Promise<Record<K, number | null>> {
    const keys = (Object.keys(wanted) as K[]).filter((k) => wanted[k]);
    const counted: Record<string, number | null> = Object.fromEntries(
      Object.keys(wanted).map((k) => [k, null]),
    );
    if (keys.length) {
      const columns = keys.map((k) => {
        const { table, where } = wanted[k] as { table: PgTable; where: SQL | undefined };
        return sql`(${db.select({ n: sql`count(*)::int` }).from(table).where(where)})`;
      });
      const query = arrayQueryOf(sql`select ${sql.join(columns, sql`, `)}`);
      const [cells] = await countReadsOf(db).run(`${query.text}|${JSON.stringify(query.params)}`, () =>
        arrayRunnerOf(db)(query),
      );
      keys.forEach((k, i) => {
        counted[k] = Number(cells?.[i] ?? 0);
      });
    }
    return counted as Record<K, number | null>;
  }

  // 分析页: today live, this month and last month from the daily figures plus today (`figuresBy`), the
  // states from their indexes; a figure the caller may not open is null.
  app.get('/dashboard/analysis', { config: { access: 'login' } }, async (request) => {
    const { session, staff, may } = await viewerOf(ctx, request);
    const now = new Date();
    const today = chinaYmd(now);
    const monthStart = `${today.slice(0, 7)}-01`;
    const lastMonthStart = `${addDays(monthStart, -1).slice(0, 7)}-01`;
    const notes = may('shipping:note:list');
    // One read of the days since last month's first (daily figures + today live), summed per span.
    const days = notes ? await figuresBy(db, session, 'day', { from: lastMonthStart, to: today }) : [];
    const period = (from: string, to: string): AnalysisPeriod => {
      const sums = totalOf(days.filter((g) => g.key >= from && g.key <= to));
      return {
        waybills: sums.waybills,
        tonnage: Math.round(sums.weightG / 1000) / 1000,
        freightFen: sums.freightFen,
        serviceFeeFen: sums.serviceFeeFen,
      };
    };
    const scope = rowScopeOf(noteResource, hyShippingNote, session);
    const tenant = session.tenantId;
    // The five states in one statement (one round trip instead of five: the page is asked by everyone often).
    const states = await countsOf({
      inTransit: notes
        ? {
            table: hyShippingNote,
            where: andAll([scope, eq(hyShippingNote.status, SHIPPING_STATUS.inTransit)]),
          }
        : null,
      awaitingAudit:
        notes && may('shipping:audit:list')
          ? {
              table: hyShippingNote,
              where: andAll([scope, eq(hyShippingNote.status, SHIPPING_STATUS.signed)]),
            }
          : null,
      // The same rows as the 支付运单 list (its fixed filter).
      duePayments:
        notes && may('shipping:pay:list')
          ? {
              table: hyShippingNote,
              where: andAll([
                scope,
                eq(hyShippingNote.status, SHIPPING_STATUS.audited),
                inArray(hyShippingNote.payStatus, [...UNPAID_PAY_STATUSES]),
              ]),
            }
          : null,
      openWarnings:
        staff && may('risk:warning:list')
          ? {
              table: riskWarning,
              where: ofTenant(riskWarning, tenant, eq(riskWarning.state, 'open')),
            }
          : null,
      regulatorFailed:
        staff && may('report:upload:list')
          ? {
              table: hyReportMessage,
              where: ofTenant(hyReportMessage, tenant, eq(hyReportMessage.state, 'failed')),
            }
          : null,
    });
    const { inTransit, awaitingAudit, duePayments, openWarnings, regulatorFailed } = states;
    const todayFigures = notes ? period(today, today) : null;
    const month = notes ? period(monthStart, today) : null;
    const lastMonth = notes ? period(lastMonthStart, addDays(monthStart, -1)) : null;
    const result: AnalysisSummary = {
      today: todayFigures,
      inTransit,
      month,
      lastMonth,
      awaitingAudit,
      duePayments,
      openWarnings,
      regulatorFailed,
      // Each list shows the figure as its total: the day spans on 统计分析 (same figures), the states as
      // the lists' filters.
      paths: {
        today: `/statistics/list?begin=${today}&end=${today}`,
        inTransit: `/shipping/list?status=${SHIPPING_STATUS.inTransit}`,
        month: `/statistics/list?begin=${monthStart}&end=${today}`,
        awaitingAudit: '/shipping/audit',
        duePayments: '/shipping/paylist',
        openWarnings: '/risk/warning?state=open',
        regulatorFailed: '/report/upload',
      },
      refreshedAt: formatDateTime(now),
    };
    return ok(result);
  });

  app.get('/dashboard/workplace', { config: { access: perm('dashboard:workplace') } }, async (request) => {
    const { session, staff, may } = await viewerOf(ctx, request);
    const notes = rowScopeOf(noteResource, hyShippingNote, session);
    const tenant = session.tenantId;
    const todos: Array<Promise<WorkplaceTodo | null>> = [];
    const todo = (
      key: WorkplaceTodo['key'],
      path: string,
      allowed: boolean,
      counted: () => Promise<number>,
    ) => todos.push(allowed ? counted().then((n) => ({ key, count: n, path })) : Promise.resolve(null));

    todo('waybillAudit', '/shipping/audit', may('shipping:audit:list'), () =>
      count(hyShippingNote, andAll([notes, eq(hyShippingNote.status, SHIPPING_STATUS.signed)])),
    );
    todo('waybillSign', '/shipping/daoda', may('shipping:daoda:list'), () =>
      count(hyShippingNote, andAll([notes, eq(hyShippingNote.status, SHIPPING_STATUS.unloaded)])),
    );
    todo('driverReview', '/wlhy/hydriver/HyDriverList?state=1', may('driver:review'), () =>
      count(
        hyDriver,
        andAll([rowScopeOf(driverResource, hyDriver, session), eq(hyDriver.state, REVIEW_STATE.pending)]),
      ),
    );
    todo('vehicleReview', '/wlhy/hyvehicle/HyVehicleList?state=1', may('vehicle:review'), () =>
      count(
        hyVehicle,
        andAll([rowScopeOf(vehicleResource, hyVehicle, session), eq(hyVehicle.state, REVIEW_STATE.pending)]),
      ),
    );
    // A payout waits on whoever holds its next step's code.
    const payoutStates = [
      ...(may('finance:payout:review') ? [PAYOUT_STATE.submitted] : []),
      ...(may('finance:payout:execute') ? [PAYOUT_STATE.reviewed] : []),
    ];
    todo(
      'payoutApproval',
      '/plateform/payout',
      staff && may('finance:payout:list') && payoutStates.length > 0,
      () => count(finPayout, ofTenant(finPayout, tenant, inArray(finPayout.state, payoutStates))),
    );
    todo('riskOpen', '/risk/warning?state=open', staff && may('risk:warning:list'), () =>
      count(riskWarning, ofTenant(riskWarning, tenant, eq(riskWarning.state, 'open'))),
    );
    todo('reportFailed', '/report/upload', staff && may('report:upload:list'), () =>
      count(hyReportMessage, ofTenant(hyReportMessage, tenant, eq(hyReportMessage.state, 'failed'))),
    );

    const logs = await db
      .select({
        id: sysLog.id,
        time: sysLog.createTime,
        content: sysLog.logContent,
        method: sysLog.method,
        success: sysLog.success,
      })
      .from(sysLog)
      .where(and(eq(sysLog.userid, session.user.id), eq(sysLog.logType, LOG_TYPE.operate)))
      .orderBy(desc(sysLog.createTime))
      .limit(10);
    const result: WorkplaceSummary = {
      realname: session.user.realname || session.user.username,
      todos: (await Promise.all(todos)).filter((t): t is WorkplaceTodo => t !== null),
      recentLogs: logs.map((log) => ({
        id: log.id,
        time: formatDateTime(log.time),
        content: log.content ?? '',
        method: log.method,
        success: log.success === 1,
      })),
    };
    return ok(result);
  });

  app.get('/dashboard/monitor', { config: { access: perm('dashboard:monitor') } }, async (request) => {
    const { session, staff, may } = await viewerOf(ctx, request);
    const now = new Date();
    const notes = rowScopeOf(noteResource, hyShippingNote, session);

    const fleet = await db
      .select({ gpsTime: hyVehiclePosition.gpsTime, noteStatus: hyVehiclePosition.noteStatus })
      .from(hyVehiclePosition)
      .where(rowScopeOf(vehiclePositionResource, hyVehiclePosition, session));
    const vehicles = { transit: 0, loading: 0, idle: 0, offline: 0 };
    for (const row of fleet) vehicles[liveStateOf(row.gpsTime.getTime(), row.noteStatus, now.getTime())]++;

    const today = chinaDayStart(0, now);
    const yesterday = chinaDayStart(1, now);
    const byStatus = await db
      .select({ status: hyShippingNote.status, count: sql<number>`count(*)::int` })
      .from(hyShippingNote)
      .where(andAll([notes, gte(hyShippingNote.createTime, today)]))
      .groupBy(hyShippingNote.status)
      .orderBy(hyShippingNote.status);

    const day = sql<string>`to_char(${hyShippingNote.createTime} at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD')`;
    const hour = sql<number>`extract(hour from ${hyShippingNote.createTime} at time zone 'UTC' + interval '8 hours')::int`;
    const hourly = await db
      .select({ day, hour, count: sql<number>`count(*)::int` })
      .from(hyShippingNote)
      .where(andAll([notes, gte(hyShippingNote.createTime, yesterday), lt(hyShippingNote.createTime, now)]))
      .groupBy(day, hour);
    const todayYmd = formatDateTime(today).slice(0, 10);
    const dispatchesByHour = { today: Array<number>(24).fill(0), yesterday: Array<number>(24).fill(0) };
    for (const row of hourly) {
      const series = row.day === todayYmd ? dispatchesByHour.today : dispatchesByHour.yesterday;
      series[Number(row.hour)] = Number(row.count);
    }

    let warnings: MonitorSummary['warnings'] = null;
    if (staff && may('risk:warning:list')) {
      const rows = await db
        .select()
        .from(riskWarning)
        .where(ofTenant(riskWarning, session.tenantId, eq(riskWarning.state, 'open')))
        .orderBy(desc(riskWarning.createTime))
        .limit(8);
      warnings = rows.map((row) => ({
        id: row.id,
        time: formatDateTime(row.createTime),
        ruleType: row.ruleType,
        severity: row.severity,
        message: row.message,
        shippingNoteNumber: row.shippingNoteNumber,
        plateNo: row.plateNo,
      }));
    }

    const result: MonitorSummary = {
      vehicles,
      waybillsToday: byStatus.map((row) => ({ status: row.status, count: Number(row.count) })),
      dispatchesByHour,
      warnings,
      refreshedAt: formatDateTime(now),
    };
    return ok(result);
  });

  app.get('/dashboard/task', { config: { access: perm('dashboard:task') } }, async (request) => {
    const { session, staff, may } = await viewerOf(ctx, request);
    const tenant = session.tenantId;
    const queues: TaskQueue[] = [];
    if (staff && (may('report:transport:list') || may('report:upload:list'))) {
      const open = await messageCountsByState(db, tenant, inArray(hyReportMessage.state, [...OPEN_STATES]));
      const list = may('report:transport:list') ? '/report/transport' : '/report/upload';
      queues.push({
        key: 'regulator',
        waiting: open.pending + open.sending,
        failed: open.failed,
        path: list,
        failedPath: may('report:upload:list') ? '/report/upload' : list,
      });
    }
    if (staff && may('finance:payout:list')) {
      const payments = await db
        .select({ state: finBankPayment.state, count: sql<number>`count(*)::int` })
        .from(finBankPayment)
        .where(ofTenant(finBankPayment, tenant, inArray(finBankPayment.state, [0, 1, 3])))
        .groupBy(finBankPayment.state);
      const of = (state: number) => Number(payments.find((r) => r.state === state)?.count ?? 0);
      queues.push({
        key: 'bankPayment',
        waiting: of(0) + of(1),
        failed: of(3),
        path: '/plateform/payout',
        failedPath: '/plateform/payout',
      });
      const [rejected, open] = await Promise.all([
        count(finPayout, ofTenant(finPayout, tenant, eq(finPayout.state, PAYOUT_STATE.rejected))),
        count(
          finPayout,
          ofTenant(
            finPayout,
            tenant,
            inArray(finPayout.state, [PAYOUT_STATE.submitted, PAYOUT_STATE.reviewed]),
          ),
        ),
      ]);
      queues.push({
        key: 'payout',
        waiting: open,
        failed: rejected,
        path: '/plateform/payout',
        failedPath: '/plateform/payout',
      });
    }
    const result: TaskSummary = {
      jobs: staff && may('system:quartz:list') ? await jobOverview(db) : null,
      queues,
    };
    return ok(result);
  });
}
