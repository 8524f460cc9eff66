import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FinanceKit, key } from '../modules/finance/financeTestKit.ts';
import { hyDriver, hyShippingNote, hyTrackPoint, hyVehicle } from '../modules/freight/index.ts';
import { runRiskScan } from '../modules/risk/index.ts';
import { riskWarning } from '../modules/risk/schema.ts';
import { sysAnnouncement } from '../modules/system/index.ts';
import { useTestApp } from './harness.ts';
import { riskLookups } from './riskKit.ts';
import { CUSTOMERS } from './shippingKit.ts';

// Risk control: rule parameters with refusals naming the field, overload refused at dispatch (33 t on
// a 32 t vehicle with 2 % tolerance), a customer's override, loss over allowance and a blocking warning that
// holds pay until handled, a 45-minute stop under 500 m from the track scan, handling once, the bell.

describe('risk control', () => {
  const t = useTestApp();
  const k = FinanceKit.funded(t);
  const { warningsOf, dropParam, payHeldByWarning, handleWarning } = riskLookups(k);

  it('keeps typed parameter sets and refuses bad ones naming the field', async () => {
    const list = await k.get('/risk/param/list');
    expect(list.success).toBe(true);
    const catalog = (await k.get('/risk/param/catalog')).result as Record<string, { defaults: object }>;
    expect(catalog.overload.defaults).toEqual({ tolerancePct: 2 });
    expect(
      await k.refused('POST', '/risk/param/add', {
        ruleType: 'overload',
        severity: 2,
        params: { tolerancePct: -1 },
      }),
    ).toContain('tolerancePct');
    expect(await k.refused('POST', '/risk/param/add', { ruleType: 'weather', severity: 1 })).toContain(
      'ruleType',
    );
    const unknownField = await k.call('POST', '/risk/param/add', {
      ruleType: 'stop',
      severity: 1,
      params: { minMinutes: 30, colour: 1 },
    });
    expect(unknownField.message).toContain('colour');
    const badSeverity = await k.call('POST', '/risk/param/add', { ruleType: 'stop', severity: 7 });
    expect(badSeverity.message).toContain('severity');
    // an inverted price band, given whole or as a high bound below the default low bound (10)
    expect(
      await k.refused('POST', '/risk/param/add', {
        ruleType: 'priceBand',
        severity: 1,
        params: { minFenPerTonneKm: 80, maxFenPerTonneKm: 40 },
      }),
    ).toContain('maxFenPerTonneKm');
    const belowDefault = await k.call('POST', '/risk/param/add', {
      ruleType: 'priceBand',
      severity: 1,
      params: { maxFenPerTonneKm: 5 },
    });
    expect(belowDefault.message).toContain('maxFenPerTonneKm');
    expect((await k.get('/risk/param/list', { ruleType: 'priceBand' })).result.records).toHaveLength(0);
    // A customer's own tolerance overrides the platform's default for its waybills.
    await k.ok('POST', '/risk/param/add', {
      ruleType: 'overload',
      customerId: CUSTOMERS.luxi,
      severity: 2,
      params: { tolerancePct: 5 },
    });
    const rows = (await k.get('/risk/param/list', { ruleType: 'overload' })).result.records ?? [];
    expect(rows[0]).toMatchObject({
      customerName: expect.stringContaining('鲁西'),
      params: { tolerancePct: 5 },
    });
    const twice = await k.call('POST', '/risk/param/add', {
      ruleType: 'overload',
      customerId: CUSTOMERS.luxi,
      severity: 2,
      params: { tolerancePct: 3 },
    });
    expect(twice.success).toBe(false);
  });

  it('refuses dispatching 33 t onto a 32 t vehicle (2 % tolerance) with 超载; a 5 % customer override passes', async () => {
    const party = await k.driverWithVehicle();
    const orderId = await k.order({ plannedWeightG: 100_000_000 });
    const refused = await k.call('POST', '/shipping/hyShippingNote/dispatch', {
      orderId,
      ...party,
      plannedWeightG: 33_000_000,
    });
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('超载');
    expect(refused.message).toContain('32.640吨');
    // nothing was written: the order still has its whole weight
    const order = (await k.get('/order/hyOrder/queryById', { id: orderId })).result;
    expect(Number(order.dispatchedWeightG ?? 0)).toBe(0);
    const within = await k.dispatch(orderId, party, { plannedWeightG: 32_500_000 });
    expect(within.plannedWeightG).toBe(32_500_000);

    const other = await k.driverWithVehicle();
    const luxiOrder = await k.order({ customerId: CUSTOMERS.luxi, plannedWeightG: 100_000_000 });
    const passed = await k.dispatch(luxiOrder, other, { plannedWeightG: 33_000_000 });
    expect(passed.plannedWeightG).toBe(33_000_000);
  });

  it('raises a blocking loss warning that holds pay until handled; handling twice is refused', async () => {
    await k.ok('POST', '/risk/param/add', { ruleType: 'loss', severity: 2, params: { excessPct: 0 } });
    const { noteId } = await k.auditedNote();
    // the kit's trip loses 350 kg against an allowance of 200 kg
    const warnings = await warningsOf(noteId, { rule: 'loss', state: 'open' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ ruleType: 'loss', severity: 2, state: 'open' });
    expect(String(warnings[0].message)).toContain('亏吨超标');
    expect((await k.note(noteId)).riskStatus).toBe(1);
    const riskRow = (await k.get('/risk/list/list', { noteId })).result.records?.[0];
    expect(riskRow).toMatchObject({ riskStatus: 1, openCount: 1, score: 40 });

    const pay = await payHeldByWarning(noteId, key('risk'));

    // the warning reached the bell of the staff holding the warning permission
    const [bell] = await t.db
      .select()
      .from(sysAnnouncement)
      .where(
        and(eq(sysAnnouncement.busType, 'risk_warning'), eq(sysAnnouncement.busId, String(warnings[0].id))),
      );
    expect(bell?.titile).toContain('亏吨超标');

    const noReason = await k.call('POST', '/risk/warning/handle', { id: warnings[0].id, action: 'confirm' });
    expect(noReason.success).toBe(false);
    await handleWarning(warnings[0].id, 'escalate', '金额较大，上报主管');
    expect((await k.note(noteId)).riskStatus).toBe(1);
    await handleWarning(warnings[0].id, 'confirm', '司机承认途中卸货');
    expect(
      await k.refused('POST', '/risk/warning/handle', {
        id: warnings[0].id,
        action: 'dismiss',
        reason: '再处理一次',
      }),
    ).toContain('已处理');
    expect((await k.note(noteId)).riskStatus).toBe(0);
    const violations = (
      await k.get('/risk/violation/list', { shippingNoteNumber: warnings[0].shippingNoteNumber })
    ).result.records;
    expect(violations?.[0]).toMatchObject({ ruleType: 'loss', reason: '司机承认途中卸货' });

    const paid = await pay();
    expect(paid.success, paid.message).toBe(true);
    await k.settled([noteId]);
    await dropParam('loss');
  });

  it('raises a stop warning for 45 minutes within 500 m from the track scan, once', async () => {
    const party = await k.driverWithVehicle();
    const orderId = await k.order({ plannedWeightG: 32_000_000 });
    const note = await k.dispatch(orderId, party);
    await k.drive(note.id, 'depart');
    const start = Date.now() - 3 * 3_600_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    // the trip loaded three hours ago (the scan reads the vehicle's points from the loading on)
    await t.db
      .update(hyShippingNote)
      .set({ loadTime: at(-5) })
      .where(eq(hyShippingNote.id, note.id));
    // moving, then 45 minutes within ~200 m, then moving on
    const points = [
      { m: 0, lng: 118.9, lat: 32.1 },
      { m: 10, lng: 119.0, lat: 32.05 },
      { m: 20, lng: 119.1, lat: 32.0 },
      { m: 35, lng: 119.1008, lat: 32.0009 },
      { m: 50, lng: 119.1015, lat: 32.0004 },
      { m: 65, lng: 119.1002, lat: 32.0012 },
      { m: 75, lng: 119.2, lat: 31.95 },
    ];
    await t.db.insert(hyTrackPoint).values(
      points.map((p) => ({
        vehicleId: party.vehicleId,
        gpsTime: at(p.m),
        lng: p.lng,
        lat: p.lat,
        noteId: note.id,
      })),
    );
    const outcome = await runRiskScan(t.db);
    expect(outcome.warnings).toBeGreaterThanOrEqual(1);
    const stops = await warningsOf(note.id, { rule: 'stop' });
    expect(stops).toHaveLength(1);
    expect(String(stops[0].message)).toContain('异常停车');
    expect(String(stops[0].message)).toContain('45分钟');
    await runRiskScan(t.db);
    expect(await warningsOf(note.id, { rule: 'stop' })).toHaveLength(1);
    // the last point is 3 h old: with a 2 h limit the note also lacks a position
    await k.ok('POST', '/risk/param/add', { ruleType: 'noLocation', severity: 1, params: { hours: 1 } });
    await runRiskScan(t.db);
    expect(await warningsOf(note.id, { rule: 'noLocation' })).toHaveLength(1);
    const [stored] = await t.db.select().from(hyShippingNote).where(eq(hyShippingNote.id, note.id));
    expect(stored.riskStatus).toBe(0);
  });

  it('warns of impossible speed and expiring certificates', async () => {
    const party = await k.driverWithVehicle();
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await t.db.update(hyVehicle).set({ licenseValidTo: soon }).where(eq(hyVehicle.id, party.vehicleId));
    const orderId = await k.order({ plannedWeightG: 32_000_000 });
    const note = await k.dispatch(orderId, party);
    await k.drive(note.id, 'depart');
    const now = Date.now();
    await t.db
      .update(hyShippingNote)
      .set({ loadTime: new Date(now - 3_600_000) })
      .where(eq(hyShippingNote.id, note.id));
    await t.db.insert(hyTrackPoint).values([
      {
        vehicleId: party.vehicleId,
        gpsTime: new Date(now - 20 * 60_000),
        lng: 118.9,
        lat: 32.1,
        noteId: note.id,
      },
      // ~270 km in 10 minutes
      {
        vehicleId: party.vehicleId,
        gpsTime: new Date(now - 10 * 60_000),
        lng: 121.5,
        lat: 31.4,
        noteId: note.id,
      },
    ]);
    await runRiskScan(t.db);
    const speed = await warningsOf(note.id, { rule: 'speed' });
    expect(speed).toHaveLength(1);
    expect(String(speed[0].message)).toContain('速度异常');
    const certificate = await warningsOf(note.id, { rule: 'certificate' });
    expect(certificate).toHaveLength(1);
    expect(certificate[0]).toMatchObject({ severity: 1, state: 'open' });
    expect(String(certificate[0].message)).toContain(`行驶证将于${soon}到期`);
  });

  it('an expired driving licence raises a blocking warning at audit that holds pay until handled', async () => {
    const { noteId, driverId } = await k.auditedNote({}, 'sign');
    const yesterday = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    await t.db.update(hyDriver).set({ drivingValidTo: yesterday }).where(eq(hyDriver.id, driverId));
    await k.ok('POST', '/shipping/hyShippingNote/audit', { id: noteId });
    const expired = await warningsOf(noteId, { rule: 'certificate', state: 'open' });
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ severity: 2 });
    expect(String(expired[0].message)).toContain(`驾驶证已于${yesterday}过期`);
    const pay = await payHeldByWarning(noteId, key('cert'));
    // handled, the warning no longer holds pay, the expired licence itself still does
    await handleWarning(expired[0].id, 'confirm', '司机驾驶证过期，已通知换证');
    const stillExpired = await pay();
    expect(stillExpired.success).toBe(false);
    expect(stillExpired.message).toContain('驾驶证已过期');
    await t.db.update(hyDriver).set({ drivingValidTo: '2035-01-01' }).where(eq(hyDriver.id, driverId));
    const paid = await pay();
    expect(paid.success, paid.message).toBe(true);
  });

  it('warns when the driver freight per tonne-km leaves the price band; the change applies at once', async () => {
    const party = await k.driverWithVehicle();
    const orderId = await k.order({ plannedWeightG: 32_000_000 });
    const { plannedDistanceKm } = (await k.get('/order/hyOrder/queryById', { id: orderId })).result;
    expect(Number(plannedDistanceKm)).toBeGreaterThan(0);
    // 150 元/t over the Nanjing–Shanghai distance is far above 20 fen per tonne-km
    await k.ok('POST', '/risk/param/add', {
      ruleType: 'priceBand',
      severity: 1,
      params: { minFenPerTonneKm: 5, maxFenPerTonneKm: 20 },
    });
    const note = await k.dispatch(orderId, party);
    const band = await warningsOf(note.id, { rule: 'priceBand' });
    expect(band).toHaveLength(1);
    expect(String(band[0].message)).toContain('高于最高价20分/吨公里');
    const perTonneKm = 15_000 / Number(plannedDistanceKm);
    expect((band[0].evidence as { perTonneKm: number }).perTonneKm).toBeCloseTo(perTonneKm, 1);
    // widened: the next dispatch is judged by the new band (no stale parameters)
    const row = (await k.get('/risk/param/list', { ruleType: 'priceBand' })).result.records?.[0];
    await k.ok('PUT', '/risk/param/edit', {
      id: row?.id,
      ruleType: 'priceBand',
      severity: 1,
      params: { minFenPerTonneKm: 5, maxFenPerTonneKm: 500 },
    });
    const other = await k.driverWithVehicle();
    const second = await k.dispatch(await k.order({ plannedWeightG: 32_000_000 }), other);
    expect(await warningsOf(second.id, { rule: 'priceBand' })).toHaveLength(0);
    await k.ok('DELETE', `/risk/param/delete?id=${row?.id}`);
  });

  it("refuses handling another tenant's warning, an unknown action and an unknown id", async () => {
    const bad = await k.call('POST', '/risk/warning/handle', { id: 'x', action: 'ignore', reason: 'r' });
    expect(bad.message).toContain('action');
    const missing = await k.call('POST', '/risk/warning/handle', {
      id: 'nope',
      action: 'dismiss',
      reason: 'r',
    });
    expect(missing.success).toBe(false);
    const [theirs] = await t.db
      .insert(riskWarning)
      .values({
        tenantId: 7,
        ruleType: 'stop',
        severity: 1,
        message: '异常停车：另一租户的预警',
        dedupeKey: 'other-tenant',
        source: 'scan',
        createBy: 'system',
      })
      .returning();
    const foreign = await k.call('POST', '/risk/warning/handle', {
      id: theirs?.id,
      action: 'dismiss',
      reason: '不是我的',
    });
    expect(foreign.success).toBe(false);
    const [after] = await t.db
      .select()
      .from(riskWarning)
      .where(eq(riskWarning.id, String(theirs?.id)));
    expect(after?.state).toBe('open');
    expect(after?.handleBy ?? null).toBeNull();
  });
});
