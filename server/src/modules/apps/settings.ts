import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { hySetting } from './schema.ts';

/** Writes each setting (key → value) of the caller's tenant, adding the ones not stored yet. */
export async function saveSettings(
  db: DbOrTx,
  entries: Array<[string, string]>,
  username: string,
): Promise<void> {
  await db
    .insert(hySetting)
    .values(entries.map(([settingKey, settingValue]) => ({ settingKey, settingValue, createBy: username })))
    .onConflictDoUpdate({
      target: [hySetting.tenantId, hySetting.settingKey],
      set: { settingValue: sql`excluded.setting_value`, updateBy: username, updateTime: new Date() },
    });
}

/**
 * The value kept under `key` of `tenantId`: `made` is stored the first time and the stored one answered
 * ever after, also when two instances start at once.
 */
export async function keptSetting(
  db: DbOrTx,
  setting: { tenantId: number; key: string; description?: string },
  made: string,
): Promise<string> {
  const { tenantId, key, description } = setting;
  await db
    .insert(hySetting)
    .values({ tenantId, settingKey: key, settingValue: made, description })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: hySetting.settingValue })
    .from(hySetting)
    .where(ofTenant(hySetting, tenantId, eq(hySetting.settingKey, key)));
  return row.value;
}
