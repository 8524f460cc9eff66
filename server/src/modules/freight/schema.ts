import { index, integer, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { piiHash, piiText } from '../../platform/crypto/piiColumn.ts';
import { linkTable, tenantTable } from '../../platform/db/businessTable.ts';
import { fenColumn, fileRef, idRef } from '../../platform/db/columns.ts';
import {
  customerColumns,
  invoiceTitleColumns,
  reviewStateColumns,
  ruleColumns,
  settleTermsColumns,
} from '../../platform/db/freightColumns.ts';

/** Shipper (货主). Money in integer fen, rates in basis points (domain.md). */
export const hyCustomer = tenantTable(
  'hy_customer',
  {
    customerName: varchar('customer_name', { length: 200 }).notNull(),
    /** 1 company, 2 individual. */
    customerType: smallint('customer_type').notNull().default(1),
    creditCode: varchar('credit_code', { length: 18 }),
    legalPerson: varchar('legal_person', { length: 50 }),
    licenseImg: fileRef('license_img'),
    contactName: varchar('contact_name', { length: 50 }),
    contactMobile: varchar('contact_mobile', { length: 20 }),
    address: varchar('address', { length: 255 }),
    ...settleTermsColumns(),
    creditLimitFen: fenColumn('credit_limit_fen'),
    /** 1 % of driver freight, 2 gross-up driver/(1−rate), 3 per tonne, 4 per trip (domain.md money rules). */
    serviceFeeMode: smallint('service_fee_mode').notNull().default(1),
    serviceRateBp: integer('service_rate_bp').notNull().default(0),
    /** Fen per tonne or per trip, for modes 3 and 4. */
    serviceFeeFen: fenColumn('service_fee_fen'),
    ...invoiceTitleColumns('invoice'),
    ...reviewStateColumns(),
    /** 1 normal, 2 frozen. */
    status: smallint('status').notNull().default(1),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('hy_customer_credit_code_uidx').on(t.tenantId, t.creditCode),
    index('hy_customer_state_idx').on(t.state),
  ],
);

/** A customer admin (userType 6) administers several customers. */
export const hyCustomerAdmin = linkTable('hy_customer_admin', {
  userId: 'user_id',
  customerId: 'customer_id',
});

/**
 * Customer staff (hyCustomerUser): one login (sys_user, userType 2 or 6) working for one customer. Adding a
 * row creates the login; name, mobile and status are kept on both rows.
 */
export const hyCustomerUser = tenantTable(
  'hy_customer_user',
  {
    ...customerColumns(),
    userId: idRef('user_id').notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 50 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    /** 2 customer staff, 6 customer admin. */
    userType: smallint('user_type').notNull().default(2),
    post: varchar('post', { length: 100 }),
    /** 1 normal, 2 frozen. */
    status: smallint('status').notNull().default(1),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('hy_customer_user_user_uidx').on(t.userId),
    index('hy_customer_user_customer_idx').on(t.tenantId, t.customerId),
  ],
);

/** Broker (经纪人). */
export const hyAgent = tenantTable(
  'hy_agent',
  {
    agentName: varchar('agent_name', { length: 50 }).notNull(),
    idCard: piiText('id_card'),
    idCardHash: piiHash('id_card'),
    mobile: varchar('mobile', { length: 20 }),
    // 1 per tonne, 2 per trip, 3 percent.
    ...ruleColumns('fee', 2),
    /** The card the agent's fee on agent orders is paid to (holder: the agent). */
    bankCode: varchar('bank_code', { length: 20 }),
    bankName: varchar('bank_name', { length: 60 }),
    cardNo: piiText('card_no'),
    ...reviewStateColumns(),
  },
  (t) => [index('hy_agent_state_idx').on(t.state)],
);
