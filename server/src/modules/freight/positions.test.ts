import { USER_TYPE, VEHICLE_OFFLINE_MS } from '@freight/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { api, ShippingKit } from '../../test/shippingKit.ts';
import { listenForSockets, openSocket as openRowSocket, until } from '../../test/socketKit.ts';

// 实时位置: the ingest keeps each vehicle's newest fix with its waybill, the map's fleet is scoped by
// party, states follow the waybill and the clock, and a fix reaches the sockets of those who may see it.

interface Position {
  vehicleId: string;
  plateNo: string;
  lng: number;
  lat: number;
  liveState: string;
  shippingNoteNumber: string | null;
  driverName: string | null;
}
interface Fleet {
  positions: Position[];
  counts: Record<string, number>;
}
interface RowsMessage {
  type: string;
  rows?: Position[];
}

describe('live vehicle positions', () => {
  const t = useTestApp();
  const k = ShippingKit.use(t);
  const tokens = useLogins(t, { shipper: 'shipper', shipperAdmin: 'shipper_admin' });
  let appKey: string;
  let wsBase: string;

  beforeAll(async () => {
    wsBase = await listenForSockets(t);
    appKey = String((await k.ok('POST', '/track/source/add', { name: '定位平台', kind: 2 })).result.appKey);
  });

  const ingest = async (vehicleId: string, points: Array<{ at: number; lng: number; lat: number }>) => {
    const res = await t.call(null, {
      method: 'POST',
      url: api('/track/ingest'),
      headers: { 'x-app-key': appKey },
      payload: {
        vehicleId,
        points: points.map((p) => ({
          time: new Date(p.at).toISOString(),
          lng: p.lng,
          lat: p.lat,
          speed: 62,
        })),
      },
    });
    expect(res.json().success).toBe(true);
  };
  const fleet = async (token: string) =>
    (await k.get('/map/realtime/positions', {}, token)).result as unknown as Fleet;
  const find = async (token: string, vehicleId: string) =>
    (await fleet(token)).positions.find((p) => p.vehicleId === vehicleId);

  const openSocket = (token: string) => openRowSocket<RowsMessage>(`${wsBase}/map/realtime/socket`, token);
  const rowsOf = (messages: RowsMessage[], vehicleId: string) =>
    messages
      .flatMap((m) => (m.type === 'positions' ? (m.rows ?? []) : []))
      .filter((r) => r.vehicleId === vehicleId);

  it('keeps the newest fix with its waybill, scoped to the waybill’s shipper', async () => {
    const party = await k.driverWithVehicle();
    const note = await k.dispatch(await k.order(), party);
    const now = Date.now();
    await ingest(party.vehicleId, [
      { at: now - 60_000, lng: 118.91, lat: 32.12 },
      { at: now - 10_000, lng: 118.95, lat: 32.1 },
    ]);
    const seen = await find(k.admin, party.vehicleId);
    expect(seen).toMatchObject({
      plateNo: party.plateNo,
      lng: 118.95,
      lat: 32.1,
      liveState: 'loading',
      shippingNoteNumber: note.shippingNoteNumber,
    });
    // The waybill belongs to 苏州恒达建材, the `shipper` account's customer; shipper_admin's is another.
    expect(await find(tokens.shipper, party.vehicleId)).toMatchObject({ lng: 118.95 });
    expect(await find(tokens.shipperAdmin, party.vehicleId)).toBeUndefined();
    const other = await k.get('/map/realtime/queryById', { id: party.vehicleId }, tokens.shipperAdmin);
    expect(other.success).toBe(false);

    // A late, older fix is history only; the kept position stays the newest.
    await ingest(party.vehicleId, [{ at: now - 30_000, lng: 118.5, lat: 32.0 }]);
    expect(await find(k.admin, party.vehicleId)).toMatchObject({ lng: 118.95 });

    // Departing moves the vehicle to "in transit" without a new fix.
    await k.drive(note.id, 'depart');
    expect(await find(k.admin, party.vehicleId)).toMatchObject({ liveState: 'transit' });

    const list = await k.get('/map/realtime/list', { plateNo: party.plateNo }, k.admin);
    expect(list.result.records?.[0]).toMatchObject({ plateNo: party.plateNo, liveState: 'transit' });
  });

  it('shows a silent vehicle as offline and an unassigned one as idle', async () => {
    const silent = await k.driverWithVehicle();
    const idle = await k.driverWithVehicle();
    const now = Date.now();
    await ingest(silent.vehicleId, [{ at: now - VEHICLE_OFFLINE_MS - 60_000, lng: 120.1, lat: 30.2 }]);
    await ingest(idle.vehicleId, [{ at: now - 5_000, lng: 120.2, lat: 30.3 }]);
    expect(await find(k.admin, silent.vehicleId)).toMatchObject({ liveState: 'offline' });
    expect(await find(k.admin, idle.vehicleId)).toMatchObject({
      liveState: 'idle',
      shippingNoteNumber: null,
    });
    // Vehicles on no waybill of theirs are not the shippers' to see.
    expect(await find(tokens.shipper, idle.vehicleId)).toBeUndefined();
    const counts = (await fleet(k.admin)).counts;
    expect(counts.offline).toBeGreaterThanOrEqual(1);
    expect(counts.idle).toBeGreaterThanOrEqual(1);
  });

  it('pushes a new fix to the sockets of those who may see the vehicle, and only to them', async () => {
    const party = await k.driverWithVehicle();
    await k.dispatch(await k.order(), party);
    const admin = await openSocket(k.admin);
    const own = await openSocket(tokens.shipper);
    const foreign = await openSocket(tokens.shipperAdmin);
    try {
      await ingest(party.vehicleId, [{ at: Date.now(), lng: 119.3, lat: 31.9 }]);
      expect(await until(() => rowsOf(admin.messages, party.vehicleId).length > 0)).toBe(true);
      expect(await until(() => rowsOf(own.messages, party.vehicleId).length > 0)).toBe(true);
      expect(rowsOf(own.messages, party.vehicleId)[0]).toMatchObject({ lng: 119.3, liveState: 'loading' });
      // The foreign socket answers a heartbeat sent after the push: anything pushed to it came first.
      foreign.socket.send('HeartBeat');
      expect(await until(() => foreign.messages.some((m) => m.type === 'heartcheck'))).toBe(true);
      expect(rowsOf(foreign.messages, party.vehicleId)).toHaveLength(0);
    } finally {
      for (const s of [admin, own, foreign]) s.socket.close();
    }
  });

  it('refuses the map to a user without its permission and the socket without a token', async () => {
    const res = await t.call(null, { method: 'GET', url: api('/map/realtime/positions') });
    expect(res.json().success).toBe(false);
    // A signed-in staff member whose role lacks map:realtime:list (finance) is refused with 403.
    const finance = await k.user('finance_map01', USER_TYPE.system, null, 'finance');
    const refused = await t.call(finance, { method: 'GET', url: api('/map/realtime/positions') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false });
    expect(JSON.stringify(refused.json())).not.toContain('plateNo');
    await expect(openSocket('not-a-token')).rejects.toBeTruthy();
  });
});
