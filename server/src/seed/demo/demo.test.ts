import {
  agentBody,
  captainBody,
  carrierBody,
  customerBody,
  driverBody,
  isBankCardNumber,
  isResidentId,
  REVIEW_STATE,
  vehicleBody,
} from '@freight/contracts';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  hyCaptain,
  hyCarrier,
  hyCollectionAgreement,
  hyDriver,
  hyDriverBank,
  hyDriverVehicle,
  hyVehicle,
} from '../../modules/freight/partySchema.ts';
import { hyAgent, hyCustomer, hyCustomerUser } from '../../modules/freight/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { DIVISIONS } from './divisions.ts';
import { runDemoSeeders, seedDemoDataIfEmpty } from './index.ts';
import { PARTIES_PER_SCALE, partiesSeeder } from './parties.ts';

// The parties only: the notes go through the product's services and have their own test (shipping.test.ts).
const seeders = [partiesSeeder];

/** Drops keys whose value is null, as a form would send them. */
const present = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== undefined));

describe('demo data generator', () => {
  const t = useTestApp();

  it('seeds every party with identifiers the forms and the server accept, once', async () => {
    const first = await seedDemoDataIfEmpty(t.db, { seeders });
    expect(first?.rows.parties?.drivers).toBe(PARTIES_PER_SCALE.drivers);
    expect(await seedDemoDataIfEmpty(t.db, { seeders })).toBeNull();

    const drivers = await t.db.select().from(hyDriver);
    expect(drivers).toHaveLength(PARTIES_PER_SCALE.drivers);
    const codes = new Set(DIVISIONS.map((d) => d.code));
    for (const d of drivers) {
      const parsed = driverBody.safeParse(present(d));
      expect(parsed.success, `${d.driverName} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(codes.has(d.idCard.slice(0, 6))).toBe(true);
    }
    expect(new Set(drivers.map((d) => d.idCard)).size).toBe(drivers.length);
    expect(new Set(drivers.map((d) => d.mobile)).size).toBe(drivers.length);
    // Every review state is there, and pending ones for the header's counter.
    const states = new Set(drivers.map((d) => d.state));
    for (const s of [REVIEW_STATE.approved, REVIEW_STATE.pending, REVIEW_STATE.rejected])
      expect(states.has(s)).toBe(true);
    expect(drivers.filter((d) => d.state === REVIEW_STATE.rejected).every((d) => !!d.rejectReason)).toBe(
      true,
    );

    for (const v of await t.db.select().from(hyVehicle)) {
      const parsed = vehicleBody.safeParse(present(v));
      expect(parsed.success, `${v.plateNo} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    for (const c of await t.db.select().from(hyCustomer)) {
      const parsed = customerBody.safeParse(present(c));
      expect(parsed.success, `${c.customerName} ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    for (const c of await t.db.select().from(hyCarrier))
      expect(carrierBody.safeParse(present(c)).success, c.carrierName).toBe(true);
    for (const c of await t.db.select().from(hyCaptain))
      expect(captainBody.safeParse(present(c)).success).toBe(true);
    for (const a of await t.db.select().from(hyAgent))
      expect(agentBody.safeParse(present(a)).success, a.agentName).toBe(true);

    // Cards: Luhn-valid, one default per driver, held by the driver or by the captain under an agreement.
    const cards = await t.db.select().from(hyDriverBank);
    const agreements = await t.db.select().from(hyCollectionAgreement);
    const captains = new Map((await t.db.select().from(hyCaptain)).map((c) => [c.id, c]));
    const byId = new Map(drivers.map((d) => [d.id, d]));
    const defaults = new Map<string, number>();
    for (const c of cards) {
      expect(isBankCardNumber(c.cardNo)).toBe(true);
      expect(isResidentId(c.holderIdCard)).toBe(true);
      const driver = byId.get(c.driverId);
      if (c.holderIdCard !== driver?.idCard) {
        const agreement = agreements.find((a) => a.driverId === c.driverId);
        expect(agreement, c.cardNo).toBeDefined();
        expect(captains.get(agreement?.captainId ?? '')?.idCard).toBe(c.holderIdCard);
      }
      if (c.isDefault) defaults.set(c.driverId, (defaults.get(c.driverId) ?? 0) + 1);
    }
    expect([...defaults.values()].every((n) => n === 1)).toBe(true);
    const bindings = await t.db.select().from(hyDriverVehicle);
    const vehicleDefaults = new Map<string, number>();
    for (const b of bindings)
      if (b.isDefault) vehicleDefaults.set(b.driverId, (vehicleDefaults.get(b.driverId) ?? 0) + 1);
    expect([...vehicleDefaults.values()].every((n) => n === 1)).toBe(true);
    expect((await t.db.select({ n: count() }).from(hyCustomerUser))[0]?.n).toBeGreaterThan(0);

    // The seeded rows are what the API lists, with dictionary texts.
    const admin = await t.login('admin');
    const list = (
      await t.call(admin, { method: 'GET', url: '/jeecg-boot/hydriver/hyDriver/list?state=1' })
    ).json().result;
    expect(list.total).toBe(drivers.filter((d) => d.state === REVIEW_STATE.pending).length);
    const counts = (
      await t.call(admin, { method: 'GET', url: '/jeecg-boot/hydriver/hyDriver/getDsXx' })
    ).json().result;
    expect(counts.sijiCount).toBe(list.total);
  });

  it('grows with --scale and keeps the rows it already wrote', async () => {
    const summary = await runDemoSeeders(t.db, { scale: 2, seeders });
    expect(summary.rows.parties?.drivers).toBe(PARTIES_PER_SCALE.drivers * 2);
    const [drivers] = await t.db.select({ n: count() }).from(hyDriver);
    expect(drivers?.n).toBe(PARTIES_PER_SCALE.drivers * 2);
  });
});
