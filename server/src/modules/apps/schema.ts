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

/** Business configuration the console reads at start (`/hyconfig/hyConfig/cfg`), typed (系统配置). */
export const hyConfig = pgTable(
  'hy_config',
  {
    tenantId: tenantIdColumn(),
    configKey: varchar('config_key', { length: 64 }).notNull(),
    /** string, number, boolean or json (dictionary `config_value_type`): how the value is checked. */
    valueType: varchar('value_type', { length: 10 }).notNull().default('string'),
    configValue: text('config_value').notNull().default(''),
    description: varchar('description', { length: 255 }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.configKey] })],
);
