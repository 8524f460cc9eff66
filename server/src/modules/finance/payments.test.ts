import { PAYOUT_KIND } from '@freight/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { AGENT01, CUSTOMERS } from '../../test/shippingKit.ts';
import { hyAgent, hyDriver, hyDriverBank, hyShippingNote } from '../freight/index.ts';
import { FinanceKit, key } from './financeTestKit.ts';
import { financeOf, resumePayments, SYSTEM_ACTOR, submitPayout } from './index.ts';
import { finBankPayment, finLedgerLine, finPosting, finSimBankTxn } from './schema.ts';

// Payments: the pay status machine through the bank, idempotency under concurrency,
// every refusal, failure and retry, prepay, advance, agent fees, crash resume and bad bank callbacks.

describe('waybill payments', () => {
  const t = useTestApp();
  const k = FinanceKit.funded(t);

  const pay = (ids: string[], idempotencyKey = key(), kind = 'pay', extra: object = {}) =>
    k.call('POST', `/shipping/hyShippingNote/${kind}`, { ids, idempotencyKey, ...extra });
  const linesOf = async (noteId: string) =>
    (await t.db.select().from(finLedgerLine).where(eq(finLedgerLine.noteId, noteId))).length;

  it('charges a per-trip customer at audit and pays the driver through the bank', async () => {
    const before = await k.wallet(CUSTOMERS.hengda);
    const { noteId, note } = await k.auditedNote();
    const charged = await k.wallet(CUSTOMERS.hengda);
    expect(charged.balanceFen).toBe(before.balanceFen - Number(note.customerFee));
    const res = await pay([noteId]);
    expect(res.success, res.message).toBe(true);
    expect(res.message).toContain('已提交银行1笔');
    expect((await k.note(noteId)).payStatus).toBe(3);
    await k.settled([noteId]);
    // charge: customer, driver, service fee; payout: driver, bank clearing
    expect(await linesOf(noteId)).toBe(5);
    await k.expectPaidThrough(noteId, { ownerType: 2, ownerId: String(note.driverId) });
  });

  it('previews a batch for the confirm dialog (totals and fee split, or the refusal) without writing', async () => {
    const a = await k.auditedNote();
    const b = await k.auditedNote();
    const preview = (
      await k.ok('POST', '/plateform/payout/preview', { kind: 'pay', ids: [a.noteId, b.noteId] })
    ).result;
    expect(preview).toMatchObject({
      payable: true,
      noteCount: 2,
      serviceFeeFen: Number(a.note.serviceFee) + Number(b.note.serviceFee),
      customerFeeFen: Number(a.note.customerFee) + Number(b.note.customerFee),
      cashFen: Number(a.note.driverFee) + Number(b.note.driverFee),
    });
    const signed = await k.auditedNote({}, 'sign');
    const refused = (await k.ok('POST', '/plateform/payout/preview', { kind: 'pay', ids: [signed.noteId] }))
      .result;
    expect(refused).toMatchObject({ payable: false });
    expect(String(refused.message)).toContain('运单未审核');
    expect(await k.paymentsOf(a.noteId)).toHaveLength(0);
  });

  it('pays once for 50 parallel identical requests (same key)', async () => {
    const { noteId } = await k.auditedNote();
    const same = key('same');
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay([noteId], same)));
    for (const a of answers) expect(a.success, a.message).toBe(true);
    expect(new Set(answers.map((a) => a.result.payoutId)).size).toBe(1);
    await k.settled([noteId]);
    expect(await k.paymentsOf(noteId)).toHaveLength(1);
    expect(await linesOf(noteId)).toBe(5);
    expect((await k.note(noteId)).payStatus).toBe(4);
    // The same key for another request is refused, not replayed.
    const other = await k.auditedNote();
    expect((await pay([other.noteId], same)).message).toContain('幂等键已用于另一笔');
    await k.ledgerCheck();
  });

  it('pays once for 20 parallel requests with different keys for the same waybill', async () => {
    const { noteId } = await k.auditedNote();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay([noteId])));
    const won = answers.filter((a) => a.success);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => !a.success))
      expect(lost.message).toMatch(/正在支付中|已支付|另一个付款申请/);
    await k.settled([noteId]);
    expect(await k.paymentsOf(noteId)).toHaveLength(1);
    expect(await linesOf(noteId)).toBe(5);
    await k.ledgerCheck();
  });

  it('refuses with a clear message: not audited, open risk, no card, holder mismatch, expired certificate, already paid, unknown', async () => {
    const signed = await k.auditedNote({}, 'sign');
    expect((await pay([signed.noteId])).message).toContain('运单未审核');

    const risky = await k.auditedNote();
    await t.db.update(hyShippingNote).set({ riskStatus: 1 }).where(eq(hyShippingNote.id, risky.noteId));
    expect((await pay([risky.noteId])).message).toContain('风险预警');

    const noCard = await k.auditedNote();
    await t.db.delete(hyDriverBank).where(eq(hyDriverBank.driverId, noCard.driverId));
    expect((await pay([noCard.noteId])).message).toContain('未绑定默认银行卡');

    const mismatch = await k.auditedNote();
    await t.db
      .update(hyDriverBank)
      .set({ holderIdCard: '110101199003074518', holderName: '王某' })
      .where(eq(hyDriverBank.driverId, mismatch.driverId));
    expect((await pay([mismatch.noteId])).message).toContain('没有车队长代收运费协议');

    const expired = await k.auditedNote();
    await t.db
      .update(hyDriver)
      .set({ drivingValidTo: '2020-01-01' })
      .where(eq(hyDriver.id, expired.driverId));
    expect((await pay([expired.noteId])).message).toContain('司机驾驶证已过期');

    const paid = await k.auditedNote();
    await pay([paid.noteId]);
    await k.settled([paid.noteId]);
    expect((await pay([paid.noteId])).message).toMatch(/已完成|已支付/);

    expect((await pay(['no-such-note'])).message).toBe('未找到对应数据');
    // A batch is all or nothing: one refused note refuses the batch and nothing is written.
    const fine = await k.auditedNote();
    const batch = await pay([fine.noteId, signed.noteId]);
    expect(batch.success).toBe(false);
    expect(await k.paymentsOf(fine.noteId)).toHaveLength(0);
    await k.ledgerCheck();
  });

  it('refuses a pay when the balance plus credit is short, and drains a wallet under 50 parallel pays without going below its credit', async () => {
    // 鲁西 becomes a per-trip customer without credit and without funds: audits cannot charge.
    await k.walletTerms(CUSTOMERS.luxi, { settleMode: 1, creditDays: 0, creditLimitFen: 0 });
    const payee = await k.payee();
    const orderId = await k.order({ customerId: CUSTOMERS.luxi, plannedWeightG: 50 * 32_000_000 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const note = await k.dispatch(orderId, payee, { plannedWeightG: 32_000_000 });
      await k.drive(note.id, 'audit');
      ids.push(note.id);
    }
    const fee = Number((await k.note(ids[0])).customerFee);
    expect((await pay([ids[0]])).message).toContain('可用余额不足');
    await k.recharge(CUSTOMERS.luxi, fee * 10 + 99);
    const answers = await Promise.all(ids.map((id) => pay([id])));
    const paid = answers.filter((a) => a.success);
    expect(paid).toHaveLength(10);
    for (const refused of answers.filter((a) => !a.success))
      expect(refused.message).toContain('可用余额不足');
    const wallet = await k.wallet(CUSTOMERS.luxi);
    expect(wallet.balanceFen).toBe(99);
    await k.settled(ids);
    await k.ledgerCheck();
  }, 240_000);

  it('marks a payment the bank refuses as failed (5), books nothing, and pays after the card is re-bound', async () => {
    const { noteId, cardNo, driverId, driverName, idCard } = await k.auditedNote();
    k.sim.configure({ failCards: { [cardNo]: 'CARD_INVALID' } });
    try {
      const lines = await linesOf(noteId);
      expect((await pay([noteId])).success).toBe(true);
      const [failed] = await k.settled([noteId]);
      expect(failed).toMatchObject({ state: 3, failCode: 'CARD_INVALID', failReason: '收款卡号或户名有误' });
      expect(await k.note(noteId)).toMatchObject({ payStatus: 5, status: 6 });
      expect(await linesOf(noteId)).toBe(lines);
    } finally {
      k.sim.configure({ failCards: {} });
    }
    const newCard = k.cardNo();
    await k.ok('POST', '/hydriverbank/hyDriverBank/add', {
      driverId,
      cardNo: newCard,
      holderName: driverName,
      holderIdCard: idCard,
      bankCode: 'CCB',
      isDefault: true,
    });
    const card = (await k.get('/hydriverbank/hyDriverBank/list', { driverId, cardNo: newCard })).result
      .records?.[0];
    await k.ok('POST', '/hydriverbank/hyDriverBank/review', { id: card?.id, state: 2 });
    expect((await pay([noteId])).success).toBe(true);
    await k.settled([noteId]);
    expect(await k.note(noteId)).toMatchObject({ payStatus: 4, status: 7 });
    const payments = await k.paymentsOf(noteId);
    expect(payments.map((p) => p.state).sort()).toEqual([2, 3]);
    expect(payments.find((p) => p.state === 2)?.cardNo).toBe(newCard);
    await k.ledgerCheck();
  });

  it('prepays at loading (cash and fuel card), holds the customer funds until the charge, then pays the rest', async () => {
    const before = await k.wallet(CUSTOMERS.hengda);
    const { noteId, driverId } = await k.auditedNote(
      { prepayMode: 2, prepayValue: 100_000, fuelCardMode: 1, fuelCardValue: 1_000 },
      'load',
    );
    const loaded = await k.note(noteId);
    const res = await pay([noteId], key(), 'prepay');
    expect(res.success, res.message).toBe(true);
    await k.settled([noteId]);
    expect((await k.note(noteId)).payStatus).toBe(1);
    const hold = 100_000 + Number(loaded.fuelCardFen);
    expect((await k.wallet(CUSTOMERS.hengda)).frozenFen).toBe(before.frozenFen + hold);
    expect((await pay([noteId], key(), 'prepay')).message).toContain('运单已预付');
    for (const step of ['depart', 'unload', 'sign', 'audit'] as const) {
      const body =
        step === 'unload'
          ? { id: noteId, unloadWeightG: 31_800_000, unloadPhoto: 'weighbridge/u.jpg' }
          : { id: noteId };
      await k.ok('POST', `/shipping/hyShippingNote/${step}`, body);
    }
    const audited = await k.note(noteId);
    const after = await k.wallet(CUSTOMERS.hengda);
    expect(after.frozenFen).toBe(before.frozenFen);
    expect(after.balanceFen).toBe(before.balanceFen - Number(audited.customerFee));
    expect((await pay([noteId])).success).toBe(true);
    const payments = await k.settled([noteId]);
    const final = payments.find((p) => p.kind === 2);
    expect(final?.amountFen).toBe(Number(audited.driverFee) - Number(loaded.fuelCardFen) - 100_000);
    await k.expectPaidThrough(noteId, { ownerType: 2, ownerId: driverId });
  });

  it('advances for a monthly customer on its credit (2, completed) and the next recharge settles it (4)', async () => {
    await k.walletTerms(CUSTOMERS.eastSteel, { settleMode: 3, creditDays: 30, creditLimitFen: 100_000_000 });
    const { noteId, note } = await k.auditedNote({ customerId: CUSTOMERS.eastSteel });
    expect((await pay([noteId])).message).toContain('请先支付账单，或办理垫付');
    expect((await pay([noteId], key(), 'advance')).success).toBe(true);
    await k.settled([noteId]);
    expect(await k.note(noteId)).toMatchObject({ payStatus: 2, status: 7 });
    const summary = (await k.get('/plateform/wallet/summary')).result as Record<string, unknown>;
    expect(Number(summary.advanceReceivableFen)).toBeGreaterThanOrEqual(Number(note.driverFee));
    const rc = await k.recharge(CUSTOMERS.eastSteel, Number(note.customerFee) + 1_000);
    expect(rc.result.settledAdvances).toBe(1);
    expect((await k.note(noteId)).payStatus).toBe(4);
    expect((await k.wallet(CUSTOMERS.eastSteel)).balanceFen).toBe(1_000);
    await k.ledgerCheck();
  });

  it("pays an agent order's fee to the agent's card", async () => {
    await t.db
      .update(hyAgent)
      .set({ cardNo: k.cardNo(), bankCode: 'ICBC', bankName: '中国工商银行', state: 2 })
      .where(eq(hyAgent.id, AGENT01));
    const { noteId } = await k.auditedNote({
      orderMode: 3,
      agentId: AGENT01,
      agentFeeMode: 2,
      agentFeeValue: 20_000,
    });
    expect((await pay([noteId])).success).toBe(true);
    const payments = await k.settled([noteId]);
    expect(payments.map((p) => [p.kind, p.amountFen, p.state]).sort()).toContainEqual([4, 20_000, 2]);
    await k.expectPaidThrough(noteId, { ownerType: 3, ownerId: AGENT01 });
  });

  it('resolves a payment left paying by a crash through a query on restart, never paying twice', async () => {
    const { fin } = financeOf(t.ctx);
    // A timeout: the bank paid but never answered the call nor called back. The bank decides at once here
    // (no processing delay), so its query tells 'paid' however soon the restart comes.
    const timedOut = await k.auditedNote();
    const { delayMs } = k.sim.settings;
    k.sim.configure({ failCards: { [timedOut.cardNo]: 'TIMEOUT' }, delayMs: 0 });
    expect((await pay([timedOut.noteId])).success).toBe(true);
    k.sim.configure({ failCards: {}, delayMs });
    expect((await k.note(timedOut.noteId)).payStatus).toBe(3);
    // A crash between claiming a payment and calling the bank: written, marked paying, never sent.
    const lost = await k.auditedNote();
    const answer = await submitPayout(fin, SYSTEM_ACTOR(0, 'admin'), {
      kind: PAYOUT_KIND.final,
      ids: [lost.noteId],
      idempotencyKey: key('crash'),
      proceed: true,
    });
    expect(answer.state).toBe(3);
    await t.db
      .update(finBankPayment)
      .set({ state: 1, sentTime: new Date() })
      .where(eq(finBankPayment.noteId, lost.noteId));
    // What the server's start does: query what is paying, send what the bank never saw (same request no.).
    await resumePayments(fin, 0);
    await k.settled([timedOut.noteId, lost.noteId]);
    for (const id of [timedOut.noteId, lost.noteId]) {
      expect(await k.note(id)).toMatchObject({ payStatus: 4, status: 7 });
      const [payment] = await k.paymentsOf(id);
      const atBank = await t.db
        .select()
        .from(finSimBankTxn)
        .where(eq(finSimBankTxn.requestNo, payment.requestNo));
      expect(atBank).toHaveLength(1);
      const payouts = await t.db
        .select()
        .from(finPosting)
        .where(and(eq(finPosting.paymentId, payment.id), eq(finPosting.event, 'payout')));
      expect(payouts).toHaveLength(1);
    }
    // Resuming again changes nothing.
    await resumePayments(fin, 0);
    expect(await linesOf(lost.noteId)).toBe(5);
    await k.ledgerCheck();
  });

  it('refuses bank callbacks with a wrong signature, for an unknown payment, or repeated, and changes nothing', async () => {
    const { noteId } = await k.auditedNote();
    await pay([noteId]);
    const [payment] = await k.settled([noteId]);
    const count = async () =>
      Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(finLedgerLine))[0].n);
    const lines = await count();
    const notice = {
      kind: 'payment' as const,
      requestNo: payment.requestNo,
      status: 'paid' as const,
      bankSerialNo: 'SIMX',
      time: new Date().toISOString(),
    };
    const post = (body: object) =>
      t.call(null, { method: 'POST', url: '/jeecg-boot/finance/bank/callback', payload: body });
    const forged = { ...k.sim.sign([notice]), sign: 'ab'.repeat(32) };
    expect((await post(forged)).json()).toMatchObject({ success: false, message: '回调签名校验失败' });
    expect((await post({ hello: 'bank' })).json()).toMatchObject({
      success: false,
      message: '回调签名校验失败',
    });
    const unknown = await post(k.sim.sign([{ ...notice, requestNo: 'PO-never-sent' }]));
    expect(unknown.json()).toMatchObject({ success: false, message: '未找到付款请求PO-never-sent' });
    const repeated = await post(k.sim.sign([notice]));
    expect(repeated.json().message).toContain('已处理（重复回调）');
    expect(await count()).toBe(lines);
    await k.ledgerCheck();
  });
});
