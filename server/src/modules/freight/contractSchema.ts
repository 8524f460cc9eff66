import { boolean, date, index, integer, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/businessTable.ts';
import { bytea, fenColumn, idRef, tstz } from '../../platform/db/columns.ts';
import { optionalCustomerColumns, optionalWaybillColumns } from '../../platform/db/freightColumns.ts';

// Electronic transport contracts (电子运输合同): the platform's framework contract with a shipper (one per
// customer and period) and its contract with the actual carrier of each waybill, made from versioned templates
// and signed through the e-signature adapter.

/** A contract template: one kind (carrier | shipper), numbered versions, one of them active. */
export const hyContractTemplate = tenantTable(
  'hy_contract_template',
  {
    /** carrier (承运合同, per waybill) | shipper (托运框架合同, per customer and period). */
    kind: varchar('kind', { length: 16 }).notNull(),
    version: integer('version').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    /** The clauses, with `{{placeholder}}` fields filled from the waybill or the customer. */
    body: text('body').notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * The violation clause: a confirmed violation of the carrier may be deducted this percentage of the
     * driver's freight (after notice and an appeal window). Null: the template has no such clause.
     */
    penaltyPct: smallint('penalty_pct'),
  },
  (t) => [uniqueIndex('hy_contract_template_version_uidx').on(t.tenantId, t.kind, t.version)],
);

/** A transport contract, its PDF, digest and signature (contract_state: 0 draft, 1 signed, 2 void). */
export const hyTransportContract = tenantTable(
  'hy_transport_contract',
  {
    contractNo: varchar('contract_no', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    // The waybill of a carrier contract.
    ...optionalWaybillColumns(32),
    // The shipper of a framework contract, and the waybill's shipper (for the shipper's own list).
    ...optionalCustomerColumns(),
    /** The framework contract's period. */
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    templateId: idRef('template_id'),
    templateVersion: integer('template_version').notNull(),
    /** 甲方: the platform. */
    partyA: varchar('party_a', { length: 200 }).notNull(),
    /** 乙方: the carrier (driver) or the shipper. */
    partyB: varchar('party_b', { length: 200 }).notNull(),
    partyBId: idRef('party_b_id'),
    goodsName: varchar('goods_name', { length: 100 }),
    route: varchar('route', { length: 200 }),
    freightFen: fenColumn('freight_fen'),
    /** The violation clause signed with it (copied from the template): percent of the freight; null: none. */
    penaltyPct: smallint('penalty_pct'),
    /** The signed PDF itself: kept in the contract's row, written in the signing transaction. */
    pdf: bytea('pdf'),
    /** sha256 of the PDF, hex. */
    digest: varchar('digest', { length: 64 }),
    state: smallint('state').notNull().default(0),
    signTime: tstz('sign_time'),
    /** Who signed for 乙方 (the driver's or the shipper's name). */
    signer: varchar('signer', { length: 100 }),
    /** The console user who accepted on the driver's behalf (empty when the party signed itself). */
    signedBy: varchar('signed_by', { length: 64 }),
    /** The CA's signature of the digest and the key it was made with. */
    signature: text('signature'),
    signKeyId: varchar('sign_key_id', { length: 64 }),
    caName: varchar('ca_name', { length: 64 }),
  },
  (t) => [
    uniqueIndex('hy_transport_contract_no_uidx').on(t.contractNo),
    uniqueIndex('hy_transport_contract_note_uidx').on(t.noteId),
    index('hy_transport_contract_customer_idx').on(t.customerId, t.periodFrom),
  ],
);
