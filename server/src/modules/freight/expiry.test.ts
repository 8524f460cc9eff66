import { REVIEW_STATE } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { sysAnnouncement, sysQuartzJob } from '../system/index.ts';
import { CERT_EXPIRY_JOB, runCertificateExpiry, seedCertificateExpiryJob } from './expiry.ts';
import { hyDriver, hyReviewLog, hyVehicle } from './partySchema.ts';
import { api, caller, dayFromNow, idCard, userIdOf } from './partyTestKit.ts';

describe('certificate expiry', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, () => tokens.admin)(...args);

  const insertDriver = async (name: string, body17: string, over: Partial<typeof hyDriver.$inferInsert>) => {
    const [row] = await t.db
      .insert(hyDriver)
      .values({
        driverName: name,
        mobile: '13800001111',
        idCard: idCard(body17),
        state: REVIEW_STATE.approved,
        ...over,
      })
      .returning();
    return row;
  };

  it('marks lapsed drivers and vehicles 4 expired with a logged reason, and warns reviewers once 30 days ahead', async () => {
    const lapsed = await insertDriver('过期司机', '32010219800101001', { drivingValidTo: dayFromNow(-2) });
    const pendingLapsed = await insertDriver('待审过期', '32010219800101002', {
      qualificationValidTo: dayFromNow(-5),
      state: REVIEW_STATE.pending,
    });
    const rejected = await insertDriver('已驳回', '32010219800101003', {
      idCardValidTo: dayFromNow(-5),
      state: REVIEW_STATE.rejected,
    });
    const soon = await insertDriver('将到期', '32010219800101004', { idCardValidTo: dayFromNow(20) });
    const fine = await insertDriver('正常司机', '32010219800101005', { drivingValidTo: dayFromNow(300) });
    const [truck] = await t.db
      .insert(hyVehicle)
      .values({
        plateNo: '苏A99001',
        state: REVIEW_STATE.approved,
        roadTransportValidTo: dayFromNow(-1),
        licenseValidTo: dayFromNow(400),
      })
      .returning();
    const [van] = await t.db
      .insert(hyVehicle)
      .values({ plateNo: '苏A99002', state: REVIEW_STATE.approved, licenseValidTo: dayFromNow(29) })
      .returning();

    const counts = async () => (await call('GET', '/hydriver/hyDriver/getDsXx')).json().result;
    const before = await counts();
    const outcome = await runCertificateExpiry(t.ctx);
    expect(outcome.expired).toEqual({ driver: 2, vehicle: 1 });
    expect(outcome.warned).toEqual({ driver: 1, vehicle: 1 });
    expect(outcome.messages).toBe(2);

    const state = async (id: string) =>
      (await call('GET', `/hydriver/hyDriver/queryById?id=${id}`)).json().result.state;
    expect(await state(lapsed.id)).toBe(REVIEW_STATE.expired);
    expect(await state(pendingLapsed.id)).toBe(REVIEW_STATE.expired);
    expect(await state(rejected.id)).toBe(REVIEW_STATE.rejected);
    expect(await state(soon.id)).toBe(REVIEW_STATE.approved);
    expect(await state(fine.id)).toBe(REVIEW_STATE.approved);
    expect((await call('GET', `/hyvehicle/hyVehicle/queryById?id=${truck.id}`)).json().result.state).toBe(
      REVIEW_STATE.expired,
    );
    // The pending one left the queue, and the counter says so at once.
    expect((await counts()).sijiCount).toBe(before.sijiCount - 1);
    const [log] = await t.db.select().from(hyReviewLog).where(eq(hyReviewLog.entityId, lapsed.id));
    expect(log).toMatchObject({ fromState: 2, toState: 4, operator: 'system' });
    expect(log.reason).toBe(`证件已过期：驾驶证(${dayFromNow(-2)})`);

    // One warning per party to the reviewers (admin holds driver:review), linking to the pre-filtered list.
    const warnings = await t.db
      .select()
      .from(sysAnnouncement)
      .where(eq(sysAnnouncement.busType, 'cert_expiry'));
    expect(warnings.map((w) => w.openPage).sort()).toEqual([
      '/wlhy/hydriver/HyDriverList?expiringWithinDays=30',
      '/wlhy/hyvehicle/HyVehicleList?expiringWithinDays=30',
    ]);
    const driverWarning = warnings.find((w) => w.busId === 'driver');
    expect(driverWarning).toMatchObject({ msgType: 'USER', sendStatus: '1', msgCategory: '2' });
    expect(driverWarning?.msgContent).toContain(`将到期：身份证于${dayFromNow(20)}到期`);
    expect(driverWarning?.userIds?.split(',')).toContain(await userIdOf(t, 'admin'));
    expect(driverWarning?.userIds?.split(',')).not.toContain(await userIdOf(t, 'shipper'));
    // The admin sees it among their messages; a shipper does not.
    const mine = (await call('GET', '/sys/annountCement/listByUser?pageSize=50')).json().result;
    expect(JSON.stringify(mine)).toContain('证件将在30天内到期');
    const shipper = await t.login('shipper');
    const theirs = (
      await t.call(shipper, { method: 'GET', url: api('/sys/annountCement/listByUser?pageSize=50') })
    ).json().result;
    expect(JSON.stringify(theirs)).not.toContain('证件将在30天内到期');

    // Run again the same day: nothing new is marked or warned.
    const again = await runCertificateExpiry(t.ctx);
    expect(again).toEqual({
      expired: { driver: 0, vehicle: 0 },
      warned: { driver: 0, vehicle: 0 },
      messages: 0,
    });
    const [vanRow] = await t.db.select().from(hyVehicle).where(eq(hyVehicle.id, van.id));
    expect(vanRow.expiryWarnedOn).not.toBeNull();

    // An expired driver re-enters review when updated, and approval is refused while a certificate is lapsed.
    const edit = await call('PUT', '/hydriver/hyDriver/edit', {
      id: lapsed.id,
      driverName: lapsed.driverName,
      mobile: lapsed.mobile,
      idCard: lapsed.idCard,
    });
    expect(edit.json().success).toBe(true);
    expect(await state(lapsed.id)).toBe(REVIEW_STATE.pending);
    expect(
      (await call('POST', '/hydriver/hyDriver/review', { id: lapsed.id, state: 2 })).json().message,
    ).toBe(`证件已过期，不能审核通过：驾驶证(${dayFromNow(-2)})`);
    await call('PUT', '/hydriver/hyDriver/edit', {
      id: lapsed.id,
      driverName: lapsed.driverName,
      mobile: lapsed.mobile,
      idCard: lapsed.idCard,
      drivingValidTo: dayFromNow(2000),
    });
    expect(
      (await call('POST', '/hydriver/hyDriver/review', { id: lapsed.id, state: 2 })).json().message,
    ).toBe('审核通过');
  });

  it('is a job of the scheduled-jobs screen, scheduled daily once the server seeds it', async () => {
    expect(t.ctx.jobs.definition(CERT_EXPIRY_JOB)?.title).toBe('证件到期检查');
    await seedCertificateExpiryJob(t.db);
    await seedCertificateExpiryJob(t.db);
    const rows = await t.db
      .select()
      .from(sysQuartzJob)
      .where(and(eq(sysQuartzJob.jobClassName, CERT_EXPIRY_JOB)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 0, cronExpression: '0 10 1 * * ?' });
    const summary = await t.ctx.jobs.definition(CERT_EXPIRY_JOB)?.run({}, t.app.log);
    expect(JSON.parse(String(summary))).toHaveProperty('expired');
  });
});
