import { pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn } from '../../platform/db/columns.ts';

/** Platform settings (name, logos, footer, track switch, maps key) as key/value rows. */
export const hySetting = pgTable(
  'hy_setting',
  {
    tenantId: tenantIdColumn(),
    settingKey: varchar('setting_key', { length: 64 }).notNull(),
    settingValue: text('setting_value').notNull().default(''),
    description: varchar('description', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.settingKey] })],
);

/** Business configuration the console reads at start (`/hyconfig/hyConfig/cfg`). */
export const hyConfig = pgTable(
  'hy_config',
  {
    tenantId: tenantIdColumn(),
    configKey: varchar('config_key', { length: 64 }).notNull(),
    configValue: text('config_value').notNull().default(''),
    description: varchar('description', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.configKey] })],
);
