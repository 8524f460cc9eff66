import { AUTH_MSG, DEMO_PASSWORD, LOGIN_PASSWORD_CHANGE_CODE, MSG } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addUserAsAdmin } from '../../../test/authKit.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { sysAuthTicket } from '../authSchema.ts';
import { sysUser } from '../schema.ts';

describe('POST /sys/loginByUsername', () => {
  const t = useTestApp();

  const login = (username: string, password: string) =>
    t.call(null, { method: 'POST', url: api('/sys/loginByUsername'), payload: { username, password } });

  it('answers code 200 and the LoginResult for a current password', async () => {
    const body = (await login('admin', DEMO_PASSWORD)).json();
    expect(body).toMatchObject({ success: true, code: 200, message: MSG.loginOk });
    expect(body.result.userInfo.username).toBe('admin');
    expect((await login('admin', 'Wrong#2026x')).json()).toMatchObject({
      success: false,
      message: MSG.badCredentials,
    });
    expect((await login('nobody', 'Wrong#2026x')).json().message).toBe(MSG.badCredentials);
  });

  it('answers 406 for an initial password; the token opens only updatePassword; then a normal login works', async () => {
    const added = await addUserAsAdmin(t, {
      username: 'newclerk',
      realname: '新员工',
      password: 'Initial#2026',
    });
    expect(added.json().success).toBe(true);

    const res = await login('newclerk', 'Initial#2026');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      code: LOGIN_PASSWORD_CHANGE_CODE,
      message: AUTH_MSG.passwordInitial,
      result: { username: 'newclerk', reason: 'initial' },
    });
    const scoped = body.result.token as string;
    expect(body.result).not.toHaveProperty('userInfo');

    for (const [method, url] of [
      ['GET', '/sys/user/getCurrentUserDeparts'],
      ['GET', '/sys/permission/getUserPermissionByToken'],
      ['GET', '/sys/loginfo'],
      ['GET', '/sys/user/list'],
    ] as const) {
      expect((await t.call(scoped, { method, url: api(url) })).statusCode, url).toBe(401);
    }
    const changed = await t.call(scoped, {
      method: 'PUT',
      url: api('/sys/user/updatePassword'),
      payload: {
        username: 'newclerk',
        oldpassword: 'Initial#2026',
        password: 'Changed#2026',
        confirmpassword: 'Changed#2026',
      },
    });
    expect(changed.json()).toMatchObject({ success: true, message: MSG.passwordChanged });
    // Single use: the scoped token is gone with the change.
    const again = await t.call(scoped, {
      method: 'PUT',
      url: api('/sys/user/updatePassword'),
      payload: {
        username: 'newclerk',
        oldpassword: 'Changed#2026',
        password: 'Again#20266',
        confirmpassword: 'Again#20266',
      },
    });
    expect(again.statusCode).toBe(401);

    const normal = (await login('newclerk', 'Changed#2026')).json();
    expect(normal).toMatchObject({ success: true, code: 200 });
    expect((await t.call(normal.result.token, { method: 'GET', url: api('/sys/loginfo') })).statusCode).toBe(
      200,
    );
  });

  it('answers 406 when the password is older than the maximum age, and the scoped token expires', async () => {
    await t.db
      .update(sysUser)
      .set({ passwordChangedAt: new Date(Date.now() - 91 * 24 * 3_600_000) })
      .where(eq(sysUser.username, 'agent01'));
    const body = (await login('agent01', DEMO_PASSWORD)).json();
    expect(body).toMatchObject({
      code: 406,
      message: AUTH_MSG.passwordExpired,
      result: { reason: 'expired' },
    });
    await t.db.update(sysAuthTicket).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await t.call(body.result.token, {
      method: 'PUT',
      url: api('/sys/user/updatePassword'),
      payload: {
        username: 'agent01',
        oldpassword: DEMO_PASSWORD,
        password: 'Later#20266',
        confirmpassword: 'Later#20266',
      },
    });
    expect(late.statusCode).toBe(401);
    // The standard /sys/login is unchanged (the console uses it for the password tab).
    expect(await t.login('agent01')).toBeTruthy();
  });

  it('still applies lockout and the frozen check', async () => {
    await t.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'newclerk'));
    expect((await login('newclerk', 'Changed#2026')).json().message).toBe(AUTH_MSG.userFrozen);
    await t.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, 'newclerk'));
    for (let i = 0; i < 5; i++) await login('newclerk', `Bad#pass${i}x`);
    expect((await login('newclerk', 'Changed#2026')).json().message).toBe(MSG.accountLocked);
  });
});
