import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../platform/db/rows.ts';
import { useTestApp } from '../test/harness.ts';
import { seedDemoAccounts, seedSystem } from './seed.ts';

const SEEDED_TABLES = [
  'sys_user',
  'sys_role',
  'sys_user_role',
  'sys_permission',
  'sys_role_permission',
  'sys_depart',
  'sys_dict',
  'sys_dict_item',
  'sys_quartz_job',
] as const;

describe('system seed', () => {
  const t = useTestApp();

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of SEEDED_TABLES) {
      const rows = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`),
      );
      out[table] = Number(rows[0].n);
    }
    return out;
  }

  it('is idempotent: seeding a seeded database again adds nothing and keeps every demo login', async () => {
    const before = await counts();
    for (const table of SEEDED_TABLES) expect(before[table], table).toBeGreaterThan(0);
    await seedSystem(t.db);
    await seedDemoAccounts(t.db);
    expect(await counts()).toEqual(before);
    for (const user of ['admin', 'operations01', 'shipper_admin', 'shipper', 'agent01'])
      expect(await t.login(user)).toBeTruthy();
  });

  it('seeds the known business paths into the menu', async () => {
    const rows = rowsOf<{ url: string }>(
      await t.db.execute(sql`select url from sys_permission where del_flag = 0`),
    );
    const urls = new Set(rows.map((r) => r.url));
    for (const path of [
      '/wlhy/hydriver/HyDriverList',
      '/wlhy/hyvehicle/HyVehicleList',
      '/customer/manager',
      '/shipping/list',
      '/plateform/cost/paylist',
      '/isps/userAnnouncement',
      '/dashboard/analysis',
    ])
      expect(urls.has(path), path).toBe(true);
  });
});
