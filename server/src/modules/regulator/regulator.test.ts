import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysLog } from '../../platform/audit/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { channelForm } from '../../test/regulatorKit.ts';
import { api, ShippingKit } from '../../test/shippingKit.ts';
import { hyDriver, hyShippingNote } from '../freight/index.ts';
import type { FakeRegulator } from './fake/fakeRegulator.ts';
import { type FakeChannel, fakeChannel, TEST_PLATFORM } from './fake/testKit.ts';
import { enqueueFundFlow, sendReports } from './index.ts';
import { hyReportAttempt, hyReportMessage } from './schema.ts';
import { claimDue } from './sender.ts';
import { ReportClient } from './transport/client.ts';

// The outbox through the product: channels configured over the API, reports written with the approvals and
// audits that make them due, sent by the sender in prerequisite order to the fake gateways, field failures
// corrected and resent, server errors retried with backoff, a crash mid-send recovered without a business
// key accepted twice, and channel secrets never answered or logged.

let t: TestApp;
let admin: string;
let kit: ShippingKit;
const fakes: FakeRegulator[] = [];
let fujian: FakeChannel;

const SECONDS = 1000;
const later = (ms: number) => new Date(Date.now() + ms);

async function addChannel(channel: FakeChannel, enabled = true, name?: string) {
  return kit.call('POST', '/report/channel/add', channelForm(channel, enabled, name));
}

/** The kit's parties lack what the regulator needs (issuer, vehicle type, energy): the office completes them. */
async function reportableParties() {
  return kit.reportable(await kit.driverWithVehicle());
}

/**
 * Queues the fund flow of one bank payment to the waybill's driver, as a settled payment does; answers the
 * payment id. `kind` prefixes the payment id and `documentPrefix` the waybill number in the document number;
 * the amounts are the waybill's customer and driver fees unless given.
 */
async function payDriver(p: {
  kind: string;
  documentPrefix: string;
  note: { id: string; shippingNoteNumber: string };
  party: Awaited<ReturnType<typeof reportableParties>>;
  amounts?: { freightFen: number; amountFen: number };
}) {
  const stored = (await kit.note(p.note.id)) as Record<string, unknown>;
  const paymentId = `${p.kind}${Date.now()}`;
  const { freightFen, amountFen } = p.amounts ?? {
    freightFen: Number(stored.customerFee),
    amountFen: Number(stored.driverFee),
  };
  const recipient = String(stored.driverName);
  await t.db.transaction((tx) =>
    enqueueFundFlow(tx, {
      paymentId,
      tenantId: 0,
      documentNumber: `${p.documentPrefix}${p.note.shippingNoteNumber}`,
      carrierName: recipient,
      carrierId: p.party.idCard,
      vehicleNumber: p.party.plateNo,
      vehiclePlateColor: '2',
      notes: [
        {
          noteId: p.note.id,
          shippingNoteNumber: p.note.shippingNoteNumber,
          serialNumber: '0000',
          freightFen,
        },
      ],
      payments: [
        {
          meansCode: '32',
          recipient,
          account: '6222021234567890123',
          bankCode: 'ICBC',
          bankSerialNo: `ICBC${Date.now()}`,
          amountFen,
          time: new Date(),
        },
      ],
    }),
  );
  return paymentId;
}

async function auditedNote(party: { driverId: string; vehicleId: string }) {
  const orderId = await kit.order();
  const note = await kit.dispatch(orderId, party);
  await kit.drive(note.id, 'audit');
  return note;
}

async function messagesOf(businessId: string) {
  return t.db.select().from(hyReportMessage).where(eq(hyReportMessage.businessId, businessId));
}

async function sendAll(now?: Date) {
  const total = { claimed: 0, accepted: 0, failed: 0, retrying: 0, waiting: 0 };
  for (let i = 0; i < 10; i++) {
    const run = await sendReports(t.ctx, { now });
    for (const key of Object.keys(total) as Array<keyof typeof total>) total[key] += run[key];
    if (run.claimed === 0) break;
  }
  return total;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  kit = new ShippingKit(t, admin);
  fujian = await fakeChannel('fujian');
  fakes.push(fujian.fake);
  const added = await addChannel(fujian);
  expect(added.success).toBe(true);
});

afterAll(async () => {
  await t.close();
  await Promise.all(fakes.map((f) => f.close()));
});

