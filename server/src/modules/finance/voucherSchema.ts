import { index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/businessTable.ts';

/**
 * The account mapping of the accounting vouchers (凭证科目): which 科目 a ledger account (or an
 * invoice line) is booked to in the accounting system. One row per key and tenant, seeded with defaults.
 */
export const finVoucherAccount = tenantTable(
  'fin_voucher_account',
  {
    /** VOUCHER_ACCOUNT_KEYS: customer, driver, …, invoice_tax. */
    accountKey: varchar('account_key', { length: 32 }).notNull(),
    accountName: varchar('account_name', { length: 100 }).notNull(),
    subjectCode: varchar('subject_code', { length: 20 }).notNull(),
    subjectName: varchar('subject_name', { length: 100 }).notNull(),
    /** 辅助核算: none, customer, supplier. */
    auxiliary: varchar('auxiliary', { length: 10 }).notNull().default('none'),
    remark: varchar('remark', { length: 200 }),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [
    uniqueIndex('fin_voucher_account_key_uidx').on(t.tenantId, t.accountKey),
    index('fin_voucher_account_sort_idx').on(t.tenantId, t.sortNo),
  ],
);
