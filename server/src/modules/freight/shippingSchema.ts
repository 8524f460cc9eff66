import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { listIndex, logTable, tenantTable } from '../../platform/db/businessTable.ts';
import {
  fenColumn,
  fileRef,
  idRef,
  lastWriteTimeColumn,
  prefixed,
  tenantIdColumn,
  tstz,
} from '../../platform/db/columns.ts';
import {
  agentCaptainColumns,
  customerColumns,
  driverColumns,
  optionalWaybillColumns,
  ruleColumns,
  settleTermsColumns,
  waybillColumns,
  waybillFeeColumns,
} from '../../platform/db/freightColumns.ts';
import { totalsFollow } from '../../platform/db/tableWrites.ts';

// Orders, shipping notes, their history, GPS tracks, complaints and evaluations. Money in
// integer fen (bigint), weights in integer grams, rates in basis points or per mille (domain.md units).

const grams = (name: string) => bigint(name, { mode: 'number' });

/** A loading or unloading place: names, 6–12 digit division code, address, WGS-84 point and contact. */
const placeColumns = <TPrefix extends string>(prefix: TPrefix) =>
  prefixed(prefix, (column) => ({
    province: varchar(`${column}_province`, { length: 30 }),
    city: varchar(`${column}_city`, { length: 30 }).notNull(),
    district: varchar(`${column}_district`, { length: 30 }),
    areaCode: varchar(`${column}_area_code`, { length: 12 }),
    address: varchar(`${column}_address`, { length: 255 }).notNull(),
    lng: doublePrecision(`${column}_lng`),
    lat: doublePrecision(`${column}_lat`),
    contact: varchar(`${column}_contact`, { length: 50 }),
    phone: varchar(`${column}_phone`, { length: 20 }),
  }));

/** Loading and unloading places, and when each takes the truck. */
const places = () => ({
  ...placeColumns('load'),
  ...placeColumns('unload'),
  /** When the place takes the truck (from–to), as the shipper agreed with the loading and unloading sites. */
  loadWindowFrom: tstz('load_window_from'),
  loadWindowTo: tstz('load_window_to'),
  unloadWindowFrom: tstz('unload_window_from'),
  unloadWindowTo: tstz('unload_window_to'),
});

/** The money rules' inputs: set on the order, snapshotted on every note dispatched from it. */
const moneyInputs = () => ({
  /** 1 per tonne, 2 per trip. */
  priceMode: smallint('price_mode').notNull().default(1),
  /** Fen per tonne or per trip. */
  driverUnitPriceFen: fenColumn('driver_unit_price_fen'),
  /** 1 load, 2 unload, 3 the smaller. */
  settleWeightBasis: smallint('settle_weight_basis').notNull().default(3),
  /** 1 fixed grams per vehicle, 2 per mille of the load. */
  lossAllowanceMode: smallint('loss_allowance_mode').notNull().default(1),
  lossAllowanceValue: integer('loss_allowance_value').notNull().default(0),
  lossUnitPriceFen: fenColumn('loss_unit_price_fen'),
  lossDeductWhole: boolean('loss_deduct_whole').notNull().default(false),
  // 1 percent, 2 gross-up, 3 per tonne, 4 per trip (from the customer unless the order says otherwise).
  ...ruleColumns('serviceFee', 1),
  // Agent commission on agent orders: 1 per tonne, 2 per trip, 3 percent.
  ...ruleColumns('agentFee', 2),
  // Shares of the driver fee: 0 none, 1 ratio (bp), 2 fixed (fen).
  ...ruleColumns('fuelCard', 0),
  ...ruleColumns('etc', 0),
  /** Who bears the matched ETC tolls (etc_rule): 0 deducted from the driver's freight, 1 the platform. */
  etcRule: smallint('etc_rule').notNull().default(0),
  ...ruleColumns('prepay', 0),
  // The customer's settlement terms.
  ...settleTermsColumns(),
});

