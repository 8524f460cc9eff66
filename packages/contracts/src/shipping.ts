import { z } from 'zod';
import { USER_TYPE } from './constants.ts';
import {
  type AgentOrderLike,
  type BillLike,
  canSeeAgentOrderFees,
  canSeeBillDriverFee,
  type FeeViewer,
  HIDDEN_FEE,
  orderFeeTotal,
} from './rules/feeVisibility.ts';
import { isValidCoordinate } from './rules/track.ts';
import { requiredText } from './textFields.ts';

// Orders (货源) and shipping notes (运单): their state machines, payloads and the fee fields
// Hides. The state codes are the seeded dictionaries `order_status` and `shipping_status`.

/** Order lifecycle (domain.md): draft, published, paused, completed, closed, cancelled. */
export const ORDER_STATUS = {
  draft: 0,
  published: 1,
  paused: 2,
  completed: 3,
  closed: 4,
  cancelled: 5,
} as const;

export type OrderAction = 'publish' | 'pause' | 'close' | 'cancel';

/** Which order states each order action starts from, and where it goes. */
export const ORDER_TRANSITIONS: Record<OrderAction, { from: readonly number[]; to: number; label: string }> =
  {
    publish: { from: [ORDER_STATUS.draft, ORDER_STATUS.paused], to: ORDER_STATUS.published, label: '发布' },
    pause: { from: [ORDER_STATUS.published], to: ORDER_STATUS.paused, label: '暂停' },
    close: { from: [ORDER_STATUS.published, ORDER_STATUS.paused], to: ORDER_STATUS.closed, label: '关闭' },
    cancel: {
      from: [ORDER_STATUS.draft, ORDER_STATUS.published, ORDER_STATUS.paused],
      to: ORDER_STATUS.cancelled,
      label: '取消',
    },
  };

/** Order modes: 1 public grab, 2 assigned, 3 agent order, 4 captain order. */
export const ORDER_MODE = { public: 1, assigned: 2, agent: 3, captain: 4 } as const;

/** Waybill lifecycle (domain.md). */
export const SHIPPING_STATUS = {
  dispatched: 0,
  accepted: 1,
  loaded: 2,
  inTransit: 3,
  unloaded: 4,
  signed: 5,
  audited: 6,
  completed: 7,
  cancelled: -1,
  void: -2,
  refused: -3,
} as const;

/** States in which a note holds its vehicle and driver (until unloaded): no second dispatch meanwhile. */
export const ACTIVE_SHIPPING_STATUSES = [0, 1, 2, 3] as const;
/** States before audit in which a weight correction recomputes the money (frozen afterwards). */
export const CORRECTABLE_SHIPPING_STATUSES = [2, 3, 4, 5] as const;

export type ShippingAction =
  | 'accept'
  | 'refuse'
  | 'cancel'
  | 'load'
  | 'depart'
  | 'unload'
  | 'sign'
  | 'audit'
  | 'void';

/**
 * Waybill steps only platform staff take (operations), with the weight correction: a customer or agent account
 * holding the button still may not. The server refuses them; the console does not offer them.
 */
export const STAFF_ONLY_NOTE_STEPS: ReadonlySet<string> = new Set([
  'accept',
  'refuse',
  'load',
  'depart',
  'unload',
  'audit',
  'void',
  'correct',
]);

/** The waybill state machine: every action, the states it may start from, and where it goes. */
export const SHIPPING_TRANSITIONS: Record<
  ShippingAction,
  { from: readonly number[]; to: number; label: string; en: string }
> = {
  accept: { from: [0], to: 1, label: '接单', en: 'Accept' },
  refuse: { from: [0], to: -3, label: '拒单', en: 'Refuse' },
  cancel: { from: [0, 1], to: -1, label: '取消', en: 'Cancel' },
  load: { from: [1], to: 2, label: '装货', en: 'Load' },
  depart: { from: [2], to: 3, label: '发车', en: 'Depart' },
  unload: { from: [3], to: 4, label: '卸货', en: 'Unload' },
  sign: { from: [4], to: 5, label: '签收', en: 'Sign' },
  audit: { from: [5], to: 6, label: '审核', en: 'Audit' },
  void: { from: [0, 1, 2, 3, 4, 5], to: -2, label: '作废', en: 'Void' },
};

