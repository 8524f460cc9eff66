import { amountInChinese, formatFen, splitTax, taxOfInclusive } from '@freight/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useLogins, useTestApp } from '../../test/harness.ts';
import { CUSTOMERS } from '../../test/shippingKit.ts';
import { FinanceKit, key } from './financeTestKit.ts';
import { einvoiceOf } from './index.ts';

// Invoices: the exact tax split, the Chinese capitals, applying over paid waybills in the
// shipper's scope (one of two parallel applications wins), the state machine refusing every illegal move with
// its history, issuing through the simulated tax service (a lost answer resolved by query, never issued twice),
// the PDF parsed back, and red letters freeing the waybills.

describe('amounts on invoices', () => {
  it.each([
    [1_234_500, '壹万贰仟叁佰肆拾伍圆整'],
    [1_000_507, '壹万零伍圆零柒分'],
    [0, '零圆整'],
    [50, '伍角整'],
    [1_600, '壹拾陆圆整'],
    [100_000_000_00, '壹亿圆整'],
    [100_010_000_00, '壹亿零壹万圆整'],
    [1_020_003_45, '壹佰零贰万零叁圆肆角伍分'],
  ])('writes %i fen in Chinese capitals: %s', (fen, capitals) => {
    expect(amountInChinese(fen)).toBe(capitals);
  });

  it('splits the 9% tax per line, half-up to the fen, the total being the sum of the lines', () => {
    // 1234.56 → 1234.56 × 9 / 109 = 101.9358… → 101.94; 1000.00 → 82.568… → 82.57; 333.33 → 27.522… → 27.52.
    const worked = splitTax([123_456, 100_000, 33_333], 900);
    expect(worked.lines.map((l) => l.taxFen)).toEqual([10_194, 8_257, 2_752]);
    expect(worked).toMatchObject({ amountFen: 256_789, taxFen: 21_203, netFen: 235_586 });
    // Three lines of 1.00: 0.0826 each → 0.08, so 0.24 in all, where the total alone would round to 0.25.
    const small = splitTax([100, 100, 100], 900);
    expect(small.taxFen).toBe(24);
    expect(taxOfInclusive(300, 900)).toBe(25);
    expect(small.netFen + small.taxFen).toBe(300);
    expect(taxOfInclusive(10_900, 900)).toBe(900);
  });
});

