import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';

// 个人设置 › 登录设备: a user lists their own live sessions (the current one marked), revokes one or all the
// others, and a revoked token answers 401 at once. Another user's sessions are neither listed nor revocable.

interface OwnSession {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  current: boolean;
}

describe('own sessions (/sys/user/sessions)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const sessions = async (token: string) =>
    (await t.call(token, { method: 'GET', url: api('/sys/user/sessions') })).json().result as OwnSession[];
  const post = (token: string, path: string, payload: object = {}) =>
    t.call(token, { method: 'POST', url: api(path), payload });
  const status = async (token: string) =>
    (await t.call(token, { method: 'GET', url: api('/sys/user/profile') })).statusCode;

  it('lists the user’s own sessions with the current one first, and revokes one at once', async () => {
    const first = await t.login('captain01');
    const second = await t.login('captain01');
    const third = await t.login('captain01');
    const other = await t.login('agent01');
    const seen = await sessions(second);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen[0]).toMatchObject({ current: true });
    expect(seen.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(seen)).not.toContain(first);
    const agentIds = (await sessions(other)).map((s) => s.id);
    expect(seen.some((s) => agentIds.includes(s.id))).toBe(false);

    // Revoke the first session from the second: the first token stops at once.
    const firstId = (await sessions(first)).find((s) => s.current)?.id as string;
    expect(await status(first)).toBe(200);
    expect((await post(second, '/sys/user/sessions/revoke', { id: firstId })).json()).toMatchObject({
      success: true,
      message: '已下线该设备',
    });
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(200);
    // Another user's session is not found; the current one is left to the logout.
    const agentId = (await sessions(other)).find((s) => s.current)?.id as string;
    expect((await post(second, '/sys/user/sessions/revoke', { id: agentId })).json()).toMatchObject({
      success: false,
      message: '该会话不存在或已下线',
    });
    expect(await status(other)).toBe(200);
    const ownId = (await sessions(second)).find((s) => s.current)?.id as string;
    expect((await post(second, '/sys/user/sessions/revoke', { id: ownId })).json().success).toBe(false);

    // Revoke all the others: only the current session stays.
    const all = (await post(second, '/sys/user/sessions/revokeOthers')).json();
    expect(all.success).toBe(true);
    expect(all.result.revoked).toBeGreaterThanOrEqual(1);
    expect(await status(third)).toBe(401);
    expect(await status(second)).toBe(200);
    expect(await sessions(second)).toHaveLength(1);
    expect(await status(other)).toBe(200);
  });

  it('needs a login', async () => {
    expect((await t.call(null, { method: 'GET', url: api('/sys/user/sessions') })).statusCode).toBe(401);
  });
});