export const hyOrder = tenantTable(
  'hy_order',
  {
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    ...customerColumns(),
    /** 1 public grab, 2 assigned, 3 agent order, 4 captain order. */
    orderMode: smallint('order_mode').notNull().default(1),
    ...agentCaptainColumns(),
    /** 0 draft, 1 published, 2 paused, 3 completed, 4 closed, 5 cancelled. */
    status: smallint('status').notNull().default(0),
    goodsName: varchar('goods_name', { length: 100 }).notNull(),
    cargoType: varchar('cargo_type', { length: 4 }),
    ...places(),
    /** Planned route distance in km: the map provider's, or the straight line × route_distance_factor. */
    plannedDistanceKm: doublePrecision('planned_distance_km'),
    plannedWeightG: grams('planned_weight_g').notNull(),
    /** Planned weight of the notes dispatched and not cancelled, refused or voided. */
    dispatchedWeightG: grams('dispatched_weight_g').notNull().default(0),
    /** Settle weight of the notes signed or later. */
    completedWeightG: grams('completed_weight_g').notNull().default(0),
    dispatchedCount: integer('dispatched_count').notNull().default(0),
    completedCount: integer('completed_count').notNull().default(0),
    validFrom: tstz('valid_from'),
    validTo: tstz('valid_to'),
    ...moneyInputs(),
    // The amounts the rules compute: on the order, the estimate for its planned weight.
    ...waybillFeeColumns(),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('hy_order_no_uidx').on(t.tenantId, t.orderNo),
    listIndex('hy_order_customer_idx', t, t.customerId, t.status),
    listIndex('hy_order_status_idx', t, t.status),
  ],
);

