// 个人信息保护法: privacy-policy versions asked at sign-in and the consent recorded; a person's own-data export
// (whole, with their waybills), correction, and deletion refused while a legal retention holds the records or
// carried out as anonymisation; nobody files for someone else.
import { DEMO_PASSWORD } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { readXlsx, userIdOf, userWithCodes } from '../../test/kit.ts';
import { api, ShippingKit } from '../../test/shippingKit.ts';
import { hyDriver } from '../freight/index.ts';

describe('personal information: consent, own-data requests', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });
  let kit: ShippingKit;
  beforeAll(async () => {
    kit = new ShippingKit(t, tokens.admin);
  });

  type Row = Record<string, unknown>;
  const records = async (path: string, query: Record<string, unknown> = {}): Promise<Row[]> =>
    (await kit.get(path, query)).result.records ?? [];
  const loginAnswer = async (username: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: api('/sys/login'),
        payload: { username, password: DEMO_PASSWORD },
      })
    ).json().result;

  it('asks party users for a newly published version at the next sign-in and records the acceptance', async () => {
    const add = await kit.ok('POST', '/privacy/policy/add', {
      version: '2026.1',
      title: '隐私政策',
      content: '我们收集的个人信息……',
    });
    expect(add.success).toBe(true);
    const [policy] = await records('/privacy/policy/list', { version: '2026.1' });
    // Not yet published: nobody is asked.
    expect((await loginAnswer('shipper')).privacyConsent).toBeUndefined();
    await kit.ok('POST', '/privacy/policy/publish', { id: policy.id });
    // A published version cannot be rewritten under the same number.
    expect(
      (
        await kit.call('PUT', '/privacy/policy/edit', {
          id: policy.id,
          version: '2026.1',
          title: 'x',
          content: 'y',
        })
      ).success,
    ).toBe(false);

    const first = await loginAnswer('shipper');
    expect(first.privacyConsent).toMatchObject({ version: '2026.1', title: '隐私政策' });
    // Staff are not asked.
    expect((await loginAnswer('admin')).privacyConsent).toBeUndefined();
    const shipper = first.token as string;
    expect((await kit.get('/privacy/consent/pending', {}, shipper)).result.version).toBe('2026.1');
    // Accepting an old or unknown version is refused.
    expect((await kit.call('POST', '/privacy/consent/accept', { version: '2025.9' }, shipper)).success).toBe(
      false,
    );
    await kit.ok('POST', '/privacy/consent/accept', { version: '2026.1' }, shipper);
    expect((await kit.get('/privacy/consent/pending', {}, shipper)).result).toBeNull();
    expect((await loginAnswer('shipper')).privacyConsent).toBeUndefined();

    const consents = await records('/privacy/consent/list', { policyVersion: '2026.1' });
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ subjectType: 'user', channel: 'console', policyVersion: '2026.1' });
    expect(consents[0].ip).toBeTruthy();
    expect(consents[0].acceptedAt).toBeTruthy();

    // A newer version asks again.
    await kit.ok('POST', '/privacy/policy/add', {
      version: '2026.2',
      title: '隐私政策（修订）',
      content: '修订……',
    });
    const [second] = await records('/privacy/policy/list', { version: '2026.2' });
    await kit.ok('POST', '/privacy/policy/publish', { id: second.id });
    expect((await loginAnswer('shipper')).privacyConsent).toMatchObject({ version: '2026.2' });
  });

  it('exports a driver’s own data whole, waybills included, as JSON and Excel', async () => {
    const { driverId, vehicleId, idCard } = await kit.driverWithVehicle();
    const orderId = await kit.order();
    const noteId = (await kit.dispatch(orderId, { driverId, vehicleId })).id;
    const query = `subjectType=driver&subjectId=${driverId}`;
    const json = await t.call(tokens.admin, {
      method: 'GET',
      url: api(`/privacy/request/exportData?${query}&format=json`),
    });
    expect(json.statusCode).toBe(200);
    const data = json.json();
    expect(data.driver[0].idCard).toBe(idCard);
    expect(data.waybills.map((w: { id: string }) => w.id)).toContain(noteId);
    expect(JSON.stringify(data)).not.toContain('****');

    const xlsx = await t.call(tokens.admin, {
      method: 'GET',
      url: api(`/privacy/request/exportData?${query}&format=xlsx`),
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(expect.arrayContaining(['司机信息', '运单']));
    const driverSheet = await readXlsx(xlsx.rawPayload);
    expect(JSON.stringify(driverSheet)).toContain(idCard);
    const waybillSheet = book.getWorksheet('运单');
    expect(waybillSheet?.rowCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses deleting a driver with waybills, giving the retention reason and date', async () => {
    const { driverId, vehicleId } = await kit.driverWithVehicle();
    await kit.dispatch(await kit.order(), { driverId, vehicleId });
    const answer = await kit.call('POST', '/privacy/request/submit', {
      kind: 'delete',
      subjectType: 'driver',
      subjectId: driverId,
    });
    expect(answer.success).toBe(true);
    const result = answer.result as { state: string; result: string; retainUntil: string };
    expect(result.state).toBe('refused');
    expect(result.result).toContain('运单');
    const until = new Date();
    until.setUTCFullYear(until.getUTCFullYear() + t.config.retention.waybill);
    expect(result.retainUntil).toBe(until.toISOString().slice(0, 10));
    expect(result.result).toContain(result.retainUntil);
    const [driver] = await t.db.select().from(hyDriver).where(eq(hyDriver.id, driverId));
    expect(driver.driverName).not.toBe('已注销');
  });

  it('anonymises a driver without records on deletion', async () => {
    const { driverId, idCard } = await kit.driverWithVehicle({ bind: false });
    const answer = await kit.call('POST', '/privacy/request/submit', {
      kind: 'delete',
      subjectType: 'driver',
      subjectId: driverId,
    });
    expect(answer.result).toMatchObject({ state: 'done' });
    const [driver] = await t.db.select().from(hyDriver).where(eq(hyDriver.id, driverId));
    expect(driver.driverName).toBe('已注销');
    expect(driver.idCard).not.toBe(idCard);
    expect(driver.mobile).toBe('00000000000');
    const list = await records('/privacy/request/list', { subjectId: driverId });
    expect(list.map((r) => [r.kind, r.state])).toEqual([['delete', 'done']]);
  });

  it('refuses a request for someone else; a user files for themselves', async () => {
    const shipper = await t.login('shipper');
    const shipperId = await userIdOf(t, 'shipper');
    const otherId = await userIdOf(t, 'admin');
    const { driverId } = await kit.driverWithVehicle({ bind: false });
    for (const subject of [
      { subjectType: 'user', subjectId: otherId },
      { subjectType: 'driver', subjectId: driverId },
    ]) {
      const res = await t.call(shipper, {
        method: 'POST',
        url: api('/privacy/request/submit'),
        payload: { kind: 'delete', ...subject },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('本人');
      const data = await t.call(shipper, {
        method: 'GET',
        url: api(
          `/privacy/request/exportData?subjectType=${subject.subjectType}&subjectId=${subject.subjectId}`,
        ),
      });
      expect(data.statusCode).toBe(403);
    }
    // A staff member without the privacy handling code cannot act for a driver either.
    const clerk = await userWithCodes(t, 'privacy_clerk', ['compliance:privacy:request:list']);
    const clerkRes = await t.call(clerk, {
      method: 'POST',
      url: api('/privacy/request/submit'),
      payload: { kind: 'export', subjectType: 'driver', subjectId: driverId },
    });
    expect(clerkRes.statusCode).toBe(403);

    const own = await t.call(shipper, {
      method: 'GET',
      url: api(`/privacy/request/exportData?subjectType=user&subjectId=${shipperId}`),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().user[0].username).toBe('shipper');
    expect(own.json().user[0].password).toBeUndefined();
    const correction = await t.call(shipper, {
      method: 'POST',
      url: api('/privacy/request/submit'),
      payload: {
        kind: 'correct',
        subjectType: 'user',
        subjectId: shipperId,
        detail: '手机号已更换为13900000000',
      },
    });
    expect(correction.json().result).toMatchObject({ state: 'pending' });
    await kit.ok('POST', '/privacy/request/handle', {
      id: correction.json().result.id,
      result: '已更正手机号',
    });
    // The requests screen is staff's: a shipper has no list.
    expect((await t.call(shipper, { method: 'GET', url: api('/privacy/request/list') })).statusCode).toBe(
      403,
    );
  });
});