describe('report channels', () => {
  it('keeps passwords and keys encrypted, never answers or logs them, and tests the connection', async () => {
    const list = await kit.get('/report/channel/list');
    const [row] = list.result.records ?? [];
    expect(row).toMatchObject({
      variant: 'fujian',
      enabled: true,
      password: '******',
      sm2PublicKeySecret: '******',
    });
    expect(row).not.toHaveProperty('simulatorKeySecret');
    const everything =
      JSON.stringify(list) +
      JSON.stringify(await kit.get('/report/channel/queryById', { id: String(row?.id) }));
    expect(everything).not.toContain(fujian.settings.password);
    expect(everything).not.toContain(fujian.settings.sm2PublicKey);
    const logged = await t.db
      .select({ param: sysLog.requestParam })
      .from(sysLog)
      .where(like(sysLog.requestUrl, '%/report/channel/%'));
    expect(logged.length).toBeGreaterThan(0);
    for (const entry of logged) {
      expect(entry.param ?? '').not.toContain(fujian.settings.password);
      expect(entry.param ?? '').not.toContain(fujian.settings.sm2PublicKey);
    }
    const test = await kit.call('POST', '/report/channel/testConnection', { id: row?.id });
    expect(test).toMatchObject({ success: true, result: { ok: true, code: '1001' } });
    expect(JSON.stringify(test)).not.toMatch(/token/i);
    // An edit that sends the masks back keeps the stored secrets.
    const edited = await kit.call('POST', '/report/channel/edit', {
      ...row,
      channelName: '福建（改）',
      codeMap: null,
    });
    expect(edited.success).toBe(true);
    expect((await kit.call('POST', '/report/channel/testConnection', { id: row?.id })).success).toBe(true);
    // A key that is not an SM2 public key is refused with a message.
    const bad = await kit.call('POST', '/report/channel/edit', {
      ...row,
      sm2PublicKeySecret: '04abc',
      codeMap: null,
    });
    expect(bad).toMatchObject({ success: false, message: expect.stringContaining('SM2公钥') });
  });
});

