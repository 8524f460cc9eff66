import type { DataScreen, ScreenPush } from '@freight/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { ShippingKit } from '../../test/shippingKit.ts';
import { listenForSockets, openSocket, until } from '../../test/socketKit.ts';

// The large screens hear over their socket that the figures changed (a waybill step), then read them again.

describe('large screen push', () => {
  const t = useTestApp();
  let k: ShippingKit;
  let wsBase: string;

  beforeAll(async () => {
    wsBase = await listenForSockets(t);
    k = new ShippingKit(t, await t.login('admin'));
  });

  const openScreen = (topic: string, token: string) =>
    openSocket<ScreenPush>(`${wsBase}/screen/${topic}/socket`, token);
  const inTransit = async () =>
    ((await k.get('/screen/data')).result as unknown as DataScreen).today.inTransit;

  it('a departing truck tells the data and finance screens; the data screen then reads one more 运输中', async () => {
    const data = await openScreen('data', k.admin);
    const finance = await openScreen('finance', k.admin);
    const party = await k.driverWithVehicle();
    const note = await k.dispatch(await k.order({ plannedWeightG: 32_000_000 }), party);
    await k.drive(note.id, 'load');
    await until(() => data.messages.length > 0 && finance.messages.length > 0);
    const before = await inTransit();
    data.messages.length = 0;
    await k.ok('POST', '/shipping/hyShippingNote/depart', { id: note.id });
    await until(() => data.messages.length > 0);
    expect(data.messages[0]).toMatchObject({ type: 'screen', rows: [{ topic: 'data' }] });
    expect(finance.messages.every((m) => m.rows.every((r) => r.topic === 'finance'))).toBe(true);
    expect(await inTransit()).toBe(before + 1);
    for (const s of [data, finance]) s.socket.close();
  });

  it('refuses the socket without a token', async () => {
    await expect(openScreen('data', 'not-a-token')).rejects.toBeTruthy();
  });
});
