import { TAX_BATCH_STATE, TAX_STATE } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { runDemoSeeders, seedDemoDataIfEmpty } from './index.ts';

describe('demo driver tax', () => {
  const t = useTestApp();

  it('collects the month of the paid waybills and sends half of its pending records in one batch', async () => {
    const summary = await seedDemoDataIfEmpty(t.db, { orders: 3 });
    expect(summary?.rows.driverTax).toMatchObject({ batches: 1 });
    const admin = await t.login('admin');
    const list = async (url: string) =>
      (await t.call(admin, { method: 'GET', url: `/jeecg-boot${url}?pageSize=200` })).json().result
        .records as Array<{
        state: number;
      }>;
    const records = await list('/plateform/tax/list');
    expect(records.length).toBe(summary?.rows.driverTax?.records);
    const states = new Set(records.map((r) => r.state));
    expect(states.has(TAX_STATE.accepted)).toBe(true);
    expect(states.has(TAX_STATE.pending)).toBe(true);
    const batches = await list('/report/tax/list');
    expect(batches).toHaveLength(1);
    expect([TAX_BATCH_STATE.accepted, TAX_BATCH_STATE.partlyFailed]).toContain(batches[0]?.state);
    // A second run leaves the collected month alone.
    await runDemoSeeders(t.db, { orders: 3 });
    expect(await list('/report/tax/list')).toHaveLength(1);
    expect(await list('/plateform/tax/list')).toHaveLength(records.length);
  }, 300_000);
});
