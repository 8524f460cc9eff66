import { bigint, date, integer, smallint, varchar } from 'drizzle-orm/pg-core';
import { fenColumn, fileRef, idRef, prefixed } from './columns.ts';

// Column groups that many freight and money tables repeat with one meaning.

// The optional variants below override the required id; a property set again keeps its place, so the id
// column still comes first.

/** A party a row concerns (`driver`: driver_id, driver_name), its name kept beside the id so lists read without a join. */
const partyColumns = <TPrefix extends string>(prefix: TPrefix, nameLength: number) =>
  prefixed(prefix, (column) => ({
    id: idRef(`${column}_id`).notNull(),
    name: varchar(`${column}_name`, { length: nameLength }),
  }));

/** The customer (shipper) a row belongs to. */
export const customerColumns = () => partyColumns('customer', 200);

/** As customerColumns, for rows that may concern no customer (e.g. a platform-wide rule). */
export const optionalCustomerColumns = () => ({ ...customerColumns(), customerId: idRef('customer_id') });

/**
 * The agent and the captain a row falls to (those of its waybill, driver or vehicle): a resource scoped by
 * party shows an agent's or a captain's users only the rows that name them.
 */
export const agentCaptainColumns = () => ({
  agentId: idRef('agent_id'),
  captainId: idRef('captain_id'),
});

/** What the money rules compute for a waybill: the driver's fee, the platform's and agent's, and the customer's total. */
export const waybillFeeColumns = () => ({
  driverFee: fenColumn('driver_fee'),
  serviceFee: fenColumn('service_fee'),
  agentFee: fenColumn('agent_fee'),
  customerFee: fenColumn('customer_fee'),
});

/** How a customer settles its waybills: 1 per trip (趟结), 2 per approval (批结), 3 monthly (月结), and its days of credit. */
export const settleTermsColumns = () => ({
  settleMode: smallint('settle_mode').notNull().default(1),
  creditDays: integer('credit_days').notNull().default(0),
});

/** An invoice title (开票信息) as the tax service needs it: name, tax no., address, phone, bank and account. */
export const invoiceTitleColumns = <TPrefix extends string>(prefix: TPrefix) =>
  prefixed(prefix, (column) => ({
    title: varchar(`${column}_title`, { length: 200 }),
    taxNo: varchar(`${column}_tax_no`, { length: 30 }),
    address: varchar(`${column}_address`, { length: 255 }),
    phone: varchar(`${column}_phone`, { length: 30 }),
    bank: varchar(`${column}_bank`, { length: 100 }),
    account: varchar(`${column}_account`, { length: 40 }),
  }));

/**
 * A money rule's choice: how it computes (a mode code, `defaultMode` until chosen) and with what value (fen,
 * basis points or grams as the mode says, 0 until set).
 */
export const ruleColumns = <TPrefix extends string>(prefix: TPrefix, defaultMode: number) =>
  prefixed(prefix, (column) => ({
    mode: smallint(`${column}_mode`).notNull().default(defaultMode),
    value: bigint(`${column}_value`, { mode: 'number' }).notNull().default(0),
  }));

/** The days a certificate is valid from and to (`idCard`: id_card_valid_from, id_card_valid_to). */
export const validityColumns = <TPrefix extends string>(prefix: TPrefix) =>
  prefixed(prefix, (column) => ({
    validFrom: date(`${column}_valid_from`),
    validTo: date(`${column}_valid_to`),
  }));

/** A permit of a driver or vehicle: its number, the day it ends (watched by the expiry job) and its scan. */
export const permitColumns = <TPrefix extends string>(prefix: TPrefix) =>
  prefixed(prefix, (column) => ({
    no: varchar(`${column}_no`, { length: 30 }),
    validTo: date(`${column}_valid_to`),
    img: fileRef(`${column}_img`),
  }));

/**
 * The waybill (shipping note) a row is about, with its number kept beside the id. Most tables keep the number
 * in the regulator's 20 characters; `numberLength` 32 serves those made wider.
 */
export const waybillColumns = (numberLength: 20 | 32 = 20) => ({
  noteId: idRef('note_id').notNull(),
  shippingNoteNumber: varchar('shipping_note_number', { length: numberLength }),
});

/** As waybillColumns, for rows that may concern no waybill. */
export const optionalWaybillColumns = (numberLength: 20 | 32 = 20) => ({
  ...waybillColumns(numberLength),
  noteId: idRef('note_id'),
});

/** Where a counterparty's record stands in review (the review state machine), and why it was sent back. */
export const reviewStateColumns = () => ({
  /** 0 draft, 1 pending, 2 approved, 3 rejected, 4 expired. */
  state: smallint('state').notNull().default(1),
  rejectReason: varchar('reject_reason', { length: 255 }),
});

/** The driver a row concerns. */
export const driverColumns = (nameLength: 30 | 50 = 30) => partyColumns('driver', nameLength);

/** As driverColumns, for rows that may concern no driver. */
export const optionalDriverColumns = (nameLength: 30 | 50 = 30) => ({
  ...driverColumns(nameLength),
  driverId: idRef('driver_id'),
});
