import { z } from 'zod';
import { boundedInteger } from './numberFields.ts';
import { labelledOptions } from './resources/fields.ts';
import { requiredText } from './textFields.ts';

// Risk control (domain.md Risk control): rules are typed parameter sets. The catalog below names
// every rule family, its parameters with their bounds, its default values and severity; the platform's
// rows override the defaults, a customer's rows override the platform's. The server evaluates the rules on
// the waybill events in the event's transaction and on a schedule over the track points.

export const RISK_RULE_TYPES = [
  'overload',
  'certificate',
  'loss',
  'duplicate',
  'speed',
  'stop',
  'noLocation',
  'signBeforeUnload',
  'priceInversion',
  'priceBand',
  'transportTimeout',
  'trackRoute',
  'fuelShare',
  'cardHolder',
] as const;
export type RiskRuleType = (typeof RISK_RULE_TYPES)[number];

/** 1 warning: the event passes and a warning is raised; 2 blocking: see `refusable` in the catalog. */
export const RISK_SEVERITY = { warn: 1, block: 2 } as const;
export type RiskSeverity = (typeof RISK_SEVERITY)[keyof typeof RISK_SEVERITY];

export const RISK_WARNING_STATES = ['open', 'confirmed', 'dismissed', 'escalated'] as const;
export type RiskWarningState = (typeof RISK_WARNING_STATES)[number];

/** Warnings still waiting for a decision: open and escalated (a blocking one holds pay and invoice). */
export const UNRESOLVED_WARNING_STATES: readonly RiskWarningState[] = ['open', 'escalated'];

interface ParamDecl {
  label: readonly [string, string];
  min: number;
  max: number;
  integer?: boolean;
}

export interface RiskRuleDecl {
  name: readonly [string, string];
  /** What the rule checks, shown on the parameter screen. */
  help: readonly [string, string];
  /**
   * A blocking rule that checks an event before it happens (dispatch, accept, load) refuses the event with its
   * name in the message; the others (facts already happened, scheduled checks) raise a blocking warning that
   * holds pay and invoicing until it is handled.
   */
  refusable: boolean;
  severity: RiskSeverity;
  params: Record<string, ParamDecl>;
  defaults: Record<string, number>;
  /** Pairs of parameters [low, high] that must not be inverted (low ≤ high). */
  ranges?: ReadonlyArray<readonly [string, string]>;
}

/** A parameter of the catalog with its default value. */
interface CatalogParam extends ParamDecl {
  value: number;
}

/**
 * One rule of the catalog: its parameters are declared with their default values, which make `defaults`; a rule
 * refuses its event only when `refusable` is set.
 */
function catalogRule(
  name: readonly [string, string],
  help: readonly [string, string],
  severity: keyof typeof RISK_SEVERITY,
  catalog: Record<string, CatalogParam>,
  { refusable = false, ranges }: Pick<RiskRuleDecl, 'ranges'> & { refusable?: boolean } = {},
): RiskRuleDecl {
  const params: Record<string, ParamDecl> = {};
  const defaults: Record<string, number> = {};
  for (const [key, { value, ...param }] of Object.entries(catalog)) {
    params[key] = param;
    defaults[key] = value;
  }
  const decl: RiskRuleDecl = { name, help, refusable, severity: RISK_SEVERITY[severity], params, defaults };
  if (ranges) decl.ranges = ranges;
  return decl;
}

