import { type FieldDecls, resource, storedColumnsOf, type ViewDecl } from '../resource.ts';
import { SETTLE_MODE } from '../rules/freightMoney.ts';
import {
  complaintBody,
  evaluationBody,
  PAY_STATUS,
  SHIPPING_STATUS,
  UNPAID_PAY_STATUSES,
} from '../shipping.ts';
import {
  createdAt,
  dictField,
  dictSearch,
  filterKey,
  longTextColumn,
  optionsSearch,
  serverNumber,
  sortedColumn,
} from './fields.ts';
import { newestFirst, shipperRecords } from './listPresets.ts';

// Waybills (运单) with their named lists, and the complaints and evaluations about them.

const S = SHIPPING_STATUS;

/**
 * The fields of a waybill the lists show, search and export (a note has a hundred columns: the detail drawer
 * reads the whole record). `route` is the two cities, `feeTotal` the fee total the server adds
 * (the agent's fee on agent orders, else the shipper's).
 */
const noteFields = {
  shippingNoteNumber: {
    label: ['运单号', 'Waybill no.'],
    search: true,
    sort: true,
    list: { fixed: 'left', width: 170, copyable: true },
  },
  serialNumber: { label: ['分段序号', 'Leg no.'], list: false },
  status: dictSearch(['运单状态', 'Status'], 'shipping_status', 96, { sort: true }),
  customerName: { label: ['货主', 'Shipper'], search: true, list: { width: 170, ellipsis: true } },
  driverName: { label: ['司机', 'Driver'], search: true, list: { width: 90 } },
  driverMobile: { label: ['司机手机', 'Driver mobile'], filter: true, list: false },
  plateNo: { label: ['车牌号', 'Plate'], search: true, list: { width: 100 } },
  route: {
    label: ['线路', 'Route'],
    // The addresses show on hover: the list sends them with the cities.
    from: ['loadCity', 'unloadCity', 'loadAddress', 'unloadAddress'],
    detail: false,
    list: { width: 150 },
  },
  loadCity: { label: ['装货城市', 'Loading city'], search: true, list: false },
  unloadCity: { label: ['卸货城市', 'Unloading city'], search: true, list: false },
  loadAddress: { label: ['装货地址', 'Loading address'], list: false },
  unloadAddress: { label: ['卸货地址', 'Unloading address'], list: false },
  // The order's time windows, copied at dispatch: what the driver is held to at each place.
  loadWindowFrom: { label: ['装货时间窗起', 'Loading from'], kind: 'datetime', list: false, form: false },
  loadWindowTo: { label: ['装货时间窗止', 'Loading until'], kind: 'datetime', list: false, form: false },
  unloadWindowFrom: { label: ['卸货时间窗起', 'Unloading from'], kind: 'datetime', list: false, form: false },
  unloadWindowTo: { label: ['卸货时间窗止', 'Unloading until'], kind: 'datetime', list: false, form: false },
  goodsName: { label: ['货物', 'Goods'], filter: true, list: { width: 90 } },
  orderNo: { label: ['货源单号', 'Order no.'], search: true, list: false },
  orderMode: dictSearch(['订单模式', 'Order mode'], 'order_mode', 100),
  settleMode: dictSearch(['结算方式', 'Settlement'], 'settle_mode', 80),
  plannedWeightG: { label: ['计划重量(吨)', 'Planned (t)'], kind: 'tonnes', list: false },
  loadWeightG: { label: ['装货重量(吨)', 'Loaded (t)'], kind: 'tonnes', sort: true, list: { width: 110 } },
  unloadWeightG: { label: ['卸货重量(吨)', 'Unloaded (t)'], kind: 'tonnes', list: { width: 110 } },
  settleWeightG: { label: ['结算重量(吨)', 'Settled (t)'], kind: 'tonnes', list: false },
  lossWeightG: { label: ['亏吨(吨)', 'Loss (t)'], kind: 'tonnes', list: { width: 90 } },
  driverUnitPriceFen: { label: ['司机运价(元)', 'Driver price'], kind: 'fen', list: false },
  driverFee: { label: ['司机运费(元)', 'Driver fee'], kind: 'fen', sort: true, list: { width: 110 } },
  customerFee: { label: ['货主运费(元)', 'Shipper fee'], kind: 'fen', sort: true, list: { width: 110 } },
  // The agent's fee on agent orders, else the shipper's.
  feeTotal: { label: ['费用合计', 'Fee total'], kind: 'fen', from: [], list: { width: 110 } },
  serviceFee: { label: ['服务费(元)', 'Service fee'], kind: 'fen', list: false },
  agentFee: { label: ['经纪人佣金(元)', 'Agent fee'], kind: 'fen', list: false },
  fuelCardFen: { label: ['油卡(元)', 'Fuel card'], kind: 'fen', list: false },
  etcFen: { label: ['ETC(元)', 'ETC'], kind: 'fen', list: false },
  prepayFen: { label: ['预付(元)', 'Prepay'], kind: 'fen', sort: true, list: { width: 100 } },
  finalPayFen: { label: ['尾款(元)', 'Final pay'], kind: 'fen', list: { width: 100 } },
  lossDeductionFen: { label: ['亏吨扣款(元)', 'Loss deduction'], kind: 'fen', list: { width: 100 } },
  payStatus: dictSearch(['支付状态', 'Payment'], 'pay_status', 90),
  invoiceStatus: dictSearch(['开票状态', 'Invoice'], 'note_invoice_status', 90),
  // Moved by the regulator outbox: due, sending, accepted, failed.
  reportStatus: dictSearch(['上报状态', 'Report'], 'report_status', 96, { tag: true }),
  fundReportStatus: dictField(['资金上报', 'Fund report'], 'report_status', {
    tag: true,
    filter: true,
    list: { width: 96 },
  }),
  contractNo: { label: ['合同编号', 'Contract no.'], filter: true, list: { width: 180 } },
  dueDate: sortedColumn(['结算到期日', 'Due date'], 'date', 110, { filter: true }),
  createTime: { label: ['派单时间', 'Dispatched'], kind: 'datetime', sort: true, search: 'range' },
  acceptTime: { label: ['接单时间', 'Accepted'], kind: 'datetime', filter: true, list: false },
  loadTime: { label: ['装货时间', 'Loaded at'], kind: 'datetime', sort: true, search: 'range' },
  unloadTime: { label: ['卸货时间', 'Unloaded at'], kind: 'datetime', sort: true, filter: true },
  signTime: { label: ['签收时间', 'Signed at'], kind: 'datetime', sort: true, filter: true },
  auditTime: { label: ['审核时间', 'Audited at'], kind: 'datetime', sort: true, search: 'range' },
  closeReason: longTextColumn(['取消/作废原因', 'Exit reason'], 160),
  // Keys other screens filter the notes by.
  orderId: filterKey(['货源', 'Order']),
  customerId: filterKey(['货主', 'Shipper']),
  driverId: filterKey(['司机', 'Driver']),
  vehicleId: filterKey(['车辆', 'Vehicle']),
  agentId: filterKey(['经纪人', 'Agent']),
  captainId: filterKey(['车队长', 'Captain']),
} as const satisfies FieldDecls;

