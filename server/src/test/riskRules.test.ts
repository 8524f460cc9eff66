import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FinanceKit, key } from '../modules/finance/financeTestKit.ts';
import { hyDriver, hyDriverBank, hyShippingNote, hyTrackPoint, hyVehicle } from '../modules/freight/index.ts';
import { judgeStep } from '../modules/risk/eventRules.ts';
import { rejudgeNotes, runRiskScan } from '../modules/risk/index.ts';
import { useTestApp } from './harness.ts';
import { riskLookups } from './riskKit.ts';
import { CUSTOMERS } from './shippingKit.ts';

// Worked examples of the step rules: duplicate waybill (same plate, route and weight within N hours), sign
// before unload (a blocking warning that holds pay) and price inversion (customer freight below the driver's).

describe('risk rules on waybill steps', () => {
  const t = useTestApp();
  const k = FinanceKit.funded(t);
  const { warningsOf, paramId, dropParam, payHeldByWarning, handleWarning } = riskLookups(k);

  it('warns of a second 32 t Nanjing–Shanghai waybill of the same plate within 24 h; blocking refuses the third', async () => {
    const party = await k.driverWithVehicle();
    const first = await k.dispatch(await k.order({ plannedWeightG: 100_000_000 }), party);
    // signed: the vehicle is free again for a new trip
    await k.drive(first.id, 'sign');
    const orderId = await k.order({ plannedWeightG: 100_000_000 });
    const second = await k.dispatch(orderId, party, { plannedWeightG: 32_000_000 });
    const dup = await warningsOf(second.id, { rule: 'duplicate' });
    expect(dup).toHaveLength(1);
    expect(dup[0]).toMatchObject({ severity: 1, state: 'open' });
    expect(String(dup[0].message)).toContain('重复运单');
    expect(String(dup[0].message)).toContain(first.shippingNoteNumber);
    expect((dup[0].evidence as { others: string[] }).others).toEqual([first.id]);

    // another weight on the same route is no duplicate
    await k.drive(second.id, 'sign');
    const lighter = await k.dispatch(orderId, party, { plannedWeightG: 31_000_000 });
    expect(await warningsOf(lighter.id, { rule: 'duplicate' })).toHaveLength(0);
    await k.drive(lighter.id, 'sign');

    // blocking: the same trip again is refused with the rule's name, and nothing is written
    await k.ok('POST', '/risk/param/add', {
      ruleType: 'duplicate',
      severity: 2,
      params: { windowHours: 24 },
    });
    const before = (await k.get('/order/hyOrder/queryById', { id: orderId })).result.dispatchedWeightG;
    expect(
      await k.refused('POST', '/shipping/hyShippingNote/dispatch', {
        orderId,
        ...party,
        plannedWeightG: 32_000_000,
      }),
    ).toContain('重复运单');
    expect((await k.get('/order/hyOrder/queryById', { id: orderId })).result.dispatchedWeightG).toBe(before);

    // outside a 1 h window the earlier trips no longer count
    await t.db
      .update(hyShippingNote)
      .set({ createTime: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(hyShippingNote.vehicleId, party.vehicleId));
    await k.ok('PUT', '/risk/param/edit', {
      id: await paramId('duplicate'),
      ruleType: 'duplicate',
      severity: 2,
      params: { windowHours: 1 },
    });
    const later = await k.dispatch(orderId, party, { plannedWeightG: 32_000_000 });
    expect(await warningsOf(later.id, { rule: 'duplicate' })).toHaveLength(0);
    await dropParam('duplicate');
  });

  it('a sign without the unload weighbridge photo raises a blocking 先签后卸 warning that holds pay until handled', async () => {
    const { noteId } = await k.auditedNote({}, 'load');
    const step = (action: string, body: object = {}) =>
      k.ok('POST', `/shipping/hyShippingNote/${action}`, { id: noteId, ...body });
    await step('depart');
    await step('unload', { unloadWeightG: 31_800_000, unloadPhoto: 'weighbridge/unload.jpg' });
    // the weighbridge photo was withdrawn after the unload (rejected as unreadable)
    await t.db.update(hyShippingNote).set({ unloadPhoto: null }).where(eq(hyShippingNote.id, noteId));
    await step('sign');
    const signed = await warningsOf(noteId, { rule: 'signBeforeUnload', state: 'open' });
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({ severity: 2 });
    expect(String(signed[0].message)).toBe('先签后卸：签收时缺少卸货磅单');
    expect((await k.note(noteId)).riskStatus).toBe(1);
    await step('audit');
    const pay = await payHeldByWarning(noteId, key('sign'));
    await handleWarning(signed[0].id, 'dismiss', '磅单已补传');
    const paid = await pay();
    expect(paid.success, paid.message).toBe(true);
  });

  it('a complete sign raises no 先签后卸 warning', async () => {
    const { noteId } = await k.auditedNote({}, 'sign');
    expect(await warningsOf(noteId, { rule: 'signBeforeUnload' })).toHaveLength(0);
  });

  it('judges customer freight 4 700 元 below driver freight 4 800 元 as 运价倒挂 at dispatch and unload, not equal fees', async () => {
    const party = await k.driverWithVehicle();
    const note = await k.dispatch(await k.order({ plannedWeightG: 32_000_000 }), party);
    const [row] = await t.db.select().from(hyShippingNote).where(eq(hyShippingNote.id, note.id));
    // The fee computation never inverts (customer = driver + service + agent); the rule guards fees that
    // come from elsewhere (an imported or adjusted note), so it is judged on such a row directly.
    const inverted = { ...row, customerFee: 470_000, driverFee: 480_000 };
    for (const action of ['dispatch', 'unload']) {
      const findings = await judgeStep(t.db, { action, note: inverted, before: row }, undefined, {
        refuse: false,
      });
      const found = findings.filter((f) => f.rule === 'priceInversion');
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        severity: 1,
        key: action,
        message: '运价倒挂：货主运费4700.00元低于司机运费4800.00元',
        evidence: { customerFee: 470_000, driverFee: 480_000 },
      });
    }
    const equal = await judgeStep(t.db, {
      action: 'dispatch',
      note: { ...row, customerFee: 480_000, driverFee: 480_000 },
      before: row,
    });
    expect(equal.filter((f) => f.rule === 'priceInversion')).toHaveLength(0);
    // the computed fees of the real note are not inverted: no warning was raised at its dispatch
    expect(row.customerFee).toBeGreaterThan(row.driverFee);
    expect(await warningsOf(note.id, { rule: 'priceInversion' })).toHaveLength(0);
  });

  it('re-judges notes written while the rules were not listening: each past step once, no refusal after the fact', async () => {
    const { noteId } = await k.auditedNote({}, 'sign');
    // Its steps ran through the rules (the loss at unloading is over the allowance).
    const judged = (await warningsOf(noteId)).map((w) => w.id);
    // As an imported note: signed without its unload weighbridge photo, 40 t planned on a 32 t vehicle.
    await t.db
      .update(hyShippingNote)
      .set({ unloadPhoto: null, plannedWeightG: 40_000_000 })
      .where(eq(hyShippingNote.id, noteId));
    const first = await rejudgeNotes(t.db, 'import');
    expect(first.warnings).toBeGreaterThan(0);
    const raised = (await warningsOf(noteId)).filter((w) => !judged.includes(w.id));
    expect(raised).toEqual([
      expect.objectContaining({ ruleType: 'signBeforeUnload', state: 'open', source: 'rejudge' }),
    ]);
    // 超载 would have refused the dispatch: a refusal is not raised as a warning after the fact.
    expect(raised.some((w) => w.ruleType === 'overload')).toBe(false);
    const again = await rejudgeNotes(t.db, 'import');
    expect(again.warnings).toBe(0);
    expect(await warningsOf(noteId)).toHaveLength(judged.length + 1);
  });
});

