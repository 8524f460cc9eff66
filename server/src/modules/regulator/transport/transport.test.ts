import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REPORT_VARIANTS } from '@freight/contracts';
import { sm2 } from 'sm-crypto-v2';
import { afterAll, describe, expect, it } from 'vitest';
import type { FakeRegulator } from '../fake/fakeRegulator.ts';
import { seedCodeTables } from '../fake/seedCodes.ts';
import { fakeChannel } from '../fake/testKit.ts';
import { buildDriver, type DriverMessage } from '../messages/index.ts';
import { ReportClient } from './client.ts';
import { decodeContent, encodeContent } from './codec.ts';
import {
  aesCbcDecryptHex,
  aesCbcEncryptHex,
  aesIvBytes,
  shaanxiAesKey,
  shaanxiSign,
  sm4DecryptHex,
} from './crypto.ts';

// Every adapter against its fake provincial gateway: accepted, token expiry then success, a duplicate
// reference number, field validation, server errors; the Fujian body decrypts with the channel's private key
// outside our own helpers; the Shaanxi signature matches the documented formula on a fixed input.

const codes = seedCodeTables();
const fakes: FakeRegulator[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
});

function driverMessage(idCard = '320102198503151234'): DriverMessage {
  const built = buildDriver(
    {
      driverName: '张三',
      idCard,
      drivingClass: 'A2',
      drivingIssuer: '南京市公安局交通警察支队 <&>',
      drivingValidFrom: '2020-01-01',
      drivingValidTo: '2030-01-01',
      qualificationNo: idCard,
      mobile: '13912345678',
      lightVehiclesOnly: false,
    },
    codes,
  );
  if (!built.ok) throw new Error('fixture invalid');
  return built.message;
}

const send = (
  client: ReportClient,
  settings: Parameters<ReportClient['deliver']>[0],
  content = driverMessage(),
) => client.deliver(settings, { type: 'WLHY_JSY1001', content, sendTime: new Date() });

describe.each(REPORT_VARIANTS)('%s adapter and fake gateway', (variant) => {
  it('logs in, sends, and is accepted; a repeat of the same record is answered as accepted and counted', async () => {
    const { fake, settings } = await fakeChannel(variant);
    fakes.push(fake);
    const client = new ReportClient();
    const first = await send(client, settings);
    expect(first).toMatchObject({ verdict: 'accepted', code: settings.successCodes[0], calls: 1 });
    expect(fake.record('WLHY_JSY1001:320102198503151234')).toMatchObject({ accepts: 1, repeats: 0 });
    const again = await send(client, settings);
    expect(again.verdict).toBe('accepted');
    expect(again.referenceNumber).not.toBe(first.referenceNumber);
    expect(fake.stats()).toMatchObject({ logins: 1, accepted: 1, repeats: 1 });
    // What is kept of the request: the message and envelope, never the token or the keys.
    const kept = JSON.stringify(again.request);
    expect(kept).not.toContain(settings.password);
    expect(kept).not.toContain(settings.sm2PublicKey);
    expect(kept).not.toContain(settings.aesSecret);
  });

  it('logs in again when the token expired and resends under a new reference number', async () => {
    const { fake, settings } = await fakeChannel(variant);
    fakes.push(fake);
    const client = new ReportClient();
    expect((await send(client, settings, driverMessage('110101199003070011'))).verdict).toBe('accepted');
    fake.inject('tokenExpired');
    const answer = await send(client, settings, driverMessage('110101199003070038'));
    expect(answer).toMatchObject({ verdict: 'accepted', calls: 3 });
    expect(fake.stats()).toMatchObject({ logins: 2, accepted: 2, repeats: 0 });
  });

  it('answers field failures with their paths, server and queue errors as retryable', async () => {
    const { fake, settings } = await fakeChannel(variant);
    fakes.push(fake);
    const client = new ReportClient();
    fake.rejectKey('WLHY_JSY1001:320102198503151234', [{ path: 'drivingLicense', rule: 'an..18' }]);
    const invalid = await send(client, settings);
    expect(invalid.verdict).toBe('invalid');
    expect(invalid.fieldErrors).toEqual([{ path: 'drivingLicense', rule: 'an..18' }]);
    fake.inject('serverError', 'queueError', 'http500', 'drop');
    for (let i = 0; i < 4; i++) expect((await send(client, settings)).verdict).toBe('retry');
    fake.inject('duplicateReference');
    expect(await send(client, settings)).toMatchObject({ verdict: 'accepted' });
    expect(fake.stats()).toMatchObject({ accepted: 1, repeats: 0 });
  });
});

