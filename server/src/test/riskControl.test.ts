import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FinanceKit, key } from '../modules/finance/financeTestKit.ts';
import { hyShippingNote, hyTrackPoint, hyVehicle } from '../modules/freight/index.ts';
import { runRiskScan } from '../modules/risk/index.ts';
import { riskWarning } from '../modules/risk/schema.ts';
import { sysAnnouncement } from '../modules/system/index.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { CUSTOMERS } from './shippingKit.ts';

// Issue 20 acceptance: rule parameters with refusals naming the field, overload refused at dispatch (33 t on
// a 32 t vehicle with 2 % tolerance), a customer's override, loss over allowance and a blocking warning that
// holds pay until handled, a 45-minute stop under 500 m from the track scan, handling once, the bell.

describe('risk control', () => {
  let t: TestApp;
  let k: FinanceKit;

  beforeAll(async () => {
    t = await startTestApp();
    k = new FinanceKit(t, await t.login('admin'));
    await k.recharge(CUSTOMERS.hengda, 50_000_000);
  }, 120_000);
  afterAll(() => t.close());

  const warningsOf = async (noteId: string, query: Record<string, string> = {}) =>
    (await k.get('/risk/warning/list', { noteId, ...query })).result.records ?? [];

  it('keeps typed parameter sets and refuses bad ones naming the field', async () => {
    const list = await k.get('/risk/param/list');
    expect(list.success).toBe(true);
    const catalog = (await k.get('/risk/param/catalog')).result as Record<string, { defaults: object }>;
    expect(catalog.overload.defaults).toEqual({ tolerancePct: 2 });
    const negative = await k.call('POST', '/risk/param/add', {
      ruleType: 'overload',
      severity: 2,
      params: { tolerancePct: -1 },
    });
    expect(negative.success).toBe(false);
    expect(negative.message).toContain('tolerancePct');
    const unknownRule = await k.call('POST', '/risk/param/add', { ruleType: 'weather', severity: 1 });
    expect(unknownRule.success).toBe(false);
    expect(unknownRule.message).toContain('ruleType');
    const unknownField = await k.call('POST', '/risk/param/add', {
      ruleType: 'stop',
      severity: 1,
      params: { minMinutes: 30, colour: 1 },
    });
    expect(unknownField.message).toContain('colour');
    const badSeverity = await k.call('POST', '/risk/param/add', { ruleType: 'stop', severity: 7 });
    expect(badSeverity.message).toContain('severity');
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

    const pay = () =>
      k.call('POST', '/shipping/hyShippingNote/pay', { ids: [noteId], idempotencyKey: key('risk') });
    const refused = await pay();
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('风险预警');

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
    await k.ok('POST', '/risk/warning/handle', {
      id: warnings[0].id,
      action: 'escalate',
      reason: '金额较大，上报主管',
    });
    expect((await k.note(noteId)).riskStatus).toBe(1);
    await k.ok('POST', '/risk/warning/handle', {
      id: warnings[0].id,
      action: 'confirm',
      reason: '司机承认途中卸货',
    });
    const again = await k.call('POST', '/risk/warning/handle', {
      id: warnings[0].id,
      action: 'dismiss',
      reason: '再处理一次',
    });
    expect(again.success).toBe(false);
    expect(again.message).toContain('已处理');
    expect((await k.note(noteId)).riskStatus).toBe(0);
    const violations = (
      await k.get('/risk/violation/list', { shippingNoteNumber: warnings[0].shippingNoteNumber })
    ).result.records;
    expect(violations?.[0]).toMatchObject({ ruleType: 'loss', reason: '司机承认途中卸货' });

    const paid = await pay();
    expect(paid.success, paid.message).toBe(true);
    await k.settled([noteId]);
    await k.ok(
      'DELETE',
      `/risk/param/delete?id=${(await k.get('/risk/param/list', { ruleType: 'loss' })).result.records?.[0]?.id}`,
    );
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

  it('refuses handling a warning of another tenant or an unknown action', async () => {
    const bad = await k.call('POST', '/risk/warning/handle', { id: 'x', action: 'ignore', reason: 'r' });
    expect(bad.message).toContain('action');
    const missing = await k.call('POST', '/risk/warning/handle', {
      id: 'nope',
      action: 'dismiss',
      reason: 'r',
    });
    expect(missing.success).toBe(false);
    const [any] = await t.db.select().from(riskWarning).limit(1);
    expect(any).toBeTruthy();
  });
});