export const hyShippingNote = tenantTable(
  'hy_shipping_note',
  {
    /** ≤ 20 characters (regulator limit), from the `shipping_note_no` fill rule. */
    shippingNoteNumber: varchar('shipping_note_number', { length: 20 }).notNull(),
    /** XXYY: vehicle index within the order, leg index of that vehicle ('0000' one order one vehicle). */
    serialNumber: varchar('serial_number', { length: 4 }).notNull().default('0000'),
    orderId: idRef('order_id').notNull(),
    orderNo: varchar('order_no', { length: 32 }),
    orderMode: smallint('order_mode').notNull().default(1),
    ...customerColumns(),
    ...driverColumns(),
    driverMobile: varchar('driver_mobile', { length: 11 }),
    vehicleId: idRef('vehicle_id').notNull(),
    plateNo: varchar('plate_no', { length: 12 }),
    ...agentCaptainColumns(),
    carrierId: idRef('carrier_id'),
    goodsName: varchar('goods_name', { length: 100 }),
    cargoType: varchar('cargo_type', { length: 4 }),
    ...places(),
    /** Lifecycle: 0 dispatched … 7 completed; -1 cancelled, -2 void, -3 refused (shipping_status). */
    status: smallint('status').notNull().default(0),
    payStatus: smallint('pay_status').notNull().default(0),
    invoiceStatus: smallint('invoice_status').notNull().default(0),
    reportStatus: smallint('report_status').notNull().default(0),
    /** Fund-flow report, tax (代开/完税) and risk states: set by the finance, tax and risk work. */
    fundReportStatus: smallint('fund_report_status').notNull().default(0),
    taxStatus: smallint('tax_status').notNull().default(0),
    riskStatus: smallint('risk_status').notNull().default(0),
    plannedWeightG: grams('planned_weight_g').notNull(),
    loadWeightG: grams('load_weight_g'),
    loadPhoto: fileRef('load_photo'),
    unloadWeightG: grams('unload_weight_g'),
    unloadPhoto: fileRef('unload_photo'),
    receiptPhoto: fileRef('receipt_photo'),
    ...moneyInputs(),
    otherDeductionFen: fenColumn('other_deduction_fen'),
    // computed by the money rules, recomputed on weight changes until audit, frozen afterwards
    settleWeightG: grams('settle_weight_g'),
    lossWeightG: grams('loss_weight_g'),
    lossAllowanceG: grams('loss_allowance_g'),
    lossDeductionFen: fenColumn('loss_deduction_fen'),
    driverFreightFen: fenColumn('driver_freight_fen'),
    ...waybillFeeColumns(),
    fuelCardFen: fenColumn('fuel_card_fen'),
    etcFen: fenColumn('etc_fen'),
    prepayFen: fenColumn('prepay_fen'),
    finalPayFen: fenColumn('final_pay_fen'),
    /** Transport contract formed when the driver accepts. */
    contractNo: varchar('contract_no', { length: 32 }),
    dispatchTime: tstz('dispatch_time').defaultNow().notNull(),
    acceptTime: tstz('accept_time'),
    loadTime: tstz('load_time'),
    departTime: tstz('depart_time'),
    unloadTime: tstz('unload_time'),
    signTime: tstz('sign_time'),
    auditTime: tstz('audit_time'),
    auditBy: varchar('audit_by', { length: 64 }),
    completeTime: tstz('complete_time'),
    closeTime: tstz('close_time'),
    /** Reason of a cancel, void or refusal. */
    closeReason: varchar('close_reason', { length: 255 }),
    /** Settlement due day (China time), set at audit from the settle mode and credit days. */
    dueDate: date('due_date'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('hy_shipping_note_no_uidx').on(t.tenantId, t.shippingNoteNumber),
    // List of a customer's notes in a state, newest first (the bench's query), with the total counted
    // from the same index.
    index('hy_shipping_note_customer_idx').on(t.tenantId, t.customerId, t.status, t.createTime, t.id),
    index('hy_shipping_note_status_idx').on(t.tenantId, t.status, t.createTime, t.id),
    index('hy_shipping_note_time_idx').on(t.tenantId, t.createTime, t.id),
    index('hy_shipping_note_order_idx').on(t.orderId),
    index('hy_shipping_note_driver_idx').on(t.driverId, t.createTime),
    index('hy_shipping_note_vehicle_idx').on(t.vehicleId, t.createTime),
    // ETC matching: a vehicle's latest trip loaded before a toll passage (one index probe per record).
    index('hy_shipping_note_vehicle_load_idx').on(t.vehicleId, t.loadTime),
    // Settlement-due counters: audited notes by due day.
    index('hy_shipping_note_due_idx').on(t.tenantId, t.settleMode, t.dueDate).where(sql`status = 6`),
    // One active trip per vehicle and per driver, enforced by the database under any concurrency.
    uniqueIndex('hy_shipping_note_active_vehicle_uidx').on(t.vehicleId).where(sql`status between 0 and 3`),
    uniqueIndex('hy_shipping_note_active_driver_uidx').on(t.driverId).where(sql`status between 0 and 3`),
  ],
);

/** Every step of a note: who, when, from which state to which, with the step's data (weights, reason). */
// An order's dispatched and completed figures (and its auto-completion) are recounted from its notes.
totalsFollow(hyOrder, hyShippingNote);

export const hyShippingNoteHistory = logTable(
  'hy_shipping_note_history',
  {
    noteId: idRef('note_id').notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    operator: varchar('operator', { length: 64 }).notNull(),
    remark: varchar('remark', { length: 255 }),
    data: jsonb('data'),
  },
  (t) => [index('hy_shipping_note_history_note_idx').on(t.noteId, t.createTime)],
);

/** GPS fixes per vehicle; the key makes ingestion idempotent by vehicle + time. */
export const hyTrackPoint = pgTable(
  'hy_track_point',
  {
    vehicleId: idRef('vehicle_id').notNull(),
    gpsTime: tstz('gps_time').notNull(),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    /** km/h */
    speed: smallint('speed'),
    direction: smallint('direction'),
    /** 1 app, 2 Beidou, 3 track provider. */
    source: smallint('source').notNull().default(1),
    /** The track source (hy_track_source) that sent it; null for points written by the demo seed. */
    sourceId: idRef('source_id'),
    /** The vehicle's active waybill when the point arrived. */
    noteId: idRef('note_id'),
    tenantId: tenantIdColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.gpsTime] }),
    index('hy_track_point_note_idx').on(t.noteId, t.gpsTime),
  ],
);

/**
 * The latest fix of every vehicle that has reported, with the waybill it is on and that waybill's parties
 * (who may see it): written by the ingest and by the waybill steps, read by the live map.
 */
