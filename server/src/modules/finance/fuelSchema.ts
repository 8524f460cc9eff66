import { index, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { statementIndexes, tenantTable } from '../../platform/db/businessTable.ts';
import { fenColumn, idRef, matchStateColumn, requiredFenColumn, tstz } from '../../platform/db/columns.ts';
import { driverColumns, optionalDriverColumns, waybillColumns } from '../../platform/db/freightColumns.ts';

// 油卡管理: fuel cards held by drivers, the recharge lines a waybill's paid fuel share writes (the ledger moves
// the share to the provider's fuel-card account in the same transaction), and the provider's statement lines
// imported and matched to them. Amounts are integer fen.

/** A fuel card: number, provider, the driver holding it, the vehicle it fuels, state and running totals. */
export const finFuelCard = tenantTable(
  'fin_fuel_card',
  {
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    /** fuel_card_provider: 1 中国石化, 2 中国石油, 3 中国海油, 9 其他. */
    provider: smallint('provider').notNull(),
    ...driverColumns(50),
    vehicleId: idRef('vehicle_id'),
    plateNo: varchar('plate_no', { length: 12 }),
    /** fuel_card_state: 1 正常, 2 挂失, 3 停用. */
    state: smallint('state').notNull().default(1),
    /** Recharged by paid fuel shares. */
    rechargedFen: fenColumn('recharged_fen'),
    /** Spent at the pump, by the provider's statement. */
    consumedFen: fenColumn('consumed_fen'),
    balanceFen: fenColumn('balance_fen'),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('fin_fuel_card_no_uidx').on(t.tenantId, t.cardNo),
    index('fin_fuel_card_driver_idx').on(t.tenantId, t.driverId),
  ],
);

/** A recharge of a card by a waybill's paid fuel share, and its match to the provider's statement. */
export const finFuelRecharge = tenantTable(
  'fin_fuel_recharge',
  {
    cardId: idRef('card_id').notNull(),
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    provider: smallint('provider').notNull(),
    ...optionalDriverColumns(50),
    ...waybillColumns(32),
    customerId: idRef('customer_id'),
    amountFen: requiredFenColumn('amount_fen'),
    /** The ledger posting that moved the share (card_share). */
    postingId: idRef('posting_id'),
    payoutId: idRef('payout_id'),
    /** fuel_match_state: 0 未对账, 1 已对账. */
    matchState: matchStateColumn(),
    statementId: idRef('statement_id'),
    statementSerialNo: varchar('statement_serial_no', { length: 64 }),
  },
  (t) => [
    uniqueIndex('fin_fuel_recharge_note_uidx').on(t.noteId),
    index('fin_fuel_recharge_card_idx').on(t.tenantId, t.cardId, t.matchState),
  ],
);

/** A line of a provider's statement (recharge or consumption), matched to a recharge line or a card. */
export const finFuelStatement = tenantTable(
  'fin_fuel_statement',
  {
    serialNo: varchar('serial_no', { length: 64 }).notNull(),
    cardNo: varchar('card_no', { length: 32 }).notNull(),
    cardId: idRef('card_id'),
    tradeTime: tstz('trade_time').notNull(),
    /** fuel_trade_kind: 1 充值, 2 消费. */
    kind: smallint('kind').notNull(),
    amountFen: requiredFenColumn('amount_fen'),
    station: varchar('station', { length: 100 }),
    /** fuel_match_state: 0 未匹配, 1 已匹配. */
    matchState: matchStateColumn(),
    rechargeId: idRef('recharge_id'),
    shippingNoteNumber: varchar('shipping_note_number', { length: 32 }),
    importBatch: varchar('import_batch', { length: 32 }),
  },
  (t) => statementIndexes('fin_fuel_statement', t, t.serialNo, t.tradeTime),
);
