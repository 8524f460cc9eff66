import { computeNoteMoney, SHIPPING_STATUS } from '@freight/contracts';
import { and, asc, between, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { moneyInputsOf } from '../../modules/freight/shippingMoney.ts';
import { hyOrder, hyShippingNote, hyTrackPoint } from '../../modules/freight/shippingSchema.ts';
import { useTestApp } from '../../test/harness.ts';
import { financeSeeder } from './finance.ts';
import { runDemoSeeders } from './index.ts';
import { partiesSeeder } from './parties.ts';
import { shippingSeeder } from './shipping.ts';

describe('demo orders and shipping notes', () => {
  const t = useTestApp();
  beforeAll(async () => {
    // The finance seeder pays (and so completes) the notes the demo shows completed.
    await runDemoSeeders(t.db, { seeders: [partiesSeeder, shippingSeeder, financeSeeder], orders: 14 });
  }, 300_000);

  it('has notes in every state, money by the rules, order quantities from the notes, once', async () => {
    const notes = await t.db.select().from(hyShippingNote).where(eq(hyShippingNote.createBy, 'demo'));
    const states = new Set(notes.map((n) => n.status));
    for (const s of Object.values(SHIPPING_STATUS)) expect(states.has(s), `state ${s}`).toBe(true);
    for (const n of notes) {
      expect(n.customerFee).toBe(n.driverFee + n.serviceFee + n.agentFee);
      if (n.status >= SHIPPING_STATUS.unloaded) {
        const again = computeNoteMoney(moneyInputsOf(n, n.otherDeductionFen), {
          loadWeightG: Number(n.loadWeightG),
          unloadWeightG: Number(n.unloadWeightG),
        });
        expect(again.driverFee).toBe(n.driverFee);
        expect(again.settleWeightG).toBe(n.settleWeightG);
      }
      if (n.status === SHIPPING_STATUS.audited) expect(n.dueDate).toBeTruthy();
    }
    // One active trip per vehicle.
    const active = notes.filter((n) => n.status >= 0 && n.status <= 3).map((n) => n.vehicleId);
    expect(new Set(active).size).toBe(active.length);

    const orders = await t.db.select().from(hyOrder).where(eq(hyOrder.createBy, 'demo'));
    for (const o of orders) {
      const own = notes.filter((n) => n.orderId === o.id);
      const live = own.filter((n) => n.status >= 0);
      expect(o.dispatchedWeightG).toBe(live.reduce((s, n) => s + n.plannedWeightG, 0));
      expect(o.dispatchedCount).toBe(live.length);
      expect(o.completedWeightG).toBe(
        own
          .filter((n) => n.status >= SHIPPING_STATUS.signed)
          .reduce((s, n) => s + Number(n.settleWeightG), 0),
      );
    }

    // A second run adds nothing.
    const again = await runDemoSeeders(t.db, { seeders: [shippingSeeder], orders: 14 });
    const after = await t.db.select().from(hyShippingNote).where(eq(hyShippingNote.createBy, 'demo'));
    expect(after).toHaveLength(notes.length);
    expect(again.rows.shipping).toBeDefined();
  });

  it('draws an unloaded note’s track between the two cities, between its load and unload', async () => {
    const [note] = await t.db
      .select()
      .from(hyShippingNote)
      .where(and(eq(hyShippingNote.createBy, 'demo'), eq(hyShippingNote.status, SHIPPING_STATUS.signed)))
      // The last week's tracks have a point a minute (older ones every five minutes).
      .orderBy(desc(hyShippingNote.createTime))
      .limit(1);
    const points = await t.db
      .select()
      .from(hyTrackPoint)
      .where(
        and(
          eq(hyTrackPoint.vehicleId, note.vehicleId),
          between(hyTrackPoint.gpsTime, note.loadTime as Date, note.unloadTime as Date),
        ),
      )
      .orderBy(asc(hyTrackPoint.gpsTime));
    expect(points.length).toBeGreaterThan(300);
    expect(points[0].lng).toBeCloseTo(118.91, 1);
    expect(points.at(-1)?.lng).toBeCloseTo(121.49, 1);
    expect(points.at(-1)?.lat).toBeCloseTo(31.4, 1);
  });
});
