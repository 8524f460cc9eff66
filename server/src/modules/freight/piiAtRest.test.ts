// Personal numbers at rest: ID and bank card numbers are stored encrypted (no plain text in the column), read
// whole by the detail of a holder of the sensitive code, found by their whole value, kept unique through the
// keyed hash, converted from plain rows at start, and moved to a new key on rotation.
import { maskIdCard } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysFromEnv, PiiCipher } from '../../platform/crypto/pii.ts';
import { installPiiCipher, piiCipher } from '../../platform/crypto/piiColumn.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { protectPersonalNumbers } from '../index.ts';
import { caller, card, dayFromNow, idCard, userWithCodes } from './partyTestKit.ts';

interface RawRow {
  id: string;
  id_card: string;
  id_card_hash: string | null;
}

describe('personal numbers encrypted at rest', () => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  const original = piiCipher();
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
    // Lists drivers, without the code that shows personal numbers whole.
    clerk = await userWithCodes(t, 'pii_clerk', ['driver:list']);
  });
  afterAll(async () => {
    installPiiCipher(original);
    await t.close();
  });
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, () => admin)(...args);
  const rawRows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const rawDriver = async (id: string) =>
    (await rawRows<RawRow>(sql`select id, id_card, id_card_hash from hy_driver where id = ${id}`))[0];

  const number = idCard('32010219870612001');
  let driverId = '';
  /** A driver with the ID number under test. */
  const addDriver = (driverName: string, mobile: string) =>
    call('POST', '/hydriver/hyDriver/add', {
      driverName,
      mobile,
      idCard: number,
      drivingClass: 'A2',
      drivingValidFrom: '2020-01-01',
      drivingValidTo: dayFromNow(900),
    });

  it('stores a new driver’s ID number encrypted, never as plain text', async () => {
    const res = await addDriver('加密司机', '13800990011');
    expect(res.json(), res.body).toMatchObject({ success: true });
    const list = await call('GET', `/hydriver/hyDriver/list?idCard=${number}`);
    driverId = list.json().result.records[0]?.id;
    expect(driverId).toBeTruthy();
    const raw = await rawDriver(driverId);
    expect(raw.id_card.startsWith('enc:v1:test1:')).toBe(true);
    expect(raw.id_card).not.toContain(number);
    expect(raw.id_card).not.toContain(number.slice(6, 14));
    expect(raw.id_card_hash).toBe(piiCipher().blindIndex(number));
  });

  it('shows the whole number in the detail to a holder of the sensitive code, masked to others and in lists', async () => {
    const detail = (await call('GET', `/hydriver/hyDriver/queryById?id=${driverId}`)).json().result;
    expect(detail.idCard).toBe(number);
    expect(detail.idCardHash).toBeUndefined();
    const listed = (await call('GET', `/hydriver/hyDriver/list?idCard=${number}`)).json().result.records[0];
    expect(listed.idCard).toBe(maskIdCard(number));
    expect(listed.idCardHash).toBeUndefined();
    const other = await caller(t, () => clerk)('GET', `/hydriver/hyDriver/queryById?id=${driverId}`);
    expect(other.json().result.idCard).toBe(maskIdCard(number));
  });

  it('finds a driver by the whole ID number and refuses a second driver with the same number', async () => {
    const found = (await call('GET', `/hydriver/hyDriver/list?idCard=${number}`)).json().result;
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([driverId]);
    const none = (await call('GET', `/hydriver/hyDriver/list?idCard=${number.slice(0, 10)}`)).json().result;
    expect(none.total).toBe(0);
    const again = await addDriver('重复司机', '13800990012');
    expect(again.json().success).toBe(false);
  });

  it('stores a bank card’s number and holder ID encrypted and reads them back whole for the owner’s payments', async () => {
    const cardNo = card('622848009988776655');
    const res = await call('POST', '/hydriverbank/hyDriverBank/add', {
      driverId,
      cardNo,
      holderName: '加密司机',
      holderIdCard: number,
      bankCode: 'ABC',
      reservedMobile: '13800990011',
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    const [raw] = await rawRows<{ card_no: string; holder_id_card: string; card_no_hash: string }>(
      sql`select card_no, holder_id_card, card_no_hash from hy_driver_bank where driver_id = ${driverId}`,
    );
    expect(raw.card_no.startsWith('enc:v1:')).toBe(true);
    expect(raw.card_no).not.toContain(cardNo);
    expect(raw.holder_id_card).not.toContain(number);
    expect(raw.card_no_hash).toBe(piiCipher().blindIndex(cardNo));
    const cards = (await call('GET', `/hydriverbank/hyDriverBank/list?driverId=${driverId}`)).json().result;
    const detail = (
      await call('GET', `/hydriverbank/hyDriverBank/queryById?id=${cards.records[0].id}`)
    ).json();
    expect(detail.result.cardNo).toBe(cardNo);
  });

  it('encrypts rows still stored plain when the server starts, once', async () => {
    // A row as it was before the columns were encrypted.
    await t.db.execute(sql`update hy_driver set id_card = ${number} where id = ${driverId}`);
    expect((await rawDriver(driverId)).id_card_hash).toBeNull();
    expect(await protectPersonalNumbers(t.db)).toBe(1);
    expect(await protectPersonalNumbers(t.db)).toBe(0);
    const raw = await rawDriver(driverId);
    expect(raw.id_card.startsWith('enc:v1:test1:')).toBe(true);
    expect(raw.id_card_hash).toBe(piiCipher().blindIndex(number));
    const found = (await call('GET', `/hydriver/hyDriver/list?idCard=${number}`)).json().result;
    expect(found.total).toBe(1);
  });

  it('re-encrypts every value with a new key on rotation; old-key values read until then, searches keep working', async () => {
    const env = keysFromEnv(process.env);
    if (!env) throw new Error('the test keys are set in vitest.config.ts');
    const rotated = new PiiCipher({
      ...env,
      active: 'test2',
      keys: { ...env.keys, test2: Buffer.alloc(32, 7).toString('base64') },
    });
    installPiiCipher(rotated);
    // Before the re-encryption, values under the old key still read.
    expect((await call('GET', `/hydriver/hyDriver/queryById?id=${driverId}`)).json().result.idCard).toBe(
      number,
    );
    const moved = await protectPersonalNumbers(t.db);
    expect(moved).toBeGreaterThan(0);
    const [left] = await rawRows<{ n: number }>(
      sql`select count(*)::int as n from hy_driver where id_card not like 'enc:v1:test2:%'`,
    );
    expect(left.n).toBe(0);
    expect((await rawDriver(driverId)).id_card.startsWith('enc:v1:test2:')).toBe(true);
    expect((await call('GET', `/hydriver/hyDriver/queryById?id=${driverId}`)).json().result.idCard).toBe(
      number,
    );
    const found = (await call('GET', `/hydriver/hyDriver/list?idCard=${number}`)).json().result;
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([driverId]);
    // The old key is no longer needed by any row.
    expect(await protectPersonalNumbers(t.db)).toBe(0);
  });
});
