import { USER_TYPE } from '@freight/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { CUSTOMERS } from '../../test/shippingKit.ts';
import { chinaToday } from '../freight/index.ts';
import { FinanceKit, key } from './financeTestKit.ts';

// Bills (批结/月结) and the approval chain: a monthly bill generated, sent, confirmed and paid
// settles its waybills; a disputed bill is adjusted; payouts pass operations → finance → cashier within the
// roles' limits, each step logged.

describe('bills and the payout approval chain', () => {
  const t = useTestApp();
  const k = FinanceKit.funded(t);
  const tokens = useLogins(t, { shipperAdmin: 'shipper_admin' });

  const today = chinaToday();
  const billOf = async (id: string, token?: string) =>
    (await k.get('/plateform/bill/queryById', { id }, token)).result;

  it('generates a monthly bill from audited notes; confirmed and paid, its waybills become paid', async () => {
    const a = await k.auditedNote({ customerId: CUSTOMERS.eastSteel });
    const b = await k.auditedNote({ customerId: CUSTOMERS.eastSteel });
    // Monthly customers are not charged at audit.
    expect((await k.wallet(CUSTOMERS.eastSteel)).balanceFen).toBe(0);
    const generated = await k.ok('POST', '/plateform/bill/generate', {
      customerId: CUSTOMERS.eastSteel,
      periodStart: today,
      periodEnd: today,
    });
    const bill = generated.result as Record<string, unknown> & { id: string };
    const total = Number(a.note.customerFee) + Number(b.note.customerFee);
    expect(bill).toMatchObject({ noteCount: 2, amountFen: total, status: 0, settleMode: 3 });
    // A note is on one bill only.
    expect(
      (
        await k.call('POST', '/plateform/bill/generate', {
          customerId: CUSTOMERS.eastSteel,
          periodStart: today,
          periodEnd: today,
        })
      ).message,
    ).toContain('没有待出账单的已审核运单');
    expect(
      (await k.call('POST', '/plateform/bill/pay', { id: bill.id, idempotencyKey: key() })).message,
    ).toContain('不能付款');
    await k.ok('POST', '/plateform/bill/send', { id: bill.id });
    // The customer's admin sees and confirms its bill.
    const mine = await k.get('/plateform/bill/list', {}, tokens.shipperAdmin);
    expect(mine.result.records?.some((r) => r.id === bill.id)).toBe(true);
    expect(
      (await k.call('POST', '/plateform/bill/confirm', { id: bill.id }, tokens.shipperAdmin)).success,
    ).toBe(true);
    const notes = await k.get('/plateform/bill/note/list', { billId: bill.id }, tokens.shipperAdmin);
    expect(notes.result.total).toBe(2);
    // Short wallet: refused with the figures; funded: paid, the notes charged and their drivers paid.
    expect(
      (await k.call('POST', '/plateform/bill/pay', { id: bill.id, idempotencyKey: key() })).message,
    ).toContain('可用余额不足');
    await k.recharge(CUSTOMERS.eastSteel, total);
    const paid = await k.ok('POST', '/plateform/bill/pay', { id: bill.id, idempotencyKey: key() });
    expect(paid.result).toMatchObject({ status: 6, chargedNotes: 2, paidFen: total });
    await k.settled([a.noteId, b.noteId]);
    for (const id of [a.noteId, b.noteId])
      expect(await k.note(id)).toMatchObject({ payStatus: 4, status: 7 });
    expect((await k.wallet(CUSTOMERS.eastSteel)).balanceFen).toBe(0);
    const lines = await k.get('/wallet/ledger/list', { billId: bill.id });
    expect(lines.result.total).toBeGreaterThanOrEqual(2);
    await k.ok('POST', '/plateform/bill/close', { id: bill.id });
    expect((await billOf(bill.id)).status).toBe(7);
    // The statement export is a spreadsheet of the bill's notes.
    const res = await t.call(k.admin, {
      method: 'GET',
      url: `/jeecg-boot/plateform/bill/exportStatement?id=${bill.id}`,
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe(`对账单 ${bill.billNo}`);
    expect(sheet.rowCount).toBe(8);
    await k.ledgerCheck();
  });

  it('exports a bill statement as a PDF in the CJK font, for the customer too; an unknown bill is not found', async () => {
    await k.auditedNote({ customerId: CUSTOMERS.eastSteel });
    const bill = (
      await k.ok('POST', '/plateform/bill/generate', {
        customerId: CUSTOMERS.eastSteel,
        periodStart: today,
        periodEnd: today,
      })
    ).result as { id: string; billNo: string };
    await k.ok('POST', '/plateform/bill/send', { id: bill.id });
    for (const token of [k.admin, tokens.shipperAdmin]) {
      const res = await t.call(token, {
        method: 'GET',
        url: `/jeecg-boot/plateform/bill/exportStatement?id=${bill.id}&format=pdf`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toContain(
        encodeURIComponent(`对账单${bill.billNo}.pdf`),
      );
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
      const text = pdf.toString('latin1');
      // The CJK face is embedded as a subset (not the whole 5 MB collection).
      expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+WenQuanYi/);
      expect(pdf.length).toBeLessThan(400_000);
      expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    }
    const missing = await t.call(k.admin, {
      method: 'GET',
      url: '/jeecg-boot/plateform/bill/exportStatement?id=nosuchbill&format=pdf',
    });
    expect(missing.json().success).toBe(false);
    const wrong = await t.call(k.admin, {
      method: 'GET',
      url: `/jeecg-boot/plateform/bill/exportStatement?id=${bill.id}&format=doc`,
    });
    expect(wrong.json().success).toBe(false);
  });

  it('takes a dispute, an adjustment and a partial payment through to paid', async () => {
    await k.walletTerms(CUSTOMERS.luxi, { settleMode: 2, creditDays: 7, creditLimitFen: 0 });
    const a = await k.auditedNote({ customerId: CUSTOMERS.luxi });
    const b = await k.auditedNote({ customerId: CUSTOMERS.luxi });
    const bill = (
      await k.ok('POST', '/plateform/bill/generate', {
        customerId: CUSTOMERS.luxi,
        periodStart: today,
        periodEnd: today,
      })
    ).result as Record<string, unknown> & { id: string };
    await k.ok('POST', '/plateform/bill/send', { id: bill.id });
    expect((await k.call('POST', '/plateform/bill/dispute', { id: bill.id })).message).toBe('请填写异议原因');
    await k.ok('POST', '/plateform/bill/dispute', { id: bill.id, reason: '有一车亏吨未扣' });
    await k.recharge(CUSTOMERS.luxi, Number(a.note.customerFee));
    expect(
      (await k.call('POST', '/plateform/bill/adjust', { id: bill.id, amountFen: 0, reason: 'x' })).message,
    ).toBe('调整金额不能为0');
    await k.ok('POST', '/plateform/bill/adjust', { id: bill.id, amountFen: -5_000, reason: '亏吨补扣50元' });
    expect(await billOf(bill.id)).toMatchObject({ status: 4, adjustFen: -5_000 });
    const first = await k.ok('POST', '/plateform/bill/pay', { id: bill.id, idempotencyKey: key() });
    expect(first.result).toMatchObject({ status: 5, chargedNotes: 1 });
    await k.recharge(CUSTOMERS.luxi, Number(b.note.customerFee));
    const second = await k.ok('POST', '/plateform/bill/pay', { id: bill.id, idempotencyKey: key() });
    expect(second.result).toMatchObject({ status: 6, chargedNotes: 1 });
    await k.settled([a.noteId, b.noteId]);
    expect((await k.wallet(CUSTOMERS.luxi)).balanceFen).toBe(5_000);
    await k.ledgerCheck();
  });

  it('runs the month-end job once: last month has nothing to bill twice', async () => {
    const run = await k.ok('POST', '/plateform/bill/runMonthEnd', {});
    expect(run.result).toMatchObject({ bills: 0 });
  });

  it('passes a payout through operations, finance and the cashier, each within its limit, every step logged', async () => {
    const ops = await t.login('operations01');
    const finance = await k.user('finance02', USER_TYPE.system, null, 'finance');
    const cashier = await k.user('cashier02', USER_TYPE.system, null, 'cashier');
    const { noteId, note } = await k.auditedNote();
    // Operations may not pay, but may submit.
    expect(
      (
        await t.call(ops, {
          method: 'POST',
          url: '/jeecg-boot/shipping/hyShippingNote/pay',
          payload: { ids: [noteId], idempotencyKey: key() },
        })
      ).statusCode,
    ).toBe(403);
    const submitted = await k.ok(
      'POST',
      '/plateform/payout/submit',
      { kind: 'pay', ids: [noteId], idempotencyKey: key() },
      ops,
    );
    const payoutId = String(submitted.result.payoutId);
    expect(submitted.result).toMatchObject({ state: 1 });
    expect(
      (
        await k.call(
          'POST',
          '/plateform/payout/submit',
          { kind: 'pay', ids: [noteId], idempotencyKey: key() },
          ops,
        )
      ).message,
    ).toContain('另一个付款申请');
    // Steps out of order or without the right are refused.
    expect((await k.call('POST', '/plateform/payout/execute', { id: payoutId }, cashier)).message).toContain(
      '不能付款',
    );
    expect(
      (
        await t.call(cashier, {
          method: 'POST',
          url: '/jeecg-boot/plateform/payout/review',
          payload: { id: payoutId },
        })
      ).statusCode,
    ).toBe(403);
    // Finance's review limit is below this payout: lowered for the test, then restored.
    await k.ok('POST', '/plateform/payout/limits', { roleCode: 'finance', step: 'review', maxFen: 100 });
    expect((await k.call('POST', '/plateform/payout/review', { id: payoutId }, finance)).message).toMatch(
      /超出您的复核额度1\.00元/,
    );
    await k.ok('POST', '/plateform/payout/limits', {
      roleCode: 'finance',
      step: 'review',
      maxFen: 100_000_000,
    });
    const reviewed = await k.ok(
      'POST',
      '/plateform/payout/review',
      { id: payoutId, remark: '单据齐全' },
      finance,
    );
    expect(reviewed.result).toMatchObject({ state: 2 });
    expect((await k.note(noteId)).payStatus).toBe(0);
    const executed = await k.ok('POST', '/plateform/payout/execute', { id: payoutId }, cashier);
    expect(executed.result).toMatchObject({ state: 3 });
    await k.settled([noteId]);
    expect(await k.note(noteId)).toMatchObject({ payStatus: 4, status: 7 });
    const detail = (await k.get('/plateform/payout/detail', { id: payoutId })).result as {
      log: Array<{ step: string; operator: string; amountFen: number }>;
    };
    expect(detail.log.map((l) => [l.step, l.operator])).toEqual([
      ['submit', 'operations01'],
      ['review', 'finance02'],
      ['execute', 'cashier02'],
    ]);
    const cash = Number(note.driverFee) - Number(note.fuelCardFen) - Number(note.etcFen);
    expect(detail.log.every((l) => l.amountFen === cash)).toBe(true);
    // A rejected request frees its notes for another one.
    const other = await k.auditedNote();
    const again = await k.ok(
      'POST',
      '/plateform/payout/submit',
      { kind: 'pay', ids: [other.noteId], idempotencyKey: key() },
      ops,
    );
    await k.ok(
      'POST',
      '/plateform/payout/reject',
      { id: again.result.payoutId, reason: '回单不清晰' },
      finance,
    );
    expect(
      (await k.call('POST', '/plateform/payout/review', { id: again.result.payoutId }, finance)).message,
    ).toContain('已驳回');
    const resubmitted = await k.call(
      'POST',
      '/plateform/payout/submit',
      { kind: 'pay', ids: [other.noteId], idempotencyKey: key() },
      ops,
    );
    expect(resubmitted.success, resubmitted.message).toBe(true);
    // The cashier's limit stops a large payout at the execute step.
    await k.ok('POST', '/plateform/payout/review', { id: resubmitted.result.payoutId }, finance);
    await k.ok('POST', '/plateform/payout/limits', { roleCode: 'cashier', step: 'execute', maxFen: 1_000 });
    expect(
      (await k.call('POST', '/plateform/payout/execute', { id: resubmitted.result.payoutId }, cashier))
        .message,
    ).toContain('超出您的付款额度');
    await k.ledgerCheck();
  });
});
