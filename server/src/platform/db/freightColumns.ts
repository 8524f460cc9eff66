import { bigint, smallint, varchar } from 'drizzle-orm/pg-core';
import { fenColumn, idRef } from './columns.ts';

// Column groups that many freight and money tables repeat with one meaning.

const customerNameColumn = () => varchar('customer_name', { length: 200 });

/** The customer (shipper) a row belongs to, with its name kept beside the id so lists read without a join. */
export const customerColumns = () => ({
  customerId: idRef('customer_id').notNull(),
  customerName: customerNameColumn(),
});

/** As customerColumns, for rows that may concern no customer (e.g. a platform-wide rule). */
export const optionalCustomerColumns = () => ({
  customerId: idRef('customer_id'),
  customerName: customerNameColumn(),
});

/** What the money rules compute for a waybill: the driver's fee, the platform's and agent's, and the customer's total. */
export const waybillFeeColumns = () => ({
  driverFee: fenColumn('driver_fee'),
  serviceFee: fenColumn('service_fee'),
  agentFee: fenColumn('agent_fee'),
  customerFee: fenColumn('customer_fee'),
});

type Prefixed<TPrefix extends string, TColumns> = {
  [K in keyof TColumns & string as `${TPrefix}${Capitalize<K>}`]: TColumns[K];
};

/** Renames `{ title, taxNo }` to `{ buyerTitle, buyerTaxNo }` for the prefix `buyer`. */
function prefixed<TPrefix extends string, TColumns extends object>(prefix: TPrefix, columns: TColumns) {
  const entries = Object.entries(columns).map(([key, column]) => [
    `${prefix}${key[0]?.toUpperCase()}${key.slice(1)}`,
    column,
  ]);
  return Object.fromEntries(entries) as Prefixed<TPrefix, TColumns>;
}

/**
 * An invoice title (开票信息) as the tax service needs it: name, tax no., address, phone, bank and account. The
 * prefix names both the properties and the columns (`buyer`: buyerTaxNo in buyer_tax_no).
 */
export const invoiceTitleColumns = <TPrefix extends string>(prefix: TPrefix) =>
  prefixed(prefix, {
    title: varchar(`${prefix}_title`, { length: 200 }),
    taxNo: varchar(`${prefix}_tax_no`, { length: 30 }),
    address: varchar(`${prefix}_address`, { length: 255 }),
    phone: varchar(`${prefix}_phone`, { length: 30 }),
    bank: varchar(`${prefix}_bank`, { length: 100 }),
    account: varchar(`${prefix}_account`, { length: 40 }),
  });

/**
 * A money rule's choice: how it computes (a mode code, `defaultMode` until chosen) and with what value (fen,
 * basis points or grams as the mode says, 0 until set). `fuelCard` gives fuelCardMode/fuelCardValue in
 * fuel_card_mode/fuel_card_value.
 */
export const ruleColumns = <TPrefix extends string>(prefix: TPrefix, defaultMode: number) => {
  const column = prefix.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return prefixed(prefix, {
    mode: smallint(`${column}_mode`).notNull().default(defaultMode),
    value: bigint(`${column}_value`, { mode: 'number' }).notNull().default(0),
  });
};

/**
 * The waybill (shipping note) a row is about, with its number kept beside the id. Older tables keep the
 * number in 32 characters, the rest in the regulator's 20.
 */
export const waybillColumns = (numberLength: 20 | 32 = 20) => ({
  noteId: idRef('note_id').notNull(),
  shippingNoteNumber: varchar('shipping_note_number', { length: numberLength }),
});

/** As waybillColumns, for rows that may concern no waybill. */
export const optionalWaybillColumns = (numberLength: 20 | 32 = 20) => ({
  noteId: idRef('note_id'),
  shippingNoteNumber: varchar('shipping_note_number', { length: numberLength }),
});
