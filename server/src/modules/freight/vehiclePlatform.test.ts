import { VEHICLE_NET_MSG, VEHICLE_NET_STATE } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { ShippingKit } from '../../test/shippingKit.ts';
import { hySetting } from '../apps/index.ts';
import { hyVehicle } from './partySchema.ts';
import { hyShippingNote, hyTrackPoint } from './shippingSchema.ts';
import type { VehiclePlatformCredentials } from './vehiclePlatform/adapter.ts';
import { pullInTransit, vehiclePlatformState } from './vehiclePlatform.ts';

// 全国道路货运车辆公共监管与服务平台: credentials in the platform settings (secret masked), the 入网 check at
// registration and review, and the pull of positions of heavy trucks on the road into the track ingest.

describe('national vehicle platform', () => {
  const t = useTestApp();
  const k = ShippingKit.use(t);
  const tokens = useLogins(t, { shipper: 'shipper' });

  const settings = (body?: object, token = k.admin) =>
    body
      ? k.call('PUT', '/setting/hySetting/vehiclePlatform', body, token)
      : k.get('/setting/hySetting/vehiclePlatform', {}, token);
  const addVehicle = async (plateNo: string, over: object = {}) => {
    await k.ok('POST', '/hyvehicle/hyVehicle/add', {
      plateNo,
      ratedLoadKg: 32_000,
      grossMassKg: 49_000,
      roadTransportNo: `3201009${plateNo.slice(-5)}`,
      licenseValidTo: '2035-01-01',
      roadTransportValidTo: '2035-01-01',
      ...over,
    });
    return (await k.get('/hyvehicle/hyVehicle/list', { plateNo })).result.records?.[0] as Record<
      string,
      unknown
    >;
  };

  it('keeps the credentials in the settings and never answers the secret', async () => {
    expect((await settings()).result).toMatchObject({
      provider: 'simulated',
      secretSet: false,
      secretMask: '',
    });
    const saved = await settings({ endpoint: '', account: 'wlhy-32010', secret: 'Top-Secret-Key-77' });
    expect(saved).toMatchObject({ success: true, message: '货运平台接入设置已保存' });
    expect(saved.result).toMatchObject({ account: 'wlhy-32010', secretSet: true, secretMask: '******77' });
    expect(JSON.stringify(saved)).not.toContain('Top-Secret');
    // Stored encrypted, kept when the form sends no new secret, absent from the public settings.
    const [row] = await t.db
      .select()
      .from(hySetting)
      .where(and(eq(hySetting.tenantId, 0), eq(hySetting.settingKey, 'vehicle_platform_secret')));
    expect(row?.settingValue).toMatch(/^gcm1:/);
    expect((await settings({ endpoint: '', account: 'wlhy-32011' })).result).toMatchObject({
      account: 'wlhy-32011',
      secretSet: true,
    });
    const pub = await t.call(null, {
      method: 'GET',
      url: '/jeecg-boot/setting/hySetting/queryPlatformSettings',
    });
    expect(pub.body).not.toContain('vehicle_platform');
    expect((await settings({ endpoint: 'ftp://x', account: '' })).message).toContain('http(s)://');
    expect((await settings(undefined, tokens.shipper)).success).toBe(false);
    expect((await settings({ endpoint: '', account: 'x' }, tokens.shipper)).success).toBe(false);
  });

  it('checks 入网 at registration and refuses to approve a heavy vehicle not connected', async () => {
    const heavyOff = await addVehicle('苏E71404');
    expect(heavyOff).toMatchObject({ netState: VEHICLE_NET_STATE.notConnected, netState_dictText: '未入网' });
    expect(heavyOff.netCheckedAt).toBeTruthy();
    const lightOff = await addVehicle('苏E72404', {
      grossMassKg: 4_200,
      ratedLoadKg: 2_000,
      roadTransportNo: undefined,
    });
    expect(lightOff).toMatchObject({ netState: VEHICLE_NET_STATE.notRequired });
    // A tractor is heavy whatever its mass.
    const tractorOff = await addVehicle('苏E73404', {
      grossMassKg: 8_000,
      ratedLoadKg: 4_000,
      vehicleType: 'Q11',
    });
    expect(tractorOff).toMatchObject({ netState: VEHICLE_NET_STATE.notConnected });
    const heavyOn = await addVehicle('苏E71405');
    expect(heavyOn).toMatchObject({ netState: VEHICLE_NET_STATE.connected, netState_dictText: '已入网' });

    const refused = await k.call('POST', '/hyvehicle/hyVehicle/review', { id: heavyOff.id, state: 2 });
    expect(refused).toMatchObject({ success: false, message: VEHICLE_NET_MSG.refused });
    expect((await k.get('/hyvehicle/hyVehicle/queryById', { id: heavyOff.id })).result).toMatchObject({
      state: 1,
    });
    // Rejecting needs no check; a light vehicle and a connected heavy one pass.
    await k.ok('POST', '/hyvehicle/hyVehicle/review', { id: lightOff.id, state: 2 });
    await k.ok('POST', '/hyvehicle/hyVehicle/review', { id: heavyOn.id, state: 2 });
    await k.ok('POST', '/hyvehicle/hyVehicle/review', { id: tractorOff.id, state: 3, reason: '未入网' });

    // Re-plated on edit (a new terminal), the vehicle is checked again.
    await k.ok('POST', '/hyvehicle/hyVehicle/edit', {
      id: heavyOff.id,
      plateNo: '苏E71406',
      ratedLoadKg: 32_000,
      grossMassKg: 49_000,
      roadTransportNo: '320100971406',
      licenseValidTo: '2035-01-01',
      roadTransportValidTo: '2035-01-01',
    });
    expect((await k.get('/hyvehicle/hyVehicle/queryById', { id: heavyOff.id })).result).toMatchObject({
      netState: VEHICLE_NET_STATE.connected,
    });
    await k.ok('POST', '/hyvehicle/hyVehicle/review', { id: heavyOff.id, state: 2 });
    const recheck = await k.ok('POST', '/hyvehicle/hyVehicle/checkNet', { id: heavyOff.id });
    expect(recheck.message).toBe('入网核验完成：已入网');
  });

  it('leaves the vehicle unchecked when the platform does not answer, and uses the configured client', async () => {
    await settings({
      endpoint: 'https://vehicle-platform.example/api',
      account: 'wlhy-1',
      secret: 'S3cret-xyz',
    });
    try {
      const unknown = await addVehicle('苏E74405');
      expect(unknown.netState).toBeNull();
      expect(await k.call('POST', '/hyvehicle/hyVehicle/review', { id: unknown.id, state: 2 })).toMatchObject(
        {
          success: false,
          message: VEHICLE_NET_MSG.unreachable,
        },
      );
      // A deployment's client gets the stored credentials, the secret decrypted.
      const seen: VehiclePlatformCredentials[] = [];
      vehiclePlatformState(t.ctx).client = (credentials) => {
        seen.push(credentials);
        return { isConnected: async () => ({ connected: true }), positions: async () => [] };
      };
      await k.ok('POST', '/hyvehicle/hyVehicle/checkNet', { id: unknown.id });
      expect(seen.at(-1)).toEqual({
        endpoint: 'https://vehicle-platform.example/api',
        account: 'wlhy-1',
        secret: 'S3cret-xyz',
      });
      await k.ok('POST', '/hyvehicle/hyVehicle/review', { id: unknown.id, state: 2 });
    } finally {
      vehiclePlatformState(t.ctx).client = null;
      await settings({ endpoint: '', account: '', clearSecret: true });
    }
  });

  it('pulls the positions of a heavy truck on the road into its waybill’s track, once', async () => {
    const party = await k.driverWithVehicle();
    const note = await k.dispatch(await k.order(), party);
    expect(await k.call('POST', '/shipping/hyShippingNote/pullTrack', { id: note.id })).toMatchObject({
      success: false,
      message: '只有已装货或运输中的运单可以拉取轨迹',
    });
    await k.drive(note.id, 'depart');
    // Loaded two hours ago, left ninety minutes ago: the simulated platform drives it toward Shanghai.
    const now = Date.now();
    await t.db
      .update(hyShippingNote)
      .set({ loadTime: new Date(now - 2 * 3_600_000), departTime: new Date(now - 90 * 60_000) })
      .where(eq(hyShippingNote.id, note.id));

    const first = await k.ok('POST', '/shipping/hyShippingNote/pullTrack', { id: note.id });
    const pulled = first.result as { received: number; inserted: number };
    expect(pulled.received).toBeGreaterThanOrEqual(89);
    expect(pulled.inserted).toBe(pulled.received);
    const points = await t.db.select().from(hyTrackPoint).where(eq(hyTrackPoint.vehicleId, party.vehicleId));
    expect(points).toHaveLength(pulled.inserted);
    expect(points.every((p) => p.source === 2 && p.noteId === note.id && p.sourceId === null)).toBe(true);

    // Again (a second click, or the job right after): the overlap is not doubled.
    const again = (await k.ok('POST', '/shipping/hyShippingNote/pullTrack', { id: note.id })).result as {
      received: number;
      inserted: number;
    };
    expect(again.inserted).toBeLessThanOrEqual(1);
    const job = await pullInTransit(t.ctx);
    expect(job.notes).toBeGreaterThanOrEqual(1);
    const total = await t.db.select().from(hyTrackPoint).where(eq(hyTrackPoint.vehicleId, party.vehicleId));
    expect(total.length).toBeLessThanOrEqual(pulled.inserted + 2);

    // The waybill's track shows the line from the loading place toward the unloading place.
    const track = (await k.get('/shipping/hyShippingNote/track', { id: note.id })).result as {
      rawCount: number;
      points: Array<[number, number, number, number | null]>;
    };
    expect(track.rawCount).toBe(total.length);
    const [lng0, lat0] = track.points[0] ?? [0, 0];
    expect(Math.abs(lng0 - 118.9089)).toBeLessThan(0.05);
    expect(Math.abs(lat0 - 32.1186)).toBeLessThan(0.05);
    const last = track.points.at(-1) ?? [0, 0];
    expect(last[0]).toBeGreaterThan(119.3);
    // The live map keeps the newest pulled fix.
    const live = (await k.get('/map/realtime/positions')).result as {
      positions: Array<{ vehicleId: string; lng: number }>;
    };
    expect(live.positions.find((p) => p.vehicleId === party.vehicleId)?.lng).toBeCloseTo(last[0], 4);

    // A shipper cannot pull (the button is platform business).
    expect(
      (await k.call('POST', '/shipping/hyShippingNote/pullTrack', { id: note.id }, tokens.shipper)).success,
    ).toBe(false);
  });

  it('skips in the job the vehicles known not to be connected', async () => {
    const before = await pullInTransit(t.ctx);
    const party = await k.driverWithVehicle();
    await t.db
      .update(hyVehicle)
      .set({ netState: VEHICLE_NET_STATE.notConnected })
      .where(eq(hyVehicle.id, party.vehicleId));
    const note = await k.dispatch(await k.order(), party);
    await k.drive(note.id, 'depart');
    expect((await pullInTransit(t.ctx)).notes).toBe(before.notes);
  });
});
