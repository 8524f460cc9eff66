import { MAX_DEDUCTION_ATTEMPTS, ORDER_MODE } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FinanceKit, key } from '../modules/finance/financeTestKit.ts';
import { finAdjustment, finLedgerLine, finPosting } from '../modules/finance/schema.ts';
import { hyContractTemplate, hyTransportContract } from '../modules/freight/contractSchema.ts';
import { DEFAULT_TEMPLATES } from '../modules/freight/transportContracts.ts';
import { VIOLATION_DEDUCTION_JOB } from '../modules/risk/deductions.ts';
import { riskViolation } from '../modules/risk/schema.ts';
import { sysAnnouncement, sysAnnouncementSend, sysUser } from '../modules/system/index.ts';
import { stableId } from '../seed/seed.ts';
import { useTestApp } from './harness.ts';
import { riskLookups } from './riskKit.ts';

// 违规记录: a deduction for a confirmed violation only under the carrier contract's violation clause,
// after a notice to the carrier's side and an appeal window; an upheld appeal deducts nothing, a refused one or
// a lapsed window posts it through the ledger, once, however often the job runs.

const CAPTAIN = stableId('captain', 'captain01');

describe('violation deductions', () => {
  const t = useTestApp();
  const k = FinanceKit.funded(t);
  const { warningsOf, handleWarning } = riskLookups(k);

  /** An audited note of the captain's fleet with an open loss warning (350 kg lost against 200 kg). */
  const warnedNote = async () => {
    const { noteId, note } = await k.auditedNote({ orderMode: ORDER_MODE.captain, captainId: CAPTAIN });
    const [warning] = await warningsOf(noteId, { rule: 'loss', state: 'open' });
    expect(warning, 'a loss warning').toBeDefined();
    return { noteId, note, warningId: String(warning.id) };
  };
  const violationOf = async (noteId: string) => {
    const [row] = await t.db.select().from(riskViolation).where(eq(riskViolation.noteId, noteId));
    return row;
  };
  const adjustmentsOf = (noteId: string) =>
    t.db.select().from(finAdjustment).where(eq(finAdjustment.noteId, noteId));
  const confirm = (id: string) =>
    k.call('POST', '/risk/warning/handle', { id, action: 'confirm', reason: '亏吨超标属实', deduct: true });
  const captainToken = () => t.login('captain01');
  const pay = (noteId: string) =>
    k.call('POST', '/shipping/hyShippingNote/pay', { ids: [noteId], idempotencyKey: key('pay') });

  it('offers no deduction where the carrier contract has no violation clause, and says why', async () => {
    await k.ok('POST', '/risk/param/add', { ruleType: 'loss', severity: 1, params: { excessPct: 0 } });
    const { noteId, warningId } = await warnedNote();
    const offer = (await k.get('/risk/warning/deductionOffer', { id: warningId })).result;
    expect(offer).toMatchObject({ offered: false });
    expect(String(offer.reason)).toContain('没有违规扣款条款');
    const refused = await confirm(warningId);
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('没有违规扣款条款');
    // nothing was written: the warning is still open and there is no violation
    expect((await warningsOf(noteId, { rule: 'loss' }))[0]).toMatchObject({ state: 'open' });
    expect(await violationOf(noteId)).toBeUndefined();
    // without the deduction the same confirmation passes
    await handleWarning(warningId, 'confirm', '亏吨超标属实');
    expect(await violationOf(noteId)).toMatchObject({ deductionState: null, deductionFen: null });
  });

  it('with the clause: notice to the captain, appeal window, an upheld appeal deducts nothing', async () => {
    // a template version with the clause: 5 % of the driver's freight
    await t.db.insert(hyContractTemplate).values({
      tenantId: 0,
      kind: 'carrier',
      version: 2,
      title: '公路货物运输合同（承运）',
      body: DEFAULT_TEMPLATES.carrier,
      penaltyPct: 5,
      createBy: 'test',
    });
    const { noteId, note, warningId } = await warnedNote();
    const [contract] = await t.db
      .select()
      .from(hyTransportContract)
      .where(eq(hyTransportContract.noteId, noteId));
    expect(contract.penaltyPct).toBe(5);
    const expected = Math.round((Number(note.driverFee) * 5) / 100);
    expect(expected).toBeGreaterThan(0);
    const offer = (await k.get('/risk/warning/deductionOffer', { id: warningId })).result;
    expect(offer).toMatchObject({ offered: true, penaltyPct: 5, deductionFen: expected, appealDays: 3 });

    const before = Date.now();
    expect((await confirm(warningId)).success).toBe(true);
    const v = await violationOf(noteId);
    expect(v).toMatchObject({ deductionState: 'notice', deductionFen: expected, captainId: CAPTAIN });
    const deadline = v.appealDeadline?.getTime() ?? 0;
    expect(deadline - before).toBeGreaterThanOrEqual(3 * 86_400_000 - 1_000);
    expect(deadline - before).toBeLessThan(3 * 86_400_000 + 60_000);
    // the notice reached the captain's account
    const [captain] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'captain01'));
    const notices = await t.db
      .select({ title: sysAnnouncement.titile })
      .from(sysAnnouncement)
      .innerJoin(sysAnnouncementSend, eq(sysAnnouncementSend.anntId, sysAnnouncement.id))
      .where(and(eq(sysAnnouncement.busId, v.id), eq(sysAnnouncementSend.userId, captain.id)));
    expect(notices).toHaveLength(1);
    expect(notices[0].title).toContain('违规扣款通知');
    // pay is held while the deduction is pending
    expect((await k.note(noteId)).riskStatus).toBe(1);
    expect((await pay(noteId)).success).toBe(false);

    // the captain sees it on 违规记录 and appeals once
    const token = await captainToken();
    const seen = (await k.get('/risk/violation/list', { shippingNoteNumber: note.shippingNoteNumber }, token))
      .result.records;
    expect(seen?.[0]).toMatchObject({ deductionState: 'notice', deductionFen: expected });
    // staff cannot decide an appeal that was not made; the captain cannot decide
    expect(
      (await k.call('POST', '/risk/violation/decide', { id: v.id, accept: true, reason: 'x' })).success,
    ).toBe(false);
    await k.ok('POST', '/risk/violation/appeal', { id: v.id, reason: '磅房计量误差，已提供复磅单' }, token);
    const again = await k.call('POST', '/risk/violation/appeal', { id: v.id, reason: '再次申诉' }, token);
    expect(again.success).toBe(false);
    const byCaptain = await k.call(
      'POST',
      '/risk/violation/decide',
      { id: v.id, accept: false, reason: 'x' },
      token,
    );
    expect(byCaptain.success).toBe(false);

    await k.ok('POST', '/risk/violation/decide', { id: v.id, accept: true, reason: '复磅单属实，申诉成立' });
    expect(await violationOf(noteId)).toMatchObject({ deductionState: 'cancelled', adjustNo: null });
    // the job finds nothing to post for it
    await t.ctx.jobs.definition(VIOLATION_DEDUCTION_JOB)?.run({}, t.app.log);
    expect(await adjustmentsOf(noteId)).toHaveLength(0);
    expect((await k.note(noteId)).riskStatus).toBe(0);
    const paid = await pay(noteId);
    expect(paid.success, paid.message).toBe(true);
    await k.ledgerCheck();
  });

  it('posts a lapsed window through the ledger exactly once, however often the job runs', async () => {
    const { noteId, note, warningId } = await warnedNote();
    expect((await confirm(warningId)).success).toBe(true);
    const v = await violationOf(noteId);
    const job = t.ctx.jobs.definition(VIOLATION_DEDUCTION_JOB);
    // within the window the job leaves it alone
    await job?.run({}, t.app.log);
    expect(await violationOf(noteId)).toMatchObject({ deductionState: 'notice' });
    // the window lapses without appeal (its deadline is moved back, as three days passing would)
    await t.db
      .update(riskViolation)
      .set({ appealDeadline: new Date(Date.now() - 60_000) })
      .where(eq(riskViolation.id, v.id));
    expect(
      await k.refused(
        'POST',
        '/risk/violation/appeal',
        { id: v.id, reason: '迟到的申诉' },
        await captainToken(),
      ),
    ).toContain('申诉期已过');
    await Promise.all([job?.run({}, t.app.log), job?.run({}, t.app.log)]);
    await job?.run({}, t.app.log);

    const posted = await violationOf(noteId);
    expect(posted).toMatchObject({ deductionState: 'posted' });
    const adjustments = await adjustmentsOf(noteId);
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({
      kind: 2,
      state: 1,
      amountFen: v.deductionFen,
      adjustNo: posted.adjustNo,
    });
    const postings = await t.db
      .select()
      .from(finPosting)
      .where(and(eq(finPosting.noteId, noteId), eq(finPosting.event, 'adjustment')));
    expect(postings).toHaveLength(1);
    const lines = await t.db.select().from(finLedgerLine).where(eq(finLedgerLine.postingId, postings[0].id));
    expect(lines.reduce((sum, l) => sum + Number(l.amountFen), 0)).toBe(0);
    expect(lines.map((l) => Number(l.amountFen)).sort((a, b) => a - b)).toEqual([
      -Number(v.deductionFen),
      Number(v.deductionFen),
    ]);
    await k.ledgerCheck();
    // the hold is lifted and the driver is paid the freight less the deduction
    expect((await k.note(noteId)).riskStatus).toBe(0);
    const paid = await pay(noteId);
    expect(paid.success, paid.message).toBe(true);
    expect(Number(note.driverFee)).toBeGreaterThan(Number(v.deductionFen));
    await k.ledgerCheck();
  });

  it('posts at once when an appeal is refused', async () => {
    const { noteId, warningId } = await warnedNote();
    expect((await confirm(warningId)).success).toBe(true);
    const v = await violationOf(noteId);
    await k.ok('POST', '/risk/violation/appeal', { id: v.id, reason: '路上被盗' }, await captainToken());
    expect(await violationOf(noteId)).toMatchObject({ deductionState: 'appealed' });
    await k.ok('POST', '/risk/violation/decide', {
      id: v.id,
      accept: false,
      reason: '无报案记录，申诉不成立',
    });
    expect(await violationOf(noteId)).toMatchObject({
      deductionState: 'posted',
      decideReason: '无报案记录，申诉不成立',
    });
    expect(await adjustmentsOf(noteId)).toHaveLength(1);
    await t.ctx.jobs.definition(VIOLATION_DEDUCTION_JOB)?.run({}, t.app.log);
    expect(await adjustmentsOf(noteId)).toHaveLength(1);
    await k.ledgerCheck();
  });

  /**
   * A notified deduction whose window lapsed while the driver's freight still to pay is short of it: a manual
   * deduction took all of it but 1 fen. Finance refuses the posting; the amount of that deduction is returned.
   */
  const starvedDeduction = async () => {
    await k.ok('POST', '/shipping/contract/clause', { penaltyPct: 5 });
    const { noteId, note, warningId } = await warnedNote();
    expect((await confirm(warningId)).success).toBe(true);
    const v = await violationOf(noteId);
    const cashDue = Number(note.driverFee) - Number(note.fuelCardFen) - Number(note.etcFen);
    const taken = cashDue - 1;
    await adjust(noteId, 2, taken, '油耗超标扣款');
    await t.db
      .update(riskViolation)
      .set({ appealDeadline: new Date(Date.now() - 60_000) })
      .where(eq(riskViolation.id, v.id));
    await runJob();
    const failed = await violationOf(noteId);
    expect(failed).toMatchObject({ deductionState: 'failed', deductionAttempts: 1, adjustNo: null });
    expect(failed.deductionNote).toContain('超过司机待付运费');
    return { noteId, v, taken };
  };
  const adjust = async (noteId: string, kind: 1 | 2, amountFen: number, reason: string) => {
    const added = await k.ok('POST', '/plateform/adjustment/add', {
      noteId,
      kind,
      amountFen,
      reason,
      idempotencyKey: key('adj'),
    });
    await k.ok('POST', '/plateform/adjustment/review', {
      id: (added.result as { id: string }).id,
      approve: true,
    });
  };
  const runJob = () => t.ctx.jobs.definition(VIOLATION_DEDUCTION_JOB)?.run({}, t.app.log);
  /** The violation's own adjustment: posted once, its posting balanced. */
  const postedOnce = async (noteId: string, violationId: string, amountFen: number) => {
    const v = await violationOf(noteId);
    expect(v).toMatchObject({ id: violationId, deductionState: 'posted', deductionNote: null });
    const own = (await adjustmentsOf(noteId)).filter((a) => a.reason.startsWith('违规扣款'));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ kind: 2, state: 1, amountFen, adjustNo: v.adjustNo });
    const lines = await t.db
      .select()
      .from(finLedgerLine)
      .where(eq(finLedgerLine.postingId, String(own[0].postingId)));
    expect(lines.reduce((sum, l) => sum + Number(l.amountFen), 0)).toBe(0);
    await k.ledgerCheck();
  };

  it('retries a deduction finance refused each hour until the cause is gone, posting it once', async () => {
    const { noteId, v, taken } = await starvedDeduction();
    // the cause stays: the next run fails again and counts the attempt, nothing is posted
    await runJob();
    expect(await violationOf(noteId)).toMatchObject({ deductionState: 'failed', deductionAttempts: 2 });
    expect(await adjustmentsOf(noteId)).toHaveLength(1);
    // finance gives the freight back (补款): the next run posts the deduction under the same key
    await adjust(noteId, 1, taken, '油耗复核无误，退回扣款');
    await Promise.all([runJob(), runJob()]);
    await runJob();
    await postedOnce(noteId, v.id, Number(v.deductionFen));
    expect((await k.note(noteId)).riskStatus).toBe(0);
    expect((await pay(noteId)).success).toBe(true);
    await k.ledgerCheck();
  });

  it('stops retrying after the bound; staff retry it (重试) and it is posted once', async () => {
    const { noteId, v, taken } = await starvedDeduction();
    // a day of refusals: the job leaves it to staff
    await t.db
      .update(riskViolation)
      .set({ deductionAttempts: MAX_DEDUCTION_ATTEMPTS })
      .where(eq(riskViolation.id, v.id));
    await adjust(noteId, 1, taken, '油耗复核无误，退回扣款');
    await runJob();
    expect(await violationOf(noteId)).toMatchObject({
      deductionState: 'failed',
      deductionAttempts: MAX_DEDUCTION_ATTEMPTS,
    });
    // only staff with risk:violation:decide retry
    const captain = await captainToken();
    expect((await k.call('POST', '/risk/violation/retry', { id: v.id }, captain)).code).toBe(403);
    const retried = await k.ok('POST', '/risk/violation/retry', { id: v.id });
    expect(retried.message).toBe('扣款已入账');
    await postedOnce(noteId, v.id, Number(v.deductionFen));
    // posted: neither a second retry nor the job posts it again
    expect(await k.refused('POST', '/risk/violation/retry', { id: v.id })).toContain('已扣款');
    await runJob();
    await postedOnce(noteId, v.id, Number(v.deductionFen));
  });

  it('refuses the deduction routes to users without their permission, changing nothing', async () => {
    const shipper = await t.login('shipper');
    const captain = await captainToken();
    const clauseBefore = (await k.get('/shipping/contract/clause')).result;
    const body = { id: 'none', reason: '理由', accept: true };
    for (const token of [shipper, captain]) {
      expect((await k.call('POST', '/risk/violation/decide', body, token)).code).toBe(403);
      expect((await k.call('POST', '/shipping/contract/clause', { penaltyPct: 50 }, token)).code).toBe(403);
      expect((await k.call('GET', '/risk/warning/deductionOffer?id=none', undefined, token)).code).toBe(403);
    }
    expect((await k.call('POST', '/risk/violation/appeal', body, shipper)).code).toBe(403);
    expect((await k.get('/shipping/contract/clause')).result).toEqual(clauseBefore);
  });
});
