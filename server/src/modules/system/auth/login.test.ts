import { DEMO_PASSWORD, MSG, SESSION_TTL_MS } from '@freight/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysLog } from '../../../platform/audit/schema.ts';
import { issueCaptcha } from '../../../platform/auth/captcha.ts';
import { sysLoginFailure, sysUserToken } from '../../../platform/auth/schema.ts';
import { addUserAsAdmin } from '../../../test/authKit.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { PLATFORM_SETTING_KEYS } from '../../apps/index.ts';
import { sysUser } from '../schema.ts';

describe('standard sign-in', () => {
  const t = useTestApp();

  it('serves the platform settings without a token, every field', async () => {
    const res = await t.call(null, { method: 'GET', url: api('/setting/hySetting/queryPlatformSettings') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.result.web_platform_name).toBe('智运通网络货运平台');
    for (const key of PLATFORM_SETTING_KEYS) expect(body.result).toHaveProperty(key);
  });

  it('logs admin in with the login result and never exposes the password hash', async () => {
    const res = await t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'admin', password: DEMO_PASSWORD },
    });
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: MSG.loginOk });
    expect(body.result.token).toMatch(/^[\w-]{40,}$/);
    expect(body.result.userInfo).toMatchObject({ username: 'admin', userType: 1 });
    expect(body.result).toMatchObject({ userType: 1 });
    expect(body.result).toHaveProperty('cid');
    // Valid for exactly the 7 days from now.
    const [session] = await t.db.select().from(sysUserToken).orderBy(desc(sysUserToken.createdAt)).limit(1);
    expect(Math.abs(session.expiresAt.getTime() - Date.now() - SESSION_TTL_MS)).toBeLessThan(60_000);
    expect(JSON.stringify(body.result)).not.toContain('argon2');
    expect(body.result.sysAllDictItems.user_status).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: '1', text: '正常' })]),
    );
    expect(body.result.departs.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01', 'A01A01']);
    expect(body.result.multi_depart).toBe(2);
    expect(typeof body.timestamp).toBe('number');
  });

  it('gives admin a full menu and a shipper a smaller one, and refuses the shipper the user list with 403', async () => {
    const admin = await t.login('admin');
    const shipper = await t.login('shipper');
    const adminMenu = (
      await t.call(admin, { method: 'GET', url: api('/sys/permission/getUserPermissionByToken') })
    ).json();
    const shipperMenu = (
      await t.call(shipper, { method: 'GET', url: api('/sys/permission/getUserPermissionByToken') })
    ).json();
    const count = (items: Array<{ children?: unknown[] }>): number =>
      items.reduce((n, item) => n + 1 + count((item.children ?? []) as Array<{ children?: unknown[] }>), 0);
    expect(adminMenu.result.menu.length).toBeGreaterThan(5);
    expect(count(shipperMenu.result.menu)).toBeGreaterThan(0);
    expect(count(shipperMenu.result.menu)).toBeLessThan(count(adminMenu.result.menu));
    expect(adminMenu.result.auth.length).toBeGreaterThan(0);
    expect(adminMenu.result.allAuth[0]).toHaveProperty('status');

    const denied = await t.call(shipper, { method: 'GET', url: api('/sys/user/list') });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false, message: MSG.forbidden, code: 403 });
    const allowed = await t.call(admin, { method: 'GET', url: api('/sys/user/list') });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().result.records.length).toBeGreaterThan(0);
  });

  it('ends a session at logout: the same token then gets 401', async () => {
    const token = await t.login('admin');
    expect(
      (await t.call(token, { method: 'GET', url: api('/sys/user/getCurrentUserDeparts') })).statusCode,
    ).toBe(200);
    const out = await t.call(token, { method: 'POST', url: api('/sys/logout') });
    expect(out.json()).toMatchObject({ success: true, message: MSG.logoutOk });
    const after = await t.call(token, { method: 'GET', url: api('/sys/user/getCurrentUserDeparts') });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 401, message: MSG.tokenInvalid });
  });

  it('rejects an expired token', async () => {
    const token = await t.login('shipper');
    await t.db.update(sysUserToken).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.call(token, { method: 'GET', url: api('/sys/loginfo') })).statusCode).toBe(401);
  });

  it('stops a frozen user at once, and says so only after a correct password', async () => {
    const token = await t.login('agent01');
    await t.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'agent01'));
    expect((await t.call(token, { method: 'GET', url: api('/sys/loginfo') })).statusCode).toBe(401);
    const wrong = await t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'agent01', password: 'Wrong#2026x' },
    });
    expect(wrong.json().message).toBe(MSG.badCredentials);
    const right = await t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'agent01', password: DEMO_PASSWORD },
    });
    expect(right.json()).toMatchObject({ success: false, message: '该用户已冻结' });
    await t.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, 'agent01'));
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const unknown = await t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'nobody', password: 'Wrong#2026x' },
    });
    const wrong = await t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'shipper', password: 'Wrong#2026x' },
    });
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(unknown.json()).toMatchObject({ success: false, message: MSG.badCredentials });
  });

  it('locks an account for 10 minutes after 5 failures within 10 minutes, and logs every attempt', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.call(null, {
        method: 'POST',
        url: api('/sys/login'),
        payload: { username: 'shipper_admin', password: `Bad#pass${i}x` },
      });
      expect(res.json().message).toBe(MSG.badCredentials);
    }
    const locked = await t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'shipper_admin', password: DEMO_PASSWORD },
    });
    expect(locked.json()).toMatchObject({ success: false, message: MSG.accountLocked });
    const rows = await t.db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.username, 'shipper_admin'), eq(sysLog.logType, 1)));
    expect(rows.filter((r) => r.success === 0).length).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(rows)).not.toContain('Bad#pass');

    // The lock runs 10 minutes from the 5th failure, however old the 1st is by then.
    const login = () =>
      t.call(null, {
        method: 'POST',
        url: api('/sys/login'),
        payload: { username: 'shipper_admin', password: DEMO_PASSWORD },
      });
    const spreadFailures = async (newestAgoMs: number) => {
      const failures = await t.db
        .select()
        .from(sysLoginFailure)
        .where(eq(sysLoginFailure.username, 'shipper_admin'))
        .orderBy(desc(sysLoginFailure.failedAt));
      expect(failures).toHaveLength(5);
      for (const [i, row] of failures.entries()) {
        // 2 minutes apart: the 1st failure is 8 minutes older than the 5th.
        const failedAt = new Date(Date.now() - newestAgoMs - i * 120_000);
        await t.db.update(sysLoginFailure).set({ failedAt }).where(eq(sysLoginFailure.id, row.id));
      }
    };
    await spreadFailures(9 * 60_000);
    expect((await login()).json()).toMatchObject({ success: false, message: MSG.accountLocked });
    await spreadFailures(10 * 60_000 + 5_000);
    expect((await login()).json()).toMatchObject({ success: true });
  });

  it('enforces the password policy on every stored password', async () => {
    const token = await t.login('shipper');
    const changePassword = (username: string, oldpassword: string, password: string, again: string) =>
      t.call(token, {
        method: 'PUT',
        url: api('/sys/user/updatePassword'),
        payload: { username, oldpassword, password, confirmpassword: again },
      });
    const weak = await changePassword('shipper', DEMO_PASSWORD, 'abcdefgh', 'abcdefgh');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.passwordPolicy);
    const mismatch = await changePassword('shipper', DEMO_PASSWORD, 'Strong#2027', 'Strong#2028');
    expect(mismatch.json().message).toBe(MSG.passwordMismatch);
    const wrongOld = await changePassword('shipper', 'Nope#20260', 'Strong#2027', 'Strong#2027');
    expect(wrongOld.json().message).toBe(MSG.oldPasswordWrong);
    const otherUser = await changePassword('admin', DEMO_PASSWORD, 'Strong#2027', 'Strong#2027');
    expect(otherUser.json().success).toBe(false);

    const addWeak = await addUserAsAdmin(t, {
      username: 'weakling',
      realname: '弱密码',
      password: '12345678',
    });
    expect(addWeak.statusCode).toBe(400);
    expect(addWeak.json().message).toBe(MSG.passwordPolicy);

    const changed = await changePassword('shipper', DEMO_PASSWORD, 'Strong#2027', 'Strong#2027');
    expect(changed.json()).toMatchObject({ success: true, message: MSG.passwordChanged });
    await expect(t.login('shipper')).rejects.toThrow();
    expect(await t.login('shipper', 'Strong#2027')).toBeTruthy();
    await changePassword('shipper', 'Strong#2027', DEMO_PASSWORD, DEMO_PASSWORD);
  });

  it('records data changes in the operation log with secrets masked', async () => {
    const res = await addUserAsAdmin(t, {
      username: 'audited',
      realname: '审计用户',
      password: 'Audit#2026x',
    });
    expect(res.json().success).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    const rows = await t.db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.logType, 2), eq(sysLog.requestUrl, api('/sys/user/add'))));
    const row = rows.find((r) => r.requestParam?.includes('"audited"'));
    expect(rows.some((r) => r.success === 0 && r.statusCode === 400)).toBe(true);
    expect(row).toMatchObject({ username: 'admin', method: 'POST', success: 1 });
    expect(row?.requestParam).not.toContain('Audit#2026x');
    expect(row?.costTime).toBeGreaterThanOrEqual(0);
  });
});