export function canTransition(action: ShippingAction, status: number): boolean {
  return SHIPPING_TRANSITIONS[action].from.includes(status);
}

/** Pay states of a waybill's driver freight (pay_status dictionary, domain.md). */
export const PAY_STATUS = {
  unpaid: 0,
  prepaid: 1,
  advanced: 2,
  paying: 3,
  paid: 4,
  failed: 5,
  refunded: 6,
} as const;

/** "Still to pay the driver" (domain.md): the pay list and the settlement-due counters. */
export const UNPAID_PAY_STATUSES = [PAY_STATUS.unpaid, PAY_STATUS.prepaid, PAY_STATUS.failed] as const;

/**
 * Fees of an agent order (driver fee, agent commission and similar: what an agent earns is between the agent and the platform) that only system users and
 * the owning agent may see; everybody else gets '--' in the API response itself.
 */
export const AGENT_HIDDEN_FEES = [
  'driverFee',
  'driverFreightFen',
  'driverUnitPriceFen',
  'lossDeductionFen',
  'otherDeductionFen',
  'agentFee',
  'agentFeeValue',
  'serviceFee',
  'fuelCardFen',
  'etcFen',
  'prepayFen',
  'finalPayFen',
  'feeTotal',
] as const;

type Row = Record<string, unknown>;

/**
 * A note or order as a viewer may see it: the fee total (agentFee for mode 3, else customerFee),
 * agent-order fees masked, and the bill rule on the driver fee (hidden from non-system users when another
 * agent owns the record).
 */
export function presentFees(row: Row, viewer: FeeViewer): Row {
  return maskFees({ ...row }, viewer);
}

/**
 * presentFees on a row the caller owns (a copy made for this response): lists present every row of every
 * page, and one copy per row is all they can afford.
 */
export function maskFees(out: Row, viewer: FeeViewer): Row {
  const record = out as Row & AgentOrderLike & BillLike;
  const seesAgentFees = canSeeAgentOrderFees(record, viewer);
  const seesDriverFee = canSeeBillDriverFee(record, viewer);
  out.feeTotal = orderFeeTotal(record);
  if (!seesAgentFees) for (const field of AGENT_HIDDEN_FEES) if (field in out) out[field] = HIDDEN_FEE;
  if (!seesDriverFee && 'driverFee' in out) out.driverFee = HIDDEN_FEE;
  return out;
}

// ---- payloads -------------------------------------------------------------------------------------

const id = z.string().min(1).max(32);
const text = (max: number) => z.string().trim().max(max).nullish();
const fen = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数（分）`)
    .min(0, `${label}不能为负数`)
    .max(100_000_000_000, `${label}过大`);
const grams = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数（克）`)
    .min(1, `请输入${label}`)
    .max(200_000_000, `${label}不能超过200吨`);
/** China's extent (WGS-84, with a margin): a pin outside it is a mistake, not a place. */
export const CHINA_BOUNDS = { lng: [73, 136], lat: [3, 54] } as const;
/** A longitude or latitude, optional, inside China's extent. */
export const chinaCoordinate = (axis: 'lng' | 'lat', label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .min(CHINA_BOUNDS[axis][0], `${label}不在中国境内`)
    .max(CHINA_BOUNDS[axis][1], `${label}不在中国境内`)
    .nullish();
/** A mainland mobile (11 digits) or a landline with its area code (0512-68001234). */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?)$/;
const phone = (label: string) =>
  z
    .string()
    .trim()
    .max(20)
    .regex(PHONE_PATTERN, `${label}应为11位手机号或带区号的固定电话`)
    .nullish()
    .or(z.literal(''));

