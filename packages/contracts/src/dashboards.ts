import { z } from 'zod';

// The operator's dashboards: 工作台, 监控页 and 任务页. Every figure is counted in the caller's own
// row scope (a shipper counts its own waybills) and only for what the caller may open.

/** A to-do of the workplace: how many records wait, and the filtered list that holds them. */
export const workplaceTodo = z.object({
  key: z.enum([
    'waybillAudit',
    'waybillSign',
    'driverReview',
    'vehicleReview',
    'payoutApproval',
    'riskOpen',
    'reportFailed',
  ]),
  count: z.number().int().nonnegative(),
  path: z.string(),
});
export type WorkplaceTodo = z.infer<typeof workplaceTodo>;

export const workplaceLog = z.object({
  id: z.string(),
  time: z.string(),
  content: z.string(),
  method: z.string().nullable(),
  success: z.boolean(),
});
export type WorkplaceLog = z.infer<typeof workplaceLog>;

export const workplaceSummary = z.object({
  realname: z.string(),
  todos: z.array(workplaceTodo),
  recentLogs: z.array(workplaceLog),
});
export type WorkplaceSummary = z.infer<typeof workplaceSummary>;

export const monitorWarning = z.object({
  id: z.string(),
  time: z.string(),
  ruleType: z.string(),
  severity: z.number().int(),
  message: z.string(),
  shippingNoteNumber: z.string().nullable(),
  plateNo: z.string().nullable(),
});
export type MonitorWarning = z.infer<typeof monitorWarning>;

export const monitorSummary = z.object({
  /** Vehicles by live state (liveStateOf): in transit, loading, idle, offline. */
  vehicles: z.object({
    transit: z.number().int(),
    loading: z.number().int(),
    idle: z.number().int(),
    offline: z.number().int(),
  }),
  /** Waybills dispatched today (China time), by status. */
  waybillsToday: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  /** Dispatches per hour (0–23, China time), today and yesterday. */
  dispatchesByHour: z.object({ today: z.array(z.number().int()), yesterday: z.array(z.number().int()) }),
  /** The latest open warnings; null for users who may not read warnings. */
  warnings: z.array(monitorWarning).nullable(),
  refreshedAt: z.string(),
});
export type MonitorSummary = z.infer<typeof monitorSummary>;

export const taskJob = z.object({
  id: z.string(),
  jobClassName: z.string(),
  description: z.string().nullable(),
  cronExpression: z.string(),
  /** 0 running, -1 stopped (quartz). */
  status: z.number().int(),
  lastRun: z
    .object({ time: z.string(), success: z.boolean().nullable(), durationMs: z.number().nullable() })
    .nullable(),
  nextRun: z.string().nullable(),
});
export type TaskJob = z.infer<typeof taskJob>;

export const taskQueue = z.object({
  key: z.enum(['regulator', 'bankPayment', 'payout']),
  waiting: z.number().int(),
  failed: z.number().int(),
  path: z.string(),
  failedPath: z.string(),
});
export type TaskQueue = z.infer<typeof taskQueue>;

export const taskSummary = z.object({
  /** Scheduled jobs; null for users who may not read them. */
  jobs: z.array(taskJob).nullable(),
  queues: z.array(taskQueue),
});
export type TaskSummary = z.infer<typeof taskSummary>;

/** Freight figures of a span of days (the analysis page's this month and last month). */
export const analysisPeriod = z.object({
  waybills: z.number().int().nonnegative(),
  tonnage: z.number(),
  freightFen: z.number().int(),
  serviceFeeFen: z.number().int(),
});
export type AnalysisPeriod = z.infer<typeof analysisPeriod>;

/**
 * 分析页 (the home page): the freight KPIs of the caller's scope (a shipper its own business). A figure whose
 * list the caller may not open is null; warnings and regulator failures are platform staff's. Each figure
 * links to its list (`paths`).
 */
export const analysisSummary = z.object({
  today: analysisPeriod.nullable(),
  inTransit: z.number().int().nonnegative().nullable(),
  month: analysisPeriod.nullable(),
  lastMonth: analysisPeriod.nullable(),
  /** Signed waybills waiting for the audit. */
  awaitingAudit: z.number().int().nonnegative().nullable(),
  /** Audited waybills whose driver is still to be paid (支付运单). */
  duePayments: z.number().int().nonnegative().nullable(),
  openWarnings: z.number().int().nonnegative().nullable(),
  regulatorFailed: z.number().int().nonnegative().nullable(),
  paths: z.object({
    today: z.string(),
    inTransit: z.string(),
    month: z.string(),
    awaitingAudit: z.string(),
    duePayments: z.string(),
    openWarnings: z.string(),
    regulatorFailed: z.string(),
  }),
  refreshedAt: z.string(),
});
export type AnalysisSummary = z.infer<typeof analysisSummary>;