type NoteField = keyof typeof noteFields;

/** Who a trip is for and who drives it, as most lists show them side by side. */
const TRIP_PARTIES = ['customerName', 'driverName', 'plateNo'] as const;
/** The money a list shows (the fee total last). */
const MONEY = ['driverFee', 'customerFee', 'feeTotal'] as const;
/** A weighed trip, as the lists that check weights (audit, arrivals) open. */
const WEIGHED_TRIP = [
  'shippingNoteNumber',
  ...TRIP_PARTIES,
  'route',
  'loadWeightG',
  'unloadWeightG',
  'lossWeightG',
] as const;
/** What every list searches by. */
const SEARCH = [
  'shippingNoteNumber',
  ...TRIP_PARTIES,
  'loadCity',
  'unloadCity',
  'status',
  'createTime',
] as const;
const SEARCH_BUT_STATUS = SEARCH.filter((name) => name !== 'status');
/** From loading until completed: the trip has a track, a prepay may be due. */
const ON_THE_ROAD = { gte: S.loaded, lte: S.completed };

/**
 * The waybill lists: each a view of the notes with its own menu and permission, fixed filter,
 * columns (in the declaration's order), search boxes and sort.
 */
const noteViews = {
  // Audited and still to pay the driver (the pay action arrives with the finance work).
  pay: {
    title: ['支付运单', 'Notes to pay'],
    permission: 'shipping:pay',
    where: { status: S.audited, payStatus: UNPAID_PAY_STATUSES },
    columns: [
      'shippingNoteNumber',
      ...TRIP_PARTIES,
      'settleMode',
      'dueDate',
      'driverFee',
      'prepayFen',
      'finalPayFen',
      'customerFee',
      'payStatus',
      'auditTime',
    ],
    search: [...SEARCH, 'state', 'payStatus', 'settleMode', 'auditTime'],
    defaultSort: { field: 'dueDate', order: 'asc' },
  },
  // A prepay share, from loading on.
  prepay: {
    title: ['预付运单', 'Prepayments'],
    permission: 'shipping:prepay',
    where: { prepayFen: { gt: 0 }, status: ON_THE_ROAD },
    columns: [
      'shippingNoteNumber',
      'status',
      ...TRIP_PARTIES,
      'loadWeightG',
      'prepayFen',
      'driverFee',
      'payStatus',
      'loadTime',
    ],
    search: [...SEARCH, 'payStatus', 'loadTime'],
  },
  // Advanced already, or audited notes of credit customers the platform may advance.
  advance: {
    title: ['垫付运单', 'Advances'],
    permission: 'shipping:advance',
    where: {},
    anyOf: [
      { payStatus: PAY_STATUS.advanced },
      {
        status: S.audited,
        payStatus: PAY_STATUS.unpaid,
        settleMode: [SETTLE_MODE.perApproval, SETTLE_MODE.monthly],
      },
    ],
    columns: [
      'shippingNoteNumber',
      'customerName',
      'settleMode',
      'dueDate',
      'driverName',
      'plateNo',
      'driverFee',
      'customerFee',
      'payStatus',
      'auditTime',
    ],
    search: [...SEARCH, 'payStatus', 'settleMode'],
  },
  // Signed, awaiting the operations audit.
  audit: {
    title: ['运单审核', 'Audit'],
    permission: 'shipping:audit',
    where: { status: S.signed },
    columns: [...WEIGHED_TRIP, 'lossDeductionFen', ...MONEY, 'signTime'],
    search: SEARCH_BUT_STATUS,
  },
  // Completed, cancelled, void and refused.
  history: {
    title: ['历史运单', 'History'],
    permission: 'shipping:history',
    where: { status: [S.completed, S.cancelled, S.void, S.refused] },
    columns: [
      'shippingNoteNumber',
      'status',
      ...TRIP_PARTIES,
      'route',
      'customerFee',
      'closeReason',
      'createTime',
    ],
    search: SEARCH,
  },
  // With a track (loaded on), played back on the map.
  track: {
    title: ['轨迹查询', 'Tracks'],
    permission: 'shipping:track',
    where: { status: ON_THE_ROAD },
    columns: ['shippingNoteNumber', 'status', 'driverName', 'plateNo', 'route', 'loadTime', 'unloadTime'],
    search: [...SEARCH, 'loadTime'],
    defaultSort: { field: 'loadTime', order: 'desc' },
  },
  // Arrivals (到达): unloaded, awaiting sign-off.
  daoda: {
    title: ['到达清单', 'Arrivals'],
    permission: 'shipping:daoda',
    where: { status: S.unloaded },
    columns: [...WEIGHED_TRIP, 'unloadTime'],
    search: SEARCH_BUT_STATUS,
    defaultSort: { field: 'unloadTime', order: 'desc' },
  },
} as const satisfies Record<string, ViewDecl<NoteField>>;