describe('invoices', () => {
  const t = useTestApp();
  const k = FinanceKit.use(t);
  const tokens = useLogins(t, { shipper: 'shipper', otherShipper: 'shipper_admin' });
  const notes: Array<{ noteId: string; fee: number; no: string }> = [];

  beforeAll(async () => {
    await k.recharge(CUSTOMERS.hengda, 50_000_000);
    for (let i = 0; i < 4; i++) {
      const n = await k.auditedNote({ customerId: CUSTOMERS.hengda });
      notes.push({
        noteId: n.noteId,
        fee: Number(n.note.customerFee),
        no: String(n.note.shippingNoteNumber),
      });
    }
  }, 180_000);

  const noteStatus = async (id: string) => Number((await k.note(id)).invoiceStatus);
  const sim = () => {
    const s = einvoiceOf(t.ctx).sim;
    if (!s) throw new Error('no simulated tax service');
    return s;
  };

  it('applies over paid waybills in the shipper scope, with the exact split', async () => {
    const candidates = (await k.get('/plateform/invoice/candidates', {}, tokens.shipper))
      .result as unknown as Array<{
      id: string;
    }>;
    for (const n of notes) expect(candidates.some((c) => c.id === n.noteId)).toBe(true);
    // Another shipper's waybills answer like missing ones, and its candidates are its own.
    const foreign = await k.call(
      'POST',
      '/plateform/invoice/apply',
      { noteIds: [notes[0]?.noteId], kind: 2 },
      tokens.otherShipper,
    );
    expect(foreign.success).toBe(false);
    expect(foreign.code).toBe(404);
    const [a, b] = notes;
    if (!a || !b) throw new Error('no notes');
    const applied = await k.ok(
      'POST',
      '/plateform/invoice/apply',
      { noteIds: [a.noteId, b.noteId], kind: 1 },
      tokens.shipper,
    );
    const invoice = applied.result as Record<string, number | string>;
    const split = splitTax(
      [a, b].sort((x, y) => x.no.localeCompare(y.no)).map((n) => n.fee),
      900,
    );
    expect(invoice).toMatchObject({
      state: 1,
      customerId: CUSTOMERS.hengda,
      noteCount: 2,
      amountFen: a.fee + b.fee,
      taxFen: split.taxFen,
      netFen: split.netFen,
      taxRateBp: 900,
    });
    expect(String(invoice.buyerTitle)).toContain('恒达');
    expect(await noteStatus(a.noteId)).toBe(1);
    // The waybill list filters by its invoice status.
    const appliedNotes = await k.get('/shipping/hyShippingNote/list', { invoiceStatus: 1, pageSize: 100 });
    const ids = (appliedNotes.result.records ?? []).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([a.noteId, b.noteId]));
    expect(ids).not.toContain(notes[2]?.noteId);
    // Lines carry the freight particulars.
    const lines = await k.get('/plateform/invoice/note/list', { invoiceId: invoice.id }, tokens.shipper);
    expect(lines.result.total).toBe(2);
    expect(lines.result.records?.[0]).toMatchObject({ vehicle: expect.stringContaining('货车') });
    // Already applied: refused.
    const again = await k.call('POST', '/plateform/invoice/apply', { noteIds: [a.noteId], kind: 2 });
    expect(again.message).toContain('已申请或已开票');
    // The shipper sees its own invoice, the other shipper does not.
    const mine = await k.get('/plateform/invoice/list', {}, tokens.shipper);
    expect(mine.result.records?.some((r) => r.id === invoice.id)).toBe(true);
    const theirs = await k.get('/plateform/invoice/list', {}, tokens.otherShipper);
    expect(theirs.result.records?.some((r) => r.id === invoice.id)).toBe(false);
    expect(
      (await k.call('GET', `/plateform/invoice/queryById?id=${invoice.id}`, undefined, tokens.otherShipper))
        .success,
    ).toBe(false);
    // A shipper applies; the platform issues.
    const byShipper = await k.call('POST', '/plateform/invoice/issue', { id: invoice.id }, tokens.shipper);
    expect(byShipper.success).toBe(false);
  });

  it('lets one of two parallel applications over one waybill succeed', async () => {
    const c = notes[2];
    if (!c) throw new Error('no note');
    const answers = await Promise.all([
      k.call('POST', '/plateform/invoice/apply', { noteIds: [c.noteId], kind: 2 }),
      k.call('POST', '/plateform/invoice/apply', { noteIds: [c.noteId], kind: 2 }, tokens.shipper),
    ]);
    expect(answers.filter((x) => x.success)).toHaveLength(1);
    const winner = answers.find((x) => x.success)?.result as { id: string };
    // The same idempotency key twice: one invoice.
    await k.ok('POST', '/plateform/invoice/reject', { id: winner.id, reason: '测试' });
    const idem = key('inv');
    const first = await k.ok('POST', '/plateform/invoice/apply', {
      noteIds: [c.noteId],
      kind: 2,
      idempotencyKey: idem,
    });
    const second = await k.ok('POST', '/plateform/invoice/apply', {
      noteIds: [c.noteId],
      kind: 2,
      idempotencyKey: idem,
    });
    expect((second.result as { id: string }).id).toBe((first.result as { id: string }).id);
    await k.ok('POST', '/plateform/invoice/reject', {
      id: (first.result as { id: string }).id,
      reason: '测试',
    });
    expect(await noteStatus(c.noteId)).toBe(0);
  });

  it('refuses every illegal move, issues, delivers, reverses and keeps the history', async () => {
    const [a, b] = notes;
    if (!a || !b) throw new Error('no notes');
    const list = await k.get('/plateform/invoice/list', { state: 1 });
    const id = String(list.result.records?.find((r) => Number(r.noteCount) === 2)?.id);
    const refused = async (path: string, body: object, text: string) => {
      const answer = await k.call('POST', `/plateform/invoice/${path}`, { id, ...body });
      expect(answer.success, `${path}: ${answer.message}`).toBe(false);
      expect(answer.message).toContain(text);
    };
    // Applied: no delivery, red letter or second submission.
    await refused('deliver', { to: 'a@b.cn' }, '不能交付');
    await refused('redLetter', { reason: '错开' }, '不能红冲');
    await refused('submit', {}, '不能提交申请');
    expect((await k.get('/plateform/invoice/pdf', { id })).success).toBe(false);
    const issued = await k.ok('POST', '/plateform/invoice/issue', { id });
    const row = issued.result as Record<string, string | number>;
    expect(row.state).toBe(3);
    expect(String(row.invoiceNo)).toMatch(/^\d{20}$/);
    expect(await noteStatus(a.noteId)).toBe(2);
    await refused('issue', {}, '不能开票');
    await refused('reject', { reason: '晚了' }, '不能驳回');
    await refused('submit', {}, '不能提交申请');
    const delivered = await k.ok('POST', '/plateform/invoice/deliver', { id, to: 'finance@hengda.cn' });
    expect(delivered.result).toMatchObject({ state: 4, deliverTo: 'finance@hengda.cn' });
    await refused('issue', {}, '不能开票');

    // The PDF opens and names the number, the buyer and the totals in figures and in capitals.
    const res = await t.call(tokens.shipper, { method: 'GET', url: api(`/plateform/invoice/pdf?id=${id}`) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    const total = Number(row.amountFen);
    expect(text).toContain(String(row.invoiceNo));
    expect(text.replace(/\s+/g, '')).toContain(`¥${formatFen(total)}`);
    expect(text.replace(/\s+/g, '')).toContain(amountInChinese(total));
    expect(text).toContain('恒达');

    const red = await k.ok('POST', '/plateform/invoice/redLetter', { id, reason: '开票信息有误' });
    expect(red.result).toMatchObject({ state: 6, redReason: '开票信息有误' });
    expect(String((red.result as { redLetterNo: string }).redLetterNo)).toMatch(/^HZ/);
    await refused('redLetter', { reason: '再冲' }, '不能红冲');
    await refused('deliver', { to: 'a@b.cn' }, '不能交付');
    // Red letter frees the waybills: invoiceable again.
    expect(await noteStatus(a.noteId)).toBe(0);
    expect(await noteStatus(b.noteId)).toBe(0);
    const candidates = (await k.get('/plateform/invoice/candidates', { customerId: CUSTOMERS.hengda }))
      .result as unknown as Array<{
      id: string;
    }>;
    expect(candidates.some((c) => c.id === a.noteId)).toBe(true);
    const steps = (await k.get('/plateform/invoice/history', { id })).result as unknown as Array<{
      action: string;
      fromState: number | null;
      toState: number;
    }>;
    expect(steps.map((s) => [s.action, s.fromState, s.toState])).toEqual([
      ['apply', null, 1],
      ['issue', 1, 2],
      ['issued', 2, 3],
      ['deliver', 3, 4],
      ['redLetter', 4, 6],
    ]);
  });

  it('resolves a lost answer by query without issuing twice; a refusal can be issued again', async () => {
    const d = notes[3];
    if (!d) throw new Error('no note');
    const applied = await k.ok('POST', '/plateform/invoice/apply', { noteIds: [d.noteId], kind: 2 });
    const id = (applied.result as { id: string }).id;
    sim().force('fail');
    const failed = await k.ok('POST', '/plateform/invoice/issue', { id });
    expect(failed.result).toMatchObject({ state: 1 });
    expect(String((failed.result as { failReason: string }).failReason)).toMatch(/^E\d{4}/);
    sim().force('timeout');
    const lost = await k.ok('POST', '/plateform/invoice/issue', { id });
    expect(lost.result).toMatchObject({ state: 2 });
    expect(lost.message).toContain('开票中');
    const requestNo = String((lost.result as { issueRequestNo: string }).issueRequestNo);
    expect(requestNo.endsWith('-2')).toBe(true);
    await refused();
    async function refused() {
      const again = await k.call('POST', '/plateform/invoice/issue', { id });
      expect(again.message).toContain('不能开票');
    }
    const resolved = await k.ok('POST', '/plateform/invoice/query', { id });
    expect(resolved.result).toMatchObject({ state: 3 });
    expect(sim().issuesOf(requestNo)).toBe(1);
    // The job finds nothing left issuing; the waybill is invoiced.
    expect(await noteStatus(d.noteId)).toBe(2);
    const totals = (await k.get('/plateform/invoice/totals', { customerId: CUSTOMERS.hengda })).result as {
      invoices: number;
      amountFen: number;
    };
    expect(totals.invoices).toBeGreaterThanOrEqual(1);
    expect(totals.amountFen).toBeGreaterThanOrEqual(d.fee);
  });
});
