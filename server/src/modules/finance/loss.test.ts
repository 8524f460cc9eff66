import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { CUSTOMERS } from '../../test/shippingKit.ts';
import { FinanceKit, key } from './financeTestKit.ts';

// Loss rules prefill new orders (the worked example through a real waybill), and adjustments and
// claims after audit, approved by finance and posted through the ledger.

describe('loss rules and adjustments', () => {
  const t = useTestApp();
  const k = FinanceKit.funded(t);

  const blankLoss = { lossAllowanceMode: 1, lossAllowanceValue: 0, lossUnitPriceFen: 0 };

  it('prefills a new order from the most specific loss rule and works the example: 18.00 元 deducted', async () => {
    await k.ok('POST', '/risk/loss/add', {
      allowanceMode: 1,
      allowanceValue: 150_000,
      unitPriceFen: 30_000,
      remark: '全平台默认',
    });
    await k.ok('POST', '/risk/loss/add', {
      customerId: CUSTOMERS.hengda,
      goodsName: '螺纹钢',
      loadCity: '南京市',
      unloadCity: '上海市',
      allowanceMode: 2,
      allowanceValue: 2,
      unitPriceFen: 50_000,
    });
    const rules = await k.get('/risk/loss/list', { customerId: CUSTOMERS.hengda });
    expect(rules.result.records?.[0]).toMatchObject({
      customerName: '苏州恒达建材有限公司',
      allowanceMode: 2,
    });
    const match = await k.get('/risk/loss/match', {
      customerId: CUSTOMERS.hengda,
      goodsName: '螺纹钢',
      loadCity: '南京市',
      unloadCity: '上海市',
    });
    expect(match.result).toMatchObject({ allowanceMode: 2, allowanceValue: 2, unitPriceFen: 50_000 });

    const payee = await k.payee();
    const orderId = await k.order({ ...blankLoss, plannedWeightG: 32_000_000 });
    const order = (await k.get('/order/hyOrder/queryById', { id: orderId })).result;
    expect(order).toMatchObject({ lossAllowanceMode: 2, lossAllowanceValue: 2, lossUnitPriceFen: 50_000 });
    const { note } = await k.trip(orderId, payee, 'unload', { load: 32_000_000, unload: 31_900_000 });
    expect(note).toMatchObject({
      lossWeightG: 100_000,
      lossAllowanceG: 64_000,
      lossDeductionFen: 1_800,
    });
    // Another goods name falls back to the general rule; explicit settings on an order are kept.
    const other = (
      await k.get('/order/hyOrder/queryById', { id: await k.order({ ...blankLoss, goodsName: '水泥' }) })
    ).result;
    expect(other).toMatchObject({
      lossAllowanceMode: 1,
      lossAllowanceValue: 150_000,
      lossUnitPriceFen: 30_000,
    });
    const explicit = (await k.get('/order/hyOrder/queryById', { id: await k.order() })).result;
    expect(explicit).toMatchObject({ lossAllowanceValue: 200_000, lossUnitPriceFen: 200_000 });
    expect(
      (await k.call('POST', '/risk/loss/add', { allowanceMode: 2, allowanceValue: 5000, unitPriceFen: 1 }))
        .message,
    ).toBe('按比例的合理损耗不能超过1000‰');
  });

  it('posts approved adjustments and claims through the ledger and pays the adjusted freight', async () => {
    const { noteId, note } = await k.auditedNote();
    const signed = await k.auditedNote({}, 'sign');
    const add = (body: object) =>
      k.call('POST', '/plateform/adjustment/add', { noteId, idempotencyKey: key(), ...body });
    expect(
      (
        await k.call('POST', '/plateform/adjustment/add', {
          noteId: signed.noteId,
          kind: 1,
          amountFen: 100,
          reason: '补',
          idempotencyKey: key(),
        })
      ).message,
    ).toBe('运单审核后才能调账或理赔');
    expect((await add({ kind: 1, amountFen: -1, reason: 'x' })).message).toBe('金额必须大于0');
    const topUp = (await add({ kind: 1, amountFen: 20_000, reason: '装卸补贴' })).result as { id: string };
    const deduct = (await add({ kind: 2, amountFen: 5_000, reason: '迟到扣款' })).result as { id: string };
    const claim = (await add({ kind: 3, amountFen: 3_000, reason: '货损' })).result as { id: string };
    const rejected = (await add({ kind: 4, amountFen: 1_000, direction: -1, reason: '多收' })).result as {
      id: string;
    };
    const before = await k.wallet(CUSTOMERS.hengda);
    for (const id of [topUp.id, deduct.id, claim.id])
      await k.ok('POST', '/plateform/adjustment/review', { id, approve: true });
    expect(
      (await k.call('POST', '/plateform/adjustment/review', { id: rejected.id, approve: false })).message,
    ).toBe('请填写驳回原因');
    await k.ok('POST', '/plateform/adjustment/review', { id: rejected.id, approve: false, reason: '不成立' });
    expect(
      (await k.call('POST', '/plateform/adjustment/review', { id: topUp.id, approve: true })).message,
    ).toBe('该调账申请已处理');
    // The claim credited the shipper; the note's history shows each one.
    expect((await k.wallet(CUSTOMERS.hengda)).balanceFen).toBe(before.balanceFen + 3_000);
    const history = (await k.get('/shipping/hyShippingNote/history', { id: noteId }))
      .result as unknown as Array<{ action: string }>;
    expect(history.filter((h) => h.action === 'adjust')).toHaveLength(3);
    const [payment] = await k.payNow(noteId);
    expect(payment.amountFen).toBe(
      Number(note.driverFee) - Number(note.fuelCardFen) + 20_000 - 5_000 - 3_000,
    );
    // Once paid, the driver's side is closed to adjustments.
    expect((await add({ kind: 2, amountFen: 100, reason: '晚了' })).message).toContain('司机运费已付出');
    const money = (await k.get('/shipping/hyShippingNote/money', { id: noteId })).result as Record<
      string,
      unknown[]
    >;
    expect(money.adjustments).toHaveLength(4);
    await k.ledgerCheck();
  });
});
