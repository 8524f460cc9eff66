// Regression tests of the attack findings that live in the freight module: each would pass
// on the code before its fix only if the attack still worked.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/auth/crypto.ts';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { api, CUSTOMERS, ShippingKit } from '../../test/shippingKit.ts';
import { hyCustomer } from './schema.ts';
import { hyOrder, hyShippingNote, hyTrackPoint } from './shippingSchema.ts';

describe('attack findings (freight)', () => {
  const t = useTestApp();
  const k = ShippingKit.use(t);
  const tokens = useLogins(t, { shipper: 'shipper' });

  beforeAll(async () => {
    // The shipper's customer charges 6 % of the driver freight.
    await t.db
      .update(hyCustomer)
      .set({ serviceFeeMode: 1, serviceRateBp: 600 })
      .where(eq(hyCustomer.id, CUSTOMERS.hengda));
  });

  const newestOrder = async () => {
    const [row] = await t.db
      .select()
      .from(hyOrder)
      .where(eq(hyOrder.customerId, CUSTOMERS.hengda))
      .orderBy(desc(hyOrder.createTime))
      .limit(1);
    return row;
  };

  it('finding 1: a shipper cannot write the service fee, commission or any server-owned order field', async () => {
    const forged = {
      serviceFeeMode: 1,
      serviceFeeValue: 0,
      agentFeeMode: 2,
      agentFeeValue: 0,
      status: 1,
      orderNo: 'HY-FORGED',
      serviceFee: 0,
      customerFee: 1,
      driverFee: 1,
      dispatchedWeightG: 0,
      customerName: '别人',
      tenantId: 9,
    };
    await k.ok('POST', '/order/hyOrder/add', k.orderBody(forged), tokens.shipper);
    const added = await newestOrder();
    expect(added).toMatchObject({
      serviceFeeMode: 1,
      serviceFeeValue: 600,
      status: 0,
      tenantId: 0,
      customerName: '苏州恒达建材有限公司',
    });
    expect(added.orderNo).toMatch(/^HY\d+$/);
    // 320 t × 150 yuan = 48 000 yuan driver freight; 6 % of it is the service fee.
    expect(added.driverFee).toBe(4_800_000);
    expect(added.serviceFee).toBe(288_000);
    expect(added.customerFee).toBe(5_088_000);

    // Platform staff set a special rate; the shipper's edit keeps it and cannot zero it.
    await k.ok('PUT', '/order/hyOrder/edit', { ...k.orderBody(), id: added.id, serviceFeeValue: 300 });
    await k.ok(
      'PUT',
      '/order/hyOrder/edit',
      { ...k.orderBody({ ...forged, goodsName: '盘螺' }), id: added.id },
      tokens.shipper,
    );
    const [edited] = await t.db.select().from(hyOrder).where(eq(hyOrder.id, added.id));
    expect(edited).toMatchObject({ goodsName: '盘螺', serviceFeeValue: 300, serviceFee: 144_000, status: 0 });
    expect(edited.orderNo).toBe(added.orderNo);

    // Staff may still choose an order's fee.
    await k.ok('POST', '/order/hyOrder/add', k.orderBody({ serviceFeeMode: 1, serviceFeeValue: 100 }));
    const [staffOrder] = await t.db
      .select()
      .from(hyOrder)
      .where(and(eq(hyOrder.customerId, CUSTOMERS.hengda), eq(hyOrder.serviceFeeValue, 100)));
    expect(staffOrder.serviceFee).toBe(48_000);
  });

  it('finding 12: dispatch options never show a shipper a driver’s full mobile, nor find one digit by digit', async () => {
    const party = await k.driverWithVehicle();
    const [, n] = /司机(\d+)/.exec(
      (await k.get('/hydriver/hyDriver/queryById', { id: party.driverId })).result.driverName as string,
    ) ?? ['', ''];
    const mobile = `139${String(10_000_000 + Number(n)).slice(-8)}`;
    type Option = { id: string; mobile: string };
    const options = async (keyword: string, token: string) =>
      (await k.get('/shipping/hyShippingNote/dispatchOptions', { keyword }, token))
        .result as unknown as Option[];
    const staffView = (await options(`司机${n}`, k.admin)).find((d) => d.id === party.driverId);
    expect(staffView?.mobile).toBe(mobile);
    const shipperView = (await options(`司机${n}`, tokens.shipper)).find((d) => d.id === party.driverId);
    expect(shipperView?.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect(await options(mobile.slice(0, 7), tokens.shipper)).toEqual([]);
    expect((await options(mobile, tokens.shipper)).map((d) => d.mobile)).toEqual([shipperView?.mobile]);
  });

  it('finding 2: console users cannot write track points; a track source with its app key can, onto the active waybill', async () => {
    const party = await k.driverWithVehicle();
    const { id: noteId } = await k.dispatch(await k.order(), party);
    await k.drive(noteId, 'depart');
    const now = Date.now();
    const fix = (secondsAgo: number) => ({
      time: new Date(now - secondsAgo * 1000).toISOString(),
      lng: 118.9 + secondsAgo / 10_000,
      lat: 32.1,
      speed: 60,
    });
    // The console's own route is gone; a session token is no app key.
    const byShipper = await t.call(tokens.shipper, {
      method: 'POST',
      url: api('/shipping/hyShippingNote/track/points'),
      payload: { vehicleId: party.vehicleId, points: [fix(5)] },
    });
    expect(byShipper.statusCode).toBe(404);
    const ingest = (points: object[], headers: Record<string, string> = {}, token: string | null = null) =>
      t.call(token, {
        method: 'POST',
        url: api('/track/ingest'),
        payload: { vehicleId: party.vehicleId, points },
        headers,
      });
    expect((await ingest([fix(5)], {}, tokens.shipper)).statusCode).toBe(401);
    expect((await ingest([fix(5)], { 'x-app-key': 'trk_guessed' })).statusCode).toBe(401);
    expect((await k.call('POST', '/track/source/add', { name: '假来源' }, tokens.shipper)).code).toBe(403);
    expect(await t.db.select().from(hyTrackPoint).where(eq(hyTrackPoint.vehicleId, party.vehicleId))).toEqual(
      [],
    );

    const made = await k.ok('POST', '/track/source/add', { name: '北斗服务商', kind: 2 });
    const appKey = String(made.result.appKey);
    const listed = (await k.get('/track/source/list', { id: made.result.id })).result.records?.[0];
    expect(JSON.stringify(listed)).not.toContain(appKey);
    expect(listed).toMatchObject({ keyHint: appKey.slice(-4) });
    // Out of order and with a repeat: three distinct fixes, stored once each, on the active waybill.
    const sent = await ingest([fix(30), fix(10), fix(20), fix(10)], { 'x-app-key': appKey });
    expect(sent.json()).toMatchObject({ success: true, result: { noteId, received: 4, inserted: 3 } });
    const resent = await ingest([fix(20), fix(40)], { 'x-app-key': appKey });
    expect(resent.json().result).toMatchObject({ received: 2, inserted: 1 });
    const stored = await t.db
      .select()
      .from(hyTrackPoint)
      .where(and(eq(hyTrackPoint.vehicleId, party.vehicleId), eq(hyTrackPoint.noteId, noteId)));
    expect(stored).toHaveLength(4);
    expect(stored.every((p) => p.source === 2 && p.sourceId === made.result.id)).toBe(true);
    // What the track screens read still works (the note loaded before the first fix).
    await t.db
      .update(hyShippingNote)
      .set({ loadTime: new Date(now - 3_600_000) })
      .where(eq(hyShippingNote.id, noteId));
    const track = await k.get('/shipping/hyShippingNote/track', { id: noteId });
    expect(track.result.rawCount).toBe(4);

    // A new key ends the old one; a disabled source sends nothing.
    const renewed = String(
      (await k.ok('POST', '/track/source/resetKey', { id: made.result.id })).result.appKey,
    );
    expect((await ingest([fix(50)], { 'x-app-key': appKey })).statusCode).toBe(401);
    expect((await ingest([fix(50)], { 'x-app-key': renewed })).statusCode).toBe(200);
    await k.ok('PUT', '/track/source/edit', { id: made.result.id, name: '北斗服务商', kind: 2, status: 0 });
    expect((await ingest([fix(60)], { 'x-app-key': renewed })).statusCode).toBe(401);

    // Neither key nor its hash leaves the server: not in the list, the detail or the record's versions.
    const shown = JSON.stringify([
      (await k.get('/track/source/list', { id: made.result.id })).result,
      (await k.get('/track/source/queryById', { id: made.result.id })).result,
      (await k.get('/sys/dataLog/list', { dataTable: 'hy_track_source', dataId: made.result.id })).result,
    ]);
    expect(shown).toContain(renewed.slice(-4));
    expect(shown).toContain('hy_track_source');
    for (const secret of [appKey, renewed, sha256(appKey), sha256(renewed)])
      expect(shown).not.toContain(secret);
    expect(
      (await k.call('DELETE', `/track/source/deleteBatch?ids=${made.result.id}`, undefined, tokens.shipper))
        .code,
    ).toBe(403);
  });
});
