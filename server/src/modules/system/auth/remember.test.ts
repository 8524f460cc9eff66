import { AUTH_MSG, DEMO_PASSWORD } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../platform/auth/crypto.ts';
import { addUserAsAdmin } from '../../../test/authKit.ts';
import { api, useTestApp } from '../../../test/harness.ts';
import { sysRememberKey } from '../authSchema.ts';

describe('remember me', () => {
  const t = useTestApp();

  /** Signs in at `door` asking to be remembered; answers the whole envelope. */
  const signInRemembered = async (door = '/sys/login', username = 'admin', password = DEMO_PASSWORD) =>
    (
      await t.call(null, {
        method: 'POST',
        url: api(door),
        payload: { username, password, remember_me: true },
      })
    ).json();
  const loginRemembered = async () => (await signInRemembered()).result.rememberKey as string;
  const exchange = (key: string) => t.call(null, { method: 'GET', url: api(`/sys/remember/${key}`) });

  it('issues a 30-day key stored hashed, only when asked', async () => {
    const plain = await t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(plain.json().result).not.toHaveProperty('rememberKey');
    const key = await loginRemembered();
    expect(key).toMatch(/^[\w-]{40,}$/);
    const [row] = await t.db
      .select()
      .from(sysRememberKey)
      .where(eq(sysRememberKey.keyHash, sha256(key)));
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);
    expect(JSON.stringify(await t.db.select().from(sysRememberKey))).not.toContain(key);
  });

  it('exchanges a key for a session and a new key, rotating on every use', async () => {
    const first = await loginRemembered();
    const one = (await exchange(first)).json();
    expect(one).toMatchObject({ success: true, code: 200 });
    expect(one.result.userInfo.username).toBe('admin');
    expect((await t.call(one.result.token, { method: 'GET', url: api('/sys/loginfo') })).statusCode).toBe(
      200,
    );
    const second = one.result.rememberKey as string;
    expect(second).not.toBe(first);
    const two = (await exchange(second)).json();
    expect(two.success).toBe(true);
    expect(two.result.rememberKey).not.toBe(second);
  });

  it('treats reuse of a rotated key as theft: the whole chain ends, with every session it opened', async () => {
    const login = (await signInRemembered()).result;
    const first = login.rememberKey as string;
    const exchanged = (await exchange(first)).json().result;
    const second = exchanged.rememberKey as string;
    const otherSession = await t.login('admin');
    const alive = async (token: string) =>
      (await t.call(token, { method: 'GET', url: api('/sys/loginfo') })).statusCode === 200;
    expect(await alive(exchanged.token)).toBe(true);

    const replay = (await exchange(first)).json();
    expect(replay).toMatchObject({ success: false, message: AUTH_MSG.rememberInvalid });
    // The thief's or the user's newer key dies with it, and so do the sessions the chain opened…
    expect((await exchange(second)).json().success).toBe(false);
    expect(await alive(exchanged.token)).toBe(false);
    expect(await alive(login.token)).toBe(false);
    // …but not a session signed in with the password elsewhere.
    expect(await alive(otherSession)).toBe(true);
  });

  it('is offered by the username and customer logins too, never with a 406 answer', async () => {
    const byUsername = await signInRemembered('/sys/loginByUsername');
    expect(byUsername.code).toBe(200);
    expect((await exchange(byUsername.result.rememberKey)).json().success).toBe(true);
    const customer = await signInRemembered('/sys/customerlogin', 'shipper');
    expect((await exchange(customer.result.rememberKey)).json().result.userInfo.username).toBe('shipper');

    await addUserAsAdmin(t, { username: 'remember_new', realname: '新员工', password: 'Initial#2026' });
    const initial = await signInRemembered('/sys/loginByUsername', 'remember_new', 'Initial#2026');
    expect(initial.code).toBe(406);
    expect(initial.result).not.toHaveProperty('rememberKey');
  });

  it('ends the chain of the key sent at logout', async () => {
    const login = (await signInRemembered()).result;
    const out = await t.call(login.token, {
      method: 'POST',
      url: api('/sys/logout'),
      payload: { rememberKey: login.rememberKey },
    });
    expect(out.json().success).toBe(true);
    expect((await exchange(login.rememberKey)).json().message).toBe(AUTH_MSG.rememberInvalid);
  });

  it('refuses an unknown or expired key', async () => {
    expect((await exchange('no-such-key')).json().message).toBe(AUTH_MSG.rememberInvalid);
    const key = await loginRemembered();
    await t.db
      .update(sysRememberKey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sysRememberKey.keyHash, sha256(key)));
    expect((await exchange(key)).json().success).toBe(false);
  });
});