/** A date-time from a form ('YYYY-MM-DD HH:mm:ss' is China time, domain.md) or an ISO string. */
export const chinaDateTime = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(value.trim());
    return m ? `${m[1]}T${m[2] ?? '00:00:00'}+08:00` : value;
  },
  z.coerce.date({ error: '日期时间格式不正确' }),
);

const place = (prefix: 'load' | 'unload', label: string) => ({
  [`${prefix}Province`]: text(30),
  [`${prefix}City`]: z.string().trim().min(1, `请输入${label}城市`).max(30),
  [`${prefix}District`]: text(30),
  [`${prefix}AreaCode`]: z
    .string()
    .regex(/^\d{6,12}$/, `${label}行政区划代码应为6–12位数字`)
    .nullish()
    .or(z.literal('')),
  [`${prefix}Address`]: z.string().trim().min(1, `请输入${label}地址`).max(255),
  [`${prefix}Lng`]: chinaCoordinate('lng', `${label}经度`),
  [`${prefix}Lat`]: chinaCoordinate('lat', `${label}纬度`),
  [`${prefix}Contact`]: text(50),
  [`${prefix}Phone`]: phone(`${label}联系电话`),
  [`${prefix}WindowFrom`]: chinaDateTime.nullish(),
  [`${prefix}WindowTo`]: chinaDateTime.nullish(),
});

const orderFields = {
  /** Customer users (userType 2/6) always order for their own customer: the server sets it. */
  customerId: z.string().max(32).nullish(),
  orderMode: z.coerce.number().int().min(1).max(4).default(1),
  agentId: text(32),
  captainId: text(32),
  goodsName: z.string().trim().min(1, '请输入货物名称').max(100),
  cargoType: text(4),
  ...place('load', '装货'),
  ...place('unload', '卸货'),
  plannedWeightG: z.coerce
    .number({ error: '计划重量必须是数字' })
    .int('计划重量必须是整数（克）')
    .min(1, '请输入计划重量')
    .max(1_000_000_000_000, '计划重量不能超过100万吨'),
  validFrom: chinaDateTime.nullish(),
  validTo: chinaDateTime.nullish(),
  priceMode: z.coerce.number().int().min(1).max(2).default(1),
  driverUnitPriceFen: fen('司机运价').refine((v) => v > 0, '请输入司机运价'),
  settleWeightBasis: z.coerce.number().int().min(1).max(3).default(3),
  lossAllowanceMode: z.coerce.number().int().min(1).max(2).default(1),
  lossAllowanceValue: z.coerce.number().int().min(0).max(10_000_000).default(0),
  lossUnitPriceFen: fen('亏吨单价').default(0),
  lossDeductWhole: z.boolean().default(false),
  serviceFeeMode: z.coerce.number().int().min(1).max(4).nullish(),
  serviceFeeValue: z.coerce.number().int().min(0).max(100_000_000).nullish(),
  agentFeeMode: z.coerce.number().int().min(1).max(3).nullish(),
  agentFeeValue: z.coerce.number().int().min(0).max(100_000_000).nullish(),
  fuelCardMode: z.coerce.number().int().min(0).max(2).default(0),
  fuelCardValue: z.coerce.number().int().min(0).max(100_000_000).default(0),
  etcMode: z.coerce.number().int().min(0).max(2).default(0),
  etcValue: z.coerce.number().int().min(0).max(100_000_000).default(0),
  /** Who bears the matched ETC tolls: 0 deducted from the driver's freight, 1 paid by the platform. */
  etcRule: z.coerce.number().int().min(0).max(1).default(0),
  prepayMode: z.coerce.number().int().min(0).max(2).default(0),
  prepayValue: z.coerce.number().int().min(0).max(100_000_000).default(0),
  remark: text(500),
};

