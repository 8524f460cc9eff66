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
import { and, eq, gte, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../platform/access/declare.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { AppContext } from '../../platform/context.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { formatDateTime, ok } from '../../platform/http/envelope.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { andAll } from '../../platform/resource/query.ts';
import { rowScopeOf } from '../../platform/resource/rowScope.ts';
import { finBankPayment, finBill, finInvoice, finWallet } from '../finance/index.ts';
import { hyAgent, hyShippingNote } from '../freight/index.ts';
import { hyReportMessage } from '../regulator/index.ts';
import {
  chinaDay,
  chinaYmd,
  daysUpTo,
  figuresBy,
  figuresOf,
  type Grain,
  type Group,
  noteChinaTime,
  totalOf,
} from './daily.ts';

// 统计分析 (/statistics/list), 经营看板 (/statistics/business) and the data and finance large screens:
// aggregates over the waybills in the caller's row scope (`rowScopeOf`: a shipper counts its own);
// the statistics and the business view read built days from the daily figures and the rest live (`daily.ts`). Closed waybills (cancelled, void, refused) are not counted. Bills, wallets, warnings and regulator
// messages are platform staff's and never counted for a party user.

const DAY_MS = 86_400_000;
const n = hyShippingNote;
/** The dispatch instant as China wall time. */
const chinaTime = noteChinaTime;
const tonnes = (grams: SQL) => sql<number>`round(coalesce(sum(${grams}), 0) / 1000000.0, 3)::float8`;
const fenSum = (column: SQL | typeof n.customerFee) => sql<number>`coalesce(sum(${column}), 0)::bigint`;

/** Waybills in scope that count: not closed. */
/** An aggregate row's figures as numbers (bigint sums come back as text), each 0 where no row came back. */
function numbersOf<K extends string>(
  row: { [P in K]?: unknown } | undefined,
  keys: readonly K[],
): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, Number(row?.[k] ?? 0)])) as Record<K, number>;
}

function counted(session: Session, ...more: Array<SQL | undefined>): SQL | undefined {
  return andAll([rowScopeOf(noteResource, n, session), gte(n.status, 0), ...more]);
}

