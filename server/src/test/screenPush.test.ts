import type { DataScreen, FinanceScreen, ScreenPush } from '@freight/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { FinanceKit, key } from '../modules/finance/financeTestKit.ts';
import { useTestApp } from './harness.ts';
import { CUSTOMERS } from './shippingKit.ts';
import { listenForSockets, openSocket, until } from './socketKit.ts';

// The large screens hear over their socket that the figures changed (a waybill step; for the finance screen a
// bank payment paid too), then read them again.

describe('large screen push', () => {
  const t = useTestApp();
  let k: FinanceKit;
  let wsBase: string;

  beforeAll(async () => {
    wsBase = await listenForSockets(t);
    k = new FinanceKit(t, await t.login('admin'));
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

  it('a bank payment paid tells the finance screen, which then reads the payment in 今日付款', async () => {
    await k.recharge(CUSTOMERS.hengda, 50_000_000);
    const { noteId } = await k.auditedNote();
    const finance = await openScreen('finance', k.admin);
    const screen = async () => (await k.get('/screen/finance')).result as unknown as FinanceScreen;
    const before = (await screen()).paymentsToday;
    // Paying submits to the bank (no waybill step); the bank's outcome comes later, by callback.
    await k.ok('POST', '/shipping/hyShippingNote/pay', { ids: [noteId], idempotencyKey: key('screen') });
    const payments = await k.settled([noteId]);
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((p) => p.state === 2)).toBe(true);
    const booked = Math.max(...payments.map((p) => p.finishTime?.getTime() ?? 0));
    // a push sent after the payment was booked paid (the audit's own push may arrive first)
    const afterPayment = () =>
      finance.messages.some((m) =>
        m.rows.some((r) => r.topic === 'finance' && new Date(r.at).getTime() >= booked),
      );
    await until(afterPayment);
    expect(afterPayment()).toBe(true);
    const after = (await screen()).paymentsToday;
    expect(after.count).toBe(before.count + payments.length);
    expect(after.amountFen).toBe(before.amountFen + payments.reduce((sum, p) => sum + p.amountFen, 0));
    finance.socket.close();
  });

  it('refuses the socket without a token', async () => {
    await expect(openScreen('data', 'not-a-token')).rejects.toBeTruthy();
  });
});
