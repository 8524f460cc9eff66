import { z } from 'zod';

// 统计分析, 经营看板 and the two large screens. Figures are aggregates over the waybills
// (hy_shipping_note) in the caller's row scope: a shipper counts its own. Money in fen, weights in tonnes.

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

export const STATISTICS_PERIODS = ['day', 'week', 'month'] as const;
export const STATISTICS_GROUPS = ['period', 'customer', 'route', 'agent', 'vehicleType'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
export type StatisticsGroup = (typeof STATISTICS_GROUPS)[number];

/** The longest range a statistics query may span. */
export const STATISTICS_MAX_DAYS = 366;

/** `/statistics/list` query: a China-time date range (inclusive), the period's size and the grouping. */
export const statisticsQuery = z
  .object({
    begin: ymd,
    end: ymd,
    period: z.enum(STATISTICS_PERIODS).default('day'),
    groupBy: z.enum(STATISTICS_GROUPS).default('period'),
  })
  .refine((q) => q.begin <= q.end, { message: 'begin 不得晚于 end', path: ['begin'] })
  .refine((q) => (Date.parse(q.end) - Date.parse(q.begin)) / 86_400_000 < STATISTICS_MAX_DAYS, {
    message: `范围不得超过 ${STATISTICS_MAX_DAYS} 天`,
    path: ['end'],
  });
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** The figures of a group of waybills (closed ones — cancelled, void, refused — are not counted). */
export const statisticsFigures = z.object({
  waybills: z.number().int().nonnegative(),
  /** Settle weight, else the planned weight, in tonnes. */
  tonnage: z.number(),
  /** The customers' freight (customer fee). */
  freightFen: z.number().int(),
  serviceFeeFen: z.number().int(),
  agentFeeFen: z.number().int(),
  /** Loss weight in tonnes and the deductions for it. */
  lossTonnage: z.number(),
  lossDeductionFen: z.number().int(),
  /** Waybills unloaded, and of those unloaded by their order's valid-to time (or an order without one). */
  arrived: z.number().int().nonnegative(),
  onTime: z.number().int().nonnegative(),
  /** onTime / arrived, null without arrivals. */
  onTimeRate: z.number().nullable(),
});
export type StatisticsFigures = z.infer<typeof statisticsFigures>;

export const statisticsRow = statisticsFigures.extend({
  key: z.string(),
  label: z.string(),
  /** The waybill list's filters that show this row's waybills, when the list can filter by them. */
  drill: z.record(z.string(), z.string()).nullable(),
});
export type StatisticsRow = z.infer<typeof statisticsRow>;

export const statisticsResult = z.object({
  rows: z.array(statisticsRow),
  total: statisticsFigures,
});
export type StatisticsResult = z.infer<typeof statisticsResult>;

/** 经营看板. Figures other than the caller's own waybills are null for a party user. */
export const businessSummary = z.object({
  /** Last 12 months (China time), oldest first: revenue (service fee) and margin (customer − driver − agent fee). */
  trend: z.array(
    z.object({
      month: z.string(),
      waybills: z.number().int(),
      freightFen: z.number().int(),
      serviceFeeFen: z.number().int(),
      marginFen: z.number().int(),
      /** marginFen / freightFen, null without freight. */
      marginRate: z.number().nullable(),
    }),
  ),
  /** Top 10 customers by freight over the same 12 months. */
  topCustomers: z.array(
    z.object({
      customerId: z.string(),
      customerName: z.string(),
      waybills: z.number().int(),
      freightFen: z.number().int(),
      serviceFeeFen: z.number().int(),
    }),
  ),
  /** Unpaid bills by days past due: notDue, 1–30, 31–60, 61–90, over 90. */
  receivables: z
    .array(
      z.object({
        bucket: z.enum(['notDue', 'd30', 'd60', 'd90', 'over90']),
        bills: z.number().int(),
        amountFen: z.number().int(),
      }),
    )
    .nullable(),
  /** Sum of the balances of the parties' wallets (the platform's own accounts excluded). */
  walletFloatFen: z.number().int().nullable(),
  /** Waybills with at least one risk warning / all waybills. */
  risk: z
    .object({ waybills: z.number().int(), flagged: z.number().int(), rate: z.number().nullable() })
    .nullable(),
  /** Regulator messages accepted / finished (accepted + failed). */
  regulator: z
    .object({ accepted: z.number().int(), failed: z.number().int(), rate: z.number().nullable() })
    .nullable(),
});
export type BusinessSummary = z.infer<typeof businessSummary>;

export const screenRoute = z.object({
  loadCity: z.string(),
  unloadCity: z.string(),
  waybills: z.number().int(),
  tonnage: z.number(),
  /** Average WGS-84 points of the route's loading and unloading places (null when none is known). */
  from: z.tuple([z.number(), z.number()]).nullable(),
  to: z.tuple([z.number(), z.number()]).nullable(),
});
export type ScreenRoute = z.infer<typeof screenRoute>;

/** 数据大屏. */
export const dataScreen = z.object({
  today: z.object({
    waybills: z.number().int(),
    tonnage: z.number(),
    freightFen: z.number().int(),
    inTransit: z.number().int(),
    arrived: z.number().int(),
  }),
  /** The month so far. */
  month: z.object({ waybills: z.number().int(), tonnage: z.number(), freightFen: z.number().int() }),
  /** The busiest routes of the last 30 days, busiest first (at most 20). */
  routes: z.array(screenRoute),
  /** Waybills per day over the last 14 days, oldest first. */
  daily: z.array(z.object({ day: z.string(), waybills: z.number().int() })),
  refreshedAt: z.string(),
});
export type DataScreen = z.infer<typeof dataScreen>;

/** 财务大屏. */
export const financeScreen = z.object({
  month: z.object({
    freightFen: z.number().int(),
    serviceFeeFen: z.number().int(),
    driverFeeFen: z.number().int(),
    agentFeeFen: z.number().int(),
  }),
  paymentsToday: z.object({ count: z.number().int(), amountFen: z.number().int() }),
  walletFloatFen: z.number().int(),
  invoicesMonth: z.object({ count: z.number().int(), amountFen: z.number().int() }),
  /** Last 30 days, oldest first: freight and service fee of the waybills dispatched, bank payments paid. */
  daily: z.array(
    z.object({
      day: z.string(),
      freightFen: z.number().int(),
      serviceFeeFen: z.number().int(),
      paidFen: z.number().int(),
    }),
  ),
  refreshedAt: z.string(),
});
export type FinanceScreen = z.infer<typeof financeScreen>;

/** The large screens that hear of changed figures over their socket `/screen/{topic}/socket`. */
export type ScreenTopic = 'data' | 'finance';
/** A push on a screen's socket: its figures changed at `at` (the screen reads them again). */
export interface ScreenPush {
  type: 'screen';
  rows: Array<{ topic: ScreenTopic; at: string }>;
}
