import { bigint, date, index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { idRef, requiredFenColumn, tenantIdColumn, tstz } from '../../platform/db/columns.ts';
import { agentCaptainColumns } from '../../platform/db/freightColumns.ts';

// Daily figures of the waybills: 统计分析, 经营看板 and the analysis KPIs read closed days from
// here and today (and any day changed since its build) live from the waybills. A job (re)builds closed days;
// no event's transaction writes a roll-up row: events only append to `stat_dirty_day` (a trigger, migration
// `statistics_daily_triggers`), so nothing contends on a hot row.

/** One row per tenant, China day of the waybill's creation and statistics grouping; counted waybills only. */
export const statNoteDaily = pgTable(
  'stat_note_daily',
  {
    tenantId: tenantIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    customerId: idRef('customer_id').notNull(),
    /** max(customer_name) of the group, as the live grouping labels it. */
    customerName: varchar('customer_name', { length: 200 }),
    ...agentCaptainColumns(),
    loadCity: varchar('load_city', { length: 30 }).notNull(),
    unloadCity: varchar('unload_city', { length: 30 }).notNull(),
    vehicleType: varchar('vehicle_type', { length: 4 }),
    waybills: integer('waybills').notNull(),
    /** Settle weight, else planned weight, in grams. */
    weightG: bigint('weight_g', { mode: 'number' }).notNull(),
    freightFen: requiredFenColumn('freight_fen'),
    serviceFeeFen: requiredFenColumn('service_fee_fen'),
    agentFeeFen: requiredFenColumn('agent_fee_fen'),
    driverFeeFen: requiredFenColumn('driver_fee_fen'),
    lossG: bigint('loss_g', { mode: 'number' }).notNull(),
    lossDeductionFen: requiredFenColumn('loss_deduction_fen'),
    arrived: integer('arrived').notNull(),
    onTime: integer('on_time').notNull(),
    /** Waybills with at least one risk warning. */
    flagged: integer('flagged').notNull(),
  },
  (t) => [
    index('stat_note_daily_day_idx').on(t.tenantId, t.day),
    index('stat_note_daily_customer_idx').on(t.tenantId, t.customerId, t.day),
    index('stat_note_daily_agent_idx').on(t.tenantId, t.agentId, t.day),
    index('stat_note_daily_captain_idx').on(t.tenantId, t.captainId, t.day),
  ],
);

/**
 * Days whose figures changed: appended by statement triggers on the waybills (and on the warnings, vehicle
 * types and order deadlines the figures read), consumed by the build. Append-only: no two events meet on a row.
 */
export const statDirtyDay = pgTable(
  'stat_dirty_day',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [index('stat_dirty_day_idx').on(t.tenantId, t.day)],
);

/** The build's state: one row (id 1); days up to `builtThrough` are in `stat_note_daily` unless dirty. */
export const statDailyState = pgTable('stat_daily_state', {
  id: smallint('id').primaryKey(),
  builtThrough: date('built_through', { mode: 'string' }),
  builtAt: tstz('built_at'),
});
