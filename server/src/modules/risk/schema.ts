import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { listIndex, tenantTable } from '../../platform/db/businessTable.ts';
import { actorColumns, decisionColumns, idRef, tstz } from '../../platform/db/columns.ts';
import {
  optionalCustomerColumns,
  optionalDriverColumns,
  optionalWaybillColumns,
  waybillColumns,
} from '../../platform/db/freightColumns.ts';

// Risk control: rule parameter sets, the warnings the rules raise, the violations confirmed from
// them, and one summary row per waybill with warnings (风控列表), kept in the warning's transaction.

/** A rule's parameters: the platform's (customer null) or one customer's; the catalog fills the rest. */
export const riskParam = tenantTable(
  'risk_param',
  {
    ruleType: varchar('rule_type', { length: 32 }).notNull(),
    ...optionalCustomerColumns(),
    /** 1 warning, 2 blocking. */
    severity: smallint('severity').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    params: jsonb('params').$type<Record<string, number>>().notNull().default({}),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [uniqueIndex('risk_param_rule_uq').on(t.tenantId, t.ruleType, sql`coalesce(${t.customerId}, '')`)],
);

export const riskWarning = tenantTable(
  'risk_warning',
  {
    ...optionalWaybillColumns(32),
    ruleType: varchar('rule_type', { length: 32 }).notNull(),
    severity: smallint('severity').notNull(),
    message: varchar('message', { length: 500 }).notNull(),
    /** open, confirmed, dismissed, escalated. */
    state: varchar('state', { length: 16 }).notNull().default('open'),
    /** One warning per note, rule and occurrence (a stop's start, a certificate): the job never repeats itself. */
    dedupeKey: varchar('dedupe_key', { length: 100 }).notNull(),
    ...optionalCustomerColumns(),
    ...optionalDriverColumns(50),
    vehicleId: idRef('vehicle_id'),
    plateNo: varchar('plate_no', { length: 20 }),
    /** The event or job that raised it (dispatch, load, unload, sign, job). */
    source: varchar('source', { length: 32 }),
    assignee: varchar('assignee', { length: 64 }),
    evidence: jsonb('evidence').$type<Record<string, unknown>>(),
    ...decisionColumns('handle'),
  },
  (t) => [
    uniqueIndex('risk_warning_dedupe_uq').on(t.tenantId, t.noteId, t.ruleType, t.dedupeKey),
    index('risk_warning_note_idx').on(t.noteId),
    listIndex('risk_warning_state_idx', t, t.state),
  ],
);

export const riskViolation = tenantTable(
  'risk_violation',
  {
    warningId: idRef('warning_id').notNull(),
    ...optionalWaybillColumns(32),
    ruleType: varchar('rule_type', { length: 32 }).notNull(),
    message: varchar('message', { length: 500 }).notNull(),
    customerName: varchar('customer_name', { length: 200 }),
    ...optionalDriverColumns(50),
    plateNo: varchar('plate_no', { length: 20 }),
    consequence: varchar('consequence', { length: 100 }).notNull(),
    reason: varchar('reason', { length: 255 }).notNull(),
    /** The carrier's captain (whose users are told of a deduction and may appeal it). */
    captainId: idRef('captain_id'),
    /**
     * The deduction under the carrier contract's clause: null none; notice (window open), appealed, due (appeal
     * refused, or window lapsed, to be posted), posted, cancelled (appeal accepted), failed (could not post).
     */
    deductionState: varchar('deduction_state', { length: 16 }),
    deductionFen: bigint('deduction_fen', { mode: 'number' }),
    contractNo: varchar('contract_no', { length: 40 }),
    penaltyPct: smallint('penalty_pct'),
    appealDeadline: tstz('appeal_deadline'),
    appealReason: varchar('appeal_reason', { length: 255 }),
    ...actorColumns('appeal'),
    ...decisionColumns('decide'),
    /** The finance adjustment that posted it, and why it could not be posted. */
    adjustNo: varchar('adjust_no', { length: 32 }),
    postedTime: tstz('posted_time'),
    deductionNote: varchar('deduction_note', { length: 255 }),
    /** Postings finance refused so far: the job tries a failed deduction again up to a bound. */
    deductionAttempts: smallint('deduction_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('risk_violation_warning_uq').on(t.warningId),
    index('risk_violation_deduction_idx').on(t.deductionState, t.appealDeadline),
  ],
);

/** 风控列表: a waybill's warnings summed up (rewritten with each warning raised or handled). */
export const riskNote = tenantTable(
  'risk_note',
  {
    ...waybillColumns(32),
    plateNo: varchar('plate_no', { length: 20 }),
    driverName: varchar('driver_name', { length: 50 }),
    customerName: varchar('customer_name', { length: 200 }),
    /** 1 while a blocking warning is unresolved (the note's pay and invoice are held). */
    riskStatus: smallint('risk_status').notNull().default(0),
    openCount: integer('open_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    score: integer('score').notNull().default(0),
    rules: varchar('rules', { length: 300 }),
    lastWarnTime: tstz('last_warn_time'),
  },
  (t) => [uniqueIndex('risk_note_note_uq').on(t.noteId)],
);
