import { quarterBounds, USER_TYPE } from '@freight/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { AGENT01, CUSTOMERS } from '../../test/shippingKit.ts';
import { chinaToday, hyAgent, hyDriver } from '../freight/index.ts';
import { FinanceKit } from './financeTestKit.ts';
import { taxAuthorityOf } from './index.ts';

// Quarterly income reporting of the platform (国务院令第810号): each driver's and agent's identity and
// the income actually paid in the quarter, computed from the ledger — the report's lines equal a direct SQL
// aggregate of the payout postings — reviewed by a second person, sent through the simulated tax authority,
// failed with its code and resent; a quarter once sent is not generated again.

const today = chinaToday();
const quarter = `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;

describe('quarterly income report', () => {
  const t = useTestApp();
  const k = FinanceKit.use(t);
  let finance: string;
  const paid: Array<{ driverId: string }> = [];

  beforeAll(async () => {
    finance = await k.user('finance_income', USER_TYPE.system, null, 'finance');
    await k.recharge(CUSTOMERS.hengda, 50_000_000);
    await t.db
      .update(hyAgent)
      .set({
        cardNo: k.cardNo(),
        bankCode: 'ICBC',
        bankName: '中国工商银行',
        state: 2,
        idCard: '110101199003070017',
      })
      .where(eq(hyAgent.id, AGENT01));
    const orders = [{}, {}, { orderMode: 3, agentId: AGENT01, agentFeeMode: 2, agentFeeValue: 20_000 }];
    for (const order of orders) {
      const n = await k.auditedNote(order);
      await k.payNow(n.noteId);
      paid.push({ driverId: n.driverId });
    }
    await t.db
      .update(hyDriver)
      .set({ taxEntrusted: true })
      .where(eq(hyDriver.id, paid[0]?.driverId ?? ''));
  }, 240_000);

  const reportOf = async () =>
    (await k.get('/report/tax/income/list', { quarter })).result.records?.[0] as Record<string, unknown>;

  it('generates the quarter from the ledger: the lines equal a direct SQL aggregate of the payouts', async () => {
    const generated = await k.ok('POST', '/report/tax/income/generate', { quarter });
    const report = generated.result as Record<string, unknown>;
    expect(report).toMatchObject({ quarter, state: 0, generatedBy: 'admin' });

    const { from, to } = quarterBounds(quarter);
    const direct = (
      (await t.db.execute(sql`
        select l.owner_type as kind, l.owner_id as payee, -sum(l.amount_fen)::bigint as income,
               count(distinct p.id)::int as payments
        from fin_ledger_line l join fin_posting p on p.id = l.posting_id
        where p.event = 'payout' and l.owner_type in (2, 3)
          and l.create_time >= ${from} and l.create_time < ${to}
        group by l.owner_type, l.owner_id`)) as { rows: Array<Record<string, unknown>> }
    ).rows.map((r) => [Number(r.kind), String(r.payee), Number(r.income), Number(r.payments)]);
    expect(direct.length).toBeGreaterThanOrEqual(4);

    const lines = (await k.get('/report/tax/incomeLine/list', { reportId: report.id, pageSize: 100 })).result
      .records as Array<Record<string, unknown>>;
    const stored = await t.db.execute(
      sql`select payee_kind, payee_id, income_fen, payment_count from fin_income_report_line where report_id = ${String(report.id)}`,
    );
    expect(
      (stored as { rows: Array<Record<string, unknown>> }).rows
        .map((r) => [Number(r.payee_kind), String(r.payee_id), Number(r.income_fen), Number(r.payment_count)])
        .sort(),
    ).toEqual(direct.sort());
    expect(lines.length).toBe(direct.length);
    const total = direct.reduce((s, r) => s + Number(r[2]), 0);
    expect(report).toMatchObject({ incomeFen: total, agentCount: 1 });
    // The agent's line is its fee; identity masked in the list.
    const agentLine = lines.find((l) => l.payeeKind === 3);
    expect(agentLine).toMatchObject({ incomeFen: 20_000, payeeName: expect.any(String) });
    for (const line of lines) {
      expect(String(line.idCard)).toMatch(/\*/);
      expect(String(line.mobile)).toMatch(/\*/);
    }
    const entrusted = lines.find((l) => l.payeeKind === 2 && Number(l.incomeFen) > 0 && l.taxIdentity === 1);
    expect(entrusted).toBeTruthy();
  });

  it('is reviewed by a second person, fails at the authority, is resent and accepted; a sent quarter is not regenerated', async () => {
    const report = await reportOf();
    // Not sent before review; not reviewed by who generated it.
    expect((await k.call('POST', '/report/tax/income/send', { id: report.id })).message).toContain(
      '不能报送',
    );
    expect((await k.call('POST', '/report/tax/income/review', { id: report.id })).message).toContain(
      '生成人以外',
    );
    expect(await k.ok('POST', '/report/tax/income/review', { id: report.id }, finance)).toMatchObject({
      result: { state: 1, reviewedBy: 'finance_income' },
    });

    // The agent's ID on file is wrong: the authority names the line.
    const refused = await k.ok('POST', '/report/tax/income/send', { id: report.id });
    expect(refused.result).toMatchObject({ state: 4, failCode: 'T3001', sendCount: 1 });
    expect(refused.message).toContain('身份证号码校验不通过');
    expect((await k.call('POST', '/report/tax/income/send', { id: report.id })).success).toBe(false);

    // Corrected on file, a failed quarter is generated again (back to draft, reviewed again) and sent; the
    // authority is busy once (T3009) and the resend is accepted.
    await t.db.update(hyAgent).set({ idCard: '110101199003070011' }).where(eq(hyAgent.id, AGENT01));
    const regenerated = await k.ok('POST', '/report/tax/income/generate', { quarter });
    expect(regenerated.result).toMatchObject({ id: report.id, state: 0, reviewedBy: null });
    await k.ok('POST', '/report/tax/income/review', { id: report.id }, finance);
    taxAuthorityOf(t.ctx).failNext();
    const failed = await k.ok('POST', '/report/tax/income/send', { id: report.id });
    expect(failed.result).toMatchObject({ state: 4, failCode: 'T3009', sendCount: 2 });
    expect(failed.message).toContain('报送失败');

    const again = await k.ok('POST', '/report/tax/income/resend', { id: report.id });
    expect(again.result).toMatchObject({ state: 3, sendCount: 3, failCode: null });
    expect(String((again.result as Record<string, unknown>).receiptNo)).toMatch(/^SB\d{4}Q\d\d+$/);

    const regenerate = await k.call('POST', '/report/tax/income/generate', { quarter });
    expect(regenerate.success).toBe(false);
    expect(regenerate.message).toContain('不能重新生成');
    expect((await k.call('POST', '/report/tax/income/resend', { id: report.id })).success).toBe(false);
  });

  it('refuses a malformed quarter, an empty one, and parties', async () => {
    expect((await k.call('POST', '/report/tax/income/generate', { quarter: '2026-Q5' })).success).toBe(false);
    const empty = await k.call('POST', '/report/tax/income/generate', { quarter: '2001-Q1' });
    expect(empty.message).toContain('没有已付款');
    const shipper = await t.login('shipper');
    expect((await k.get('/report/tax/income/list', {}, shipper)).success).toBe(false);
    expect((await k.call('POST', '/report/tax/income/generate', { quarter }, shipper)).success).toBe(false);
    const rows = await t.db.execute(
      sql`select count(*)::int as n from fin_income_report where quarter = '2001-Q1'`,
    );
    // The empty quarter's generation rolled back whole.
    expect(Number((rows as { rows: Array<{ n: number }> }).rows[0]?.n)).toBe(0);
  });
});
