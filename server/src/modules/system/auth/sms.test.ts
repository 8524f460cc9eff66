import { AUTH_MSG, exportColumnsOf, sysMessageResource } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageCodes, fakeServer, lastCode, sendSms } from '../../../test/authKit.ts';
import { api, startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { readXlsx } from '../../../test/kit.ts';
import { sysSms, sysSmsCode, sysSmsTemplate } from '../authSchema.ts';
import { popSignature } from './smsChannel.ts';
import { DEFAULT_SMS_TEMPLATES } from './smsTemplates.ts';

describe('POST /sys/sms (outbox channel)', () => {
  const t = useTestApp();

  it('sends the rendered template with a 6-digit code and keeps only a hash of it', async () => {
    const res = await sendSms(t, '13800000001', '0');
    expect(res.json()).toMatchObject({ success: true, message: AUTH_MSG.smsSent });
    const [msg] = await t.db.select().from(sysSms).where(eq(sysSms.esReceiver, '13800000001'));
    const code = await lastCode(t, '13800000001');
    expect(code).toMatch(/^\d{6}$/);
    // The record of the message keeps the code blanked out.
    expect(msg.esContent).toBe('您的登录验证码为******，10分钟内有效。如非本人操作，请忽略本短信。');
    expect(JSON.stringify(msg)).not.toContain(code);
    expect(msg).toMatchObject({ esType: '1', esSendStatus: 1, esTitle: '短信登录验证码', secret: true });
    const stored = await t.db.select().from(sysSmsCode).where(eq(sysSmsCode.mobile, '13800000001'));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('answers an unknown mobile exactly like a known one, without sending anything', async () => {
    const known = (await sendSms(t, '13851234567', '0')).json();
    const unknown = (await sendSms(t, '13011112222', '0')).json();
    expect(unknown.message).toBe(known.message);
    expect(unknown.success).toBe(known.success);
    expect(await t.db.select().from(sysSms).where(eq(sysSms.esReceiver, '13011112222'))).toEqual([]);
    // The limits apply to it too, so they cannot tell numbers apart either.
    expect((await sendSms(t, '13011112222', '2')).json().message).toBe(AUTH_MSG.smsTooFrequent);
    // Registration codes go to any number: the phone's holder proves it owns it.
    await ageCodes(t, '13011112222', 61_000);
    expect((await sendSms(t, '13011112222', '1')).json().success).toBe(true);
    expect(await lastCode(t, '13011112222')).toMatch(/^\d{6}$/);
  });

  it('allows one code per mobile per 60 s and ten per day', async () => {
    const mobile = '13962112345';
    expect((await sendSms(t, mobile, '0')).json().success).toBe(true);
    const again = (await sendSms(t, mobile, '0')).json();
    expect(again).toMatchObject({ success: false, message: AUTH_MSG.smsTooFrequent });
    for (let i = 1; i < 10; i++) {
      await ageCodes(t, mobile, 61_000);
      expect((await sendSms(t, mobile, '0')).json().success).toBe(true);
    }
    await ageCodes(t, mobile, 61_000);
    expect((await sendSms(t, mobile, '0')).json()).toMatchObject({
      success: false,
      message: AUTH_MSG.smsDailyLimit,
    });
  });

  it('renders the stored template, so an administrator can change the wording', async () => {
    await t.db
      .update(sysSmsTemplate)
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a message-template placeholder, not JS
      .set({ templateContent: '【智运通】验证码${code}，请勿告诉他人。' })
      .where(eq(sysSmsTemplate.templateCode, 'SMS_FORGOT_CODE'));
    await sendSms(t, '13770881234', '2');
    const [msg] = await t.db.select().from(sysSms).where(eq(sysSms.esReceiver, '13770881234'));
    expect(msg.esContent).toBe('【智运通】验证码******，请勿告诉他人。');
    expect(await lastCode(t, '13770881234')).toMatch(/^\d{6}$/);
  });

  it('shows the messages, codes blanked, on the system messages screen to an administrator only', async () => {
    const admin = await t.login('admin');
    const list = await t.call(admin, {
      method: 'GET',
      url: api('/sys/message/sysMessage/list?esReceiver=13800000001'),
    });
    const records = list.json().result.records;
    expect(records.length).toBeGreaterThan(0);
    expect(records[0].esContent).not.toContain(await lastCode(t, '13800000001'));
    expect(records[0].esContent).toContain('******');
    const exported = await t.call(admin, {
      method: 'GET',
      url: api('/sys/message/sysMessage/exportXls?esReceiver=13800000001'),
    });
    const sheet = await readXlsx(exported.rawPayload);
    expect(sheet[0]).toEqual(exportColumnsOf(sysMessageResource).map((column) => column.title));
    expect(sheet).toHaveLength(records.length + 1);
    expect(JSON.stringify(sheet)).not.toContain(await lastCode(t, '13800000001'));
    const templates = await t.call(admin, {
      method: 'GET',
      url: api('/sys/message/sysMessageTemplate/list'),
    });
    expect(templates.json().result.total).toBe(DEFAULT_SMS_TEMPLATES.length); // login, register, forgot, change mobile;
    const shipper = await t.login('shipper');
    expect(
      (await t.call(shipper, { method: 'GET', url: api('/sys/message/sysMessage/list') })).statusCode,
    ).toBe(403);
  });

  it('refuses a malformed mobile or mode with a clear message', async () => {
    const bad = await t.call(null, {
      method: 'POST',
      url: api('/sys/sms'),
      payload: { mobile: '123', smsmode: '0' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AUTH_MSG.mobileInvalid);
    const mode = await t.call(null, {
      method: 'POST',
      url: api('/sys/sms'),
      payload: { mobile: '13800000001', smsmode: '9' },
    });
    expect(mode.json().message).toContain('短信类型不正确');
  });
});

describe('POST /sys/sms (Aliyun-style HTTP channel)', () => {
  let t: TestApp;
  const received: Array<Record<string, string>> = [];
  let gateway: Awaited<ReturnType<typeof fakeServer>>;
  const secret = 'test-secret-value';
  beforeAll(async () => {
    gateway = await fakeServer((req, res) => {
      const params = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
      received.push(params);
      const { Signature, ...signed } = params;
      const good = Signature === popSignature(signed, secret);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          good && params.PhoneNumbers !== '13851234567'
            ? { Code: 'OK', Message: 'OK', BizId: 'biz-1', RequestId: 'r1' }
            : { Code: good ? 'isv.BUSINESS_LIMIT_CONTROL' : 'SignatureDoesNotMatch', Message: 'refused' },
        ),
      );
    });
    t = await startTestApp({
      sms: {
        channel: 'aliyun',
        aliyun: {
          endpoint: `${gateway.url}/`,
          accessKeyId: 'AKID',
          accessKeySecret: secret,
          signName: '智运通',
        },
      },
    });
    await t.db
      .update(sysSmsTemplate)
      .set({ providerTemplateCode: 'SMS_000001' })
      .where(eq(sysSmsTemplate.templateCode, 'SMS_LOGIN_CODE'));
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  it('sends a signed SendSms request with template code, sign name and parameters', async () => {
    const res = await sendSms(t, '13800000001', '0');
    expect(res.json().success).toBe(true);
    expect(received).toHaveLength(1);
    const call = received[0];
    expect(call).toMatchObject({
      Action: 'SendSms',
      AccessKeyId: 'AKID',
      PhoneNumbers: '13800000001',
      SignName: '智运通',
      TemplateCode: 'SMS_000001',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Version: '2017-05-25',
    });
    const code = JSON.parse(call.TemplateParam).code;
    expect(code).toMatch(/^\d{6}$/);
    const [msg] = await t.db.select().from(sysSms).where(eq(sysSms.esReceiver, '13800000001'));
    expect(msg).toMatchObject({ esSendStatus: 1, esSendNum: 1, esResult: 'OK biz-1' });
    expect(msg.esSendTime).toBeInstanceOf(Date);
  });

  it('records a refusal of the gateway and tells the caller', async () => {
    const res = await sendSms(t, '13851234567', '0');
    expect(res.json()).toMatchObject({ success: false, message: AUTH_MSG.smsSendFailed });
    const [msg] = await t.db.select().from(sysSms).where(eq(sysSms.esReceiver, '13851234567'));
    expect(msg.esSendStatus).toBe(2);
    expect(msg.esResult).toContain('isv.BUSINESS_LIMIT_CONTROL');
  });

  it('computes the documented signature of the Aliyun POP example', () => {
    // Example of Aliyun's "RPC API signature" documentation (SignatureVersion 1.0, secret testsecret).
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(popSignature(params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});
