// Regression tests of the sign-in findings: the captcha, the forced password change on
// every login path and the lockout. Each failed on the code before its fix.

import { inflateSync } from 'node:zlib';
import { AUTH_MSG, DEMO_PASSWORD, LOGIN_PASSWORD_CHANGE_CODE, MSG } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issueCaptcha } from '../../../platform/auth/captcha.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, renderCaptcha } from '../../../platform/auth/captchaImage.ts';
import { sysLoginFailure } from '../../../platform/auth/schema.ts';
import { freshCode } from '../../../test/authKit.ts';
import { api, useLogins, useTestApp } from '../../../test/harness.ts';
import { sysUser } from '../schema.ts';

describe('attack findings (sign-in)', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });

  const post = (path: string, payload: object, token: string | null = null) =>
    t.call(token, { method: 'POST', url: api(path), payload });
  const loginfo = (token: string) => t.call(token, { method: 'GET', url: api('/sys/loginfo') });

  it('finding 9: a user who must change the password gets no session anywhere but the password change', async () => {
    const roles = (
      await t.call(tokens.admin, { method: 'GET', url: api('/sys/role/list?roleCode=customer') })
    ).json().result.records as Array<{ id: string; roleCode: string }>;
    const role = roles.find((r) => r.roleCode === 'customer')?.id;
    const added = await post(
      '/sys/user/add',
      {
        username: 'clerk_initial',
        realname: '初始用户',
        password: 'Initial#2026',
        phone: '13655550001',
        selectedroles: role,
      },
      tokens.admin,
    );
    expect(added.json().success).toBe(true);
    // Staff of the `shipper` account's customer, so that the customer login is a door too.
    const [shipper] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'shipper'));
    await t.db
      .update(sysUser)
      .set({ userType: shipper.userType, cid: shipper.cid })
      .where(eq(sysUser.username, 'clerk_initial'));

    // Every password door answers 406 with the change token, never a session.
    for (const path of ['/sys/login', '/sys/loginByUsername', '/sys/customerlogin']) {
      const res = (await post(path, { username: 'clerk_initial', password: 'Initial#2026' })).json();
      expect(res, path).toMatchObject({ success: true, code: LOGIN_PASSWORD_CHANGE_CODE });
      expect(res.result).toMatchObject({ reason: 'initial' });
      expect((await loginfo(res.result.token)).statusCode, path).toBe(401);
    }

    // The phone door signs in, but the session reaches only the password change and logout.
    const code = await freshCode(t, '13655550001', '0');
    const phone = (await post('/sys/phoneLogin', { mobile: '13655550001', captcha: code })).json();
    expect(phone.success).toBe(true);
    const token = phone.result.token as string;
    const refused = await loginfo(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('请先修改密码后重新登录');
    for (const path of ['/sys/permission/getUserPermissionByToken', '/hydriver/hyDriver/getDsXx'])
      expect((await t.call(token, { method: 'GET', url: api(path) })).statusCode, path).toBe(401);
    const changed = await t.call(token, {
      method: 'PUT',
      url: api('/sys/user/updatePassword'),
      payload: {
        username: 'clerk_initial',
        oldpassword: 'Initial#2026',
        password: 'Own#2026pass',
        confirmpassword: 'Own#2026pass',
      },
    });
    expect(changed.json().success).toBe(true);
    expect((await loginfo(token)).statusCode).toBe(200);

    // A password that expires while signed in stops the session the same way.
    const session = await t.login('operations01');
    expect((await loginfo(session)).statusCode).toBe(200);
    await t.db
      .update(sysUser)
      .set({ passwordChangedAt: new Date(Date.now() - 100 * 86_400_000) })
      .where(eq(sysUser.username, 'operations01'));
    expect((await loginfo(session)).statusCode).toBe(401);
    const expired = (await post('/sys/login', { username: 'operations01', password: DEMO_PASSWORD })).json();
    expect(expired).toMatchObject({ code: LOGIN_PASSWORD_CHANGE_CODE, result: { reason: 'expired' } });
    expect((await post('/sys/logout', {}, session)).json().success).toBe(true);
    await t.db
      .update(sysUser)
      .set({ passwordChangedAt: new Date() })
      .where(eq(sysUser.username, 'operations01'));
  });

  it('finding 10: thirty parallel wrong passwords count exactly; one address cannot lock the owner out elsewhere', async () => {
    const attempt = (username: string, ip: string, password = 'Wrong#2026x', extra: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: api('/sys/login'),
        payload: { username, password, ...extra },
        remoteAddress: ip,
      });
    const answers = await Promise.all(Array.from({ length: 30 }, () => attempt('shipper_admin', '10.0.0.1')));
    const messages = answers.map((r) => r.json().message as string);
    expect(messages.filter((m) => m === MSG.badCredentials)).toHaveLength(5);
    expect(messages.filter((m) => m === MSG.accountLocked)).toHaveLength(25);
    const rows = await t.db
      .select()
      .from(sysLoginFailure)
      .where(eq(sysLoginFailure.username, 'shipper_admin'));
    expect(rows).toHaveLength(5);

    // The owner, elsewhere, is asked for a captcha instead of being locked out, and signs in with it.
    const noCaptcha = (await attempt('shipper_admin', '10.0.0.2', DEMO_PASSWORD)).json();
    expect(noCaptcha).toMatchObject({ success: false, code: 412, message: MSG.captchaInvalid });
    const captcha = await issueCaptcha(t.db, 'finding-10', 60_000);
    const owner = await attempt('shipper_admin', '10.0.0.2', DEMO_PASSWORD, {
      captcha: captcha.text,
      checkKey: 'finding-10',
    });
    expect(owner.json().success).toBe(true);
    // The guessing address stays locked, right password or not.
    expect((await attempt('shipper_admin', '10.0.0.1', DEMO_PASSWORD)).json().message).toBe(
      MSG.accountLocked,
    );

    // One address guessing across many accounts is stopped for all of them.
    for (let i = 0; i < 20; i++)
      expect((await attempt(`nobody_${i}`, '10.0.0.3')).json().message).toBe(MSG.badCredentials);
    expect((await attempt('agent01', '10.0.0.3', DEMO_PASSWORD)).json()).toMatchObject({
      success: false,
      message: AUTH_MSG.tooManyFailures,
    });
    expect((await attempt('agent01', '10.0.0.4', DEMO_PASSWORD)).json().success).toBe(true);
  });
});

