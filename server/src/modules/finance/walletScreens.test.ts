import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { CUSTOMERS } from '../../test/shippingKit.ts';
import { chinaToday } from '../freight/index.ts';
import { FinanceKit, multipartFile } from './financeTestKit.ts';
import { feePeriods } from './walletRoutes.ts';

// 主钱包's chart: service-fee income (and agents' fees) by month or day, every period present.

type Series = {
  unit: string;
  from: string;
  to: string;
  points: Array<{ period: string; serviceFeeFen: number; agentFeeFen: number }>;
  serviceFeeFen: number;
};

describe('fee series of the main wallet', () => {
  const t = useTestApp();
  const k = FinanceKit.use(t);

  const series = async (query: Record<string, unknown> = {}) =>
    (await k.get('/plateform/wallet/feeSeries', query)).result as Series;

  it('lists the periods of a range, both ends included, and the last 12 months or 30 days by default', () => {
    expect(feePeriods('month', '2025-11-15', '2026-02-03').keys).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(feePeriods('day', '2026-02-27', '2026-03-02').keys).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(feePeriods('month').keys).toHaveLength(12);
    expect(feePeriods('day').keys).toHaveLength(30);
    expect(feePeriods('day').to).toBe(chinaToday());
  });

  it('adds an audited per-trip note’s service fee (charged at audit) to today and this month, and matches the summary over the same range', async () => {
    const today = chinaToday();
    const beforeDay = await series({ unit: 'day' });
    const beforeMonth = await series();
    expect(beforeDay.points).toHaveLength(30);
    expect(beforeMonth.points).toHaveLength(12);
    expect(beforeMonth.points.at(-1)?.period).toBe(today.slice(0, 7));

    await k.recharge(CUSTOMERS.hengda, 10_000_000);
    const { note } = await k.auditedNote();
    const fee = Number(note.serviceFee);
    expect(fee).toBeGreaterThan(0);

    const afterDay = await series({ unit: 'day' });
    const afterMonth = await series();
    expect(afterDay.points.at(-1)?.period).toBe(today);
    expect(afterDay.points.at(-1)?.serviceFeeFen).toBe((beforeDay.points.at(-1)?.serviceFeeFen ?? 0) + fee);
    expect(afterMonth.points.at(-1)?.serviceFeeFen).toBe(
      (beforeMonth.points.at(-1)?.serviceFeeFen ?? 0) + fee,
    );
    const summary = (await k.get('/plateform/wallet/summary', { begin: afterDay.from, end: afterDay.to }))
      .result as { serviceFeeIncomeFen: number };
    expect(afterDay.serviceFeeFen).toBe(summary.serviceFeeIncomeFen);
  });

  it('shows the cash at the bank as a positive amount, and payables apart from what payees owe', async () => {
    await k.recharge(CUSTOMERS.hengda, 10_000_000);
    const summary = (await k.get('/plateform/wallet/summary')).result as Record<string, number>;
    const platform = (await k.get('/plateform/wallet/platform/list', { pageSize: 100 })).result.records ?? [];
    const clearing = platform.find((w) => w.ownerId === 'bank_clearing');
    expect(summary.bankBalanceFen).toBe(-Number(clearing?.balanceFen));
    expect(summary.bankBalanceFen).toBeGreaterThanOrEqual(10_000_000);
    const payees = (await k.get('/plateform/wallet/payable/list', { pageSize: 1000 })).result.records ?? [];
    const balances = payees.map((w) => Number(w.balanceFen));
    expect(summary.payablesFen).toBe(balances.filter((b) => b > 0).reduce((sum, b) => sum + b, 0));
    expect(summary.payeeDebtsFen).toBe(balances.filter((b) => b < 0).reduce((sum, b) => sum - b, 0));
  });

  it('refuses reversed or overlong ranges, and customer users', async () => {
    const reversed = await k.call('GET', '/plateform/wallet/feeSeries?begin=2026-03-01&end=2026-02-01');
    expect(reversed).toMatchObject({ success: false, message: '开始日期不能晚于结束日期' });
    const long = await k.call('GET', '/plateform/wallet/feeSeries?unit=day&begin=2020-01-01&end=2026-01-01');
    expect(long).toMatchObject({ success: false, message: '时间范围过长' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/jeecg-boot/plateform/wallet/feeSeries',
      headers: { 'X-Access-Token': await t.login('shipper') },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lists customer wallets at GET /customer/hyCustomerWallet/list as well as below the view', async () => {
    const own = await k.get('/customer/hyCustomerWallet/list', { ownerId: CUSTOMERS.hengda });
    const view = await k.get('/customer/hyCustomerWallet/customers/list', { ownerId: CUSTOMERS.hengda });
    expect(own.result.records).toEqual(view.result.records);
    expect(own.result.records?.[0]).toMatchObject({
      customerId: CUSTOMERS.hengda,
      customerName: '苏州恒达建材有限公司',
    });
  });

  it('saves a wallet configuration through the edit form (PUT) with its change logged before and after', async () => {
    const body = {
      customerId: CUSTOMERS.hengda,
      settleMode: 1,
      creditDays: 5,
      creditLimitFen: 123_456,
      prepayRatioCapBp: 5000,
      bankChannel: 'sim',
      remark: 'form edit',
    };
    const saved = await k.call('PUT', '/plateform/walletConfig/edit', body);
    expect(saved, saved.message).toMatchObject({ success: true, message: '钱包配置已保存' });
    const config = (await k.get('/plateform/walletConfig/list', { customerId: CUSTOMERS.hengda })).result
      .records?.[0];
    expect(config).toMatchObject({ creditDays: 5, creditLimitFen: 123_456, prepayRatioCapBp: 5000 });
    expect((await k.wallet(CUSTOMERS.hengda)).creditLimitFen).toBe(123_456);
    const log = (await k.get('/plateform/walletConfig/log/list', { customerId: CUSTOMERS.hengda })).result
      .records?.[0] as Record<string, unknown>;
    expect(JSON.stringify(log.after)).toContain('123456');
    const refused = await k.call('PUT', '/plateform/walletConfig/edit', { ...body, bankChannel: 'icbc' });
    expect(refused).toMatchObject({ success: false, message: '不支持的银行通道：icbc' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/jeecg-boot/plateform/walletConfig/edit',
      headers: { 'X-Access-Token': await t.login('shipper') },
      payload: body,
    });
    expect(res.statusCode).toBe(403);
  });

  it('imports a CSV bank statement: lines matching a recharge are matched, the rest listed as unmatched, a repeat skipped', async () => {
    const recharged = await k.recharge(CUSTOMERS.hengda, 456_789);
    const record = (
      await k.get('/customer/hyCustomerRecharge/list', { rechargeNo: recharged.result.rechargeNo })
    ).result.records?.[0] as { bankSerialNo: string };
    const csv = [
      '交易流水号,记账时间,借贷标志,交易金额,对方户名,对方账号,用途',
      `${record.bankSerialNo},${chinaToday()} 08:00:00,贷,"4,567.89",苏州恒达建材有限公司,6222020000000001,充值`,
      `CSV-UNKNOWN-1,${chinaToday()} 08:10:00,收,99.01,不明单位,6222020000000009,不明来款`,
      `CSV-UNKNOWN-2,${chinaToday()} 08:20:00,支,10.00,某银行,,手续费`,
      `CSV-BAD,${chinaToday()} 08:30:00,收,1.234,某公司,,三位小数`,
    ].join('\r\n');
    const upload = async () => {
      const { headers, payload } = multipartFile(Buffer.from(csv, 'utf8'), 'statement.csv', 'text/csv');
      return (
        await t.app.inject({
          method: 'POST',
          url: '/jeecg-boot/plateform/wallet/importStatement',
          headers: { 'X-Access-Token': k.admin, ...headers },
          payload,
        })
      ).json();
    };
    const first = await upload();
    expect(first.success, first.message).toBe(true);
    expect(first.result).toMatchObject({ inserted: 3, skipped: 0 });
    expect(first.result.errors).toEqual([
      { row: 5, message: '金额不正确（应为大于0的元金额，最多两位小数）' },
    ]);
    const lines = async (query: Record<string, unknown>) =>
      ((await k.get('/plateform/statement/list', { pageSize: 100, ...query })).result.records ?? []) as Array<
        Record<string, unknown>
      >;
    const matched = (await lines({ bankSerialNo: record.bankSerialNo }))[0];
    expect(matched).toMatchObject({ matchState: 1, direction: 1, amountFen: 456_789 });
    const unmatched = (await lines({ matchState: 0 })).map((l) => l.bankSerialNo);
    expect(unmatched).toEqual(expect.arrayContaining(['CSV-UNKNOWN-1', 'CSV-UNKNOWN-2']));
    expect(unmatched).not.toContain(record.bankSerialNo);
    const again = await upload();
    expect(again.result).toMatchObject({ inserted: 0, skipped: 3 });
    await k.ledgerCheck();
  });
});