describe('channel configuration on the wire', () => {
  it('renames the type by the code map and writes XML in the channel tag case', async () => {
    const { fake, settings } = await fakeChannel(
      'tianjin',
      { codeMap: { WLHY_JSY1001: 'WLHY_JSY1002' }, tagCase: 'pascal' },
      { codeMap: { WLHY_JSY1001: 'WLHY_JSY1002' } },
    );
    fakes.push(fake);
    expect((await send(new ReportClient(), settings)).verdict).toBe('accepted');
    const xml = encodeContent(driverMessage(), 'xml', 'pascal');
    expect(xml).toContain('<Root><Body><DriverName>张三</DriverName>');
    expect(xml).toContain('交通警察支队 &lt;&amp;&gt;');
    expect(decodeContent(xml, 'xml')).toEqual(JSON.parse(JSON.stringify(driverMessage())));
    // A province that does not know the code refuses it as a wrong type.
    const { fake: other, settings: plain } = await fakeChannel(
      'tianjin',
      { codeMap: { WLHY_JSY1001: 'WLHY_X' } },
      { codeMap: null },
    );
    fakes.push(other);
    expect(await send(new ReportClient(), plain)).toMatchObject({ verdict: 'rejected', code: '30003' });
  });

  it('refuses a message encrypted with a stale public key (Fujian 3006) and a wrong password', async () => {
    const { fake, settings } = await fakeChannel('fujian');
    const { publicKey } = await fakeChannel('fujian').then(async (o) => {
      await o.fake.close();
      return o;
    });
    fakes.push(fake);
    expect(await send(new ReportClient(), { ...settings, sm2PublicKey: publicKey })).toMatchObject({
      verdict: 'rejected',
      code: '3006',
    });
    const login = await new ReportClient().testConnection({ ...settings, password: 'wrong' });
    expect(login).toMatchObject({ ok: false, code: '2002' });
  });
});

describe('crypto', () => {
  it('what the Fujian adapter sends decrypts with the channel private key (SM2-wrapped SM4)', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ code: '1001', message: 'ok', token: 'T1' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { fake, settings, privateKey } = await fakeChannel('fujian');
    await fake.close();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const content = driverMessage();
    await new ReportClient().deliver(
      { ...settings, baseUrl: url },
      { type: 'WLHY_JSY1001', content, sendTime: new Date() },
    );
    server.close();
    const envelope = bodies[1] as { root: { header: Record<string, string>; body: Record<string, string> } };
    expect(envelope.root.header).toMatchObject({
      ipcType: 'WLHY_JSY1001',
      documentVersionNumber: '2.0',
      token: 'T1',
    });
    const wrapped = envelope.root.body.encryptedKey as string;
    expect(wrapped.startsWith('04')).toBe(true);
    // The library itself, not our helper: C1C3C2 (cipherMode 1) without the 04 prefix.
    const key = sm2.doDecrypt(wrapped.slice(2), privateKey, 1) as unknown as string;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(sm4DecryptHex(envelope.root.body.encryptedContent as string, key))).toEqual(
      JSON.parse(JSON.stringify(content)),
    );
  });

  it('signs Shaanxi requests as md5(sha1(key + "actionType=…&data=…&userId=…" + key)) on a fixed input', () => {
    const key = 'wlhy-secret-2026';
    const data =
      '{"root":{"header":{"messageReferenceNumber":"A1B2C3","messageSendingDateTime":"20260305090807","senderCode":"610000"},"body":{"encryptedContent":"00ff"}}}';
    const params = { actionType: 'WLHY_YD1001', data, userId: 'U1001' };
    const sha1 = createHash('sha1')
      .update(`${key}actionType=WLHY_YD1001&data=${data}&userId=U1001${key}`)
      .digest('hex');
    expect(shaanxiSign(key, params)).toBe(createHash('md5').update(sha1).digest('hex'));
    expect(shaanxiSign(key, params)).toBe('db369244ab4b8e41fe0c1b8aca36aede');
    // AES-128-CBC key = the first 16 bytes of SHA1(SHA1(secret)).
    expect(shaanxiAesKey(key).toString('hex')).toBe('afb33981bd50e5e00faa257197a9827d');
    const iv = aesIvBytes('0102030405060708');
    expect(
      aesCbcDecryptHex(aesCbcEncryptHex('陕西 payload', shaanxiAesKey(key), iv), shaanxiAesKey(key), iv),
    ).toBe('陕西 payload');
  });
});
