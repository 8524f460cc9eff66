import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { piiHash, piiText } from '../../platform/crypto/piiColumn.ts';
import {
  auditedTable,
  linkTable,
  listIndex,
  logTable,
  tenantTable,
} from '../../platform/db/businessTable.ts';
import { createTimeColumn, fileRef, idRef, tstz } from '../../platform/db/columns.ts';
import {
  driverColumns,
  permitColumns,
  reviewStateColumns,
  ruleColumns,
  validityColumns,
} from '../../platform/db/freightColumns.ts';

/** Review columns shared by every counterparty (domain.md review state machine). */
const review = () => ({
  ...reviewStateColumns(),
  reviewedBy: varchar('reviewed_by', { length: 64 }),
  reviewedAt: tstz('reviewed_at'),
});

/** The captain whose fleet the driver or vehicle is in, and the agent (经纪人) who registered the record. */
const fleetColumns = () => ({
  captainId: idRef('captain_id'),
  /** Agents see and change only the records they registered. */
  agentId: idRef('agent_id'),
});

/** The person's ID-card number, kept encrypted, and the keyed hash derived from it (what lookups match on). */
const idCardColumns = () => ({
  idCard: piiText('id_card').notNull(),
  idCardHash: piiHash('id_card'),
});

/** Captains and agents list their own drivers and vehicles. */
const fleetIndexes = (table: string, t: { captainId: AnyPgColumn; agentId: AnyPgColumn }) => [
  index(`${table}_captain_idx`).on(t.captainId),
  index(`${table}_agent_idx`).on(t.agentId),
];

/** Put on the blacklist (e.g. for a confirmed risk violation): not dispatched any more. */
const blacklistColumns = () => ({
  blacklisted: boolean('blacklisted').notNull().default(false),
  blacklistReason: varchar('blacklist_reason', { length: 255 }),
});

