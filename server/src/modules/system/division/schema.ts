import { index, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * Provinces (level 1), cities (2) and districts (3) with their six-digit division codes (GB/T 2260), which
 * order and waybill places carry for the regulator.
 */
export const sysDivision = pgTable(
  'sys_division',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    parentCode: varchar('parent_code', { length: 12 }),
    level: smallint('level').notNull(),
  },
  (t) => [index('sys_division_parent_idx').on(t.parentCode)],
);
