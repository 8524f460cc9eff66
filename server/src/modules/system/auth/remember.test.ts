import { AUTH_MSG, DEMO_PASSWORD } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../platform/auth/crypto.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { sysRememberKey } from '../authSchema.ts';
import { api } from './testKit.ts';

describe('remember me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const loginRemembered = async () =>
    (
      await t.call(null, {
        method: 'POST',
        url: api('/sys/login'),
        payload: { username: 'admin', password: DEMO_PASSWORD, remember_me: true },
      })
    ).json().result.rememberKey as string;
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

  it('treats reuse of a rotated key as theft: the whole chain ends', async () => {
    const first = await loginRemembered();
    const second = (await exchange(first)).json().result.rememberKey as string;
    const replay = (await exchange(first)).json();
    expect(replay).toMatchObject({ success: false, message: AUTH_MSG.rememberInvalid });
    // The thief's or the user's newer key dies with it.
    expect((await exchange(second)).json().success).toBe(false);
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