describe('the channel screen', () => {
  it('enables one channel at a time, keeps the others configured, and says which secrets are set', async () => {
    const spare = await addChannel(fujian, false, '福建备用');
    expect(spare.success).toBe(true);
    const rows = (await kit.get('/report/channel/list')).result.records ?? [];
    const backup = rows.find((c) => c.channelName === '福建备用');
    const active = rows.find((c) => c.enabled === true);
    // Set secrets answer the mask, unset ones nothing: the form shows "set" or "not set", never the value.
    expect(backup).toMatchObject({ enabled: false, password: '******', aesSecret: '', aesIvSecret: '' });
    expect((await kit.call('POST', '/report/channel/enable', { id: backup?.id })).success).toBe(true);
    let enabled = (await kit.get('/report/channel/list', { enabled: true })).result.records ?? [];
    expect(enabled.map((c) => c.id)).toEqual([backup?.id]);
    expect(
      (await kit.call('POST', '/report/channel/testConnection', { id: backup?.id })).result,
    ).toMatchObject({ ok: true });
    expect((await kit.call('POST', '/report/channel/enable', { id: active?.id })).success).toBe(true);
    enabled = (await kit.get('/report/channel/list', { enabled: true })).result.records ?? [];
    expect(enabled.map((c) => c.id)).toEqual([active?.id]);
    expect(await kit.call('POST', '/report/channel/enable', { id: 'nope' })).toMatchObject({
      success: false,
      message: '上报通道不存在',
    });
    // Without the edit code the switch is refused.
    const operations = await t.login('operations01');
    const refused = await t.call(operations, {
      method: 'POST',
      url: api('/report/channel/enable'),
      payload: { id: backup?.id },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the outbox', () => {
  it('writes reports with the approval and the audit, sends drivers and vehicles before the waybill', async () => {
    const party = await reportableParties();
    expect((await messagesOf(party.driverId)).map((m) => [m.type, m.state])).toEqual([
      ['WLHY_JSY1001', 'pending'],
    ]);
    const note = await auditedNote(party);
    const [waybill] = await messagesOf(note.id);
    expect(waybill).toMatchObject({
      type: 'WLHY_YD1001',
      state: 'pending',
      businessNo: note.shippingNoteNumber,
    });
    expect((await kit.note(note.id)).reportStatus).toBe(1);
    const run = await sendReports(t.ctx);
    expect(run).toMatchObject({ claimed: 3, accepted: 3, failed: 0 });
    expect((await kit.note(note.id)).reportStatus).toBe(3);
    const list = await kit.get('/report/message/list', { type: 'WLHY_YD1001', businessId: note.id });
    expect(list.result.records).toEqual([
      expect.objectContaining({
        id: waybill?.id,
        type: 'WLHY_YD1001',
        state: 'accepted',
        channelId: expect.any(String),
        businessId: note.id,
        attempts: 1,
        lastCode: '1001',
        lastMessage: '接收成功',
        overdue: false,
      }),
    ]);
    expect(list.result.records?.[0]).not.toHaveProperty('payload');
    const attempts = await kit.get('/report/message/attempts', { id: String(waybill?.id) });
    const [attempt] = attempts.result as unknown as Array<Record<string, unknown>>;
    expect(attempt).toMatchObject({ outcome: 'accepted', code: '1001', attemptNo: 1 });
    expect(JSON.stringify(attempts)).not.toContain(fujian.settings.password);
    expect(JSON.stringify(attempt?.request)).toContain(note.shippingNoteNumber);
    expect(fujian.fake.record(`WLHY_YD1001:${note.shippingNoteNumber}/0000`)).toMatchObject({ accepts: 1 });
  });

  it('fails a record that breaks a field rule, waits the waybill, and accepts it once corrected and resent', async () => {
    const party = await reportableParties();
    await t.db.update(hyDriver).set({ drivingClass: 'Z9' }).where(eq(hyDriver.id, party.driverId));
    const note = await auditedNote(party);
    await sendAll();
    const [driverMessage] = await messagesOf(party.driverId);
    expect(driverMessage).toMatchObject({ state: 'failed', lastCode: 'LOCAL' });
    expect(driverMessage?.fieldErrors).toEqual([
      { path: 'vehicleClass', rule: 'code:driving_class', message: '不在代码表driving_class中' },
    ]);
    const [waiting] = await messagesOf(note.id);
    expect(waiting).toMatchObject({ state: 'pending', lastCode: 'WAIT', attempts: 0 });
    expect(waiting?.lastMessage).toContain('驾驶员信息单');
    const upload = await kit.get('/report/upload/list', { businessId: party.driverId });
    expect(upload.result.records?.map((r) => r.id)).toEqual([driverMessage?.id]);
    // The upload screen's detail: the violated rules as built now, and the attempt that found them.
    const preview = await kit.get('/report/upload/preview', { id: String(driverMessage?.id) });
    expect(preview.result).toMatchObject({
      ok: false,
      message: null,
      errors: [{ path: 'vehicleClass', rule: 'code:driving_class' }],
    });
    const tried = (await kit.get('/report/upload/attempts', { id: String(driverMessage?.id) }))
      .result as unknown as Array<Record<string, unknown>>;
    expect(tried).toEqual([expect.objectContaining({ outcome: 'failed', code: 'LOCAL', attemptNo: 1 })]);
    expect((await kit.get('/report/upload/preview', { id: 'nope' })).code).toBe(404);

    // The province refuses what we did not check: its 3005 with the field path lands on the same screen.
    const driver = (await kit.get('/hydriver/hyDriver/queryById', { id: party.driverId })).result;
    const edit = await kit.call('POST', '/hydriver/hyDriver/edit', { ...driver, drivingClass: 'A2' });
    expect(edit.success).toBe(true);
    // Corrected: the message builds, and that is what a resend carries.
    const fixed = await kit.get('/report/message/preview', { id: String(driverMessage?.id) });
    expect(fixed.result).toMatchObject({ ok: true, errors: [], message: { vehicleClass: 'A2' } });
    fujian.fake.rejectKey(`WLHY_JSY1001:${party.idCard}`, [
      { path: 'qualificationCertificate', rule: 'an..19' },
    ]);
    expect((await kit.call('POST', '/report/message/resend', { ids: [driverMessage?.id] })).success).toBe(
      true,
    );
    await sendAll();
    const [refused] = await messagesOf(party.driverId);
    expect(refused).toMatchObject({ state: 'failed', lastCode: '3005', attempts: 2 });
    expect(refused?.fieldErrors).toEqual([{ path: 'qualificationCertificate', rule: 'an..19' }]);

    await kit.call('POST', '/report/message/resend', { ids: [refused?.id] });
    await sendAll();
    expect((await messagesOf(party.driverId))[0]).toMatchObject({ state: 'accepted', attempts: 3 });
    // The waybill's wait is over at its next attempt.
    await sendAll(later(31 * SECONDS));
    expect((await messagesOf(note.id))[0]).toMatchObject({ state: 'accepted', attempts: 1 });
    expect(fujian.fake.record(`WLHY_JSY1001:${party.idCard}`)).toMatchObject({ accepts: 1, repeats: 0 });
  });

  it('retries server errors with backoff and logs in again after a token expiry', async () => {
    const party = await reportableParties();
    await sendAll();
    fujian.fake.inject('serverError');
    const note = await auditedNote(party);
    const before = Date.now();
    await sendAll();
    const [retrying] = await messagesOf(note.id);
    expect(retrying).toMatchObject({ state: 'pending', lastCode: '9001', attempts: 1 });
    const wait = (retrying?.nextAttemptAt?.getTime() ?? 0) - before;
    expect(wait).toBeGreaterThanOrEqual(30 * SECONDS);
    expect(wait).toBeLessThan(40 * SECONDS);
    expect((await kit.note(note.id)).reportStatus).toBe(1);
    expect((await sendReports(t.ctx)).claimed).toBe(0);
    fujian.fake.expireTokens();
    const logins = fujian.fake.stats().logins;
    await sendAll(later(40 * SECONDS));
    expect((await messagesOf(note.id))[0]).toMatchObject({ state: 'accepted', attempts: 2 });
    expect(fujian.fake.stats().logins).toBe(logins + 1);
    const attempts = await t.db
      .select({ outcome: hyReportAttempt.outcome, code: hyReportAttempt.code, calls: hyReportAttempt.calls })
      .from(hyReportAttempt)
      .where(eq(hyReportAttempt.messageId, String(retrying?.id)));
    expect(attempts).toEqual([
      { outcome: 'retry', code: '9001', calls: 1 },
      { outcome: 'accepted', code: '1001', calls: 3 },
    ]);
  });

  it('refuses an empty resend and skips accepted messages', async () => {
    expect(await kit.call('POST', '/report/message/resend', { ids: [] })).toMatchObject({
      success: false,
      message: '请选择要重新上报的报文',
    });
    const [accepted] = await t.db
      .select()
      .from(hyReportMessage)
      .where(eq(hyReportMessage.state, 'accepted'))
      .limit(1);
    expect(await kit.call('POST', '/report/message/resend', { ids: [accepted?.id] })).toMatchObject({
      success: false,
    });
    const summary = await kit.get('/report/message/summary');
    expect(summary.result).toMatchObject({ failed: 0, overdue: 0 });
  });

  it('exports the messages with their type and state as the screens name them', async () => {
    const res = await t.call(admin, {
      method: 'GET',
      url: api('/report/message/exportXls?type=WLHY_YD1001&state=accepted'),
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    expect(header).toEqual(expect.arrayContaining(['报文类型', '业务单号', '状态', '返回代码']));
    expect(header).not.toContain('上报通道');
    expect(sheet.rowCount).toBeGreaterThan(1);
    const row = sheet.getRow(2);
    expect(row.getCell(header.indexOf('报文类型')).value).toBe('电子运单');
    expect(row.getCell(header.indexOf('状态')).value).toBe('已接收');
  });

  it('reports a settled payment after the waybills it pays; the fund-report status follows', async () => {
    const party = await reportableParties();
    const note = await auditedNote(party);
    const paymentId = await payDriver({ kind: 'pay', documentPrefix: 'ZF', note, party });
    expect((await kit.note(note.id)).fundReportStatus).toBe(1);
    const run = await sendReports(t.ctx);
    // One run: the driver, vehicle and waybill go first, the fund flow after them in the same run.
    expect(run.accepted).toBe(4);
    expect((await messagesOf(paymentId))[0]).toMatchObject({ type: 'WLHY_ZJ1001', state: 'accepted' });
    expect((await kit.note(note.id)).fundReportStatus).toBe(3);
  });

  it('holds a payment made before the audit (a prepay at loading) until the audit reports its waybill', async () => {
    const party = await reportableParties();
    const orderId = await kit.order();
    const note = await kit.dispatch(orderId, party);
    await kit.drive(note.id, 'load');
    const paymentId = await payDriver({
      kind: 'prepay',
      documentPrefix: 'YF',
      note,
      party,
      amounts: { freightFen: 100_000, amountFen: 100_000 },
    });
    await sendAll();
    // The unfinished waybill is not reported (it would fail its field rules); the payment waits for it.
    expect(await messagesOf(note.id)).toEqual([]);
    expect((await messagesOf(paymentId))[0]).toMatchObject({ state: 'pending', lastCode: 'WAIT' });
    const id = note.id;
    await kit.ok('POST', '/shipping/hyShippingNote/depart', { id });
    await kit.ok('POST', '/shipping/hyShippingNote/unload', {
      id,
      unloadWeightG: 31_800_000,
      unloadPhoto: 'weighbridge/unload.jpg',
    });
    await kit.ok('POST', '/shipping/hyShippingNote/sign', { id });
    await kit.ok('POST', '/shipping/hyShippingNote/audit', { id });
    // The payment's next look comes after its wait.
    await sendAll(later(31 * SECONDS));
    expect((await messagesOf(note.id))[0]).toMatchObject({ type: 'WLHY_YD1001', state: 'accepted' });
    expect((await messagesOf(paymentId))[0]).toMatchObject({ state: 'accepted' });
  });

  it('after a crash mid-send every message is accepted and no business key is accepted twice', async () => {
    const parties = [await reportableParties(), await reportableParties(), await reportableParties()];
    const ids = parties.flatMap((p) => [p.driverId, p.vehicleId]);
    const before = fujian.fake.stats();
    // An instance claims the six messages and dies: three of them reached the province, three never left.
    const { rows } = await claimDue(t.db, { now: new Date(), limit: 100, leaseMs: 60 * SECONDS });
    expect(rows.map((r) => r.businessId).sort()).toEqual([...ids].sort());
    const client = new ReportClient();
    const { settings } = fujian;
    for (const row of rows.slice(0, 3)) {
      const { contentOf } = await import('./records.ts');
      const { seedCodeTables } = await import('./fake/seedCodes.ts');
      const built = await contentOf(t.db, row, seedCodeTables(), TEST_PLATFORM, new Date());
      if (!built.ok || !('message' in built)) throw new Error('fixture invalid');
      const answer = await client.deliver(settings, {
        type: row.type as 'WLHY_JSY1001',
        content: built.message,
        sendTime: new Date(),
      });
      expect(answer.verdict).toBe('accepted');
    }
    // While the claim holds, nobody else takes them; once it lapses, the restarted sender does.
    expect((await sendReports(t.ctx)).claimed).toBe(0);
    const [a, b] = await Promise.all([
      sendReports(t.ctx, { now: later(61 * SECONDS) }),
      sendReports(t.ctx, { now: later(61 * SECONDS) }),
    ]);
    expect(a.claimed + b.claimed).toBe(6);
    expect(a.accepted + b.accepted).toBe(6);
    const after = fujian.fake.stats();
    expect(after.accepted - before.accepted).toBe(6);
    // The three resends of what had reached the province are answered as accepted again, and counted.
    expect(after.repeats - before.repeats).toBe(3);
    for (const id of ids) {
      const messages = await messagesOf(id);
      expect(messages.map((m) => m.state)).toEqual(['accepted']);
    }
    for (const key of fujian.fake.acceptedKeys()) expect(fujian.fake.record(key)?.accepts).toBe(1);
  });

  it('switches the active channel: later reports go to the newly enabled province (Tianjin XML, Shaanxi AES)', async () => {
    for (const variant of ['tianjin', 'shaanxi'] as const) {
      const channel = await fakeChannel(variant);
      fakes.push(channel.fake);
      expect((await addChannel(channel)).success).toBe(true);
      const enabled = (await kit.get('/report/channel/list', { enabled: true })).result.records ?? [];
      expect(enabled.map((c) => c.variant)).toEqual([variant]);
      const party = await reportableParties();
      const note = await auditedNote(party);
      await sendAll();
      const [waybill] = await messagesOf(note.id);
      expect(waybill).toMatchObject({ state: 'accepted', lastCode: channel.settings.successCodes[0] });
      expect(channel.fake.stats()).toMatchObject({ accepted: 3, repeats: 0 });
      const [row] = await t.db
        .select()
        .from(hyShippingNote)
        .where(and(eq(hyShippingNote.id, note.id)));
      expect(row?.reportStatus).toBe(3);
    }
  });
});