export const hyVehiclePosition = pgTable(
  'hy_vehicle_position',
  {
    vehicleId: idRef('vehicle_id').primaryKey(),
    tenantId: tenantIdColumn(),
    plateNo: varchar('plate_no', { length: 12 }),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    speed: smallint('speed'),
    direction: smallint('direction'),
    gpsTime: tstz('gps_time').notNull(),
    source: smallint('source').notNull().default(1),
    ...optionalWaybillColumns(),
    noteStatus: smallint('note_status'),
    driverName: varchar('driver_name', { length: 32 }),
    customerId: idRef('customer_id'),
    ...agentCaptainColumns(),
    updateTime: lastWriteTimeColumn(),
  },
  (t) => [
    index('hy_vehicle_position_tenant_time_idx').on(t.tenantId, t.gpsTime),
    index('hy_vehicle_position_customer_idx').on(t.customerId),
    index('hy_vehicle_position_agent_idx').on(t.agentId),
    index('hy_vehicle_position_captain_idx').on(t.captainId),
  ],
);

/**
 * Who may send track points: a driver app or a positioning provider, each with its own app key. Only the
 * SHA-256 of the key is kept (a random 32-byte key needs no slow hash); the key is shown once when made.
 */
export const hyTrackSource = tenantTable(
  'hy_track_source',
  {
    name: varchar('name', { length: 50 }).notNull(),
    /** 1 driver app, 2 Beidou, 3 track provider (the points' `source`). */
    kind: smallint('kind').notNull().default(1),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    /** The key's last four characters, to tell keys apart on the screen. */
    keyHint: varchar('key_hint', { length: 8 }).notNull(),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    lastUsedAt: tstz('last_used_at'),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [uniqueIndex('hy_track_source_key_uidx').on(t.keyHash)],
);

export const hyComplaint = tenantTable(
  'hy_complaint',
  {
    complaintNo: varchar('complaint_no', { length: 32 }).notNull(),
    ...waybillColumns(),
    customerId: idRef('customer_id'),
    /** 1 shipper, 2 driver, 3 agent, 4 platform. */
    complainantRole: smallint('complainant_role').notNull().default(1),
    complainantName: varchar('complainant_name', { length: 50 }).notNull(),
    respondentRole: smallint('respondent_role').notNull().default(2),
    respondentName: varchar('respondent_name', { length: 50 }),
    /** 1 service, 2 delay, 3 cargo damage, 4 fee dispute, 5 other. */
    complaintType: smallint('complaint_type').notNull().default(1),
    content: text('content').notNull(),
    images: varchar('images', { length: 255 }),
    /** 0 submitted, 1 handling, 2 resolved, 3 closed (complaint_status). */
    status: smallint('status').notNull().default(0),
    handler: varchar('handler', { length: 64 }),
    handleTime: tstz('handle_time'),
    result: text('result'),
    closeTime: tstz('close_time'),
  },
  (t) => [
    uniqueIndex('hy_complaint_no_uidx').on(t.tenantId, t.complaintNo),
    listIndex('hy_complaint_status_idx', t, t.status),
    index('hy_complaint_note_idx').on(t.noteId),
  ],
);

export const hyEvaluation = tenantTable(
  'hy_evaluation',
  {
    ...waybillColumns(),
    customerId: idRef('customer_id'),
    ...driverColumns(),
    /** 1 shipper, 2 platform. */
    raterRole: smallint('rater_role').notNull().default(1),
    punctuality: smallint('punctuality').notNull(),
    service: smallint('service').notNull(),
    cargoSafety: smallint('cargo_safety').notNull(),
    /** Average of the three, ×100 (e.g. 467 = 4.67). */
    score: integer('score').notNull(),
    content: varchar('content', { length: 500 }),
    tags: varchar('tags', { length: 100 }),
  },
  (t) => [
    uniqueIndex('hy_evaluation_note_rater_uidx').on(t.noteId, t.raterRole),
    index('hy_evaluation_driver_idx').on(t.driverId),
    listIndex('hy_evaluation_time_idx', t),
  ],
);
