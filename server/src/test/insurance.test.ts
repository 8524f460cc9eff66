import { PLATFORM_ACCOUNT, POLICY_STATE, WALLET_OWNER } from '@freight/contracts';
import { and, eq, gte, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FinanceKit, key } from '../modules/finance/financeTestKit.ts';
import { finLedgerLine, finPosting, finWallet } from '../modules/finance/schema.ts';
import { periodBounds } from '../modules/finance/vouchers.ts';
import type { FakeRegulator } from '../modules/regulator/fake/fakeRegulator.ts';
import { fakeChannel } from '../modules/regulator/fake/testKit.ts';
import { hyReportMessage } from '../modules/regulator/index.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { channelForm } from './regulatorKit.ts';
import { api, CUSTOMERS } from './shippingKit.ts';

// 货运险 and 凭证导出 through the API: a waybill insured before loading (premium posted
// customer → insurer payable, balanced, once per key), its policy number in the regulator's waybill message
// (`none` when uninsured), cancellation before loading refunding the premium, a shipper seeing only its own
// policies; and the period's vouchers exported for 用友 and 金蝶, every voucher balanced, the totals the ledger's.

let t: TestApp;
let k: FinanceKit;
let fake: FakeRegulator;

beforeAll(async () => {
  t = await startTestApp();
  k = new FinanceKit(t, await t.login('admin'));
  const channel = await fakeChannel('fujian');
  fake = channel.fake;
  await k.ok('POST', '/report/channel/add', channelForm(channel, true, '福建 测试'));
  await k.recharge(CUSTOMERS.hengda, 10_000_000);
  await k.recharge(CUSTOMERS.eastSteel, 1_000_000);
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A dispatched note whose driver and vehicle carry what the regulator needs. */
async function dispatched(customerId = CUSTOMERS.hengda) {
  const party = await k.reportable(await k.payee());
  const orderId = await k.order({ customerId, plannedWeightG: 32_000_000 });
  return k.dispatch(orderId, party);
}

const insure = (noteId: string, insuredValueFen = 100_000_000, idempotencyKey = key('ins'), token?: string) =>
  k.call('POST', '/compliance/insurance/insure', { noteId, insuredValueFen, idempotencyKey }, token);

async function insuranceInformation(noteId: string) {
  const [message] = await t.db.select().from(hyReportMessage).where(eq(hyReportMessage.businessId, noteId));
  expect(message, 'waybill message written at audit').toBeTruthy();
  const preview = await k.get('/report/message/preview', { id: message.id });
  const built = preview.result as {
    ok: boolean;
    message: { insuranceInformation: object } | null;
    errors: unknown;
  };
  expect(built.ok, JSON.stringify(built.errors)).toBe(true);
  return built.message?.insuranceInformation;
}

async function postingsOf(noteId: string, event: string) {
  return t.db
    .select()
    .from(finPosting)
    .where(and(eq(finPosting.noteId, noteId), eq(finPosting.event, event)));
}

describe('cargo insurance', () => {
  it('insures before loading: premium posted customer → insurer payable, balanced, once per key', async () => {
    const note = await dispatched();
    const before = await k.wallet(CUSTOMERS.hengda);
    const idempotencyKey = key('ins');
    const first = await insure(note.id, 100_000_000, idempotencyKey);
    expect(first.success, first.message).toBe(true);
    const policy = first.result as Record<string, unknown>;
    // Steel (0400) at 2‱ of 1 000 000 yuan: 200 yuan.
    expect(policy).toMatchObject({ insurerCode: 'PICC', rateBp: 2, premiumFen: 20_000, state: 1 });
    expect(String(policy.policyNo)).toMatch(/^PICCHY\d{12}$/);
    const again = await insure(note.id, 100_000_000, idempotencyKey);
    expect(again.result.policyNo).toBe(policy.policyNo);
    const [posting, ...more] = await postingsOf(note.id, 'insurance');
    expect(more).toHaveLength(0);
    const lines = await t.db.select().from(finLedgerLine).where(eq(finLedgerLine.postingId, posting.id));
    expect(lines.reduce((sum, l) => sum + l.amountFen, 0)).toBe(0);
    expect(lines.map((l) => [l.ownerType, l.amountFen]).sort()).toEqual(
      [
        [WALLET_OWNER.customer, -20_000],
        [WALLET_OWNER.platform, 20_000],
      ].sort(),
    );
    expect(lines.find((l) => l.ownerType === WALLET_OWNER.platform)?.ownerId).toBe(
      PLATFORM_ACCOUNT.insurerPayable,
    );
    expect((await k.wallet(CUSTOMERS.hengda)).balanceFen).toBe(before.balanceFen - 20_000);
    // One policy in force per waybill.
    const second = await insure(note.id);
    expect(second.success).toBe(false);
    expect(second.message).toContain('已投保');
    await k.ledgerCheck();
  });

  it("puts the policy number into the waybill's regulator message; an uninsured one carries none", {
    timeout: 150_000,
  }, async () => {
    const insuredNote = await dispatched();
    const policy = (await insure(insuredNote.id)).result;
    await k.drive(insuredNote.id, 'audit');
    expect(await insuranceInformation(insuredNote.id)).toEqual({
      policyNumber: policy.policyNo,
      insuranceCompanyCode: 'PICC',
    });
    const bare = await dispatched();
    await k.drive(bare.id, 'audit');
    expect(await insuranceInformation(bare.id)).toEqual({
      policyNumber: 'none',
      insuranceCompanyCode: 'none',
    });
  });

  it('refunds the premium on a cancellation before loading, refuses it after, and cancels with the waybill', async () => {
    const note = await dispatched();
    const before = await k.wallet(CUSTOMERS.hengda);
    const policy = (await insure(note.id)).result;
    const cancelled = await k.call('POST', '/compliance/insurance/cancel', {
      id: policy.id,
      reason: '货主改期发运',
      idempotencyKey: key('cancel'),
    });
    expect(cancelled.success, cancelled.message).toBe(true);
    expect(cancelled.result.state).toBe(POLICY_STATE.cancelled);
    expect((await k.wallet(CUSTOMERS.hengda)).balanceFen).toBe(before.balanceFen);
    const [refund] = await postingsOf(note.id, 'insurance_refund');
    expect(refund.amountFen).toBe(policy.premiumFen);
    // Insured anew, then loaded: no cancellation any more.
    const renewed = (await insure(note.id)).result;
    await k.drive(note.id, 'load');
    expect(
      await k.refused('POST', '/compliance/insurance/cancel', {
        id: renewed.id,
        reason: '货主改期发运',
        idempotencyKey: key('cancel'),
      }),
    ).toContain('已装车');
    // A waybill cancelled before loading takes its policy with it.
    const other = await dispatched();
    const withNote = (await insure(other.id)).result;
    const mid = await k.wallet(CUSTOMERS.hengda);
    await k.ok('POST', '/shipping/hyShippingNote/cancel', { id: other.id, reason: '货主取消' });
    const after = await k.get('/compliance/insurance/queryById', { id: withNote.id });
    expect(after.result.state).toBe(POLICY_STATE.cancelled);
    expect((await k.wallet(CUSTOMERS.hengda)).balanceFen).toBe(mid.balanceFen + Number(withNote.premiumFen));
    await k.ledgerCheck();
  });

  it("lists a shipper's own policies only; another's answers as missing", async () => {
    const own = await dispatched(CUSTOMERS.hengda);
    await insure(own.id);
    const foreign = await dispatched(CUSTOMERS.eastSteel);
    const foreignPolicy = (await insure(foreign.id)).result;
    const shipper = await t.login('shipper');
    const mine = await k.get('/compliance/insurance/list', { pageSize: 100 }, shipper);
    expect(mine.success, mine.message).toBe(true);
    expect(mine.result.records?.length).toBeGreaterThan(0);
    expect(new Set(mine.result.records?.map((r) => r.customerId))).toEqual(new Set([CUSTOMERS.hengda]));
    const peek = await k.get('/compliance/insurance/queryById', { id: foreignPolicy.id }, shipper);
    expect(peek.success).toBe(false);
    const steal = await k.call(
      'POST',
      '/compliance/insurance/cancel',
      { id: foreignPolicy.id, reason: '不是我的', idempotencyKey: key('x') },
      shipper,
    );
    expect(steal.success).toBe(false);
    const all = await k.get('/compliance/insurance/list', { pageSize: 100 });
    expect(all.result.records?.some((r) => r.customerId === CUSTOMERS.eastSteel)).toBe(true);
  });

  it('refuses a claim and the vouchers to a shipper without their codes (403)', async () => {
    const shipper = await t.login('shipper');
    const claim = await t.call(shipper, {
      method: 'POST',
      url: api('/compliance/insurance/claim'),
      payload: { id: 'x', amountFen: 100, reason: '货损', idempotencyKey: key('c') },
    });
    expect(claim.statusCode).toBe(403);
    for (const url of [
      '/finance/voucher/preview?period=2026-11',
      '/finance/voucher/export?period=2026-11&format=yonyou',
    ])
      expect((await t.call(shipper, { method: 'GET', url: api(url) })).statusCode).toBe(403);
  });
});

describe('accounting vouchers', () => {
  const period = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .slice(0, 7);

  async function workbook(format: 'yonyou' | 'kingdee') {
    const res = await t.call(await t.login('admin'), {
      method: 'GET',
      url: api(`/finance/voucher/export?period=${period}&format=${format}`),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb.worksheets[0];
  }

  /** The ledger's own sums of the period (debits are its negative lines). */
  async function ledgerTotals() {
    const { from, to } = periodBounds(period);
    const lines = await t.db
      .select({ amountFen: finLedgerLine.amountFen })
      .from(finLedgerLine)
      .innerJoin(finPosting, eq(finPosting.id, finLedgerLine.postingId))
      .where(and(gte(finPosting.createTime, from), lt(finPosting.createTime, to)));
    return {
      debit: lines.reduce((s, l) => s + Math.max(0, -l.amountFen), 0),
      credit: lines.reduce((s, l) => s + Math.max(0, l.amountFen), 0),
    };
  }

  const fen = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  type Entry = { voucher: number; debit: number; credit: number };
  /** Expects every voucher of the entries (fen) to balance and their totals to be the ledger's; answers the vouchers. */
  const expectBalanced = (entries: Entry[], ledger: { debit: number; credit: number }) => {
    const sums = new Map<number, { debit: number; credit: number }>();
    for (const { voucher, debit, credit } of entries) {
      const sum = sums.get(voucher) ?? { debit: 0, credit: 0 };
      sum.debit += debit;
      sum.credit += credit;
      sums.set(voucher, sum);
    }
    for (const [no, sum] of sums) expect(sum.debit, `voucher ${no}`).toBe(sum.credit);
    const total = (side: 'debit' | 'credit') => entries.reduce((all, e) => all + e[side], 0);
    expect({ debit: total('debit'), credit: total('credit') }).toEqual(ledger);
    return sums;
  };

  it('exports the period for 用友: every voucher balances, the totals are the ledger’s', async () => {
    // A charge, an advance and a payout of the period beside the premiums above.
    await k.auditedNote();
    const ledger = await ledgerTotals();
    expect(ledger.debit).toBeGreaterThan(0);
    const preview = (await k.get('/finance/voucher/preview', { period })).result as {
      vouchers: Array<{ sourceKind: string }>;
      totals: Record<string, number>;
    };
    expect(preview.vouchers.some((v) => v.sourceKind === 'insurance')).toBe(true);
    expect(preview.totals).toMatchObject({
      debitFen: ledger.debit,
      creditFen: ledger.credit,
      ledgerDebitFen: ledger.debit,
      ledgerCreditFen: ledger.credit,
    });
    const ws = await workbook('yonyou');
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 9)).toEqual([
      '制单日期',
      '凭证类别字',
      '凭证号',
      '附单据数',
      '摘要',
      '科目编码',
      '科目名称',
      '借方金额',
      '贷方金额',
    ]);
    const entries: Entry[] = [];
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const entry = {
        voucher: Number(row.getCell(3).value),
        debit: fen(row.getCell(8).value),
        credit: fen(row.getCell(9).value),
      };
      expect(entry.debit === 0 || entry.credit === 0, `row ${n} has one side`).toBe(true);
      entries.push(entry);
    });
    expect(expectBalanced(entries, ledger).size).toBe(preview.vouchers.length);
  });

  it('exports for 金蝶 with its two header rows, and books to the edited 科目', async () => {
    const accounts = await k.get('/finance/voucherAccount/list', { pageSize: 50 });
    const customer = accounts.result.records?.find((r) => r.accountKey === 'customer');
    expect(customer).toBeTruthy();
    const edited = await k.call('PUT', '/finance/voucherAccount/edit', {
      id: customer?.id,
      subjectCode: '220301',
      subjectName: '预收账款-货主运费',
      auxiliary: 'customer',
    });
    expect(edited.success, edited.message).toBe(true);
    const ledger = await ledgerTotals();
    const ws = await workbook('kingdee');
    expect(ws.getRow(1).getCell(1).value).toBe('FBillHead(GL_VOUCHER)');
    expect(ws.getRow(2).getCell(10).value).toBe('(分录)科目编码');
    const entries: Entry[] = [];
    let current = 0;
    const codes = new Set<string>();
    ws.eachRow((row, n) => {
      if (n <= 2) return;
      if (row.getCell(1).value) current = Number(row.getCell(5).value);
      codes.add(String(row.getCell(10).value));
      entries.push({
        voucher: current,
        debit: fen(row.getCell(18).value),
        credit: fen(row.getCell(19).value),
      });
    });
    expectBalanced(entries, ledger);
    expect(codes.has('220301')).toBe(true);
    expect(codes.has('2203')).toBe(false);
    const bad = await k.get('/finance/voucher/export', { period: '2026-13', format: 'yonyou' });
    expect(bad.success).toBe(false);
    // The wallets the period touched still sum to the ledger.
    expect((await t.db.select().from(finWallet)).length).toBeGreaterThan(0);
  });
});