/** A waybill list: the notes' own or one of their views. */
export type NoteView = 'main' | keyof typeof noteViews;

/**
 * Waybills (运单): created by dispatch and changed only by their steps, never added, edited, imported or
 * deleted here (the law keeps them; a note is voided with a reason). Shippers, agents and captains see the
 * notes they are on.
 */
export const noteResource = resource({
  path: '/shipping/hyShippingNote',
  permission: 'shipping:note',
  title: ['运单列表', 'Shipping notes'],
  actions: ['export'],
  scope: { tenant: true, customer: 'customerId', agent: 'agentId', captain: 'captainId' },
  defaultSort: newestFirst,
  filters: {
    // `?state=1`: audited, unpaid and due, as the header counters count.
    state: {
      label: ['结算到期', 'Settlement due'],
      options: [{ value: '1', label: ['已到期未支付', 'Due and unpaid'] }],
    },
  },
  columns: [
    'shippingNoteNumber',
    'status',
    'customerName',
    'route',
    'driverName',
    'plateNo',
    'goodsName',
    'loadWeightG',
    'unloadWeightG',
    ...MONEY,
    'payStatus',
    'invoiceStatus',
    'reportStatus',
    'fundReportStatus',
    'createTime',
  ],
  fields: noteFields,
  views: noteViews,
});

/**
 * What every listed note carries besides its list's columns: the step actions' forms and money summary, the
 * pickers' label, and the inputs of the fee rule (agent's fee on agent orders, else shipper's; hidden as '--').
 */
const NOTE_ROW_COLUMNS = [
  'id',
  'shippingNoteNumber',
  'status',
  'driverName',
  'plateNo',
  'orderMode',
  'agentId',
  'customerId',
  'plannedWeightG',
  'loadWeightG',
  'unloadWeightG',
  'settleWeightG',
  'lossDeductionFen',
  'driverFee',
  'serviceFee',
  'agentFee',
  'customerFee',
];

/** The stored columns a waybill list sends: a page stays small though a note is wide. */
export function noteListColumns(view: NoteView): string[] {
  const shown = storedColumnsOf(noteResource, view === 'main' ? undefined : view);
  return [...new Set([...NOTE_ROW_COLUMNS, ...shown])];
}

