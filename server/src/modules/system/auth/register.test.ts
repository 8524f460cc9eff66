import { AUTH_MSG, MSG } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshCode } from '../../../test/authKit.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { sysUser } from '../schema.ts';

describe('self-registration and password reset', () => {
  const t = useTestApp();

  const post = (url: string, payload: object) => t.call(null, { method: 'POST', url: api(url), payload });
  const register = (username: string, mobile: string, smscode: string, password = 'Zhang#2026') =>
    post('/sys/user/register', { username, password, mobile, smscode });

  it('registers a user with a mode-1 code; the code works once', async () => {
    const smscode = await freshCode(t, '13012340001', '1');
    const weak = await register('zhang3', '13012340001', smscode, 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.passwordPolicy);
    const bad = await register('zhang3', '13012340001', smscode === '000000' ? '000001' : '000000');
    expect(bad.json()).toMatchObject({ success: false, message: AUTH_MSG.smsCodeInvalid });
    const done = await register('zhang3', '13012340001', smscode);
    expect(done.json()).toMatchObject({ success: true, message: AUTH_MSG.registerOk });
    const [user] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'zhang3'));
    expect(user).toMatchObject({ userType: 2, cid: null, phone: '13012340001', status: 1 });
    expect(user.passwordChangedAt).toBeInstanceOf(Date);
    expect(await t.login('zhang3', 'Zhang#2026')).toBeTruthy();
    const reuse = await register('zhang4', '13012340001', smscode);
    expect(reuse.json().message).toBe(AUTH_MSG.smsCodeInvalid);
  });

  it('refuses a taken username or mobile, told only to the holder of a valid code', async () => {
    const code1 = await freshCode(t, '13012340002', '1');
    expect((await register('admin', '13012340002', code1)).json().message).toBe(AUTH_MSG.usernameTaken);
    const code2 = await freshCode(t, '13800000001', '1');
    expect((await register('li4', '13800000001', code2)).json().message).toBe(AUTH_MSG.mobileTaken);
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
