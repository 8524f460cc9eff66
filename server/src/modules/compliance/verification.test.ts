import { luhnCheckDigit, residentIdCheckChar, VERIFICATION_MSG } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { piiEq } from '../../platform/crypto/piiColumn.ts';
import { stableId } from '../../seed/seed.ts';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { caller } from '../../test/kit.ts';
import { hyDriver, hyReviewLog } from '../freight/index.ts';
import { acceptAnswer, expiryRecheckJob, recheckExpiring, registerVerifiers, retryPending } from './index.ts';
import {
  SIMULATED_CARD_MOBILES,
  SIMULATED_FAILING_CERT_SUFFIX,
  SIMULATED_FAILING_IDS,
  SIMULATED_LATE_ID,
  SIMULATED_WRONG_MOBILE,
} from './providers/simulated.ts';
import { complianceVerification } from './verificationSchema.ts';

// Identity and certificate verification: the simulated provider's failing test identities refuse
// an approval, passing ones allow it, an override needs its reason, a card whose reserved mobile does not
// match is refused at binding, a timeout stays pending until answered, the list filters and stays in scope.

const idCard = (body17: string) => body17 + residentIdCheckChar(body17);
const card = (payload: string) => payload + luhnCheckDigit(payload);
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('identity and certificate verification', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin', operations: 'operations01' });
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, () => tokens.admin)(...args);
  const asOps = (...args: Parameters<ReturnType<typeof caller>>) =>
    caller(t, () => tokens.operations)(...args);

  let seq = 0;
  const driverBody = (over: object = {}) => {
    seq++;
    const body17 = `320102198${seq % 10}0${(seq % 9) + 1}1${seq % 10}${String(500 + seq).padStart(3, '0')}`;
    return {
      driverName: `核验司机${seq}`,
      mobile: `137${String(20_000_000 + seq).slice(-8)}`,
      idCard: idCard(body17),
      drivingClass: 'A2',
      drivingValidFrom: '2020-01-01',
      drivingValidTo: dayFromNow(900),
      ...over,
    };
  };
  const addDriver = async (over: object = {}, as = call) => {
    const body = driverBody(over);
    const res = await as('POST', '/hydriver/hyDriver/add', body);
    expect(res.json(), JSON.stringify(res.json())).toMatchObject({ success: true });
    const [row] = await t.db.select().from(hyDriver).where(piiEq(hyDriver.idCard, body.idCard));
    if (!row) throw new Error('driver not stored');
    return row;
  };
  const review = async (id: string, extra: object = {}, as = call) =>
    (await as('POST', '/hydriver/hyDriver/review', { id, state: 2, ...extra })).json();
  const checksOf = async (id: string) =>
    (await call('GET', `/hydriver/hyDriver/verification?id=${id}`)).json().result;

  it('refuses to approve a driver with a failing test ID, approves one with a passing ID', async () => {
    const [failing, why] = Object.entries(SIMULATED_FAILING_IDS)[0] ?? [];
    const bad = await addDriver({ idCard: failing });
    const shown = await checksOf(bad.id);
    expect(shown.approvable).toBe(false);
    expect(shown.checks).toContainEqual(
      expect.objectContaining({ kind: 'idTwoFactor', result: 'fail', reason: why, required: true }),
    );
    const refused = await review(bad.id);
    expect(refused.success).toBe(false);
    expect(refused.message).toContain(VERIFICATION_MSG.blocked);
    expect(refused.message).toContain(why);
    const [still] = await t.db
      .select({ state: hyDriver.state })
      .from(hyDriver)
      .where(eq(hyDriver.id, bad.id));
    expect(still?.state).toBe(1);

    const good = await addDriver({ qualificationNo: '320102000123' });
    const passed = await checksOf(good.id);
    expect(passed.approvable).toBe(true);
    expect(passed.checks.map((c: { kind: string; result: string }) => [c.kind, c.result])).toEqual([
      ['idTwoFactor', 'pass'],
      ['qualification', 'pass'],
    ]);
    expect(await review(good.id)).toMatchObject({ success: true });
  });

  it('refuses a failed face-liveness report and a lapsed qualification certificate', async () => {
    const d = await addDriver();
    const reported = await call('POST', '/compliance/verification/liveness', {
      driverId: d.id,
      passed: false,
    });
    expect(reported.json().result.approvable).toBe(false);
    expect((await review(d.id)).message).toContain('人脸活体检测未通过');
    // The certificate is updated: it is checked again, and this number is one the lookup does not find.
    const edited = await call('PUT', '/hydriver/hyDriver/edit', {
      ...driverBody(),
      driverName: d.driverName,
      mobile: d.mobile,
      idCard: d.idCard,
      id: d.id,
      qualificationNo: '320102404404',
    });
    expect(edited.json().success).toBe(true);
    const checks = (await checksOf(d.id)).checks;
    expect(checks).toContainEqual(expect.objectContaining({ kind: 'qualification', result: 'fail' }));
    // A passing liveness report clears the identity; the certificate still blocks.
    await call('POST', '/compliance/verification/liveness', { driverId: d.id, passed: true, score: 97 });
    const again = await review(d.id);
    expect(again.message).toContain('从业资格证');
    expect(again.message).not.toContain('活体');
  });

  it('lets only a senior role override a failed check, and only with a reason, which is logged', async () => {
    const [failing] = Object.keys(SIMULATED_FAILING_IDS).slice(1);
    const d = await addDriver({ idCard: failing });
    expect(await review(d.id, { override: true })).toMatchObject({
      success: false,
      message: VERIFICATION_MSG.overrideReason,
    });
    expect(await review(d.id, { override: true, overrideReason: '   ' })).toMatchObject({ success: false });
    // Operations review drivers but do not hold the override.
    expect(await review(d.id, { override: true, overrideReason: '已线下核实' }, asOps)).toMatchObject({
      success: false,
      message: VERIFICATION_MSG.overrideDenied,
    });
    expect(
      await review(d.id, { override: true, overrideReason: '公安系统数据滞后，已线下核验原件' }),
    ).toMatchObject({
      success: true,
    });
    const [log] = await t.db
      .select({ reason: hyReviewLog.reason, operator: hyReviewLog.operator })
      .from(hyReviewLog)
      .where(and(eq(hyReviewLog.entityId, d.id), eq(hyReviewLog.toState, 2)));
    expect(log).toMatchObject({
      operator: 'admin',
      reason: expect.stringContaining('越权通过：公安系统数据滞后'),
    });
    const overrides = await t.db
      .select()
      .from(complianceVerification)
      .where(and(eq(complianceVerification.subjectId, d.id), eq(complianceVerification.kind, 'override')));
    expect(overrides).toHaveLength(1);
    expect(overrides[0]).toMatchObject({ result: 'pass', operator: 'admin' });
    expect(overrides[0]?.reason).toContain('身份证二要素');
  });

  it('refuses at binding a card whose reserved mobile does not match, binds a matching one', async () => {
    const d = await addDriver();
    const base = { driverId: d.id, holderName: d.driverName, holderIdCard: d.idCard, bankCode: 'ICBC' };
    const [testCard, onFile] = Object.entries(SIMULATED_CARD_MOBILES)[0] ?? [];
    const wrong = await call('POST', '/hydriverbank/hyDriverBank/add', {
      ...base,
      cardNo: testCard,
      reservedMobile: '13900001111',
    });
    expect(wrong.json()).toMatchObject({ success: false });
    expect(wrong.json().message).toContain(VERIFICATION_MSG.cardRefused);
    expect(wrong.json().message).toContain('预留手机号');
    const other = await call('POST', '/hydriverbank/hyDriverBank/add', {
      ...base,
      cardNo: card('622848001234567'),
      reservedMobile: SIMULATED_WRONG_MOBILE,
    });
    expect(other.json().success).toBe(false);
    // Nothing was bound; the refused checks are recorded.
    const cards = (await call('GET', `/hydriverbank/hyDriverBank/list?driverId=${d.id}`)).json().result;
    expect(cards.total).toBe(0);
    const refused = (
      await call(
        'GET',
        '/compliance/verification/list?subjectType=driverbank&kind=bankFourFactor&result=fail',
      )
    ).json().result;
    expect(refused.total).toBeGreaterThanOrEqual(2);

    const ok = await call('POST', '/hydriverbank/hyDriverBank/add', {
      ...base,
      cardNo: testCard,
      reservedMobile: onFile,
    });
    expect(ok.json()).toMatchObject({ success: true });
    const bound = (await call('GET', `/hydriverbank/hyDriverBank/list?driverId=${d.id}`)).json().result
      .records[0];
    const shown = (await call('GET', `/hydriverbank/hyDriverBank/verification?id=${bound.id}`)).json().result;
    expect(shown).toMatchObject({ approvable: true });
    expect(shown.checks[0]).toMatchObject({ kind: 'bankFourFactor', result: 'pass' });
    expect(
      (await call('POST', '/hydriverbank/hyDriverBank/review', { id: bound.id, state: 2 })).json(),
    ).toMatchObject({ success: true });
  });

  it('leaves a check the provider did not answer pending (never passed) until the retry gets the answer', async () => {
    const d = await addDriver({ idCard: SIMULATED_LATE_ID });
    expect((await checksOf(d.id)).checks[0]).toMatchObject({ kind: 'idTwoFactor', result: 'pending' });
    expect((await review(d.id)).message).toContain(VERIFICATION_MSG.blocked);
    // An answer for a request the platform never asked is ignored (and logged).
    const warned: unknown[] = [];
    expect(
      await acceptAnswer(
        t.db,
        { requestId: 'nobody-asked', result: 'pass', reason: 'x' },
        { warn: (o) => warned.push(o) },
      ),
    ).toBe(false);
    expect(warned).toHaveLength(1);
    // The retry job, once due, takes the provider's late answer.
    const later = new Date(Date.now() + 3_600_000);
    const run = await retryPending(t.db, undefined, later);
    expect(run.answered).toBeGreaterThanOrEqual(1);
    expect((await checksOf(d.id)).checks[0]).toMatchObject({ kind: 'idTwoFactor', result: 'pass' });
    expect(await review(d.id)).toMatchObject({ success: true });
  });

  it('keeps a check pending when the provider times out, and the retry asks again', async () => {
    const verifiers = registerVerifiers(t.db, {});
    const real = verifiers.provider;
    const hanging = { ...real, name: 'hanging', idTwoFactor: () => new Promise<never>(() => undefined) };
    registerVerifiers(t.db, { provider: hanging as typeof real, timeoutMs: 50 });
    let d: typeof hyDriver.$inferSelect;
    try {
      d = await addDriver();
      expect((await checksOf(d.id)).checks[0]).toMatchObject({ result: 'pending' });
      expect((await review(d.id)).success).toBe(false);
    } finally {
      registerVerifiers(t.db, { provider: real, timeoutMs: 5_000 });
    }
    await retryPending(t.db, undefined, new Date(Date.now() + 3_600_000));
    const [row] = await t.db
      .select()
      .from(complianceVerification)
      .where(eq(complianceVerification.subjectId, d.id));
    expect(row).toMatchObject({ result: 'pass', attempts: 2 });
  });

  it('lists checks with filters, in the party scope of the user', async () => {
    const agent = await t.login('agent01');
    const asAgent = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, () => agent)(...args);
    const mine = await addDriver({}, asAgent);
    expect(mine.agentId).toBe(stableId('agent', 'agent01'));
    const theirs = await addDriver();

    const list = async (as: typeof call, query: string) =>
      (await as('GET', `/compliance/verification/list?${query}`)).json().result;
    const all = await list(call, `subjectType=driver&subjectId=${theirs.id}`);
    expect(all.records.map((r: { kind: string }) => r.kind)).toEqual(['idTwoFactor']);
    expect((await list(call, `subjectId=${theirs.id}&result=fail`)).total).toBe(0);
    expect((await list(call, `subjectId=${theirs.id}&kind=qualification`)).total).toBe(0);
    expect(
      (await list(call, 'result=fail&pageSize=100')).records.every(
        (r: { result: string }) => r.result === 'fail',
      ),
    ).toBe(true);

    // The agent sees its own driver's checks, not another's: by list, by filter or by the drawer.
    const own = await list(asAgent, 'pageSize=100');
    expect(own.total).toBeGreaterThan(0);
    expect(own.records.every((r: { subjectId: string }) => r.subjectId !== theirs.id)).toBe(true);
    expect((await list(asAgent, `subjectId=${mine.id}`)).total).toBe(1);
    expect((await list(asAgent, `subjectId=${theirs.id}`)).total).toBe(0);
    expect((await asAgent('GET', `/hydriver/hyDriver/verification?id=${mine.id}`)).json().success).toBe(true);
    const foreign = await asAgent('GET', `/hydriver/hyDriver/verification?id=${theirs.id}`);
    expect(foreign.statusCode === 404 || foreign.json().success === false).toBe(true);
    // Brokers read checks; asking again and overriding are the platform's.
    const recheck = await asAgent('POST', '/compliance/verification/recheck', {
      subjectType: 'driver',
      subjectId: mine.id,
    });
    expect(recheck.json().success).toBe(false);
    // A shipper has no verification screen.
    const shipper = await t.login('shipper');
    expect((await caller(t, () => shipper)('GET', '/compliance/verification/list')).json().success).toBe(
      false,
    );
  });

  it('looks certificates up again before they expire, once per window, and records a revoked one as failed', async () => {
    const DAY = 86_400_000;
    const ending = await addDriver({ qualificationNo: '320102000777', qualificationValidTo: dayFromNow(40) });
    const later = await addDriver({ qualificationNo: '320102000778', qualificationValidTo: dayFromNow(100) });
    const qualificationChecks = async (id: string) =>
      (
        await call('GET', `/compliance/verification/list?subjectId=${id}&kind=qualification&pageSize=50`)
      ).json().result.records as Array<{ result: string; reason: string }>;
    expect(await qualificationChecks(ending.id)).toHaveLength(1);
    // Today: 40 days left, outside the 30-day window: nothing asked again.
    await recheckExpiring(t.db, 30);
    expect(await qualificationChecks(ending.id)).toHaveLength(1);
    // Fifteen days on, the certificate ends within 30 days and was last looked up before the window opened;
    // meanwhile the authority revoked it (this number is one the simulated lookup does not find).
    await t.db
      .update(hyDriver)
      .set({ qualificationNo: `320102${SIMULATED_FAILING_CERT_SUFFIX}` })
      .where(eq(hyDriver.id, ending.id));
    const inFifteenDays = new Date(Date.now() + 15 * DAY);
    expect(await recheckExpiring(t.db, 30, inFifteenDays)).toBeGreaterThan(0);
    const after = await qualificationChecks(ending.id);
    expect(after).toHaveLength(2);
    expect(after.map((c) => c.result)).toContain('fail');
    expect(await qualificationChecks(later.id)).toHaveLength(1);
    // Once per window: the next day's run leaves it alone.
    await recheckExpiring(t.db, 30, new Date(inFifteenDays.getTime() + DAY));
    expect(await qualificationChecks(ending.id)).toHaveLength(2);
    // The window is the job's parameter (default 30 days); 90 days reaches the other driver too (100 days left
    // then, its window opened after its last lookup).
    const job = expiryRecheckJob(t.ctx);
    expect(job.params?.parse({})).toEqual({ days: 30 });
    expect(() => job.params?.parse({ days: 0 })).toThrow();
    await recheckExpiring(t.db, 90, inFifteenDays);
    expect(await qualificationChecks(later.id)).toHaveLength(2);
  });

  it('records the vehicle platform’s 入网 check: required of a heavy vehicle, shown but not required of a light one', async () => {
    const addVehicle = async (plateNo: string, over: object = {}) => {
      const res = await call('POST', '/hyvehicle/hyVehicle/add', {
        plateNo,
        plateColor: '2',
        ratedLoadKg: 32_000,
        grossMassKg: 49_000,
        roadTransportNo: `3201009${plateNo.slice(-5)}`,
        roadTransportValidTo: dayFromNow(900),
        ...over,
      });
      expect(res.json(), res.body).toMatchObject({ success: true });
      const listed = await call('GET', `/hyvehicle/hyVehicle/list?plateNo=${encodeURIComponent(plateNo)}`);
      return listed.json().result.records[0].id as string;
    };
    const netCheck = async (id: string) => {
      const shown = (await call('GET', `/hyvehicle/hyVehicle/verification?id=${id}`)).json().result;
      return {
        approvable: shown.approvable,
        net: shown.checks.find((c: { kind: string }) => c.kind === 'vehicleNet'),
      };
    };
    // The simulated platform has plates ending in 404 not connected.
    const heavy = await netCheck(await addVehicle('苏E81404'));
    expect(heavy.approvable).toBe(false);
    expect(heavy.net).toMatchObject({
      result: 'fail',
      required: true,
      provider: expect.stringContaining('vehicle-platform'),
    });
    const light = await netCheck(
      await addVehicle('苏E82404', { grossMassKg: 4_200, ratedLoadKg: 2_000, roadTransportNo: undefined }),
    );
    expect(light.net).toMatchObject({ result: 'pass', required: false });
    const connected = await netCheck(await addVehicle('苏E81405'));
    expect(connected.net).toMatchObject({ result: 'pass', required: true, reason: '已入网' });
    const records = (
      await call('GET', '/compliance/verification/list?subjectType=vehicle&kind=vehicleNet&result=fail')
    ).json().result.records as Array<{ subjectName: string }>;
    expect(records.map((r) => r.subjectName)).toContain('苏E81404');
  });

  it('prefills forms from OCR deterministically', async () => {
    const a = (await call('POST', '/compliance/ocr', { kind: 'idCard', image: 'temp/a.jpg' })).json().result;
    const b = (await call('POST', '/compliance/ocr', { kind: 'idCard', image: 'temp/a.jpg' })).json().result;
    expect(a).toEqual(b);
    expect(a.idCard).toMatch(/^\d{17}[\dX]$/);
    const v = (await call('POST', '/compliance/ocr', { kind: 'vehicleLicence', image: 'temp/v.jpg' })).json()
      .result;
    expect(Object.keys(v)).toEqual(expect.arrayContaining(['plateNo', 'vin']));
  });
});
