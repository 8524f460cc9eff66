import { sql } from 'drizzle-orm';
import { boolean, integer, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { listIndex, tenantTable } from '../../platform/db/businessTable.ts';
import { fenColumn, idRef, tstz } from '../../platform/db/columns.ts';
import { customerColumns } from '../../platform/db/freightColumns.ts';

// 货运险: the policies bought for waybills and the premium rate table. Money in integer fen.

/** A waybill's cargo policy: bought before loading, cancelled (and refunded) before loading. */
export const insPolicy = tenantTable(
  'ins_policy',
  {
    policyNo: varchar('policy_no', { length: 50 }).notNull(),
    /** insurance_company dictionary (the regulator's code table). */
    insurerCode: varchar('insurer_code', { length: 20 }).notNull(),
    /** The insurer's id of the request (the idempotency key that bought it). */
    insurerRequestId: varchar('insurer_request_id', { length: 64 }).notNull(),
    noteId: idRef('note_id').notNull(),
    shippingNoteNumber: varchar('shipping_note_number', { length: 20 }).notNull(),
    ...customerColumns(),
    cargoType: varchar('cargo_type', { length: 10 }).notNull(),
    goodsName: varchar('goods_name', { length: 100 }),
    insuredValueFen: fenColumn('insured_value_fen'),
    /** Premium rate in 万分之 (basis points) as the rate table had it. */
    rateBp: integer('rate_bp').notNull(),
    premiumFen: fenColumn('premium_fen'),
    /** 1 insured, 2 cancelled (POLICY_STATE). */
    state: smallint('state').notNull().default(1),
    insureTime: tstz('insure_time').defaultNow().notNull(),
    premiumPostingId: idRef('premium_posting_id'),
    cancelTime: tstz('cancel_time'),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    refundPostingId: idRef('refund_posting_id'),
    /** The 货损理赔 adjustment reported on the policy (调账理赔). */
    claimAdjustNo: varchar('claim_adjust_no', { length: 32 }),
    claimFen: fenColumn('claim_fen'),
  },
  (t) => [
    // One policy in force per waybill; a cancelled one may be followed by a new one.
    uniqueIndex('ins_policy_note_insured_uidx').on(t.noteId).where(sql`state = 1`),
    uniqueIndex('ins_policy_no_uidx').on(t.insurerCode, t.policyNo),
    listIndex('ins_policy_list_idx', t),
    listIndex('ins_policy_customer_idx', t, t.customerId),
  ],
);

/** The premium rate of a cargo class (class 1900 其他 serves the classes without one). */
export const insRate = tenantTable(
  'ins_rate',
  {
    cargoType: varchar('cargo_type', { length: 10 }).notNull(),
    insurerCode: varchar('insurer_code', { length: 20 }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    minPremiumFen: fenColumn('min_premium_fen'),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 200 }),
  },
  (t) => [uniqueIndex('ins_rate_cargo_uidx').on(t.tenantId, t.cargoType)],
);