export const hyDriver = tenantTable(
  'hy_driver',
  {
    driverName: varchar('driver_name', { length: 30 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    ...idCardColumns(),
    idCardFront: fileRef('id_card_front'),
    idCardBack: fileRef('id_card_back'),
    ...validityColumns('idCard'),
    drivingClass: varchar('driving_class', { length: 10 }),
    drivingIssuer: varchar('driving_issuer', { length: 100 }),
    drivingFileNo: varchar('driving_file_no', { length: 30 }),
    ...validityColumns('driving'),
    drivingImg: fileRef('driving_img'),
    ...permitColumns('qualification'),
    ...fleetColumns(),
    taxEntrusted: boolean('tax_entrusted').notNull().default(false),
    ...blacklistColumns(),
    score: integer('score').notNull().default(100),
    /** Last day the expiry job warned about a certificate ending within 30 days; one warning per day at most. */
    expiryWarnedOn: date('expiry_warned_on'),
    ...review(),
  },
  (t) => [
    uniqueIndex('hy_driver_id_card_uidx').on(t.tenantId, t.idCardHash),
    listIndex('hy_driver_state_idx', t, t.state),
    index('hy_driver_mobile_idx').on(t.mobile),
    ...fleetIndexes('hy_driver', t),
  ],
);

export const hyVehicle = tenantTable(
  'hy_vehicle',
  {
    plateNo: varchar('plate_no', { length: 12 }).notNull(),
    plateColor: varchar('plate_color', { length: 4 }).notNull().default('2'),
    vehicleType: varchar('vehicle_type', { length: 4 }),
    owner: varchar('owner', { length: 100 }),
    useCharacter: varchar('use_character', { length: 20 }),
    vin: varchar('vin', { length: 17 }),
    energyType: varchar('energy_type', { length: 2 }),
    /** kg */
    ratedLoadKg: integer('rated_load_kg'),
    grossMassKg: integer('gross_mass_kg'),
    licenseIssuer: varchar('license_issuer', { length: 100 }),
    registerDate: date('register_date'),
    issueDate: date('issue_date'),
    licenseValidTo: date('license_valid_to'),
    licenseImg: fileRef('license_img'),
    ...permitColumns('roadTransport'),
    trailerPlateNo: varchar('trailer_plate_no', { length: 12 }),
    /** 1 own, 2 affiliated, 3 leased. */
    ownership: smallint('ownership').notNull().default(1),
    /** 0 idle, 1 loading, 2 in transit, 3 unloading. */
    transportState: smallint('transport_state').notNull().default(0),
    ...fleetColumns(),
    expiryWarnedOn: date('expiry_warned_on'),
    ...blacklistColumns(),
    /** 入网: 0 not connected, 1 connected, 2 not required (light, not connected); null never checked. */
    netState: smallint('net_state'),
    /** Since when the national vehicle platform has the vehicle connected, as it answered. */
    netSince: tstz('net_since'),
    netCheckedAt: tstz('net_checked_at'),
    ...review(),
  },
  (t) => [
    uniqueIndex('hy_vehicle_plate_uidx').on(t.tenantId, t.plateNo, t.plateColor),
    listIndex('hy_vehicle_state_idx', t, t.state),
    ...fleetIndexes('hy_vehicle', t),
  ],
);

/** Drivers and vehicles bind many-to-many; one binding per driver is the default. */
export const hyDriverVehicle = linkTable(
  'hy_driver_vehicle',
  { driverId: 'driver_id', vehicleId: 'vehicle_id' },
  {
    reverseIndex: 'hy_driver_vehicle_vehicle_idx',
    columns: { isDefault: boolean('is_default').notNull().default(false), createTime: createTimeColumn() },
    indexes: (t) => [uniqueIndex('hy_driver_vehicle_default_uidx').on(t.driverId).where(sql`${t.isDefault}`)],
  },
);

export const hyCarrier = tenantTable(
  'hy_carrier',
  {
    carrierName: varchar('carrier_name', { length: 256 }).notNull(),
    /** 1 company, 2 licensed individual. */
    carrierType: smallint('carrier_type').notNull().default(1),
    creditCode: varchar('credit_code', { length: 18 }),
    permitNo: varchar('permit_no', { length: 50 }),
    permitValidTo: date('permit_valid_to'),
    legalPerson: varchar('legal_person', { length: 50 }),
    contactMobile: varchar('contact_mobile', { length: 11 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 40 }),
    ...review(),
  },
  (t) => [index('hy_carrier_state_idx').on(t.tenantId, t.state)],
);

export const hyCaptain = tenantTable(
  'hy_captain',
  {
    captainName: varchar('captain_name', { length: 30 }).notNull(),
    ...idCardColumns(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    ...ruleColumns('fee', 2),
    /** Signed collection agreement (代收运费协议) file path; required to collect for drivers. */
    collectionAgreement: fileRef('collection_agreement'),
    ...review(),
  },
  (t) => [index('hy_captain_state_idx').on(t.tenantId, t.state)],
);

export const hyDriverBank = tenantTable(
  'hy_driver_bank',
  {
    ...driverColumns(),
    cardNo: piiText('card_no').notNull(),
    cardNoHash: piiHash('card_no'),
    holderName: varchar('holder_name', { length: 30 }).notNull(),
    holderIdCard: piiText('holder_id_card').notNull(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    /** The bank's name when the card was saved (hy_bank), so a renamed or disabled bank leaves cards readable. */
    bankName: varchar('bank_name', { length: 60 }),
    branch: varchar('branch', { length: 100 }),
    reservedMobile: varchar('reserved_mobile', { length: 11 }),
    verified: boolean('verified').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    ...review(),
  },
  (t) => [
    index('hy_driver_bank_driver_idx').on(t.driverId),
    index('hy_driver_bank_state_idx').on(t.tenantId, t.state),
    uniqueIndex('hy_driver_bank_card_uidx').on(t.tenantId, t.driverId, t.cardNoHash),
    // One default card per driver, held by the database as well as by the write path.
    uniqueIndex('hy_driver_bank_default_uidx').on(t.driverId).where(sql`${t.isDefault}`),
  ],
);

/**
 * 代收运费协议: a driver of a captain's fleet lets the captain collect the freight. A card whose holder is the
 * captain, not the driver, is valid only while such an agreement is (domain.md driver bank card).
 */
export const hyCollectionAgreement = tenantTable(
  'hy_collection_agreement',
  {
    captainId: idRef('captain_id').notNull(),
    driverId: idRef('driver_id').notNull(),
    agreementNo: varchar('agreement_no', { length: 50 }),
    agreementImg: fileRef('agreement_img').notNull(),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
  },
  (t) => [
    uniqueIndex('hy_collection_agreement_uidx').on(t.captainId, t.driverId),
    index('hy_collection_agreement_driver_idx').on(t.driverId),
  ],
);

/** Every review decision: who, when, from, to, why (shown as a timeline on the detail drawer). */
export const hyReviewLog = logTable(
  'hy_review_log',
  {
    entity: varchar('entity', { length: 32 }).notNull(),
    entityId: idRef('entity_id').notNull(),
    fromState: smallint('from_state').notNull(),
    toState: smallint('to_state').notNull(),
    reason: text('reason'),
    operator: varchar('operator', { length: 64 }).notNull(),
  },
  (t) => [index('hy_review_log_entity_idx').on(t.entity, t.entityId, t.createTime)],
);

/** Banks a card can belong to (seeded with the national list; codes are the clearing bank codes). */
export const hyBank = auditedTable(
  'hy_bank',
  {
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    bankName: varchar('bank_name', { length: 60 }).notNull(),
    shortName: varchar('short_name', { length: 20 }),
    sortNo: integer('sort_no').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('hy_bank_code_uidx').on(t.bankCode)],
);