export const RISK_RULES: Record<RiskRuleType, RiskRuleDecl> = {
  overload: catalogRule(
    ['超载', 'Overload'],
    [
      '派单、装货重量超过核定载质量×(1+容差)',
      'Dispatched or loaded weight above rated load × (1 + tolerance)',
    ],
    'block',
    { tolerancePct: { label: ['容差(%)', 'Tolerance (%)'], min: 0, max: 50, value: 2 } },
    { refusable: true },
  ),
  certificate: catalogRule(
    ['证件到期', 'Certificate expiry'],
    [
      '司机、车辆证件在N天内到期时预警（已过期的证件拒绝派单和付款）',
      'Warn when a certificate ends within N days (expired ones are refused)',
    ],
    'warn',
    { warnDays: { label: ['提前天数', 'Days ahead'], min: 1, max: 365, integer: true, value: 30 } },
  ),
  loss: catalogRule(
    ['亏吨超标', 'Loss over allowance'],
    ['卸货亏吨超过合理损耗×(1+超出比例)', 'Unloading loss above the allowance × (1 + excess)'],
    'warn',
    { excessPct: { label: ['超出比例(%)', 'Excess (%)'], min: 0, max: 1000, value: 0 } },
  ),
  duplicate: catalogRule(
    ['重复运单', 'Duplicate waybill'],
    [
      '同一车辆相同线路、相同重量在N小时内再次派单',
      'Same plate, route and weight dispatched again within N hours',
    ],
    'warn',
    { windowHours: { label: ['时间窗(小时)', 'Window (h)'], min: 1, max: 720, integer: true, value: 24 } },
    { refusable: true },
  ),
  speed: catalogRule(
    ['速度异常', 'Impossible speed'],
    ['相邻轨迹点之间的平均速度超过上限', 'Average speed between two track points above the limit'],
    'warn',
    { maxKmh: { label: ['速度上限(km/h)', 'Max speed (km/h)'], min: 30, max: 300, value: 120 } },
  ),
  stop: catalogRule(
    ['异常停车', 'Stop'],
    ['运输途中在半径R米内停留超过N分钟', 'Staying within R metres for N minutes or more in transit'],
    'warn',
    {
      minMinutes: { label: ['停留时长(分钟)', 'Minutes'], min: 5, max: 1440, integer: true, value: 30 },
      radiusM: { label: ['半径(米)', 'Radius (m)'], min: 50, max: 5000, integer: true, value: 500 },
    },
  ),
  noLocation: catalogRule(
    ['定位缺失', 'No location'],
    ['运输途中超过N小时没有定位', 'In transit without a position for N hours'],
    'warn',
    { hours: { label: ['无定位时长(小时)', 'Hours'], min: 1, max: 168, integer: true, value: 4 } },
  ),
  signBeforeUnload: catalogRule(
    ['先签后卸', 'Sign before unload'],
    ['签收时没有卸货时间、重量或磅单', 'Signed without an unload time, weight or weighbridge photo'],
    'block',
    {},
  ),
  priceInversion: catalogRule(
    ['运价倒挂', 'Price inversion'],
    ['货主运费低于司机运费', 'Customer freight below the driver freight'],
    'warn',
    {},
  ),
  priceBand: catalogRule(
    ['运价区间', 'Price band'],
    [
      '派单时司机运费折合每吨公里的价格不在区间内（需货源的计划里程）',
      'Driver freight per tonne-km outside the band at dispatch (needs the order’s planned distance)',
    ],
    'warn',
    {
      minFenPerTonneKm: {
        label: ['最低价(分/吨公里)', 'Lowest (fen/t·km)'],
        min: 0,
        max: 100_000,
        value: 10,
      },
      maxFenPerTonneKm: {
        label: ['最高价(分/吨公里)', 'Highest (fen/t·km)'],
        min: 0,
        max: 100_000,
        value: 200,
      },
    },
    { ranges: [['minFenPerTonneKm', 'maxFenPerTonneKm']] },
  ),
  transportTimeout: catalogRule(
    ['运输超时', 'Transport timeout'],
    [
      '装货后超过 计划里程÷时速+宽限小时 仍未卸货（需货源的计划里程）',
      'Not unloaded within planned distance ÷ speed + grace hours after loading (needs the planned distance)',
    ],
    'warn',
    {
      speedKmh: { label: ['计划时速(km/h)', 'Planned speed (km/h)'], min: 10, max: 120, value: 50 },
      graceHours: { label: ['宽限(小时)', 'Grace (h)'], min: 0, max: 720, value: 12 },
    },
  ),
  trackRoute: catalogRule(
    ['轨迹偏离', 'Track vs route'],
    [
      '装货后首个轨迹点、卸货前末个轨迹点与装卸地的距离超过R公里',
      'First track point after loading or last before unloading farther than R km from the place',
    ],
    'warn',
    { radiusKm: { label: ['半径(公里)', 'Radius (km)'], min: 0.5, max: 200, value: 5 } },
  ),
  fuelShare: catalogRule(
    ['油卡占比超标', 'Fuel share above the cap'],
    [
      '派单、审核时油卡金额占司机运费的比例超过上限（拦截时付款前须处理）',
      'Fuel card part of the driver fee above the cap at dispatch and audit (blocking holds pay)',
    ],
    'warn',
    { capPct: { label: ['油卡上限(%)', 'Cap (%)'], min: 0, max: 100, value: 30 } },
  ),
  cardHolder: catalogRule(
    ['持卡人非司机', 'Card holder is not the driver'],
    [
      '审核时司机的默认收款卡持卡人不是司机本人，且没有有效的车队长代收运费协议（拦截时付款前须处理）',
      'At audit the driver’s default card belongs to someone else without a collection agreement in force',
    ],
    'block',
    {},
  ),
};

