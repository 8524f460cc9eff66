import { AUTH_MSG, MSG } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { hyCustomer, hyCustomerAdmin } from '../../freight/schema.ts';
import { sysUser } from '../schema.ts';
import { api, freshCode } from './testKit.ts';

describe('self-registration and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.call(null, { method: 'POST', url: api(url), payload });

  it('registers a user with a mode-1 code; the code works once', async () => {
    const smscode = await freshCode(t, '13012340001', '1');
    const weak = await post('/sys/user/register', {
      username: 'zhang3',
      password: 'weakpass',
      mobile: '13012340001',
      smscode,
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.passwordPolicy);
    const bad = await post('/sys/user/register', {
      username: 'zhang3',
      password: 'Zhang#2026',
      mobile: '13012340001',
      smscode: smscode === '000000' ? '000001' : '000000',
    });
    expect(bad.json()).toMatchObject({ success: false, message: AUTH_MSG.smsCodeInvalid });
    const done = await post('/sys/user/register', {
      username: 'zhang3',
      password: 'Zhang#2026',
      mobile: '13012340001',
      smscode,
    });
    expect(done.json()).toMatchObject({ success: true, message: AUTH_MSG.registerOk });
    const [user] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'zhang3'));
    expect(user).toMatchObject({ userType: 2, cid: null, phone: '13012340001', status: 1 });
    expect(user.passwordChangedAt).toBeInstanceOf(Date);
    expect(await t.login('zhang3', 'Zhang#2026')).toBeTruthy();
    const reuse = await post('/sys/user/register', {
      username: 'zhang4',
      password: 'Zhang#2026',
      mobile: '13012340001',
      smscode,
    });
    expect(reuse.json().message).toBe(AUTH_MSG.smsCodeInvalid);
  });

  it('refuses a taken username or mobile, told only to the holder of a valid code', async () => {
    const code1 = await freshCode(t, '13012340002', '1');
    expect(
      (
        await post('/sys/user/register', {
          username: 'admin',
          password: 'Zhang#2026',
          mobile: '13012340002',
          smscode: code1,
        })
      ).json().message,
    ).toBe(AUTH_MSG.usernameTaken);
    const code2 = await freshCode(t, '13800000001', '1');
    expect(
      (
        await post('/sys/user/register', {
          username: 'li4',
          password: 'Zhang#2026',
          mobile: '13800000001',
          smscode: code2,
        })
      ).json().message,
    ).toBe(AUTH_MSG.mobileTaken);
  });

  it('resets a password by phone code: every session ends, the new password works', async () => {
    const oldSession = await t.login('agent01');
    const smscode = await freshCode(t, '13770881234', '2');
    const verified = (await post('/sys/user/phoneVerification', { phone: '13770881234', smscode })).json();
    expect(verified).toMatchObject({ success: true, result: { username: 'agent01' } });
    const resetToken = verified.result.resetToken as string;
    const mismatch = await post('/sys/user/passwordChange', {
      username: 'agent01',
      password: 'Reset#20266',
      confirmpassword: 'Reset#20267',
      resetToken,
    });
    expect(mismatch.json().message).toBe(MSG.passwordMismatch);
    const other = await post('/sys/user/passwordChange', {
      username: 'admin',
      password: 'Reset#20266',
      confirmpassword: 'Reset#20266',
      resetToken,
    });
    expect(other.json()).toMatchObject({ success: false, message: AUTH_MSG.resetTokenInvalid });
    // The attempt with another name burned the token: a new verification is needed.
    const smscode2 = await freshCode(t, '13770881234', '2');
    const token2 = (
      await post('/sys/user/phoneVerification', { phone: '13770881234', smscode: smscode2 })
    ).json().result.resetToken;
    const done = await post('/sys/user/passwordChange', {
      username: 'agent01',
      password: 'Reset#20266',
      confirmpassword: 'Reset#20266',
      resetToken: token2,
    });
    expect(done.json()).toMatchObject({ success: true, message: AUTH_MSG.passwordReset });
    expect((await t.call(oldSession, { method: 'GET', url: api('/sys/loginfo') })).statusCode).toBe(401);
    await expect(t.login('agent01')).rejects.toThrow();
    expect(await t.login('agent01', 'Reset#20266')).toBeTruthy();
  });

  it('answers an unknown phone like a wrong code at verification', async () => {
    await freshCode(t, '13012340003', '1');
    const res = await post('/sys/user/phoneVerification', { phone: '13012349999', smscode: '123456' });
    expect(res.json()).toMatchObject({ success: false, message: AUTH_MSG.smsCodeInvalid });
  });
});