/** Groups sorted as the page shows them: freight, then waybills, descending; then by key. */
const byFreight = (a: Group, b: Group) =>
  b.freightFen - a.freightFen ||
  b.waybills - a.waybills ||
  (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
  ((a.key2 ?? '') < (b.key2 ?? '') ? -1 : 1);

/** 统计分析: built days from the daily figures, the rest live (`figuresBy`). */
export async function statisticsOf(
  ctx: AppContext,
  session: Session,
  query: StatisticsQuery,
): Promise<StatisticsResult> {
  const { db } = ctx;
  const grain: Grain = query.groupBy === 'period' ? query.period : query.groupBy;
  const groups = await figuresBy(db, session, grain, { from: query.begin, to: query.end });
  const total = figuresOf(totalOf(groups));

  // A table shows the 500 groups with the most freight at most.
  const top = () => groups.sort(byFreight).slice(0, 500);
  const rowOf = (
    g: Group,
    label: string,
    drill: StatisticsRow['drill'] = null,
    key = g.key,
  ): StatisticsRow => ({
    key,
    label,
    drill,
    ...figuresOf(g),
  });
  let rows: StatisticsRow[];
  switch (query.groupBy) {
    case 'period':
      rows = groups.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((g) => rowOf(g, g.key));
      break;
    case 'customer':
      rows = top().map((g) => rowOf(g, g.label ?? g.key, g.label ? { customerName: g.label } : null));
      break;
    case 'route':
      rows = top().map((g) =>
        rowOf(g, `${g.key} → ${g.key2}`, { loadCity: g.key, unloadCity: g.key2 ?? '' }, `${g.key}→${g.key2}`),
      );
      break;
    case 'agent': {
      const agents = top();
      const ids = agents.map((g) => g.key).filter((id) => id !== '');
      const names = ids.length
        ? await db
            .select({ id: hyAgent.id, name: hyAgent.agentName })
            .from(hyAgent)
            .where(inArray(hyAgent.id, ids))
        : [];
      const nameOf = new Map(names.map((row) => [row.id, row.name]));
      rows = agents.map((g) => rowOf(g, nameOf.get(g.key) ?? ''));
      break;
    }
    case 'vehicleType':
      rows = top().map((g) => rowOf(g, g.key));
      break;
  }
  return { rows, total };
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
      .where(ofTenant(finWallet, tenantId, ne(finWallet.ownerType, 9)));
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
    const today = chinaYmd(now);
    const range = { from: firstMonth, to: today };
    const [months, customers] = await Promise.all([
      figuresBy(db, session, 'month', range),
      figuresBy(db, session, 'customer', range),
    ]);
    const trend: BusinessSummary['trend'] = [];
    for (let i = 0; i < 12; i++) {
      const key = new Date(Date.UTC(y, m - 12 + i, 1)).toISOString().slice(0, 7);
      const found = months.find((row) => row.key === key);
      const freightFen = found?.freightFen ?? 0;
      const marginFen = freightFen - (found?.driverFeeFen ?? 0) - (found?.agentFeeFen ?? 0);
      trend.push({
        month: key,
        waybills: found?.waybills ?? 0,
        freightFen,
        serviceFeeFen: found?.serviceFeeFen ?? 0,
        marginFen,
        marginRate: freightFen > 0 ? Math.round((marginFen / freightFen) * 10_000) / 10_000 : null,
      });
    }
    const top = customers.sort(byFreight).slice(0, 10);

    let receivables: BusinessSummary['receivables'] = null;
    let walletFloatFen: number | null = null;
    let risk: BusinessSummary['risk'] = null;
    let regulator: BusinessSummary['regulator'] = null;
    if (staff) {
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
          ofTenant(
            finBill,
            tenant,
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
        return { bucket: key, ...numbersOf(found, ['bills', 'amountFen']) };
      });
      walletFloatFen = await walletFloat(tenant);
      const all = totalOf(await figuresBy(db, session, 'all', { from: null, to: today }, { flagged: true }));
      risk = {
        waybills: all.waybills,
        flagged: all.flagged,
        rate: all.waybills > 0 ? Math.round((all.flagged / all.waybills) * 10_000) / 10_000 : null,
      };
      const reports = await db
        .select({ state: hyReportMessage.state, count: sql<number>`count(*)::int` })
        .from(hyReportMessage)
        .where(ofTenant(hyReportMessage, tenant, inArray(hyReportMessage.state, ['accepted', 'failed'])))
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
        customerId: row.key,
        customerName: row.label ?? row.key,
        waybills: row.waybills,
        freightFen: row.freightFen,
        serviceFeeFen: row.serviceFeeFen,
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
        arrived: sql<number>`(count(*) filter (where ${n.unloadTime} is not null))::int`,
      })
      .from(n)
      .where(counted(session, gte(n.createTime, today)));
    const [monthRow] = await db
      .select(short)
      .from(n)
      .where(counted(session, gte(n.createTime, monthStart)));
    // On the road now, whenever dispatched: the same figure (status 运输中) as the home page's 在途运单 and its list.
    const [transitRow] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(n)
      .where(counted(session, eq(n.status, SHIPPING_STATUS.inTransit)));
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
        ...numbersOf(todayRow, ['waybills', 'tonnage', 'freightFen', 'arrived']),
        inTransit: Number(transitRow?.n ?? 0),
      },
      month: numbersOf(monthRow, ['waybills', 'tonnage', 'freightFen']),
      routes: routeRows.map((row) => ({
        loadCity: row.loadCity,
        unloadCity: row.unloadCity,
        waybills: Number(row.waybills),
        tonnage: Number(row.tonnage),
        from: point(row.fromLng, row.fromLat),
        to: point(row.toLng, row.toLat),
      })),
      daily: daysUpTo(chinaYmd(now), 14).map((key) => ({
        day: key,
        waybills: Number(dailyRows.find((row) => row.day === key)?.waybills ?? 0),
      })),
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
    const paid = ofTenant(finBankPayment, tenant, eq(finBankPayment.state, 2));
    const [payRow] = await db
      .select({ count: sql<number>`count(*)::int`, amountFen: fenSum(sql`${finBankPayment.amountFen}`) })
      .from(finBankPayment)
      .where(and(paid, gte(finBankPayment.finishTime, today)));
    const [invoiceRow] = await db
      .select({ count: sql<number>`count(*)::int`, amountFen: fenSum(sql`${finInvoice.amountFen}`) })
      .from(finInvoice)
      .where(
        ofTenant(finInvoice, tenant, isNotNull(finInvoice.issueTime), gte(finInvoice.issueTime, monthStart)),
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
      month: numbersOf(monthRow, ['freightFen', 'serviceFeeFen', 'driverFeeFen', 'agentFeeFen']),
      paymentsToday: numbersOf(payRow, ['count', 'amountFen']),
      walletFloatFen: await walletFloat(tenant),
      invoicesMonth: numbersOf(invoiceRow, ['count', 'amountFen']),
      daily: daysUpTo(chinaYmd(now), 30).map((key) => {
        const note = noteDays.find((row) => row.day === key);
        return {
          day: key,
          ...numbersOf(note, ['freightFen', 'serviceFeeFen']),
          paidFen: Number(payDays.find((row) => row.day === key)?.paidFen ?? 0),
        };
      }),
      refreshedAt: formatDateTime(now),
    };
    return ok(result);
  });
}
