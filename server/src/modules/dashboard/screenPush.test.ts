import type { DataScreen, ScreenPush } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ShippingKit } from '../../test/shippingKit.ts';

// The large screens hear over their socket that the figures changed (a waybill step), then read them again.

describe('large screen push', () => {
  let t: TestApp;
  let k: ShippingKit;
  let wsBase: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    wsBase = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jeecg-boot`;
    k = new ShippingKit(t, await t.login('admin'));
  });
  afterAll(() => t.close());

  const openSocket = (topic: string, token: string) =>
    new Promise<{ socket: WebSocket; messages: ScreenPush[] }>((resolve, reject) => {
      const socket = new WebSocket(`${wsBase}/screen/${topic}/socket`, [token]);
      const messages: ScreenPush[] = [];
      socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as ScreenPush));
      socket.once('open', () => resolve({ socket, messages }));
      socket.once('error', reject);
    });
  const until = async (check: () => boolean) => {
    for (let waited = 0; !check() && waited < 5_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
  };
  const inTransit = async () =>
    ((await k.get('/screen/data')).result as unknown as DataScreen).today.inTransit;

  it('a departing truck tells the data and finance screens; the data screen then reads one more 运输中', async () => {
    const data = await openSocket('data', k.admin);
    const finance = await openSocket('finance', k.admin);
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
    await expect(openSocket('data', 'not-a-token')).rejects.toBeTruthy();
  });
});