/**
 * The first inverted range of a rule's parameters (low above high), as a refusal naming the high field, or
 * null when every range holds.
 */
export function invertedRange(type: RiskRuleType, params: Record<string, number>): string | null {
  const rule = RISK_RULES[type];
  for (const [low, high] of rule.ranges ?? []) {
    if (params[low] !== undefined && params[high] !== undefined && params[low] > params[high])
      return `${rule.params[high].label[0]}(${high})不能小于${rule.params[low].label[0]}(${low})`;
  }
  return null;
}

export const riskRuleName = (type: string): string => RISK_RULES[type as RiskRuleType]?.name[0] ?? type;

/** The parameters of a rule checked against its catalog: each refusal names the field. */
export function riskParamsSchema(type: RiskRuleType) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, p] of Object.entries(RISK_RULES[type].params)) {
    const name = `${p.label[0]}(${key})`;
    let n = z.number({ error: `${name}必须是数字` });
    if (p.integer) n = n.int(`${name}必须是整数`);
    shape[key] = n
      .min(p.min, p.min === 0 ? `${name}不能为负数` : `${name}不能小于${p.min}`)
      .max(p.max, `${name}不能大于${p.max}`)
      .optional();
  }
  return z.object(shape).strict();
}

/** The stored parameters of one rule, completed from the defaults (the stored values win). */
export function riskParamsOf(type: RiskRuleType, stored?: unknown): Record<string, number> {
  const out = { ...RISK_RULES[type].defaults };
  if (stored && typeof stored === 'object')
    for (const [key, value] of Object.entries(stored as Record<string, unknown>))
      if (key in out && typeof value === 'number') out[key] = value;
  return out;
}

const idText = z.string().max(32);

export const riskParamBody = z.object({
  ruleType: z.enum(RISK_RULE_TYPES, { error: '规则类型(ruleType)不存在' }),
  customerId: idText.nullish(),
  severity: z.union([z.literal(1), z.literal(2)], { error: '严重程度(severity)只能是1预警或2拦截' }),
  enabled: z.boolean().default(true),
  params: z.record(z.string(), z.unknown()).default({}),
  remark: z.string().max(255).nullish(),
});
export type RiskParamBody = z.infer<typeof riskParamBody>;

export const RISK_HANDLE_ACTIONS = ['confirm', 'dismiss', 'escalate'] as const;
export type RiskHandleAction = (typeof RISK_HANDLE_ACTIONS)[number];

export const riskHandleBody = z
  .object({
    id: z.string().min(1).max(32),
    action: z.enum(RISK_HANDLE_ACTIONS, { error: '处理方式(action)只能是confirm、dismiss或escalate' }),
    reason: requiredText('请填写处理原因', 255),
    /** Consequences of a confirmed violation: the note's driver and/or vehicle go on the blacklist. */
    blacklist: z
      .array(z.enum(['driver', 'vehicle'], { error: '黑名单(blacklist)只能是driver或vehicle' }))
      .max(2)
      .optional(),
    /** Propose a deduction under the carrier contract's violation clause (refused when it has none). */
    deduct: z.boolean().optional(),
  })
  .refine((b) => !b.blacklist?.length || b.action === 'confirm', {
    message: '黑名单(blacklist)只能在确认违规(confirm)时使用',
    path: ['blacklist'],
  })
  .refine((b) => !b.deduct || b.action === 'confirm', {
    message: '扣款(deduct)只能在确认违规(confirm)时使用',
    path: ['deduct'],
  });