describe('captcha', () => {
  const t = useTestApp({ loginCaptcha: true });

  const login = (captcha?: string, checkKey?: string) =>
    t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'admin', password: DEMO_PASSWORD, captcha, checkKey },
    });

  it('serves an image for a key', async () => {
    const res = await t.call(null, { method: 'GET', url: api('/sys/randomImage/1700000000000') });
    expect(res.json().result).toMatch(/^data:image\/png;base64,/);
  });

  it('requires a captcha, answers 412 on a wrong one, and burns it after one use', async () => {
    expect((await login()).json().message).toBe(MSG.captchaInvalid);
    const first = await issueCaptcha(t.db, 'key-1', 60_000);
    const wrong = await login('zzzz', 'key-1');
    expect(wrong.json()).toMatchObject({ success: false, code: 412, message: MSG.captchaError });
    // The wrong guess burned it: the right text no longer works.
    expect((await login(first.text, 'key-1')).json().code).toBe(412);

    const second = await issueCaptcha(t.db, 'key-2', 60_000);
    expect((await login(second.text.toUpperCase(), 'key-2')).json().success).toBe(true);
    expect((await login(second.text, 'key-2')).json().code).toBe(412);
  });

  it('refuses an expired captcha', async () => {
    const expired = await issueCaptcha(t.db, 'key-3', -1);
    expect((await login(expired.text, 'key-3')).json().code).toBe(412);
  });
});

describe('login rate limit', () => {
  const t = useTestApp({ loginRateLimitPerMinute: 3 });

  it('limits login calls per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.call(null, {
        method: 'POST',
        url: api('/sys/login'),
        payload: { username: 'x', password: 'y' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(codes[4]).toBe(429);
  });
});