/** Width, height and raw scanlines of a PNG (one IDAT stream, 8-bit RGB). */
function readPng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(idat)) };
}

describe('attack findings (captcha)', () => {
  const t = useTestApp({ loginCaptcha: true, loginRateLimitPerMinute: 3 });

  const image = (key: string, ip = '10.1.0.1') =>
    t.app.inject({ method: 'GET', url: api(`/sys/randomImage/${key}`), remoteAddress: ip });
  let caller = 10;
  // Each sign-in from its own address: the login limit (3 a minute here) is not what this test is about.
  const login = (captcha: string, checkKey: string) =>
    t.app.inject({
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'admin', password: DEMO_PASSWORD, captcha, checkKey },
      remoteAddress: `10.1.1.${caller++}`,
    });

  it('finding 6: the captcha is a distorted raster image, used once, alive 60 s, and rate limited per address', async () => {
    const answer = (await image('k-1')).json();
    // Pixels only: no SVG paths whose shapes name the characters.
    expect(answer.result).toMatch(/^data:image\/png;base64,/);
    const png = readPng(Buffer.from(String(answer.result).split(',')[1], 'base64'));
    expect([png.width, png.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    // The same text never comes out the same: the distortion is drawn afresh each time.
    const a = readPng(renderCaptcha('AC3K')).pixels;
    const b = readPng(renderCaptcha('AC3K')).pixels;
    let differing = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 40) differing++;
    expect(differing / a.length).toBeGreaterThan(0.1);

    // One check per key, right or wrong, and 60 s of life.
    const first = await issueCaptcha(t.db, 'k-2', t.config.captchaTtlMs);
    expect(t.config.captchaTtlMs).toBe(60_000);
    expect((await login('zzzz', 'k-2')).json().code).toBe(412);
    expect((await login(first.text, 'k-2')).json().code).toBe(412);
    const second = await issueCaptcha(t.db, 'k-3', t.config.captchaTtlMs);
    expect((await login(second.text, 'k-3')).json().success).toBe(true);
    expect((await login(second.text, 'k-3')).json().code).toBe(412);
    const stale = await issueCaptcha(t.db, 'k-4', -1);
    expect((await login(stale.text, 'k-4')).json().code).toBe(412);

    // Images per address and minute are limited (twice the login limit: 6 here); another address goes on.
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await image(`r-${i}`, '10.1.0.2')).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[6]).toBe(429);
    expect((await image('r-other', '10.1.0.3')).statusCode).toBe(200);
  });
});