/**
 * Order fields only platform staff write: the service fee and the agent's commission. For everybody else the
 * server takes them from the customer's and the agent's rules (a shipper must not set its own fee to 0).
 * Fees, statuses, numbers, pay and report fields are not in the order body at all: the server computes them.
 */
export const ORDER_STAFF_FIELDS = [
  'serviceFeeMode',
  'serviceFeeValue',
  'agentFeeMode',
  'agentFeeValue',
  // Tolls the platform bears are its cost: only its staff choose it.
  'etcRule',
] as const;
type StaffField = (typeof ORDER_STAFF_FIELDS)[number];

type OrderCheck = Omit<z.infer<z.ZodObject<typeof orderFields>>, StaffField> &
  Partial<Pick<z.infer<z.ZodObject<typeof orderFields>>, StaffField>>;

/** Rules across fields of an order (add and edit alike). */
function checkOrder(v: OrderCheck, ctx: z.RefinementCtx): void {
  const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (v.orderMode === ORDER_MODE.agent && !v.agentId) fail('agentId', '经纪人订单必须选择经纪人');
  if (v.orderMode === ORDER_MODE.captain && !v.captainId) fail('captainId', '车队长订单必须选择车队长');
  if (v.validFrom && v.validTo && v.validFrom > v.validTo) fail('validTo', '有效期止不能早于有效期起');
  checkPlaces(v as unknown as Record<string, unknown>, fail);
  if (v.lossAllowanceMode === 2 && v.lossAllowanceValue > 1000)
    fail('lossAllowanceValue', '亏吨允差千分比不能超过1000‰');
  if (v.serviceFeeMode === 2 && (v.serviceFeeValue ?? 0) >= 10_000)
    fail('serviceFeeValue', '反算费率必须小于100%');
  for (const k of ['fuelCard', 'etc', 'prepay'] as const)
    if (v[`${k}Mode`] === 1 && v[`${k}Value`] > 10_000) fail(`${k}Value`, '比例不能超过100%');
  // A toll the platform bears is not also withheld from the driver as an ETC share.
  if (v.etcRule === 1 && v.etcMode !== 0) fail('etcRule', '平台承担ETC时，不能再设置司机运费中的ETC金额');
}

/**
 * A place's pin is both coordinates or none; each time window ends after it starts, and unloading does not
 * start before loading starts (orders and their notes alike).
 */
export function checkPlaces(v: Record<string, unknown>, fail: (path: string, message: string) => void): void {
  const time = (key: string) => (v[key] instanceof Date ? (v[key] as Date).getTime() : undefined);
  for (const [prefix, label] of [
    ['load', '装货'],
    ['unload', '卸货'],
  ] as const) {
    const lng = v[`${prefix}Lng`];
    const lat = v[`${prefix}Lat`];
    if ((lng === null || lng === undefined) !== (lat === null || lat === undefined))
      fail(`${prefix}Lng`, `${label}位置需要同时有经度和纬度`);
    const from = time(`${prefix}WindowFrom`);
    const to = time(`${prefix}WindowTo`);
    if (from !== undefined && to !== undefined && to <= from)
      fail(`${prefix}WindowTo`, `${label}时间窗的结束时间须晚于开始时间`);
  }
  const loadFrom = time('loadWindowFrom');
  const unloadFrom = time('unloadWindowFrom');
  const unloadTo = time('unloadWindowTo');
  if (loadFrom !== undefined && unloadFrom !== undefined && unloadFrom < loadFrom)
    fail('unloadWindowFrom', '卸货时间窗不能早于装货时间窗');
  else if (
    loadFrom !== undefined &&
    unloadFrom === undefined &&
    unloadTo !== undefined &&
    unloadTo <= loadFrom
  )
    fail('unloadWindowTo', '卸货时间窗不能早于装货时间窗');
}

export const orderShape = z.object(orderFields);
/** What platform staff may write on an order. */
export const orderBody = orderShape.superRefine(checkOrder);
export const orderUpdateBody = orderShape.extend({ id }).superRefine(checkOrder);
export type OrderBody = z.infer<typeof orderShape>;