// 1×1 PNG, the smallest real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('POST /customer/hyCustomer/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ dataDir: `/tmp/freight-test-register-${process.pid}-${Date.now()}` });
  });
  afterAll(() => t.close());

  const fields = (smscode: string, extra: Record<string, string> = {}): Record<string, string> => ({
    customerName: '南京长江物流有限公司',
    creditCode: '91320100MA1N2XY834',
    contactName: '孙立',
    mobile: '13012345678',
    smscode,
    username: 'cj_admin',
    password: 'Changjiang#2026',
    ...extra,
  });
  const form = (values: Record<string, string>, licence: Buffer | null = PNG, name = 'yyzz.png') => {
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.append(k, v);
    if (licence) data.append('licence', new Blob([licence]), name);
    return data;
  };
  const register = (data: FormData | object) =>
    t.call(null, {
      method: 'POST',
      url: api('/customer/hyCustomer/register'),
      payload: data as unknown as string,
    });

  it('checks the credit code checksum and the licence before spending the code', async () => {
    const bad = await register(form(fields('123456', { creditCode: '91320100MA1N2XY835' })));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AUTH_MSG.creditCodeInvalid);

    const smscode = await freshCode(t, '13012345678', '1');
    const noFile = await register(form(fields(smscode), null));
    expect(noFile.json()).toMatchObject({ success: false, message: AUTH_MSG.licenceRequired });
    const notImage = await register(form(fields(smscode), Buffer.from('%PDF-1.4 not a picture'), 'a.png'));
    expect(notImage.json()).toMatchObject({ success: false, message: AUTH_MSG.licenceNotImage });
    const big = await register(form(fields(smscode), Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])));
    expect(big.json()).toMatchObject({ success: false, message: AUTH_MSG.licenceTooLarge });
    // JSON with a path of the caller's choosing is not a registration.
    const json = await register({ ...fields(smscode), licenseImg: 'customer/someone-elses.png' });
    expect(json.json()).toMatchObject({ success: false, message: AUTH_MSG.licenceRequired });
    // None of those spent the code: it still registers (then it is gone).
    const ok = await register(
      form(fields(smscode, { username: 'cj_probe', creditCode: '91320100MA1N2XY91Y' })),
    );
    expect(ok.json().success).toBe(true);
    const again = await register(form(fields(smscode, { username: 'cj_probe2' })));
    expect(again.json()).toMatchObject({ success: false, message: AUTH_MSG.smsCodeInvalid });
  });

  it('creates the customer in review state 1 with its stored licence and its admin login in one go; the pending counter rises', async () => {
    const admin = await t.login('admin');
    const counts = async () =>
      (await t.call(admin, { method: 'GET', url: api('/hydriver/hyDriver/getDsXx') })).json().result
        .huozhuCount as number;
    const before = await counts();
    const smscode = await freshCode(t, '13012345678', '1');
    const res = await register(form(fields(smscode)));
    expect(res.json()).toMatchObject({
      success: true,
      message: AUTH_MSG.customerRegisterOk,
      result: { state: 1 },
    });
    const customerId = res.json().result.customerId;
    const [customer] = await t.db.select().from(hyCustomer).where(eq(hyCustomer.id, customerId));
    expect(customer).toMatchObject({
      state: 1,
      status: 1,
      creditCode: '91320100MA1N2XY834',
      contactMobile: '13012345678',
    });
    expect(customer.licenseImg).toMatch(new RegExp(`^customer/licence/\\d{8}/${customerId}\\.png$`));
    const file = await t.call(admin, {
      method: 'GET',
      url: api(`/sys/common/static/${customer.licenseImg}`),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const [user] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'cj_admin'));
    expect(user).toMatchObject({ userType: 6, cid: customerId });
    expect(await t.db.select().from(hyCustomerAdmin).where(eq(hyCustomerAdmin.userId, user.id))).toHaveLength(
      1,
    );
    expect(await counts()).toBe(before + 1);
    const login = await t.call(null, {
      method: 'POST',
      url: api('/sys/customerlogin'),
      payload: { username: 'cj_admin', password: 'Changjiang#2026' },
    });
    expect(login.json().result).toMatchObject({ userType: 6, cid: customerId });
  });

  it('refuses a second registration of the same company or user name, leaving nothing half-made', async () => {
    const smscode = await freshCode(t, '13012345678', '1');
    const dupCode = await register(form(fields(smscode, { username: 'cj_admin2' })));
    expect(dupCode.json().message).toBe(AUTH_MSG.creditCodeTaken);
    const smscode2 = await freshCode(t, '13012345678', '1');
    const dupUser = await register(
      form(fields(smscode2, { username: 'shipper', creditCode: '91320100MA1N2XY71W' })),
    );
    expect(dupUser.json().message).toBe(AUTH_MSG.usernameTaken);
    expect(await t.db.select().from(sysUser).where(eq(sysUser.username, 'cj_admin2'))).toEqual([]);
  });
});