export type RiskHandleBody = z.infer<typeof riskHandleBody>;

/**
 * A violation's deduction: notice (the carrier told, appeal window open), appealed, due (to be posted: the
 * window lapsed or the appeal was refused), posted (through the ledger), cancelled (appeal accepted), failed.
 */
export const DEDUCTION_STATES = ['notice', 'appealed', 'due', 'posted', 'cancelled', 'failed'] as const;
export type DeductionState = (typeof DEDUCTION_STATES)[number];
/** States in which the note's pay is held (the deduction is still to be decided or posted). */
export const PENDING_DEDUCTION_STATES = ['notice', 'appealed', 'due'] as const;
export const DEDUCTION_STATE_OPTIONS = labelledOptions(DEDUCTION_STATES, {
  notice: ['已通知（申诉期内）', 'Notified (appeal window open)'],
  appealed: ['申诉中', 'Appealed'],
  due: ['待扣款', 'Due'],
  posted: ['已扣款', 'Deducted'],
  cancelled: ['申诉成立，不扣款', 'Appeal upheld, not deducted'],
  failed: ['扣款失败', 'Failed'],
});
/**
 * How often the hourly job posts a failed deduction again before leaving it to staff (about a day): the
 * causes finance names (the driver's freight still to pay short of it, a payment under way) often pass.
 */
export const MAX_DEDUCTION_ATTEMPTS = 24;
/** The platform parameter (hy_config) of the appeal window in days, and its default. */
export const APPEAL_DAYS_CONFIG_KEY = 'risk.appeal_days';
export const DEFAULT_APPEAL_DAYS = 3;

export const violationAppealBody = z.object({
  id: z.string().min(1).max(32),
  reason: requiredText('请填写申诉理由', 255),
});
export type ViolationAppealBody = z.infer<typeof violationAppealBody>;

export const violationDecideBody = z.object({
  id: z.string().min(1).max(32),
  /** true: the appeal stands (no deduction); false: refused (the deduction is posted). */
  accept: z.boolean({ error: '请选择申诉是否成立(accept)' }),
  reason: requiredText('请填写处理意见', 255),
});
export type ViolationDecideBody = z.infer<typeof violationDecideBody>;

/** Staff post a failed deduction again (same idempotency key: it is posted once at most). */
export const violationRetryBody = z.object({ id: z.string().min(1).max(32) });
export type ViolationRetryBody = z.infer<typeof violationRetryBody>;

/** The carrier contract template's violation clause: a deduction of this percent of the driver's freight, or none. */
export const penaltyClauseBody = z.object({
  penaltyPct: boundedInteger(
    {
      missing: '扣款比例(penaltyPct)须为1到100的整数，或为空（不含扣款条款）',
      notWhole: '扣款比例(penaltyPct)须为整数',
    },
    [1, '扣款比例(penaltyPct)至少为1'],
    [100, '扣款比例(penaltyPct)不能超过100'],
  ).nullable(),
});
export type PenaltyClauseBody = z.infer<typeof penaltyClauseBody>;

/** Score of a waybill: the unresolved and confirmed warnings weighed by severity, at most 100. */
export function riskScore(warnings: ReadonlyArray<{ severity: number; state: string }>): number {
  let score = 0;
  for (const w of warnings) {
    if (w.state === 'dismissed') continue;
    score += w.severity === RISK_SEVERITY.block ? 40 : 15;
  }
  return Math.min(100, score);
}

export const RISK_STATE_LABELS: Record<RiskWarningState, readonly [string, string]> = {
  open: ['待处理', 'Open'],
  confirmed: ['已确认', 'Confirmed'],
  dismissed: ['已排除', 'Dismissed'],
  escalated: ['已上报', 'Escalated'],
};