const staffOnly = Object.fromEntries(ORDER_STAFF_FIELDS.map((f) => [f, true])) as Record<StaffField, true>;
/** What everybody else (customer staff and admins, agents, captains) may write on an order. */
export const partyOrderShape = orderShape.omit(staffOnly);
export const partyOrderBody = partyOrderShape.superRefine(checkOrder);
export const partyOrderUpdateBody = partyOrderShape.extend({ id }).superRefine(checkOrder);

/** The order body a user of this type may write (add, and with `id` edit). */
export function orderBodyFor(userType: number, mode: 'add' | 'edit') {
  const staff = userType === USER_TYPE.system;
  if (mode === 'add') return staff ? orderBody : partyOrderBody;
  return staff ? orderUpdateBody : partyOrderUpdateBody;
}

export const dispatchBody = z.object({
  orderId: id,
  driverId: z.string({ error: '请选择司机' }).min(1, '请选择司机').max(32),
  vehicleId: z.string({ error: '请选择车辆' }).min(1, '请选择车辆').max(32),
  plannedWeightG: grams('派单重量').optional(),
  otherDeductionFen: fen('其他扣款').optional(),
  remark: text(255),
});
export type DispatchBody = z.infer<typeof dispatchBody>;

export const noteIdBody = z.object({ id, remark: text(255) });
export const reasonBody = z.object({
  id,
  reason: requiredText('请填写原因', 255),
});
const photo = (label: string) => requiredText(`请上传${label}`, 255);
export const loadBody = z.object({ id, loadWeightG: grams('装货重量'), loadPhoto: photo('装货磅单') });
export const unloadBody = z.object({ id, unloadWeightG: grams('卸货重量'), unloadPhoto: photo('卸货磅单') });
export const signBody = z.object({ id, receiptPhoto: text(255), remark: text(255) });
export const correctBody = z
  .object({
    id,
    loadWeightG: grams('装货重量').optional(),
    unloadWeightG: grams('卸货重量').optional(),
    otherDeductionFen: fen('其他扣款').optional(),
    reason: requiredText('请填写修正原因', 255),
  })
  .refine(
    (v) => v.loadWeightG !== undefined || v.unloadWeightG !== undefined || v.otherDeductionFen !== undefined,
    { message: '请填写要修正的重量或扣款', path: ['loadWeightG'] },
  );

/** One GPS fix of a vehicle (WGS-84). */
export const trackPointBody = z
  .object({
    time: chinaDateTime,
    lng: z.coerce.number(),
    lat: z.coerce.number(),
    speed: z.coerce.number().min(0).max(300).nullish(),
    direction: z.coerce.number().min(0).max(360).nullish(),
  })
  .refine((p) => isValidCoordinate(p.lng, p.lat), { message: '坐标不正确', path: ['lng'] });

export const TRACK_BATCH_MAX = 5_000;
/** Header of the location ingest: the app key of a track source (driver app, positioning provider). */
export const TRACK_APP_KEY_HEADER = 'x-app-key';
/** Kinds of track source (hy_track_point.source): 1 driver app, 2 Beidou, 3 track provider. */
export const TRACK_SOURCE_KIND = { app: 1, beidou: 2, provider: 3 } as const;
export const trackSourceBody = z.object({
  name: requiredText('请输入来源名称', 50),
  kind: z.coerce.number().int().min(1).max(3).default(1),
  remark: text(255),
});
/** A track source's edit: its settings, and whether it may send (1) or not (0); its key is changed apart. */
export const trackSourceEditBody = trackSourceBody.extend({
  id,
  status: z.coerce.number().int().min(0).max(1).optional(),
});
/**
 * A batch of fixes of one vehicle, sent by a track source with its app key. Points may come out of order and
 * more than once: each vehicle and instant is stored once.
 */
