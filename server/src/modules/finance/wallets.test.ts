import { USER_TYPE } from '@freight/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { CUSTOMERS } from '../../test/shippingKit.ts';
import { chinaToday } from '../freight/index.ts';
import { FinanceKit, key, multipartFile } from './financeTestKit.ts';

// Wallets: recharges (bank and maker-checker voucher matched to a statement line), bad amounts,
// freezes, the ledger list and its party scope, wallet configuration log, statements, costs and counters.

describe('wallets, recharges and the ledger', () => {
  const t = useTestApp();
  const k = FinanceKit.use(t);
  const tokens = useLogins(t, { shipper: 'shipper' });
  let finance: string;

  beforeAll(async () => {
    finance = await k.user('finance01', USER_TYPE.system, null, 'finance');
  }, 120_000);

  it('lists customer wallets with balance, frozen, available and credit; recharge through the bank credits at once', async () => {
    const res = await k.recharge(CUSTOMERS.hengda, 1_234_567);
    expect(res.message).toContain('充值12,345.67元已到账');
    const wallet = await k.wallet(CUSTOMERS.hengda);
    expect(wallet).toMatchObject({
      customerId: CUSTOMERS.hengda,
      customerName: '苏州恒达建材有限公司',
      balanceFen: 1_234_567,
      frozenFen: 0,
      availableFen: 1_234_567,
      creditLimitFen: 0,
    });
    // The same key again: the first answer, no second credit.
    const again = await k.call('POST', '/customer/hyCustomerWallet/recharge', {
      customerId: CUSTOMERS.hengda,
      amountFen: 500,
      idempotencyKey: 'fixed-key-0001',
    });
    const twice = await k.call('POST', '/customer/hyCustomerWallet/recharge', {
      customerId: CUSTOMERS.hengda,
      amountFen: 500,
      idempotencyKey: 'fixed-key-0001',
    });
    expect(twice.result).toEqual(again.result);
    expect((await k.wallet(CUSTOMERS.hengda)).balanceFen).toBe(1_235_067);
    await k.ledgerCheck();
  });

  it('refuses negative, zero, fractional, overflowing and text amounts, unknown customers and missing keys, changing nothing', async () => {
    const before = await k.wallet(CUSTOMERS.hengda);
    const send = (body: object) =>
      k.call('POST', '/customer/hyCustomerWallet/recharge', {
        customerId: CUSTOMERS.hengda,
        idempotencyKey: key(),
        ...body,
      });
    expect((await send({ amountFen: -100 })).message).toBe('充值金额必须大于0');
    expect((await send({ amountFen: 0 })).message).toBe('充值金额必须大于0');
    expect((await send({ amountFen: 10.5 })).message).toBe('充值金额必须是整数（分）');
    expect((await send({ amountFen: 1e15 })).message).toBe('充值金额过大');
    expect((await send({ amountFen: '100' })).message).toBe('充值金额必须是数字（分）');
    expect((await send({ amountFen: 100, customerId: 'nobody' })).message).toBe('未找到对应数据');
    const noKey = await k.call('POST', '/customer/hyCustomerWallet/recharge', {
      customerId: CUSTOMERS.hengda,
      amountFen: 100,
    });
    expect(noKey.message).toBe('请提供幂等键 idempotencyKey');
    expect(
      (
        await k.call('POST', '/customer/hyCustomerWallet/freeze', {
          customerId: CUSTOMERS.hengda,
          amountFen: -5,
          reason: 'x',
        })
      ).message,
    ).toBe('冻结金额必须大于0');
    expect(await k.wallet(CUSTOMERS.hengda)).toEqual(before);
  });

  it('freezes and releases funds with a reason, never more than available or than frozen by hand', async () => {
    const before = await k.wallet(CUSTOMERS.hengda);
    await k.ok('POST', '/customer/hyCustomerWallet/freeze', {
      customerId: CUSTOMERS.hengda,
      amountFen: 10_000,
      reason: '对账争议',
    });
    expect(await k.wallet(CUSTOMERS.hengda)).toMatchObject({
      frozenFen: before.frozenFen + 10_000,
      availableFen: before.availableFen - 10_000,
    });
    expect(
      (
        await k.call('POST', '/customer/hyCustomerWallet/unfreeze', {
          customerId: CUSTOMERS.hengda,
          amountFen: 20_000,
          reason: '解除',
        })
      ).message,
    ).toContain('解冻金额超过手工冻结金额');
    expect(
      (
        await k.call('POST', '/customer/hyCustomerWallet/freeze', {
          customerId: CUSTOMERS.hengda,
          amountFen: 1e11,
          reason: '过多',
        })
      ).message,
    ).toContain('不足');
    await k.ok('POST', '/customer/hyCustomerWallet/unfreeze', {
      customerId: CUSTOMERS.hengda,
      amountFen: 10_000,
      reason: '解除',
    });
    expect((await k.wallet(CUSTOMERS.hengda)).frozenFen).toBe(before.frozenFen);
    const log = await k.get('/customer/hyCustomerWallet/freezeLog/list', { customerId: CUSTOMERS.hengda });
    expect(log.result.records?.map((r) => r.reason)).toEqual(expect.arrayContaining(['对账争议', '解除']));
  });

  it('credits a voucher recharge only when a second user matches it to a bank statement line (maker-checker)', async () => {
    const before = await k.wallet(CUSTOMERS.hengda);
    const submitted = await k.ok('POST', '/customer/hyCustomerWallet/manualRecharge', {
      customerId: CUSTOMERS.hengda,
      amountFen: 300_000,
      voucherImg: 'voucher/2026/transfer.png',
      payerName: '苏州恒达建材有限公司',
      idempotencyKey: key('voucher'),
    });
    const id = String(submitted.result.rechargeId);
    expect((await k.wallet(CUSTOMERS.hengda)).balanceFen).toBe(before.balanceFen);
    expect(
      (await k.call('POST', '/customer/hyCustomerWallet/reviewRecharge', { id, approve: true })).message,
    ).toContain('不能审核自己提交的充值申请');
    expect(
      (await k.call('POST', '/customer/hyCustomerWallet/reviewRecharge', { id, approve: true }, finance))
        .message,
    ).toBe('请选择与凭证对应的银行流水');
    // The bank statement arrives as a spreadsheet: one line matches the voucher, one matches nothing.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('流水');
    sheet.addRow(['流水号', '交易时间', '收支', '金额', '对方户名', '对方账号', '摘要']);
    sheet.addRow([
      'BK20260001',
      `${chinaToday()} 09:30:00`,
      '收',
      '3,000.00',
      '苏州恒达建材有限公司',
      '6222020000000001',
      '货款',
    ]);
    sheet.addRow([
      'BK20260002',
      `${chinaToday()} 10:00:00`,
      '收',
      '12.34',
      '某公司',
      '6222020000000002',
      '不明来款',
    ]);
    sheet.addRow(['', '', '收', '-5', '', '', '']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const imported = (
      await t.call(finance, {
        method: 'POST',
        url: '/jeecg-boot/plateform/wallet/importStatement',
        ...multipartFile(file, 'statement.xlsx'),
      })
    ).json();
    expect(imported.success, imported.message).toBe(true);
    expect(imported.result).toMatchObject({ inserted: 2 });
    expect(imported.result.errors).toHaveLength(1);
    const lines = await k.get('/plateform/statement/list', { matchState: 0 }, finance);
    const wrong = lines.result.records?.find((l) => l.bankSerialNo === 'BK20260002');
    const right = lines.result.records?.find((l) => l.bankSerialNo === 'BK20260001');
    const approve = (line: { id?: unknown } | undefined) =>
      k.call(
        'POST',
        '/customer/hyCustomerWallet/reviewRecharge',
        { id, approve: true, statementLineId: line?.id },
        finance,
      );
    expect((await approve(wrong)).message).toBe('银行流水金额12.34元与充值金额3,000.00元不一致');
    const approved = await approve(right);
    expect(approved.success, approved.message).toBe(true);
    expect((await k.wallet(CUSTOMERS.hengda)).balanceFen).toBe(before.balanceFen + 300_000);
    expect((await approve(right)).message).toBe('该充值申请已处理');
    const unmatched = await k.get('/plateform/statement/list', { matchState: 0 }, finance);
    expect(unmatched.result.records?.map((l) => l.bankSerialNo)).toEqual(['BK20260002']);
    await k.ledgerCheck();
  });

  it("shows a customer user only its own wallet and its own account's lines", async () => {
    await k.recharge(CUSTOMERS.hengda, 1_000);
    const mine = await k.get('/customer/hyCustomerWallet/list', {}, tokens.shipper);
    expect(mine.result.records?.map((r) => r.customerId)).toEqual([CUSTOMERS.hengda]);
    const own = await k.get('/wallet/ledger/list', { pageSize: 200 }, tokens.shipper);
    expect(own.success, own.message).toBe(true);
    const walletId = (await k.wallet(CUSTOMERS.hengda)).id;
    expect(own.result.total).toBeGreaterThan(0);
    expect(new Set(own.result.records?.map((r) => r.walletId))).toEqual(new Set([walletId]));
    const platform = await k.get('/plateform/wallet/platform/list', {});
    const clearing = platform.result.records?.find((w) => w.ownerId === 'bank_clearing');
    expect((await k.get('/wallet/ledger/list', { walletId: clearing?.id }, tokens.shipper)).message).toBe(
      '未找到对应数据',
    );
    expect((await k.get('/wallet/ledger/check', {}, tokens.shipper)).code).toBe(403);
    // The main wallet's views are the platform's: a shipper holds no finance:wallet.
    for (const view of ['platform', 'payable'])
      expect((await k.get(`/plateform/wallet/${view}/list`, {}, tokens.shipper)).code).toBe(403);
    // Platform staff filter by account, type and period.
    const recharges = await k.get('/wallet/ledger/list', {
      walletId,
      type: 1,
      createTime_begin: chinaToday(),
      createTime_end: chinaToday(),
    });
    expect(recharges.result.records?.every((r) => r.type === 1 && r.type_dictText === '充值')).toBe(true);
    const all = await k.get('/wallet/ledger/list', { walletId, pageSize: 1 });
    expect(all.result.total).toBe(own.result.total);
    expect(all.result.records?.[0]).toEqual(own.result.records?.[0]);
    // One wallet's total rides on its wallet row: a page past the end still answers it, with no lines.
    const past = await k.get('/wallet/ledger/list', { walletId, pageSize: 10, pageNo: 999 });
    expect(past.result.total).toBe(own.result.total);
    expect(past.result.records).toEqual([]);
  });

  it('logs every wallet configuration change with before and after, and keeps the customer in step', async () => {
    await k.get('/plateform/walletConfig/list', {});
    await k.walletTerms(CUSTOMERS.luxi, {
      settleMode: 2,
      creditDays: 15,
      creditLimitFen: 5_000_000,
      prepayRatioCapBp: 3000,
    });
    const log = await k.get('/plateform/walletConfig/log/list', { customerId: CUSTOMERS.luxi });
    const [last] = log.result.records ?? [];
    expect(last.before).toMatchObject({ settleMode: 2, creditDays: 7, creditLimitFen: 0 });
    expect(last.after).toMatchObject({
      settleMode: 2,
      creditDays: 15,
      creditLimitFen: 5_000_000,
      prepayRatioCapBp: 3000,
    });
    expect((await k.wallet(CUSTOMERS.luxi)).creditLimitFen).toBe(5_000_000);
    const customer = (await k.get('/customer/hyCustomer/queryById', { id: CUSTOMERS.luxi })).result;
    expect(customer).toMatchObject({ creditDays: 15, creditLimitFen: 5_000_000 });
    expect(
      (
        await k.call('POST', '/plateform/walletConfig/edit', {
          customerId: CUSTOMERS.luxi,
          settleMode: 2,
          creditDays: -1,
          creditLimitFen: 0,
          prepayRatioCapBp: 0,
          bankChannel: 'sim',
        })
      ).message,
    ).toBe('账期天数不能为负数');
  });

  it('lists service fees and agent fees with totals, and matches a downloaded statement to the books', async () => {
    const { noteId, note } = await k.auditedNote();
    await k.payNow(noteId);
    const costs = await k.get('/plateform/cost/list', { noteId });
    expect(costs.result.records).toHaveLength(1);
    expect(costs.result.records?.[0]).toMatchObject({ type: 3, amountFen: Number(note.serviceFee) });
    const totals = (await k.get('/plateform/cost/totals', { noteId })).result;
    expect(totals).toMatchObject({ serviceFeeFen: Number(note.serviceFee), agentFeeFen: 0, lines: 1 });
    const all = (await k.get('/plateform/cost/totals', {})).result;
    const summary = (await k.get('/plateform/wallet/summary', {})).result as Record<string, number>;
    expect(all.serviceFeeFen).toBe(summary.serviceFeeIncomeFen);
    const downloaded = await k.ok('POST', '/plateform/wallet/downloadStatement', { day: chinaToday() });
    expect(Number(downloaded.result.matched)).toBeGreaterThan(0);
    const payment = (await k.paymentsOf(noteId))[0];
    const line = (await k.get('/plateform/statement/list', { bankSerialNo: payment.bankSerialNo })).result
      .records?.[0];
    expect(line).toMatchObject({ direction: 2, matchState: 1, amountFen: payment.amountFen });
  });

  it('keeps the header counters equal to the totals of the lists they link to', async () => {
    // Something in every list: a per-trip note audited while the wallet was short, a prepayment due.
    await k.walletTerms(CUSTOMERS.luxi, { settleMode: 1, creditDays: 0, creditLimitFen: 0 });
    await k.auditedNote({ customerId: CUSTOMERS.luxi });
    await k.auditedNote({ prepayMode: 2, prepayValue: 50_000 }, 'load');
    const got = await k.get('/hydriver/hyDriver/getDsXx');
    expect(got.success, got.message).toBe(true);
    const counts = got.result as Record<string, number>;
    const total = async (path: string, query: Record<string, unknown>) =>
      Number((await k.get(path, { pageSize: 1, ...query })).result.total);
    expect(counts.tangjieZhangQi).toBe(
      await total('/shipping/hyShippingNote/list', { state: 1, settleMode: 1 }),
    );
    expect(counts.pijieZhangQi).toBe(
      await total('/shipping/hyShippingNote/list', { state: 1, settleMode: 2 }),
    );
    expect(counts.yuejieZhangQi).toBe(
      await total('/shipping/hyShippingNote/list', { state: 1, settleMode: 3 }),
    );
    expect(counts.dianfuZq).toBe(await total('/plateform/cost/paylist/list', { state: 1 }));
    expect(counts.tangjieZhangQi).toBeGreaterThan(0);
    expect(counts.dianfuZq).toBeGreaterThan(0);
    expect(await total('/plateform/cost/paylist/list', {})).toBeGreaterThanOrEqual(counts.dianfuZq + 1);
  });
});