describe('risk rules on the schedule and on the money', () => {
  const t = useTestApp();
  const k = FinanceKit.funded(t);
  const { warningsOf, dropParam, payHeldByWarning, handleWarning } = riskLookups(k);
  const vehicleOf = async (id: string) => {
    const [v] = await t.db.select().from(hyVehicle).where(eq(hyVehicle.id, id));
    if (!v) throw new Error(`no vehicle ${id}`);
    return v;
  };
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  /** A 32 t trip of a new driver, driven up to `step`, loaded `loadedHoursAgo`, with track points (hours ago, lng, lat). */
  const tripLoaded = async (
    loadedHoursAgo: number,
    step: 'depart' | 'unload',
    points: Array<[hours: number, lng: number, lat: number]> = [],
  ) => {
    const party = await k.driverWithVehicle();
    const note = await k.dispatch(await k.order({ plannedWeightG: 32_000_000 }), party);
    await k.drive(note.id, step);
    await t.db
      .update(hyShippingNote)
      .set({ loadTime: hoursAgo(loadedHoursAgo) })
      .where(eq(hyShippingNote.id, note.id));
    if (points.length > 0)
      await t.db.insert(hyTrackPoint).values(
        points.map(([hours, lng, lat]) => ({
          vehicleId: party.vehicleId,
          gpsTime: hoursAgo(hours),
          lng,
          lat,
          noteId: note.id,
        })),
      );
    return note;
  };

  it('refuses bad parameters of the new rules naming the field', async () => {
    const cases: Array<[string, object, string]> = [
      ['transportTimeout', { speedKmh: 0 }, 'speedKmh'],
      ['transportTimeout', { graceHours: -1 }, 'graceHours'],
      ['trackRoute', { radiusKm: 0 }, 'radiusKm'],
      ['fuelShare', { capPct: 101 }, 'capPct'],
      ['fuelShare', { capPct: 'x' }, 'capPct'],
    ];
    for (const [ruleType, params, field] of cases) {
      const res = await k.call('POST', '/risk/param/add', { ruleType, severity: 1, params });
      expect(res.success, `${ruleType} ${JSON.stringify(params)}`).toBe(false);
      expect(res.message).toContain(field);
    }
    const catalog = (await k.get('/risk/param/catalog')).result as Record<string, { defaults: object }>;
    expect(catalog.transportTimeout.defaults).toEqual({ speedKmh: 50, graceHours: 12 });
  });

  it('warns of a trip loaded 30 h ago still on the road: planned km ÷ 50 km/h + 12 h have passed', async () => {
    const party = await k.driverWithVehicle();
    const orderId = await k.order({ plannedWeightG: 32_000_000 });
    const km = Number((await k.get('/order/hyOrder/queryById', { id: orderId })).result.plannedDistanceKm);
    expect(km).toBeGreaterThan(0);
    const late = await k.dispatch(orderId, party);
    await k.drive(late.id, 'depart');
    const loaded = hoursAgo(30);
    await t.db.update(hyShippingNote).set({ loadTime: loaded }).where(eq(hyShippingNote.id, late.id));
    // a second trip loaded 2 h ago is within its allowance
    const onTime = await tripLoaded(2, 'depart');

    await runRiskScan(t.db);
    const timeout = await warningsOf(late.id, { rule: 'transportTimeout' });
    expect(timeout).toHaveLength(1);
    const allowedH = km / 50 + 12;
    const overH = Math.round((30 - allowedH) * 10) / 10;
    expect(String(timeout[0].message)).toContain('运输超时');
    expect(String(timeout[0].message)).toContain(`计划里程${km}公里按50km/h加宽限12小时`);
    expect((timeout[0].evidence as { overHours: number }).overHours).toBeCloseTo(overH, 0);
    expect(await warningsOf(onTime.id, { rule: 'transportTimeout' })).toHaveLength(0);
    // raised once
    await runRiskScan(t.db);
    expect(await warningsOf(late.id, { rule: 'transportTimeout' })).toHaveLength(1);
  });

  it('warns when the last track point before unloading is ~115 km from the unloading place (5 km radius)', async () => {
    // the first point at the Nanjing steelworks (load 118.9089, 32.1186); the last near Wuxi, ~115 km short
    const near = await tripLoaded(4, 'unload', [
      [3.5, 118.91, 32.12],
      [1, 120.3, 31.57],
    ]);
    await runRiskScan(t.db);
    const route = await warningsOf(near.id, { rule: 'trackRoute' });
    expect(route).toHaveLength(1);
    expect(String(route[0].message)).toMatch(
      /^轨迹偏离：卸货前末个轨迹点.*距卸货地1[01]\d\.\d公里，超过5公里$/,
    );
    expect(route[0].evidence).toMatchObject({ end: 'unload' });

    // widened to 200 km, the next trip's far first point passes
    await k.ok('POST', '/risk/param/add', { ruleType: 'trackRoute', severity: 1, params: { radiusKm: 200 } });
    const far = await tripLoaded(4, 'unload', [
      [3, 120.3, 31.57],
      [1, 121.49, 31.4],
    ]);
    await runRiskScan(t.db);
    expect(await warningsOf(far.id, { rule: 'trackRoute' })).toHaveLength(0);
    await dropParam('trackRoute');
  });

  it('a fuel card of 25 % of the driver fee over the customer’s 20 % cap raises one blocking warning that holds pay', async () => {
    await k.ok('POST', '/risk/param/add', {
      ruleType: 'fuelShare',
      customerId: CUSTOMERS.hengda,
      severity: 2,
      params: { capPct: 20 },
    });
    const { noteId, note } = await k.auditedNote({ fuelCardMode: 1, fuelCardValue: 2500 });
    const fuel = await warningsOf(noteId, { rule: 'fuelShare' });
    // judged at dispatch and again at audit: the same share is one warning
    expect(fuel).toHaveLength(1);
    expect(fuel[0]).toMatchObject({ severity: 2, state: 'open' });
    // judged first at dispatch: 32 t × 150 元 = 4 800 元, fuel 25 % = 1 200 元
    expect(String(fuel[0].message)).toBe('油卡占比超标：油卡1200.00元占司机运费4800.00元的25%，超过20%');
    expect(Number(note.fuelCardFen) * 4).toBe(Number(note.driverFee));
    await payHeldByWarning(noteId, key('fuel'));

    // 15 % is under the cap
    const under = await k.auditedNote({ fuelCardMode: 1, fuelCardValue: 1500 });
    expect(await warningsOf(under.noteId, { rule: 'fuelShare' })).toHaveLength(0);
    await dropParam('fuelShare');
  });

  it('audit of a driver whose default card is held by someone else without an agreement raises a blocking 持卡人非司机 warning', async () => {
    const own = await k.auditedNote({}, 'audit');
    expect(await warningsOf(own.noteId, { rule: 'cardHolder' })).toHaveLength(0);

    const { noteId, driverId, driverName } = await k.auditedNote({}, 'sign');
    // the card now belongs to 王五 (no captain, so no collection agreement can cover it)
    await t.db
      .update(hyDriverBank)
      .set({ holderName: '王五', holderIdCard: '110101199001011237' })
      .where(eq(hyDriverBank.driverId, driverId));
    await k.ok('POST', '/shipping/hyShippingNote/audit', { id: noteId });
    const card = await warningsOf(noteId, { rule: 'cardHolder', state: 'open' });
    expect(card).toHaveLength(1);
    expect(card[0]).toMatchObject({ severity: 2 });
    expect(String(card[0].message)).toBe(
      `持卡人非司机：司机${driverName}的收款卡持卡人为王五（持卡人与司机不一致，且没有车队长代收运费协议）`,
    );
    await payHeldByWarning(noteId, key('card'));
  });

  it('confirming an overload violation blacklists the driver and the vehicle: their next dispatch is refused with 黑名单', async () => {
    await k.ok('POST', '/risk/param/add', { ruleType: 'overload', severity: 1, params: { tolerancePct: 2 } });
    const party = await k.driverWithVehicle();
    const orderId = await k.order({ plannedWeightG: 100_000_000 });
    // 33 t on 32 t as a warning (not refused): the warning is confirmed with consequences
    const note = await k.dispatch(orderId, party, { plannedWeightG: 33_000_000 });
    const [warning] = await warningsOf(note.id, { rule: 'overload' });
    expect(String(warning?.message)).toContain('超载');
    expect(
      await k.refused('POST', '/risk/warning/handle', {
        id: warning?.id,
        action: 'dismiss',
        reason: '误报',
        blacklist: ['driver'],
      }),
    ).toContain('blacklist');
    await handleWarning(warning?.id, 'confirm', '多次超载', { blacklist: ['driver', 'vehicle'] });
    const [violation] =
      (await k.get('/risk/violation/list', { shippingNoteNumber: note.shippingNoteNumber })).result.records ??
      [];
    expect(String(violation?.consequence)).toContain('司机');
    expect(String(violation?.consequence)).toContain('车辆');
    expect(String(violation?.consequence)).toContain('列入黑名单');
    await k.ok('POST', '/shipping/hyShippingNote/cancel', { id: note.id, reason: '超载取消' });

    expect(
      await k.refused('POST', '/shipping/hyShippingNote/dispatch', {
        orderId,
        ...party,
        plannedWeightG: 30_000_000,
      }),
    ).toContain('黑名单');
    // the vehicle alone is refused too, with another (clean) driver
    const other = await k.driverWithVehicle();
    await t.db.update(hyDriver).set({ blacklisted: false }).where(eq(hyDriver.id, party.driverId));
    expect(
      await k.refused('POST', '/shipping/hyShippingNote/dispatch', {
        orderId,
        driverId: party.driverId,
        vehicleId: party.vehicleId,
        plannedWeightG: 30_000_000,
      }),
    ).toBe(`车辆${(await vehicleOf(party.vehicleId)).plateNo}已被列入黑名单`);
    const [stored] = await t.db.select().from(hyVehicle).where(eq(hyVehicle.id, party.vehicleId));
    expect(stored?.blacklistReason).toBe('风控违规：超载（多次超载）');
    // a clean pair still goes
    expect((await k.dispatch(orderId, other, { plannedWeightG: 30_000_000 })).id).toBeTruthy();
    await dropParam('overload');
  });
});