/** Who complains or is complained about. */
const COMPLAINT_PARTIES = [
  { value: 1, label: ['货主', 'Shipper'] },
  { value: 2, label: ['司机', 'Driver'] },
  { value: 3, label: ['经纪人', 'Agent'] },
  { value: 4, label: ['平台', 'Platform'] },
] as const;

const COMPLAINT_TYPES = [
  { value: 1, label: ['服务态度', 'Service'] },
  { value: 2, label: ['运输延误', 'Delay'] },
  { value: 3, label: ['货物损坏', 'Cargo damage'] },
  { value: 4, label: ['费用争议', 'Fee dispute'] },
  { value: 5, label: ['其他', 'Other'] },
] as const;

/** The waybill a complaint or an evaluation is about: picked in the form, its number listed. */
const aboutNote = {
  noteId: {
    label: ['运单', 'Waybill'],
    required: true,
    filter: true,
    wide: true,
    list: false,
    detail: false,
    export: false,
  },
  shippingNoteNumber: {
    label: ['运单号', 'Waybill no.'],
    search: true,
    form: false,
    list: { width: 160 },
  },
} as const;

/** A 1–5 score of an evaluation. */
const rating = (label: readonly [string, string]) =>
  ({ label, kind: 'number', required: true, list: { width: 140 } }) as const;

/** Complaints: submitted → handling → resolved | closed, with handler and result. */
export const complaintResource = resource({
  path: '/shipping/hyComplaint',
  permission: 'shipping:complaint',
  title: ['投诉管理', 'Complaints'],
  ...shipperRecords,
  body: complaintBody,
  fields: {
    complaintNo: serverNumber(['投诉单号', 'No.'], { width: 150 }),
    noteId: aboutNote.noteId,
    shippingNoteNumber: aboutNote.shippingNoteNumber,
    complainantRole: {
      label: ['投诉方', 'Complainant'],
      kind: 'dict',
      options: COMPLAINT_PARTIES,
      filter: true,
      list: { width: 80 },
    },
    complainantName: {
      label: ['投诉人', 'Complainant name'],
      required: true,
      search: true,
      list: { width: 90 },
    },
    respondentRole: {
      label: ['被投诉方', 'Respondent'],
      kind: 'dict',
      options: COMPLAINT_PARTIES,
      list: false,
      export: false,
    },
    respondentName: { label: ['被投诉人', 'Respondent name'], filter: true, list: { width: 90 } },
    complaintType: optionsSearch(['投诉类型', 'Type'], COMPLAINT_TYPES, 90),
    content: {
      label: ['投诉内容', 'Content'],
      kind: 'textarea',
      required: true,
      list: { width: 220, ellipsis: true },
    },
    images: { label: ['图片', 'Image'], kind: 'image', biz: 'complaint', list: false },
    status: dictSearch(['状态', 'Status'], 'complaint_status', 80, { sort: true, form: false }),
    handler: { label: ['处理人', 'Handler'], form: false, filter: true, list: { width: 80 } },
    result: { label: ['处理结果', 'Result'], form: false, list: { width: 180, ellipsis: true } },
    customerId: { label: ['货主', 'Shipper'], internal: true },
    createTime: createdAt(['投诉时间', 'Submitted']),
  },
});

/**
 * Evaluations: scores of a signed waybill's driver (punctuality, service, cargo safety) feeding the
 * driver's rating. Kept as given: added or deleted, never edited.
 */
export const evaluationResource = resource({
  path: '/shipping/hyEvaluation',
  permission: 'shipping:evaluation',
  title: ['评价管理', 'Evaluations'],
  actions: ['add', 'delete', 'export'],
  scope: { tenant: true, customer: 'customerId' },
  defaultSort: newestFirst,
  body: evaluationBody,
  fields: {
    noteId: aboutNote.noteId,
    shippingNoteNumber: aboutNote.shippingNoteNumber,
    driverId: filterKey(['司机', 'Driver']),
    driverName: { label: ['司机', 'Driver'], search: true, form: false, list: { width: 90 } },
    raterRole: {
      label: ['评价方', 'Rater'],
      kind: 'dict',
      options: [
        { value: 1, label: ['货主', 'Shipper'] },
        { value: 2, label: ['平台', 'Platform'] },
      ],
      required: true,
      filter: true,
      list: { width: 80 },
    },
    punctuality: rating(['准时', 'Punctuality']),
    service: rating(['服务', 'Service']),
    cargoSafety: rating(['货物安全', 'Cargo safety']),
    // The average of the three ×100 (467 = 4.67).
    score: sortedColumn(['综合评分', 'Score'], 'number', 90, { form: false, filter: true }),
    content: { label: ['评价内容', 'Comment'], kind: 'textarea', list: { width: 200, ellipsis: true } },
    tags: { label: ['标签', 'Tags'], list: false, export: false },
    customerId: { label: ['货主', 'Shipper'], internal: true },
    createTime: createdAt(['评价时间', 'Rated at']),
  },
});
