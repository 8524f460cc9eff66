// The shipping-note lists of spec §1 (issue 8 §3) are filtered views of one table. Each shows a few of a
// note's hundred columns: the console draws these columns and the server sends only what they and the row
// actions need, so a list page stays small. The detail drawer reads the whole record by id.

export const NOTE_VIEWS = [
  'main',
  'pay',
  'prepay',
  'advance',
  'contract',
  'audit',
  'history',
  'track',
  'daoda',
] as const;
export type NoteView = (typeof NOTE_VIEWS)[number];

/** The money a list shows (spec §5 fee total last). */
const MONEY = ['driverFee', 'customerFee', 'feeTotal'];
/** A weighed trip, as the lists that check weights (audit, arrivals) open. */
const WEIGHED_TRIP = [
  'shippingNoteNumber',
  'customerName',
  'driverName',
  'plateNo',
  'route',
  'loadWeightG',
  'unloadWeightG',
  'lossWeightG',
];

/** The columns each list shows, in order. `route` is the two cities; `feeTotal` is computed (spec §5). */
export const NOTE_VIEW_COLUMNS: Record<NoteView, readonly string[]> = {
  main: [
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
    'createTime',
  ],
  pay: [
    'shippingNoteNumber',
    'customerName',
    'driverName',
    'plateNo',
    'settleMode',
    'dueDate',
    'driverFee',
    'prepayFen',
    'finalPayFen',
    'customerFee',
    'payStatus',
    'auditTime',
  ],
  prepay: [
    'shippingNoteNumber',
    'status',
    'customerName',
    'driverName',
    'plateNo',
    'loadWeightG',
    'prepayFen',
    'driverFee',
    'payStatus',
    'loadTime',
  ],
  advance: [
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
  contract: [
    'contractNo',
    'shippingNoteNumber',
    'status',
    'customerName',
    'driverName',
    'plateNo',
    'route',
    'goodsName',
    'driverFee',
    'acceptTime',
  ],
  audit: [...WEIGHED_TRIP, 'lossDeductionFen', ...MONEY, 'signTime'],
  history: [
    'shippingNoteNumber',
    'status',
    'customerName',
    'driverName',
    'plateNo',
    'route',
    'customerFee',
    'closeReason',
    'createTime',
  ],
  track: ['shippingNoteNumber', 'status', 'driverName', 'plateNo', 'route', 'loadTime', 'unloadTime'],
  daoda: [...WEIGHED_TRIP, 'unloadTime'],
};

/**
 * What every listed note carries besides its view's columns: the step actions' forms and money summary,
 * the pickers' label, and the inputs of the spec §5 fee rule (which masks or totals the fees).
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

/** Stored columns behind a shown one. */
const STORED: Record<string, readonly string[]> = {
  route: ['loadCity', 'unloadCity', 'loadAddress', 'unloadAddress'],
  feeTotal: [],
};

/** The stored columns a view's list sends. */
export function noteListColumns(view: NoteView): string[] {
  const out = new Set(NOTE_ROW_COLUMNS);
  for (const column of NOTE_VIEW_COLUMNS[view])
    for (const stored of STORED[column] ?? [column]) out.add(stored);
  return [...out];
}
