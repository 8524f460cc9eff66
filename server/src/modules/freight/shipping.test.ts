import {
  canTransition,
  exportColumnsOf,
  noteListColumns,
  noteResource,
  SHIPPING_TRANSITIONS,
  type ShippingAction,
  USER_TYPE,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { AGENT01, api, CUSTOMERS, ShippingKit } from '../../test/shippingKit.ts';
import { hyDriver, hyVehicle } from './partySchema.ts';
import { chinaToday } from './shippingMoney.ts';
import { hyShippingNote } from './shippingSchema.ts';

// Shipping: every legal and illegal transition, money worked by hand, fee visibility, customer
// scoping, concurrent accepts, lists, counters, tracks, complaints and evaluations.

const STATUS_TEXT: Record<number, string> = {
  0: '已派单',
  1: '已接单',
  2: '已装货',
  3: '运输中',
  4: '已卸货',
  5: '已签收',
  6: '已审核',
  7: '已完成',
  [-1]: '已取消',
  [-2]: '已作废',
  [-3]: '已拒单',
};

const stepBody = (action: ShippingAction, id: string): object =>
  ({
    accept: { id },
    refuse: { id, reason: '车辆故障' },
    cancel: { id, reason: '货主取消' },
    load: { id, loadWeightG: 1_000_000, loadPhoto: 'weighbridge/x.jpg' },
    depart: { id },
    unload: { id, unloadWeightG: 1_000_000, unloadPhoto: 'weighbridge/y.jpg' },
    sign: { id },
    audit: { id },
    void: { id, reason: '重复派单' },
  })[action];

describe('orders and shipping notes', () => {
  const t = useTestApp();
  const k = ShippingKit.use(t);
  const tokens = useLogins(t, { shipper: 'shipper', shipperAdmin: 'shipper_admin', agent: 'agent01' });
  let otherAgent: string;

  beforeAll(async () => {
    otherAgent = await k.user('agent02', USER_TYPE.agent, 'another-agent-id', 'agent');
  }, 60_000);

  const counts = async () => (await k.get('/hydriver/hyDriver/getDsXx')).result as Record<string, number>;
  const inList = async (path: string, id: string, query: Record<string, unknown> = {}, token?: string) => {
    const page = await k.get(path, { pageSize: 100, ...query }, token);
    expect(page.success, page.message).toBe(true);
    return (page.result.records ?? []).some((row) => row.id === id);
  };

  it('moves an order through publish, pause, close and refuses illegal steps', async () => {
    await k.ok('POST', '/order/hyOrder/add', k.orderBody({ goodsName: '水泥' }));
    const id = String((await k.get('/order/hyOrder/list', { goodsName: '水泥' })).result.records?.[0]?.id);
    const order = (await k.get('/order/hyOrder/queryById', { id })).result;
    expect(order).toMatchObject({ status: 0, status_dictText: '草稿', customerName: '苏州恒达建材有限公司' });
    expect(String(order.orderNo)).toMatch(/^HY\d{13}$/);
    // estimate for the planned 320 t: 150.00 × 320 = 48 000.00, service 6 % = 2 880.00
    expect(order).toMatchObject({ driverFee: 4_800_000, serviceFee: 288_000, customerFee: 5_088_000 });
    expect((await k.call('POST', '/order/hyOrder/pause', { id })).message).toBe(
      '货源当前状态为「草稿」，不能暂停',
    );
    await k.ok('POST', '/order/hyOrder/publish', { id });
    await k.ok('POST', '/order/hyOrder/pause', { id });
    // a paused order may be edited, a published one not
    await k.ok('PUT', '/order/hyOrder/edit', {
      id,
      ...k.orderBody({ goodsName: '水泥', plannedWeightG: 100_000_000 }),
    });
    await k.ok('POST', '/order/hyOrder/publish', { id });
    expect((await k.call('PUT', '/order/hyOrder/edit', { id, ...k.orderBody() })).message).toBe(
      '只有草稿或已暂停的货源可以修改',
    );
    await k.ok('POST', '/order/hyOrder/close', { id });
    expect((await k.call('POST', '/order/hyOrder/publish', { id })).message).toBe(
      '货源当前状态为「已关闭」，不能发布',
    );
    // a pending customer may not publish; an agent order needs its agent
    await k.ok('POST', '/order/hyOrder/add', k.orderBody({ customerId: CUSTOMERS.hefei, goodsName: '小麦' }));
    const pending = String(
      (await k.get('/order/hyOrder/list', { goodsName: '小麦' })).result.records?.[0]?.id,
    );
    expect((await k.call('POST', '/order/hyOrder/publish', { id: pending })).message).toBe(
      '货主未审核通过，不能发布货源',
    );
    expect((await k.call('POST', '/order/hyOrder/add', k.orderBody({ orderMode: 3 }))).message).toBe(
      '经纪人订单必须选择经纪人',
    );
    // only drafts without notes are deleted
    expect((await k.call('DELETE', `/order/hyOrder/delete?id=${id}`)).message).toBe(
      '只能删除草稿或已取消且未派单的货源',
    );
    await k.ok('DELETE', `/order/hyOrder/delete?id=${pending}`);
  });

  it('refuses to dispatch to unapproved, unbound or busy drivers and vehicles', async () => {
    const orderId = await k.order();
    const unapproved = await k.driverWithVehicle({ approve: false });
    expect(
      (await k.call('POST', '/shipping/hyShippingNote/dispatch', { orderId, ...unapproved })).message,
    ).toMatch(/^司机司机\d+未审核通过$/);
    const unbound = await k.driverWithVehicle({ bind: false });
    expect(
      (await k.call('POST', '/shipping/hyShippingNote/dispatch', { orderId, ...unbound })).message,
    ).toMatch(/未绑定车辆/);
    const expired = await k.driverWithVehicle();
    await t.db
      .update(hyVehicle)
      .set({ licenseValidTo: '2020-01-01' })
      .where(eq(hyVehicle.id, expired.vehicleId));
    expect((await k.call('POST', '/shipping/hyShippingNote/dispatch', { orderId, ...expired })).message).toBe(
      '车辆行驶证已过期',
    );
    const blacklisted = await k.driverWithVehicle();
    await t.db.update(hyDriver).set({ blacklisted: true }).where(eq(hyDriver.id, blacklisted.driverId));
    expect(
      (await k.call('POST', '/shipping/hyShippingNote/dispatch', { orderId, ...blacklisted })).message,
    ).toMatch(/已被列入黑名单/);
    const busy = await k.driverWithVehicle();
    const small = await k.order({ plannedWeightG: 40_000_000 });
    await k.dispatch(small, busy);
    expect((await k.call('POST', '/shipping/hyShippingNote/dispatch', { orderId, ...busy })).message).toBe(
      '该车辆已有进行中的运单',
    );
    const tooMuch = await k.driverWithVehicle();
    expect(
      (
        await k.call('POST', '/shipping/hyShippingNote/dispatch', {
          orderId: small,
          ...tooMuch,
          plannedWeightG: 20_000_000,
        })
      ).message,
    ).toBe('派单重量超过货源剩余量');
    // a draft order cannot be dispatched
    await k.ok('POST', '/order/hyOrder/add', k.orderBody({ goodsName: '草稿货' }));
    const draft = String(
      (await k.get('/order/hyOrder/list', { goodsName: '草稿货' })).result.records?.[0]?.id,
    );
    expect(
      (await k.call('POST', '/shipping/hyShippingNote/dispatch', { orderId: draft, ...tooMuch })).message,
    ).toBe('货源当前状态为「草稿」，不能派单');
  });

  it('drives a note through every step with history, lists, vehicle state, money and the counter', async () => {
    const orderId = await k.order();
    const party = await k.driverWithVehicle();
    const before = await counts();
    const dispatched = await k.dispatch(orderId, party);
    const id = dispatched.id;
    expect(dispatched.shippingNoteNumber).toMatch(/^YD\d{14}$/);
    expect(dispatched.shippingNoteNumber.length).toBeLessThanOrEqual(20);
    expect(dispatched.serialNumber).toBe('0000');
    // estimate on the default weight min(remaining 320 t, rated 32 t): 32 t × 150.00 = 4 800.00
    expect(dispatched).toMatchObject({
      plannedWeightG: 32_000_000,
      driverFee: 480_000,
      customerFee: 508_800,
    });

    const vehicleState = async () =>
      (await t.db.select().from(hyVehicle).where(eq(hyVehicle.id, party.vehicleId)))[0].transportState;

    // at each state every step but the legal ones is refused with the state in the message
    const refuseIllegal = async (status: number) => {
      for (const action of Object.keys(SHIPPING_TRANSITIONS) as ShippingAction[]) {
        if (canTransition(action, status)) continue;
        const res = await k.call('POST', `/shipping/hyShippingNote/${action}`, stepBody(action, id));
        expect(res.success, `${action} from ${status}`).toBe(false);
        expect(res.message).toBe(
          `运单当前状态为「${STATUS_TEXT[status]}」，不能${SHIPPING_TRANSITIONS[action].label}`,
        );
      }
    };

    await refuseIllegal(0);
    await k.drive(id, 'accept');
    expect(await vehicleState()).toBe(1);
    expect((await k.note(id)).contractNo).toBe(`HT${dispatched.shippingNoteNumber}`);
    // the accept signed the carrier contract (contracts.test.ts checks it whole)
    const contracts = await k.get('/shipping/contract/list', { noteId: id });
    expect(contracts.result.records?.[0]).toMatchObject({
      contractNo: `HT${dispatched.shippingNoteNumber}`,
      state: 1,
    });
    await refuseIllegal(1);
    // loading needs weight and the weighbridge photo
    const noPhoto = await t.call(k.admin, {
      method: 'POST',
      url: api('/shipping/hyShippingNote/load'),
      payload: { id, loadWeightG: 32_150_000 },
    });
    expect(noPhoto.json().message).toBe('请上传装货磅单');
    await k.ok('POST', '/shipping/hyShippingNote/load', {
      id,
      loadWeightG: 32_150_000,
      loadPhoto: 'w/load.jpg',
    });
    // unload unknown yet: estimated on the loaded 32.150 t → 4 822.50
    expect(await k.note(id)).toMatchObject({ status: 2, loadWeightG: 32_150_000, driverFee: 482_250 });
    expect(await inList('/shipping/hyShippingNote/track/list', id)).toBe(true);
    await refuseIllegal(2);
    await k.ok('POST', '/shipping/hyShippingNote/depart', { id });
    expect(await vehicleState()).toBe(2);
    await refuseIllegal(3);
    await k.ok('POST', '/shipping/hyShippingNote/unload', {
      id,
      unloadWeightG: 31_800_000,
      unloadPhoto: 'w/u.jpg',
    });
    expect(await vehicleState()).toBe(0);
    expect(await inList('/shipping/hyShippingNote/daoda/list', id)).toBe(true);
    // unload basis 31.8 t × 150.00 = 4 770.00; lost 350 kg − 200 kg allowed = 0.15 t × 2 000.00 = 300.00
    // driver 4 470.00; service 6 % = 268.20; customer 4 738.20
    expect(await k.note(id)).toMatchObject({
      settleWeightG: 31_800_000,
      lossWeightG: 350_000,
      lossDeductionFen: 30_000,
      driverFreightFen: 477_000,
      driverFee: 447_000,
      serviceFee: 26_820,
      customerFee: 473_820,
      finalPayFen: 447_000,
    });
    await refuseIllegal(4);
    await k.ok('POST', '/shipping/hyShippingNote/sign', { id });
    expect(await inList('/shipping/hyShippingNote/daoda/list', id)).toBe(false);
    expect(await inList('/shipping/hyShippingNote/audit/list', id)).toBe(true);
    await refuseIllegal(5);
    const order = (await k.get('/order/hyOrder/queryById', { id: orderId })).result;
    expect(order).toMatchObject({
      dispatchedWeightG: 32_000_000,
      completedWeightG: 31_800_000,
      dispatchedCount: 1,
    });
    await k.ok('POST', '/shipping/hyShippingNote/audit', { id });
    await refuseIllegal(6);
    const audited = await k.note(id);
    // per-trip customer: due on the audit day, and the header counter moves
    expect(audited).toMatchObject({ status: 6, dueDate: chinaToday(), reportStatus: 1, auditBy: 'admin' });
    const after = await counts();
    expect(after.tangjieZhangQi).toBe(before.tangjieZhangQi + 1);
    expect(after.yuejieZhangQi).toBe(before.yuejieZhangQi);
    expect(await inList('/shipping/hyShippingNote/list', id, { state: 1 })).toBe(true);
    expect(await inList('/shipping/hyShippingNote/pay/list', id)).toBe(true);
    expect(await inList('/shipping/hyShippingNote/audit/list', id)).toBe(false);

    const history = (await k.get('/shipping/hyShippingNote/history', { id })).result as unknown as Array<
      Record<string, unknown>
    >;
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['dispatch', null, 0],
      ['accept', 0, 1],
      ['load', 1, 2],
      ['depart', 2, 3],
      ['unload', 3, 4],
      ['sign', 4, 5],
      ['audit', 5, 6],
    ]);
    expect(history.every((h) => h.operator === 'admin' && h.createTime)).toBe(true);
    expect(history[2].data).toEqual({ loadWeightG: 32_150_000, loadPhoto: 'w/load.jpg' });
    expect(history[6].toStatus_dictText).toBe('已审核');

    // frozen after audit
    expect(
      (
        await k.call('POST', '/shipping/hyShippingNote/correct', {
          id,
          unloadWeightG: 32_000_000,
          reason: '复磅',
        })
      ).message,
    ).toBe('运单当前状态为「已审核」，不能修正重量（审核后金额已冻结）');
  });

  it('exits: refuse, cancel before loading, void with a reason, and nothing after an exit', async () => {
    const orderId = await k.order();
    const party = await k.driverWithVehicle();
    const exitWith = async (action: 'refuse' | 'cancel' | 'void', before?: 'accept' | 'depart') => {
      const { id } = await k.dispatch(orderId, party);
      if (before) await k.drive(id, before);
      expect((await k.call('POST', `/shipping/hyShippingNote/${action}`, { id })).success).toBe(false); // no reason
      await k.ok('POST', `/shipping/hyShippingNote/${action}`, stepBody(action, id));
      const note = await k.note(id);
      expect(note.status).toBe(SHIPPING_TRANSITIONS[action].to);
      expect(note.closeReason).toBeTruthy();
      for (const next of Object.keys(SHIPPING_TRANSITIONS) as ShippingAction[]) {
        const res = await k.call('POST', `/shipping/hyShippingNote/${next}`, stepBody(next, id));
        expect(res.message).toBe(
          `运单当前状态为「${STATUS_TEXT[note.status as number]}」，不能${SHIPPING_TRANSITIONS[next].label}`,
        );
      }
      expect(await inList('/shipping/hyShippingNote/history/list', id)).toBe(true);
      return id;
    };
    await exitWith('refuse');
    await exitWith('cancel');
    await exitWith('cancel', 'accept');
    await exitWith('void', 'depart');
    // the vehicle is free again and the order's dispatched quantity is back to 0
    expect(
      (await t.db.select().from(hyVehicle).where(eq(hyVehicle.id, party.vehicleId)))[0].transportState,
    ).toBe(0);
    const order = (await k.get('/order/hyOrder/queryById', { id: orderId })).result;
    expect(order).toMatchObject({ dispatchedWeightG: 0, dispatchedCount: 0 });
    // the serial counts the vehicle's legs within the order
    const fifth = await k.dispatch(orderId, party);
    expect(fifth.serialNumber).toBe('0004');
    const second = await k.driverWithVehicle();
    expect((await k.dispatch(orderId, second)).serialNumber).toBe('0100');
  });

  it('void is legal from every state before audit; cancel is refused once loaded', async () => {
    const orderId = await k.order();
    const before = [undefined, 'accept', 'load', 'depart', 'unload', 'sign'] as const;
    for (const [status, step] of before.entries()) {
      const party = await k.driverWithVehicle();
      const { id } = await k.dispatch(orderId, party);
      if (step) await k.drive(id, step);
      expect((await k.note(id)).status).toBe(status);
      if (status > 1) {
        // Cancel ends a note only before loading (the exits test cancels from 0 and 1).
        const cancel = await k.call('POST', '/shipping/hyShippingNote/cancel', stepBody('cancel', id));
        expect(cancel.success, `cancel from ${status}`).toBe(false);
      }
      await k.ok('POST', '/shipping/hyShippingNote/void', stepBody('void', id));
      expect((await k.note(id)).status).toBe(SHIPPING_TRANSITIONS.void.to);
      // The vehicle is free for the next trip.
      expect(
        (await t.db.select().from(hyVehicle).where(eq(hyVehicle.id, party.vehicleId)))[0].transportState,
      ).toBe(0);
    }
    const audited = await k.dispatch(orderId, await k.driverWithVehicle());
    await k.drive(audited.id, 'audit');
    const late = await k.call('POST', '/shipping/hyShippingNote/void', stepBody('void', audited.id));
    expect(late.message).toBe(`运单当前状态为「${STATUS_TEXT[6]}」，不能作废`);
  });

  it('money: per-mille allowance with whole-loss deduction, corrections before audit, agent order', async () => {
    const party = await k.driverWithVehicle();
    const perMille = await k.order({
      settleWeightBasis: 3,
      lossAllowanceMode: 2,
      lossAllowanceValue: 3,
      lossDeductWhole: true,
      lossUnitPriceFen: 180_000,
    });
    const a = await k.trip(perMille, party, 'unload', { load: 30_000_000, unload: 29_880_000 });
    // 30 t × 3 ‰ = 90 kg allowed; 120 kg lost → whole 0.12 t × 1 800.00 = 216.00
    // settle min 29.88 t × 150.00 = 4 482.00 − 216.00 = 4 266.00; service 255.96; customer 4 521.96
    expect(a.note).toMatchObject({
      lossAllowanceG: 90_000,
      lossDeductionFen: 21_600,
      driverFee: 426_600,
      serviceFee: 25_596,
      customerFee: 452_196,
    });
    // a re-weighed unload of 29.950 t: 50 kg lost, within 90 kg → nothing deducted; 29.95 × 150 = 4 492.50
    await k.ok('POST', '/shipping/hyShippingNote/correct', {
      id: a.id,
      unloadWeightG: 29_950_000,
      reason: '复磅',
    });
    expect(await k.note(a.id)).toMatchObject({
      lossDeductionFen: 0,
      driverFee: 449_250,
      customerFee: 476_205,
    });
    const corrected = (await k.get('/shipping/hyShippingNote/history', { id: a.id }))
      .result as unknown as Array<Record<string, unknown>>;
    expect(corrected.at(-1)).toMatchObject({ action: 'correct', fromStatus: 4, toStatus: 4, remark: '复磅' });
    expect(corrected.at(-1)?.data).toMatchObject({
      before: { driverFee: 426_600 },
      after: { driverFee: 449_250 },
    });

    const agentOrder = await k.order({
      orderMode: 3,
      agentId: AGENT01,
      priceMode: 2,
      driverUnitPriceFen: 300_000,
      serviceFeeMode: 2,
      serviceFeeValue: 900,
      agentFeeMode: 2,
      agentFeeValue: 5_000,
    });
    const second = await k.driverWithVehicle();
    const b = await k.trip(agentOrder, second, 'sign', { load: 30_000_000, unload: 29_950_000 });
    // per trip 3 000.00; gross-up 9 %: 3 000 / 0.91 = 3 296.70 → 296.70; agent 50.00; customer 3 346.70
    expect(b.note).toMatchObject({
      driverFee: 300_000,
      serviceFee: 29_670,
      agentFee: 5_000,
      customerFee: 334_670,
      feeTotal: 5_000,
    });
  });

  it('fee visibility: admin and the owning agent see agent-order fees, the shipper "--", other agents nothing', async () => {
    const orderId = await k.order({ orderMode: 3, agentId: AGENT01, agentFeeMode: 2, agentFeeValue: 5_000 });
    const { id } = await k.dispatch(orderId, await k.driverWithVehicle());
    const seen = async (token: string) => {
      const list = await k.get('/shipping/hyShippingNote/list', { id }, token);
      return list.result.records?.[0];
    };
    expect(await seen(k.admin)).toMatchObject({ driverFee: 480_000, agentFee: 5_000, feeTotal: 5_000 });
    expect(await seen(tokens.agent)).toMatchObject({ driverFee: 480_000, agentFee: 5_000 });
    // Another agent is not on the note: it is not theirs to see at all.
    expect(await seen(otherAgent)).toBeUndefined();
    expect((await k.get('/shipping/hyShippingNote/queryById', { id }, otherAgent)).message).toBe(
      '未找到对应数据',
    );
    const row = await seen(tokens.shipper);
    expect(row).toMatchObject({ driverFee: '--', agentFee: '--', serviceFee: '--', feeTotal: '--' });
    expect(row?.customerFee).toBe(513_800);
    // The record (the detail drawer's) hides the money inputs the list does not send, too.
    expect((await k.get('/shipping/hyShippingNote/queryById', { id }, tokens.shipper)).result).toMatchObject({
      driverUnitPriceFen: '--',
      driverFreightFen: '--',
      agentFeeValue: '--',
      prepayFen: '--',
      customerFee: 513_800,
    });
    // the order list and the detail hide them alike, and so does the export
    const order = (await k.get('/order/hyOrder/list', { id: orderId }, tokens.shipper)).result.records?.[0];
    expect(order).toMatchObject({ driverFee: '--', agentFee: '--', feeTotal: '--' });
    // The owning agent sees its order, fees and all.
    expect(
      (await k.get('/order/hyOrder/list', { id: orderId }, tokens.agent)).result.records?.[0],
    ).toMatchObject({
      driverFee: expect.any(Number),
      agentFee: 5_000,
    });
    const xlsx = await t.call(tokens.shipper, {
      method: 'GET',
      url: api(`/shipping/hyShippingNote/exportXls?id=${id}`),
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    // The headers are the declaration's labels, the console's column titles: no second table of labels.
    expect(header.slice(1)).toEqual(exportColumnsOf(noteResource).map((column) => column.title));
    const cell = (title: string) => sheet.getRow(2).getCell(header.indexOf(title)).value;
    // Money in yuan and weights in tonnes are numbers the sheet can sum; a hidden fee stays '--'.
    expect(cell('司机运费(元)')).toBe('--');
    expect(cell('货主运费(元)')).toBe(5138);
    expect(cell('计划重量(吨)')).toBe(32);
  });

  it('lists send the columns their view shows (and what its actions need); the record has every column', async () => {
    const { id } = await k.dispatch(await k.order(), await k.driverWithVehicle());
    const listed = (await k.get('/shipping/hyShippingNote/list', { id })).result.records?.[0] ?? {};
    const sent = Object.keys(listed).filter((key) => !key.endsWith('_dictText') && key !== 'feeTotal');
    expect(sent.sort()).toEqual(noteListColumns('main').sort());
    expect(sent.length).toBeLessThan(30);
    expect(listed).toMatchObject({ loadCity: expect.any(String), status_dictText: '已派单' });
    const record = (await k.get('/shipping/hyShippingNote/queryById', { id })).result;
    expect(Object.keys(record).length).toBeGreaterThan(90);
    expect(record).toMatchObject({
      id,
      priceMode: expect.any(Number),
      lossAllowanceMode: expect.any(Number),
    });
    // Each view's record too, inside its view only: a fresh note is not in the audit list.
    expect((await k.get('/shipping/hyShippingNote/history/queryById', { id: record.id })).message).toBe(
      '未找到对应数据',
    );
    await k.drive(id, 'sign');
    const audit = (await k.get('/shipping/hyShippingNote/audit/queryById', { id })).result;
    expect(audit).toMatchObject({ id, status: 5, driverFreightFen: expect.any(Number) });
    // A view's record needs the view's own code: a shipper's staff hold the main list's, not the audit's.
    const refused = await t.call(tokens.shipper, {
      method: 'GET',
      url: api(`/shipping/hyShippingNote/audit/queryById?id=${id}`),
    });
    expect(refused.statusCode).toBe(403);
    const mainList = await t.call(tokens.shipper, {
      method: 'GET',
      url: api('/shipping/hyShippingNote/list'),
    });
    expect(mainList.statusCode).toBe(200);
  });

  it('scopes customers to their own orders and notes and keeps operations to staff', async () => {
    const mine = await k.dispatch(await k.order(), await k.driverWithVehicle());
    const theirs = await k.dispatch(
      await k.order({ customerId: CUSTOMERS.eastSteel }),
      await k.driverWithVehicle(),
    );
    const shipperNotes =
      (await k.get('/shipping/hyShippingNote/list', { pageSize: 100 }, tokens.shipper)).result.records ?? [];
    expect(shipperNotes.length).toBeGreaterThan(0);
    expect(shipperNotes.every((row) => row.customerId === CUSTOMERS.hengda)).toBe(true);
    expect(
      (await k.get('/shipping/hyShippingNote/queryById', { id: theirs.id }, tokens.shipper)).message,
    ).toBe('未找到对应数据');
    expect((await k.get('/shipping/hyShippingNote/history', { id: theirs.id }, tokens.shipper)).message).toBe(
      '未找到对应数据',
    );
    // Agents and captains see the steps of their own notes only (these two are on neither).
    for (const party of ['agent01', 'captain01']) {
      const token = await t.login(party);
      const history = await k.get('/shipping/hyShippingNote/history', { id: mine.id }, token);
      expect(history.message, party).toBe('未找到对应数据');
    }
    expect(await inList('/shipping/hyShippingNote/list', theirs.id, {}, tokens.shipperAdmin)).toBe(true);
    expect(await inList('/shipping/hyShippingNote/list', mine.id, {}, tokens.shipperAdmin)).toBe(false);
    const orders =
      (await k.get('/order/hyOrder/list', { pageSize: 100 }, tokens.shipper)).result.records ?? [];
    expect(orders.every((row) => row.customerId === CUSTOMERS.hengda)).toBe(true);
    // a shipper ordering always orders for its own customer, whatever the body says
    await k.ok(
      'POST',
      '/order/hyOrder/add',
      k.orderBody({ customerId: CUSTOMERS.eastSteel, goodsName: '石膏板' }),
      tokens.shipper,
    );
    const own = (await k.get('/order/hyOrder/list', { goodsName: '石膏板' })).result.records?.[0];
    expect(own?.customerId).toBe(CUSTOMERS.hengda);
    // steps on another customer's note are "not found"; staff-only steps are refused to shippers
    expect(
      (
        await k.call(
          'POST',
          '/shipping/hyShippingNote/cancel',
          { id: theirs.id, reason: 'x' },
          tokens.shipper,
        )
      ).message,
    ).toBe('未找到对应数据');
    expect(
      (await k.call('POST', '/shipping/hyShippingNote/audit', { id: mine.id }, tokens.shipper)).message,
    ).toBe('该操作只能由平台运营人员办理');
    await k.ok(
      'POST',
      '/shipping/hyShippingNote/cancel',
      { id: mine.id, reason: '计划变更' },
      tokens.shipper,
    );
  });

  it('two concurrent accepts of one note: exactly one wins; two dispatches of one vehicle: one wins', async () => {
    const orderId = await k.order();
    const party = await k.driverWithVehicle();
    const { id } = await k.dispatch(orderId, party);
    const results = await Promise.all(
      [1, 2].map(() => k.call('POST', '/shipping/hyShippingNote/accept', { id })),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)?.message).toBe('运单当前状态为「已接单」，不能接单');
    const history = (await k.get('/shipping/hyShippingNote/history', { id })).result as unknown as Array<
      Record<string, unknown>
    >;
    expect(history.filter((h) => h.action === 'accept')).toHaveLength(1);

    const other = await k.order();
    const free = await k.driverWithVehicle();
    const second = await k.driverWithVehicle();
    await k.ok('POST', '/hydriver/hyDriver/bindVehicle', {
      driverId: second.driverId,
      vehicleId: free.vehicleId,
    });
    const races = await Promise.all([
      k.call('POST', '/shipping/hyShippingNote/dispatch', { orderId, ...free }),
      k.call('POST', '/shipping/hyShippingNote/dispatch', {
        orderId: other,
        driverId: second.driverId,
        vehicleId: free.vehicleId,
      }),
    ]);
    expect(races.filter((r) => r.success)).toHaveLength(1);
    expect(races.find((r) => !r.success)?.message).toBe('该车辆已有进行中的运单');
  });

  it('tracks: idempotent ingestion, a note’s simplified line with stops, window limits', async () => {
    const party = await k.driverWithVehicle();
    const { id } = await k.dispatch(await k.order(), party);
    await k.drive(id, 'unload');
    const start = Date.now() - 3 * 3_600_000;
    // two hours of 10 s fixes from Nanjing eastwards, with a 40 minute stop in the middle
    const points = Array.from({ length: 720 }, (_, i) => {
      const moving = i < 240 ? i : i < 480 ? 240 : i - 240;
      return {
        time: new Date(start + i * 10_000).toISOString(),
        lng: 118.9089 + moving * 0.0012 + (i % 7) * 0.00001,
        lat: 32.1186 - moving * 0.0002 + Math.sin(moving / 30) * 0.003,
        speed: i >= 240 && i < 480 ? 0 : 60,
      };
    });
    await t.db
      .update(hyShippingNote)
      .set({ loadTime: new Date(start - 60_000), unloadTime: new Date(start + 720 * 10_000) })
      .where(eq(hyShippingNote.id, id));
    // Points come from a track source with its app key.
    const appKey = String(
      (await k.ok('POST', '/track/source/add', { name: '司机App', kind: 1 })).result.appKey,
    );
    const ingest = (payload: object) =>
      t.call(null, { method: 'POST', url: api('/track/ingest'), payload, headers: { 'x-app-key': appKey } });
    const first = (await ingest({ plateNo: party.plateNo, points })).json();
    expect(first.result).toMatchObject({ received: 720, inserted: 720 });
    const again = (await ingest({ vehicleId: party.vehicleId, points })).json();
    expect(again.result).toMatchObject({ received: 720, inserted: 0 });
    const bad = await ingest({
      vehicleId: party.vehicleId,
      points: [{ time: new Date().toISOString(), lng: 0, lat: 0 }],
    });
    expect(bad.statusCode).toBe(400);

    const track = (await k.get('/shipping/hyShippingNote/track', { id })).result as Record<
      string,
      unknown
    > & {
      points: unknown[];
      stops: Array<{ minutes: number }>;
    };
    expect(track.rawCount).toBe(720);
    expect(track.points.length).toBeGreaterThan(2);
    expect(track.points.length).toBeLessThan(200);
    expect(track.stops).toHaveLength(1);
    expect(track.stops[0].minutes).toBeGreaterThanOrEqual(39);
    expect(Number(track.distanceM)).toBeGreaterThan(40_000);
    expect(track.note).toMatchObject({ id, loadLng: 118.9089 });

    const byVehicle = await k.get('/map/track/query', {
      plateNo: party.plateNo,
      begin: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
    });
    expect(byVehicle.result.rawCount).toBe(361); // both ends included
    expect(
      (
        await k.get('/map/track/query', {
          vehicleId: party.vehicleId,
          begin: '2026-01-01 00:00:00',
          end: '2026-01-05 00:00:00',
        })
      ).message,
    ).toBe('一次最多查询3天的轨迹');
    expect((await k.get('/shipping/hyShippingNote/track', { id }, tokens.shipper)).success).toBe(true);
    expect((await k.get('/map/track/query', { vehicleId: party.vehicleId }, tokens.shipper)).success).toBe(
      false,
    );
  });

  it('complaints move submitted → handling → resolved → closed; evaluations rate the driver', async () => {
    const party = await k.driverWithVehicle();
    const { id } = await k.dispatch(await k.order(), party);
    await k.ok('POST', '/shipping/hyComplaint/add', {
      noteId: id,
      complainantName: '陈晓梅',
      respondentName: '司机',
      complaintType: 2,
      content: '晚到四小时',
    });
    const complaint = (await k.get('/shipping/hyComplaint/list', { noteId: id })).result.records?.[0] ?? {};
    expect(complaint).toMatchObject({ status: 0, customerId: CUSTOMERS.hengda });
    expect(String(complaint.complaintNo)).toMatch(/^TS\d{13}$/);
    expect(
      (await k.call('POST', '/shipping/hyComplaint/resolve', { id: complaint.id, result: '已赔付' })).message,
    ).toBe('投诉当前状态为「已提交」，不能解决');
    await k.ok('POST', '/shipping/hyComplaint/handle', { id: complaint.id });
    expect((await k.call('POST', '/shipping/hyComplaint/resolve', { id: complaint.id })).message).toBe(
      '请填写处理结果',
    );
    await k.ok('POST', '/shipping/hyComplaint/resolve', { id: complaint.id, result: '司机致歉并减免运费' });
    await k.ok('POST', '/shipping/hyComplaint/close', { id: complaint.id });
    expect((await k.get('/shipping/hyComplaint/queryById', { id: complaint.id })).result).toMatchObject({
      status: 3,
      handler: 'admin',
      result: '司机致歉并减免运费',
    });

    const rate = (scores: object) =>
      k.call('POST', '/shipping/hyEvaluation/add', { noteId: id, raterRole: 1, ...scores });
    expect((await rate({ punctuality: 5, service: 4, cargoSafety: 5 })).message).toBe('运单签收后才能评价');
    await k.drive(id, 'sign');
    await k.ok('POST', '/shipping/hyEvaluation/add', {
      noteId: id,
      raterRole: 1,
      punctuality: 5,
      service: 4,
      cargoSafety: 5,
    });
    expect((await rate({ punctuality: 1, service: 1, cargoSafety: 1 })).message).toBe('该运单已评价');
    const [driver] = await t.db.select().from(hyDriver).where(eq(hyDriver.id, party.driverId));
    expect(driver.score).toBe(93); // 14 / 15
    const evaluation = (await k.get('/shipping/hyEvaluation/list', { noteId: id })).result.records?.[0];
    expect(evaluation).toMatchObject({ score: 467, driverId: party.driverId });
    await k.ok('DELETE', `/shipping/hyEvaluation/delete?id=${evaluation?.id}`);
    expect((await t.db.select().from(hyDriver).where(eq(hyDriver.id, party.driverId)))[0].score).toBe(100);
  });

  it('lists search by number, driver, plate, route and date range; the customer filter narrows', async () => {
    const party = await k.driverWithVehicle();
    const note = await k.dispatch(await k.order({ customerId: CUSTOMERS.luxi }), party);
    const find = async (query: Record<string, unknown>) =>
      inList('/shipping/hyShippingNote/list', note.id, query);
    expect(await find({ shippingNoteNumber: note.shippingNoteNumber })).toBe(true);
    expect(await find({ plateNo: party.plateNo })).toBe(true);
    expect(await find({ driverName: '*司机*', loadCity: '南京市', unloadCity: '上海市' })).toBe(true);
    expect(await find({ customerId: CUSTOMERS.luxi, status: 0 })).toBe(true);
    expect(await find({ customerId: CUSTOMERS.hengda })).toBe(false);
    expect(await find({ createTime_begin: chinaToday(), createTime_end: chinaToday() })).toBe(true);
    expect(await find({ createTime_end: '2020-01-01' })).toBe(false);
    expect(await find({ status: 1 })).toBe(false);
    const options = (await k.get('/shipping/hyShippingNote/dispatchOptions', { keyword: '司机' }))
      .result as unknown as Array<{
      id: string;
      busy: boolean;
      vehicles: Array<{ id: string; busy: boolean }>;
    }>;
    const mine = options.find((d) => d.id === party.driverId);
    expect(mine?.busy).toBe(true);
    expect(mine?.vehicles[0]).toMatchObject({ id: party.vehicleId, busy: true });
  });
});
