import { AUTH_MSG, MSG } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysLog } from '../../../platform/audit/schema.ts';
import { ageCodes, freshCode, sendSms } from '../../../test/authKit.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { sysSmsCode } from '../authSchema.ts';

describe('phone login', () => {
  const t = useTestApp();

  const phoneLogin = (url: string, mobile: string, captcha: string) =>
    t.call(null, { method: 'POST', url: api(url), payload: { mobile, captcha } });

  it('signs in with the code on both routes and answers the same LoginResult as /sys/login', async () => {
    for (const url of ['/sys/phoneLogin', '/sys/loginBySMS']) {
      const code = await freshCode(t, '13800000001', '0');
      const body = (await phoneLogin(url, '13800000001', code)).json();
      expect(body).toMatchObject({ success: true, code: 200, message: MSG.loginOk });
      expect(body.result.userInfo).toMatchObject({ username: 'admin', userType: 1 });
      expect(body.result.departs).toHaveLength(2);
      expect(body.result.sysAllDictItems.user_status).toBeTruthy();
      const me = await t.call(body.result.token, {
        method: 'GET',
        url: api('/sys/user/getCurrentUserDeparts'),
      });
      expect(me.statusCode).toBe(200);
    }
    const logged = await t.db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.username, 'admin'), eq(sysLog.success, 1)));
    expect(logged.some((r) => r.logContent?.includes('短信登录成功'))).toBe(true);
  });

  it('refuses a wrong, an expired and a reused code', async () => {
    const code = await freshCode(t, '13962112345', '0');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await phoneLogin('/sys/phoneLogin', '13962112345', wrong)).json()).toMatchObject({
      success: false,
      message: AUTH_MSG.smsCodeInvalid,
    });
    expect((await phoneLogin('/sys/phoneLogin', '13962112345', code)).json().success).toBe(true);
    expect((await phoneLogin('/sys/phoneLogin', '13962112345', code)).json().message).toBe(
      AUTH_MSG.smsCodeInvalid,
    );

    const late = await freshCode(t, '13962112345', '0');
    await ageCodes(t, '13962112345', 10 * 60_000 + 1000);
    expect((await phoneLogin('/sys/loginBySMS', '13962112345', late)).json().message).toBe(
      AUTH_MSG.smsCodeInvalid,
    );
  });

  it('accepts only the code of its purpose and only the newest one', async () => {
    const register = await freshCode(t, '13770881234', '1');
    expect((await phoneLogin('/sys/phoneLogin', '13770881234', register)).json().success).toBe(false);
    const first = await freshCode(t, '13770881234', '0');
    const second = await freshCode(t, '13770881234', '0');
    if (first !== second)
      expect((await phoneLogin('/sys/phoneLogin', '13770881234', first)).json().success).toBe(false);
    expect((await phoneLogin('/sys/phoneLogin', '13770881234', second)).json().success).toBe(true);
  });

  it('burns a code after five wrong guesses', async () => {
    const code = await freshCode(t, '13851234567', '0');
    for (let i = 0; i < 5; i++)
      await phoneLogin('/sys/phoneLogin', '13851234567', code === '999999' ? '999998' : '999999');
    const [row] = await t.db.select().from(sysSmsCode).where(eq(sysSmsCode.mobile, '13851234567'));
    expect(row.usedAt).not.toBeNull();
    // The account is now locked too (five failures), with the lockout message of the password login.
    expect((await phoneLogin('/sys/phoneLogin', '13851234567', code)).json().message).toBe(MSG.accountLocked);
    const password = await t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'shipper_admin', password: 'Freight#2026' },
    });
    expect(password.json().message).toBe(MSG.accountLocked);
  });

  it('answers an unknown mobile like a wrong code', async () => {
    await sendSms(t, '13099998888', '0');
    const res = (await phoneLogin('/sys/phoneLogin', '13099998888', '123456')).json();
    expect(res).toMatchObject({ success: false, message: AUTH_MSG.smsCodeInvalid });
  });
});

describe('login rate limit on the new doors', () => {
  const t = useTestApp({ loginRateLimitPerMinute: 2 });

  it('limits phone, username and customer logins and SMS per IP like /sys/login', async () => {
    for (const [url, payload] of [
      ['/sys/phoneLogin', { mobile: '13800000001', captcha: '123456' }],
      ['/sys/loginByUsername', { username: 'x', password: 'y' }],
      ['/sys/customerlogin', { username: 'x', password: 'y' }],
      ['/sys/sms', { mobile: '13011110000', smsmode: '1' }],
    ] as const) {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await t.call(null, { method: 'POST', url: api(url), payload })).statusCode);
      expect(codes, url).toEqual([200, 200, 429]);
    }
  });
});
