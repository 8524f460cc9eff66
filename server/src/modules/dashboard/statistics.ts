import {
  BILL_STATUS,
  type BusinessSummary,
  type DataScreen,
  type FinanceScreen,
  noteResource,
  partyScopeOf,
  SHIPPING_STATUS,
  type StatisticsFigures,
  type StatisticsQuery,
  type StatisticsResult,
  type StatisticsRow,
  statisticsQuery,
} from '@freight/contracts';
import { and, eq, gte, inArray, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../platform/access/declare.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { AppContext } from '../../platform/context.ts';
import { formatDateTime, ok } from '../../platform/http/envelope.ts';
import { forbidden, unauthorized } from '../../platform/http/errors.ts';
import { andAll } from '../../platform/resource/query.ts';
import { rowScopeOf } from '../../platform/resource/rowScope.ts';
import { finBankPayment, finBill, finInvoice, finWallet } from '../finance/index.ts';
import { hyAgent, hyOrder, hyShippingNote, hyVehicle } from '../freight/index.ts';
import { hyReportMessage } from '../regulator/index.ts';

// 统计分析 (/statistics/list), 经营看板 (/statistics/business) and the data and finance large screens
// (issue 20): aggregates in SQL over the waybills in the caller's row scope (`rowScopeOf`: a shipper counts
// its own). Closed waybills (cancelled, void, refused) are not counted. Bills, wallets, warnings and regulator
// messages are platform staff's and never counted for a party user.

const DAY_MS = 86_400_000;
const n = hyShippingNote;
/** The dispatch instant as China wall time. */
const chinaTime = sql`(${n.createTime} at time zone 'UTC' + interval '8 hours')`;
const tonnes = (grams: SQL) => sql<number>`round(coalesce(sum(${grams}), 0) / 1000000.0, 3)::float8`;
const fenSum = (column: SQL | typeof n.customerFee) => sql<number>`coalesce(sum(${column}), 0)::bigint`;

/** The figures of a group, as select fields (the query joins hy_order for the on-time count). */
const figureFields = {
  waybills: sql<number>`count(*)::int`,
  tonnage: tonnes(sql`coalesce(${n.settleWeightG}, ${n.plannedWeightG})`),
  freightFen: fenSum(n.customerFee),
  serviceFeeFen: fenSum(n.serviceFee),
  agentFeeFen: fenSum(n.agentFee),
  lossTonnage: tonnes(sql`${n.lossWeightG}`),
  lossDeductionFen: fenSum(n.lossDeductionFen),
  arrived: sql<number>`(count(*) filter (where ${n.unloadTime} is not null))::int`,
  onTime: sql<number>`(count(*) filter (where ${n.unloadTime} is not null and (${hyOrder.validTo} is null or ${n.unloadTime} <= ${hyOrder.validTo})))::int`,
};

type FigureRow = { [K in keyof typeof figureFields]: unknown };
function figuresOf(row: FigureRow | undefined): StatisticsFigures {
  const num = (v: unknown) => Number(v ?? 0);
  const arrived = num(row?.arrived);
  const onTime = num(row?.onTime);
  return {
    waybills: num(row?.waybills),
    tonnage: num(row?.tonnage),
    freightFen: num(row?.freightFen),
    serviceFeeFen: num(row?.serviceFeeFen),
    agentFeeFen: num(row?.agentFeeFen),
    lossTonnage: num(row?.lossTonnage),
    lossDeductionFen: num(row?.lossDeductionFen),
    arrived,
    onTime,
    onTimeRate: arrived > 0 ? Math.round((onTime / arrived) * 10_000) / 10_000 : null,
  };
}

/** Start of a China-time day given as YYYY-MM-DD, as an instant. */
const chinaDay = (ymd: string) => new Date(`${ymd}T00:00:00+08:00`);
const chinaYmd = (at: Date) => formatDateTime(at).slice(0, 10);

function sessionOf(request: FastifyRequest): Session {
  const session = request.session;
  if (!session) throw unauthorized();
  return session;
}

/** Waybills in scope that count: not closed. */
function counted(session: Session, ...more: Array<SQL | undefined>): SQL | undefined {
  return andAll([rowScopeOf(noteResource, n, session), gte(n.status, 0), ...more]);
}

export async function statisticsOf(
  ctx: AppContext,
  session: Session,
  query: StatisticsQuery,
): Promise<StatisticsResult> {
  const { db } = ctx;
  const from = chinaDay(query.begin);
  const to = new Date(chinaDay(query.end).getTime() + DAY_MS);
  const where = counted(session, gte(n.createTime, from), lt(n.createTime, to));
  const base = () => db.select(figureFields).from(n).leftJoin(hyOrder, eq(hyOrder.id, n.orderId));
  const [totalRow] = await base().where(where);

  let rows: StatisticsRow[];
  const figures = (r: FigureRow) => figuresOf(r);
  switch (query.groupBy) {
    case 'period': {
      const format = query.period === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
      const bucket =
        query.period === 'week'
          ? sql<string>`to_char(date_trunc('week', ${chinaTime}), 'YYYY-MM-DD')`
          : sql<string>`to_char(${chinaTime}, ${sql.raw(`'${format}'`)})`;
      const found = await db
        .select({ key: bucket, ...figureFields })
        .from(n)
        .leftJoin(hyOrder, eq(hyOrder.id, n.orderId))
        .where(where)
        .groupBy(bucket)
        .orderBy(bucket);
      rows = found.map((r) => ({ key: r.key, label: r.key, drill: null, ...figures(r) }));
      break;
    }
    case 'customer': {
      const found = await db
        .select({ key: n.customerId, label: sql<string>`max(${n.customerName})`, ...figureFields })
        .from(n)
        .leftJoin(hyOrder, eq(hyOrder.id, n.orderId))
        .where(where)
        .groupBy(n.customerId)
        .orderBy(sql`4 desc`, n.customerId)
        .limit(500);
      rows = found.map((r) => ({
        key: r.key,
        label: r.label ?? r.key,
        drill: r.label ? { customerName: r.label } : null,
        ...figures(r),
      }));
      break;
    }
    case 'route': {
      const found = await db
        .select({ loadCity: n.loadCity, unloadCity: n.unloadCity, ...figureFields })
        .from(n)
        .leftJoin(hyOrder, eq(hyOrder.id, n.orderId))
        .where(where)
        .groupBy(n.loadCity, n.unloadCity)
        .orderBy(sql`5 desc`, n.loadCity, n.unloadCity)
        .limit(500);
      rows = found.map((r) => ({
        key: `${r.loadCity}→${r.unloadCity}`,
        label: `${r.loadCity} → ${r.unloadCity}`,
        drill: { loadCity: r.loadCity, unloadCity: r.unloadCity },
        ...figures(r),
      }));
      break;
    }
    case 'agent': {
      const key = sql<string>`coalesce(${n.agentId}, '')`;
      const found = await db
        .select({ key, label: sql<string | null>`max(${hyAgent.agentName})`, ...figureFields })
        .from(n)
        .leftJoin(hyOrder, eq(hyOrder.id, n.orderId))
        .leftJoin(hyAgent, eq(hyAgent.id, n.agentId))
        .where(where)
        .groupBy(key)
        .orderBy(sql`4 desc`, key)
        .limit(500);
      rows = found.map((r) => ({ key: r.key, label: r.label ?? '', drill: null, ...figures(r) }));
      break;
    }
    case 'vehicleType': {
      const key = sql<string>`coalesce(${hyVehicle.vehicleType}, '')`;
      const found = await db
        .select({ key, ...figureFields })
        .from(n)
        .leftJoin(hyOrder, eq(hyOrder.id, n.orderId))
        .leftJoin(hyVehicle, eq(hyVehicle.id, n.vehicleId))
        .where(where)
        .groupBy(key)
        .orderBy(sql`3 desc`, key)
        .limit(500);
      rows = found.map((r) => ({ key: r.key, label: r.key, drill: null, ...figures(r) }));
      break;
    }
  }
  return { rows, total: figuresOf(totalRow) };
}

const GROUP_TITLES: Record<StatisticsQuery['groupBy'], string> = {
  period: '周期',
  customer: '货主',
  route: '线路',
  agent: '经纪人',
  vehicleType: '车型',
};

async function statisticsWorkbook(query: StatisticsQuery, result: StatisticsResult): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('统计分析');
  sheet.addRow([`统计分析 ${query.begin} 至 ${query.end}`]);
  const header = sheet.addRow([
    GROUP_TITLES[query.groupBy],
    '运单数',
    '吨位(吨)',
    '运费(元)',
    '服务费(元)',
    '经纪人费(元)',
    '亏吨(吨)',
    '亏吨扣款(元)',
    '已卸货',
    '准时',
    '准时率',
  ]);
  header.font = { bold: true };
  const line = (label: string, f: StatisticsFigures) =>
    sheet.addRow([
      label,
      f.waybills,
      f.tonnage,
      f.freightFen / 100,
      f.serviceFeeFen / 100,
      f.agentFeeFen / 100,
      f.lossTonnage,
      f.lossDeductionFen / 100,
      f.arrived,
      f.onTime,
      f.onTimeRate ?? '',
    ]);
  for (const row of result.rows) line(row.label || row.key || '—', row);
  line('合计', result.total).font = { bold: true };
  for (const col of [3, 7]) sheet.getColumn(col).numFmt = '0.000';
  for (const col of [4, 5, 6, 8]) sheet.getColumn(col).numFmt = '#,##0.00';
  sheet.getColumn(11).numFmt = '0.00%';
  sheet.getColumn(1).width = 24;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function statisticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/statistics/list',
    { config: { access: perm('statistics:list') }, schema: { querystring: statisticsQuery } },
    async (request) => ok(await statisticsOf(ctx, sessionOf(request), request.query)),
  );

  r.get(
    '/statistics/list/exportXls',
    { config: { access: perm('statistics:list') }, schema: { querystring: statisticsQuery } },
    async (request, reply) => {
      const result = await statisticsOf(ctx, sessionOf(request), request.query);
      const buffer = await statisticsWorkbook(request.query, result);
      const filename = encodeURIComponent(`统计分析${request.query.begin}_${request.query.end}.xlsx`);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${filename}`)
        .send(buffer);
    },
  );

  const walletFloat = async (tenantId: number): Promise<number> => {
    const [row] = await db
      .select({ fen: sql<number>`coalesce(sum(${finWallet.balanceFen}), 0)::bigint` })
      .from(finWallet)
      .where(and(eq(finWallet.tenantId, tenantId), ne(finWallet.ownerType, 9)));
    return Number(row?.fen ?? 0);
  };

  app.get('/statistics/business', { config: { access: perm('statistics:business') } }, async (request) => {
    const session = sessionOf(request);
    const staff = !partyScopeOf(session.user.userType);
    const tenant = session.tenantId;
    const now = new Date();
    const thisMonth = `${chinaYmd(now).slice(0, 7)}-01`;
    const [y, m] = thisMonth.split('-').map(Number) as [number, number];
    const firstMonth = new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10);
    const since = chinaDay(firstMonth);
    const where = counted(session, gte(n.createTime, since));
    const month = sql<string>`to_char(${chinaTime}, 'YYYY-MM')`;
    const trendRows = await db
      .select({
        month,
        waybills: sql<number>`count(*)::int`,
        freightFen: fenSum(n.customerFee),
        serviceFeeFen: fenSum(n.serviceFee),
        marginFen: fenSum(sql`${n.customerFee} - ${n.driverFee} - ${n.agentFee}`),
      })
      .from(n)
      .where(where)
      .groupBy(month);
    const trend: BusinessSummary['trend'] = [];
    for (let i = 0; i < 12; i++) {
      const key = new Date(Date.UTC(y, m - 12 + i, 1)).toISOString().slice(0, 7);
      const found = trendRows.find((row) => row.month === key);
      const freightFen = Number(found?.freightFen ?? 0);
      const marginFen = Number(found?.marginFen ?? 0);
      trend.push({
        month: key,
        waybills: Number(found?.waybills ?? 0),
        freightFen,
        serviceFeeFen: Number(found?.serviceFeeFen ?? 0),
        marginFen,
        marginRate: freightFen > 0 ? Math.round((marginFen / freightFen) * 10_000) / 10_000 : null,
      });
    }
    const top = await db
      .select({
        customerId: n.customerId,
        customerName: sql<string>`max(${n.customerName})`,
        waybills: sql<number>`count(*)::int`,
        freightFen: fenSum(n.customerFee),
        serviceFeeFen: fenSum(n.serviceFee),
      })
      .from(n)
      .where(where)
      .groupBy(n.customerId)
      .orderBy(sql`4 desc`, n.customerId)
      .limit(10);

    let receivables: BusinessSummary['receivables'] = null;
    let walletFloatFen: number | null = null;
    let risk: BusinessSummary['risk'] = null;
    let regulator: BusinessSummary['regulator'] = null;
    if (staff) {
      const today = chinaYmd(now);
      // A literal (a well-formed day of ours), not a parameter: the grouped expression must repeat as is.
      const overdueDays = sql<number>`(${sql.raw(`date '${today}'`)} - coalesce(${finBill.dueDate}, ${finBill.periodEnd}))`;
      const bucket = sql<string>`case when ${overdueDays} <= 0 then 'notDue' when ${overdueDays} <= 30 then 'd30' when ${overdueDays} <= 60 then 'd60' when ${overdueDays} <= 90 then 'd90' else 'over90' end`;
      const open = sql`${finBill.amountFen} + ${finBill.adjustFen} - ${finBill.paidFen}`;
      const aged = await db
        .select({
          bucket,
          bills: sql<number>`count(*)::int`,
          amountFen: sql<number>`coalesce(sum(${open}), 0)::bigint`,
        })
        .from(finBill)
        .where(
          and(
            eq(finBill.tenantId, tenant),
            inArray(finBill.status, [
              BILL_STATUS.sent,
              BILL_STATUS.confirmed,
              BILL_STATUS.disputed,
              BILL_STATUS.adjusted,
              BILL_STATUS.partlyPaid,
            ]),
            sql`${open} > 0`,
          ),
        )
        .groupBy(bucket);
      receivables = (['notDue', 'd30', 'd60', 'd90', 'over90'] as const).map((key) => {
        const found = aged.find((row) => row.bucket === key);
        return { bucket: key, bills: Number(found?.bills ?? 0), amountFen: Number(found?.amountFen ?? 0) };
      });
      walletFloatFen = await walletFloat(tenant);
      const [riskRow] = await db
        .select({
          waybills: sql<number>`count(*)::int`,
          // Spelled out: a select of one table leaves its columns unqualified, which the subquery would take as its own.
          flagged: sql<number>`(count(*) filter (where exists (select 1 from risk_warning w where w.note_id = hy_shipping_note.id)))::int`,
        })
        .from(n)
        .where(counted(session));
      const all = Number(riskRow?.waybills ?? 0);
      const flagged = Number(riskRow?.flagged ?? 0);
      risk = { waybills: all, flagged, rate: all > 0 ? Math.round((flagged / all) * 10_000) / 10_000 : null };
      const reports = await db
        .select({ state: hyReportMessage.state, count: sql<number>`count(*)::int` })
        .from(hyReportMessage)
        .where(
          and(eq(hyReportMessage.tenantId, tenant), inArray(hyReportMessage.state, ['accepted', 'failed'])),
        )
        .groupBy(hyReportMessage.state);
      const accepted = Number(reports.find((row) => row.state === 'accepted')?.count ?? 0);
      const failed = Number(reports.find((row) => row.state === 'failed')?.count ?? 0);
      regulator = {
        accepted,
        failed,
        rate: accepted + failed > 0 ? Math.round((accepted / (accepted + failed)) * 10_000) / 10_000 : null,
      };
    }
    const result: BusinessSummary = {
      trend,
      topCustomers: top.map((row) => ({
        customerId: row.customerId,
        customerName: row.customerName ?? row.customerId,
        waybills: Number(row.waybills),
        freightFen: Number(row.freightFen),
        serviceFeeFen: Number(row.serviceFeeFen),
      })),
      receivables,
      walletFloatFen,
      risk,
      regulator,
    };
    return ok(result);
  });

  app.get('/screen/data', { config: { access: perm('screen:data') } }, async (request) => {
    const session = sessionOf(request);
    const now = new Date();
    const today = chinaDay(chinaYmd(now));
    const monthStart = chinaDay(`${chinaYmd(now).slice(0, 7)}-01`);
    const short = {
      waybills: sql<number>`count(*)::int`,
      tonnage: tonnes(sql`coalesce(${n.settleWeightG}, ${n.plannedWeightG})`),
      freightFen: fenSum(n.customerFee),
    };
    const [todayRow] = await db
      .select({
        ...short,
        inTransit: sql<number>`(count(*) filter (where ${n.status} between ${SHIPPING_STATUS.accepted} and ${SHIPPING_STATUS.inTransit}))::int`,
        arrived: sql<number>`(count(*) filter (where ${n.unloadTime} is not null))::int`,
      })
      .from(n)
      .where(counted(session, gte(n.createTime, today)));
    const [monthRow] = await db
      .select(short)
      .from(n)
      .where(counted(session, gte(n.createTime, monthStart)));
    const routeRows = await db
      .select({
        loadCity: n.loadCity,
        unloadCity: n.unloadCity,
        waybills: sql<number>`count(*)::int`,
        tonnage: tonnes(sql`coalesce(${n.settleWeightG}, ${n.plannedWeightG})`),
        fromLng: sql<number | null>`avg(${n.loadLng})::float8`,
        fromLat: sql<number | null>`avg(${n.loadLat})::float8`,
        toLng: sql<number | null>`avg(${n.unloadLng})::float8`,
        toLat: sql<number | null>`avg(${n.unloadLat})::float8`,
      })
      .from(n)
      .where(counted(session, gte(n.createTime, new Date(today.getTime() - 29 * DAY_MS))))
      .groupBy(n.loadCity, n.unloadCity)
      .orderBy(sql`3 desc`, n.loadCity, n.unloadCity)
      .limit(20);
    const day = sql<string>`to_char(${chinaTime}, 'YYYY-MM-DD')`;
    const dailyRows = await db
      .select({ day, waybills: sql<number>`count(*)::int` })
      .from(n)
      .where(counted(session, gte(n.createTime, new Date(today.getTime() - 13 * DAY_MS))))
      .groupBy(day);
    const point = (lng: number | null, lat: number | null): [number, number] | null =>
      lng === null || lat === null ? null : [Number(lng), Number(lat)];
    const result: DataScreen = {
      today: {
        waybills: Number(todayRow?.waybills ?? 0),
        tonnage: Number(todayRow?.tonnage ?? 0),
        freightFen: Number(todayRow?.freightFen ?? 0),
        inTransit: Number(todayRow?.inTransit ?? 0),
        arrived: Number(todayRow?.arrived ?? 0),
      },
      month: {
        waybills: Number(monthRow?.waybills ?? 0),
        tonnage: Number(monthRow?.tonnage ?? 0),
        freightFen: Number(monthRow?.freightFen ?? 0),
      },
      routes: routeRows.map((row) => ({
        loadCity: row.loadCity,
        unloadCity: row.unloadCity,
        waybills: Number(row.waybills),
        tonnage: Number(row.tonnage),
        from: point(row.fromLng, row.fromLat),
        to: point(row.toLng, row.toLat),
      })),
      daily: Array.from({ length: 14 }, (_, i) => {
        const key = chinaYmd(new Date(today.getTime() - (13 - i) * DAY_MS));
        return { day: key, waybills: Number(dailyRows.find((row) => row.day === key)?.waybills ?? 0) };
      }),
      refreshedAt: formatDateTime(now),
    };
    return ok(result);
  });

  app.get('/screen/finance', { config: { access: perm('screen:finance') } }, async (request) => {
    const session = sessionOf(request);
    // Payments, wallets and invoices are the platform's books: not a party user's screen.
    if (partyScopeOf(session.user.userType)) throw forbidden();
    const tenant = session.tenantId;
    const now = new Date();
    const today = chinaDay(chinaYmd(now));
    const monthStart = chinaDay(`${chinaYmd(now).slice(0, 7)}-01`);
    const since = new Date(today.getTime() - 29 * DAY_MS);
    const [monthRow] = await db
      .select({
        freightFen: fenSum(n.customerFee),
        serviceFeeFen: fenSum(n.serviceFee),
        driverFeeFen: fenSum(n.driverFee),
        agentFeeFen: fenSum(n.agentFee),
      })
      .from(n)
      .where(counted(session, gte(n.createTime, monthStart)));
    const paid = and(eq(finBankPayment.tenantId, tenant), eq(finBankPayment.state, 2));
    const [payRow] = await db
      .select({ count: sql<number>`count(*)::int`, amountFen: fenSum(sql`${finBankPayment.amountFen}`) })
      .from(finBankPayment)
      .where(and(paid, gte(finBankPayment.finishTime, today)));
    const [invoiceRow] = await db
      .select({ count: sql<number>`count(*)::int`, amountFen: fenSum(sql`${finInvoice.amountFen}`) })
      .from(finInvoice)
      .where(
        and(
          eq(finInvoice.tenantId, tenant),
          isNotNull(finInvoice.issueTime),
          gte(finInvoice.issueTime, monthStart),
        ),
      );
    const day = sql<string>`to_char(${chinaTime}, 'YYYY-MM-DD')`;
    const noteDays = await db
      .select({ day, freightFen: fenSum(n.customerFee), serviceFeeFen: fenSum(n.serviceFee) })
      .from(n)
      .where(counted(session, gte(n.createTime, since)))
      .groupBy(day);
    const payDay = sql<string>`to_char(${finBankPayment.finishTime} at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD')`;
    const payDays = await db
      .select({ day: payDay, paidFen: fenSum(sql`${finBankPayment.amountFen}`) })
      .from(finBankPayment)
      .where(and(paid, gte(finBankPayment.finishTime, since)))
      .groupBy(payDay);
    const result: FinanceScreen = {
      month: {
        freightFen: Number(monthRow?.freightFen ?? 0),
        serviceFeeFen: Number(monthRow?.serviceFeeFen ?? 0),
        driverFeeFen: Number(monthRow?.driverFeeFen ?? 0),
        agentFeeFen: Number(monthRow?.agentFeeFen ?? 0),
      },
      paymentsToday: { count: Number(payRow?.count ?? 0), amountFen: Number(payRow?.amountFen ?? 0) },
      walletFloatFen: await walletFloat(tenant),
      invoicesMonth: { count: Number(invoiceRow?.count ?? 0), amountFen: Number(invoiceRow?.amountFen ?? 0) },
      daily: Array.from({ length: 30 }, (_, i) => {
        const key = chinaYmd(new Date(today.getTime() - (29 - i) * DAY_MS));
        const note = noteDays.find((row) => row.day === key);
        return {
          day: key,
          freightFen: Number(note?.freightFen ?? 0),
          serviceFeeFen: Number(note?.serviceFeeFen ?? 0),
          paidFen: Number(payDays.find((row) => row.day === key)?.paidFen ?? 0),
        };
      }),
      refreshedAt: formatDateTime(now),
    };
    return ok(result);
  });
}