export const trackIngestBody = z
  .object({
    vehicleId: z.string().max(32).optional(),
    plateNo: z.string().max(12).optional(),
    points: z
      .array(trackPointBody)
      .min(1, '没有轨迹点')
      .max(TRACK_BATCH_MAX, `一次最多上传${TRACK_BATCH_MAX}个点`),
  })
  .refine((v) => !!v.vehicleId || !!v.plateNo, { message: '请指定车辆', path: ['vehicleId'] });

/** A track window may span at most three days (a one-day query is the common case). */
export const TRACK_WINDOW_MAX_MS = 3 * 86_400_000;

export const trackQuery = z.object({
  noteId: z.string().max(32).optional(),
  /** A waybill number instead of its id (the map page's search box). */
  noteNo: z.string().trim().max(20).optional(),
  vehicleId: z.string().max(32).optional(),
  plateNo: z.string().max(12).optional(),
  begin: chinaDateTime.optional(),
  end: chinaDateTime.optional(),
  /** Douglas–Peucker tolerance in metres. */
  tolerance: z.coerce.number().min(0).max(1000).default(10),
});

export interface TrackResult {
  vehicleId: string;
  plateNo: string;
  begin: string;
  end: string;
  /** Points stored in the window. */
  rawCount: number;
  distanceM: number;
  /** Simplified line: [lng, lat, epoch ms, speed]. */
  points: Array<[number, number, number, number | null]>;
  stops: Array<{ lng: number; lat: number; start: number; end: number; minutes: number }>;
  note?: {
    id: string;
    shippingNoteNumber: string;
    loadLng: number | null;
    loadLat: number | null;
    unloadLng: number | null;
    unloadLat: number | null;
    loadAddress: string | null;
    unloadAddress: string | null;
  };
}

/** Complaint lifecycle (complaint_status dictionary): submitted → handling → resolved | closed. */
export const COMPLAINT_STATUS = { submitted: 0, handling: 1, resolved: 2, closed: 3 } as const;
export const COMPLAINT_TRANSITIONS = {
  handle: { from: [0], to: 1, label: '受理' },
  resolve: { from: [1], to: 2, label: '解决' },
  close: { from: [0, 1, 2], to: 3, label: '关闭' },
} as const;

export const complaintBody = z.object({
  noteId: z.string({ error: '请选择运单' }).min(1, '请选择运单').max(32),
  complainantRole: z.coerce.number().int().min(1).max(4).default(1),
  complainantName: z.string().trim().min(1, '请输入投诉人').max(50),
  respondentRole: z.coerce.number().int().min(1).max(4).default(2),
  respondentName: text(50),
  complaintType: z.coerce.number().int().min(1).max(5).default(1),
  content: z.string().trim().min(1, '请输入投诉内容').max(1000),
  images: text(255),
});
export const complaintActionBody = z.object({
  id,
  result: z.string().trim().max(500).optional(),
});

export const evaluationBody = z.object({
  noteId: z.string({ error: '请选择运单' }).min(1, '请选择运单').max(32),
  /** 1 shipper rates the driver, 2 platform rates the driver. */
  raterRole: z.coerce.number().int().min(1).max(2).default(1),
  punctuality: z.coerce.number().int().min(1, '评分为1–5分').max(5, '评分为1–5分'),
  service: z.coerce.number().int().min(1, '评分为1–5分').max(5, '评分为1–5分'),
  cargoSafety: z.coerce.number().int().min(1, '评分为1–5分').max(5, '评分为1–5分'),
  content: text(500),
  tags: text(100),
});

/** A driver's rating out of 100 from the average of their evaluations' scores (1–5 each). */
export function driverRating(
  scores: ReadonlyArray<{ punctuality: number; service: number; cargoSafety: number }>,
) {
  if (scores.length === 0) return 100;
  let sum = 0;
  for (const s of scores) sum += s.punctuality + s.service + s.cargoSafety;
  // average score out of 5 → out of 100, rounded half up
  return Math.round((sum * 100) / (scores.length * 3 * 5));
}
