import { AUTH_MSG, DEMO_PASSWORD, type NotifyPreference } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysDataLog, sysLog } from '../../platform/audit/schema.ts';
import type { UserPush } from '../../platform/realtime/hub.ts';
import { ageCodes, lastCode } from '../../test/authKit.ts';
import { api, startTestApp, type TestApp } from '../../test/harness.ts';
import { sysUser } from './schema.ts';

// 个人设置 › 登录设备: a user lists their own live sessions (the current one marked), revokes one or all the
// others, and a revoked token answers 401 at once. Another user's sessions are neither listed nor revocable.

interface OwnSession {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  current: boolean;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
  t.call(token, { method, url: api(path), ...(payload ? { payload } : {}) });

/** Waits for a condition (polling, never a fixed sleep). */
async function until(check: () => boolean, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return check();
}

describe('own sessions (/sys/user/sessions)', () => {
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

describe('notification preferences (/sys/user/notifyPrefs)', () => {
  const prefs = async (token: string) =>
    (await call(token, 'GET', '/sys/user/notifyPrefs')).json().result as NotifyPreference[];
  const bell = async (token: string) =>
    (await call(token, 'GET', '/sys/annountCement/listByUser?pageSize=50')).json().result as {
      anntMsgList: Array<{ id: string }>;
      anntMsgTotal: number;
      sysMsgTotal: number;
    };

  it('lists every category, mutes one, and refuses to mute a mandatory one', async () => {
    const token = await t.login('operations01');
    const initial = await prefs(token);
    expect(initial.map((c) => c.key)).toEqual([
      'notice',
      'system',
      'app_message',
      'cert_expiry',
      'risk_warning',
    ]);
    expect(initial.every((c) => c.bell)).toBe(true);
    expect(initial.find((c) => c.key === 'risk_warning')).toMatchObject({
      mandatory: true,
      titleEn: 'Risk warnings',
    });

    const refused = (
      await call(token, 'PUT', '/sys/user/notifyPrefs', { muted: ['notice', 'risk_warning'] })
    ).json();
    expect(refused).toMatchObject({ success: false, message: '“风控预警”为必收消息，不能关闭' });
    expect((await prefs(token)).every((c) => c.bell)).toBe(true);
    expect((await call(token, 'PUT', '/sys/user/notifyPrefs', { muted: ['nonsense'] })).statusCode).toBe(400);

    const saved = (
      await call(token, 'PUT', '/sys/user/notifyPrefs', { muted: ['notice', 'app_message'] })
    ).json();
    expect(saved).toMatchObject({ success: true, message: '消息通知设置已保存' });
    const after = await prefs(token);
    expect(after.filter((c) => !c.bell).map((c) => c.key)).toEqual(['notice', 'app_message']);
    // Another user's choice is their own.
    expect((await prefs(await t.login('admin'))).every((c) => c.bell)).toBe(true);
    await call(token, 'PUT', '/sys/user/notifyPrefs', { muted: [] });
    expect((await prefs(token)).every((c) => c.bell)).toBe(true);
  });

  it('leaves a muted category out of the bell and its count, still listed under 我的消息', async () => {
    const admin = await t.login('admin');
    const ops = await t.login('operations01');
    const [opsRow] = await t.db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(eq(sysUser.username, 'operations01'));
    const added = (
      await call(admin, 'POST', '/sys/annountCement/add', {
        titile: '静音测试公告',
        msgContent: '<p>内容</p>',
        msgCategory: '1',
        msgType: 'USER',
        userIds: `${opsRow.id},`,
      })
    ).json();
    expect(added.success).toBe(true);
    const list = (await call(admin, 'GET', '/sys/annountCement/list?titile=静音测试公告')).json().result
      .records as Array<{
      id: string;
    }>;
    const id = list[0].id;
    expect((await call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${id}`)).json().success).toBe(true);

    const before = await bell(ops);
    expect(before.anntMsgList.some((a) => a.id === id)).toBe(true);
    await call(ops, 'PUT', '/sys/user/notifyPrefs', { muted: ['notice'] });
    const muted = await bell(ops);
    expect(muted.anntMsgList.some((a) => a.id === id)).toBe(false);
    // Every announcement of the muted category leaves the count (the seeded one to everyone too).
    expect(muted.anntMsgTotal).toBe(0);
    expect(before.anntMsgTotal).toBeGreaterThanOrEqual(1);
    expect(muted.sysMsgTotal).toBe(before.sysMsgTotal);
    const mine = (await call(ops, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50')).json()
      .result.records as Array<{ id: string }>;
    expect(mine.some((a) => a.id === id)).toBe(true);
    await call(ops, 'PUT', '/sys/user/notifyPrefs', { muted: [] });
    expect((await bell(ops)).anntMsgTotal).toBe(before.anntMsgTotal);
  });

  it('does not push a muted category live, and always pushes a mandatory one', async () => {
    const ops = await t.login('operations01');
    const ids = await t.db.select({ id: sysUser.id, username: sysUser.username }).from(sysUser);
    const idOf = (name: string) => ids.find((u) => u.username === name)?.id as string;
    const received = new Map<string, UserPush[]>();
    const fakeSocket = (userId: string) => ({
      readyState: 1,
      send: (text: string) => received.set(userId, [...(received.get(userId) ?? []), JSON.parse(text)]),
      on: () => undefined,
    });
    for (const name of ['operations01', 'admin'])
      t.ctx.realtime.addUserSocket(idOf(name), fakeSocket(idOf(name)) as unknown as import('ws').WebSocket);
    await call(ops, 'PUT', '/sys/user/notifyPrefs', { muted: ['notice'] });
    const users = [idOf('operations01'), idOf('admin')];
    await t.ctx.realtime.pushToUsers(users, { cmd: 'user', msgId: 'm1', msgTxt: '公告', category: 'notice' });
    // Both users are decided in one look-up: once admin has it, operations01's turn is over.
    expect(await until(() => (received.get(idOf('admin')) ?? []).some((p) => p.msgId === 'm1'))).toBe(true);
    expect((received.get(idOf('operations01')) ?? []).some((p) => p.msgId === 'm1')).toBe(false);
    await t.ctx.realtime.pushToUsers(users, {
      cmd: 'user',
      msgId: 'm2',
      msgTxt: '预警',
      category: 'risk_warning',
    });
    expect(await until(() => (received.get(idOf('operations01')) ?? []).some((p) => p.msgId === 'm2'))).toBe(
      true,
    );
    // Pushes without a category (the header counters) reach everyone.
    await t.ctx.realtime.pushToUsers('all', { cmd: 'counters', msgId: 'pendingCounts', msgTxt: '' });
    expect((received.get(idOf('operations01')) ?? []).some((p) => p.cmd === 'counters')).toBe(true);
    await call(ops, 'PUT', '/sys/user/notifyPrefs', { muted: [] });
  });
});

describe('saved language (/sys/user/language)', () => {
  it('saves the language to the user and answers it at login and in the user info', async () => {
    const token = await t.login('shipper');
    const login = async () =>
      (
        await t.call(null, {
          method: 'POST',
          url: api('/sys/login'),
          payload: { username: 'shipper', password: DEMO_PASSWORD },
        })
      ).json().result.userInfo as { language: string | null };
    expect((await login()).language).toBeNull();
    expect((await call(token, 'PUT', '/sys/user/language', { language: 'fr-FR' })).statusCode).toBe(400);
    expect((await call(token, 'PUT', '/sys/user/language', { language: 'en-US' })).json()).toMatchObject({
      success: true,
      result: { language: 'en-US' },
    });
    expect((await login()).language).toBe('en-US');
    const edited = (await call(token, 'PUT', '/sys/user/editSelf', { realname: '陈晓梅' })).json();
    expect(edited.result.userInfo.language).toBe('en-US');
    await call(token, 'PUT', '/sys/user/language', { language: 'zh-CN' });
    expect((await login()).language).toBe('zh-CN');
  });
});

describe('change the bound mobile (/sys/user/mobile)', () => {
  const NEW = '13611112222';
  const codeFor = async (token: string, mobile: string) => {
    await ageCodes(t, mobile, 61_000);
    const res = (await call(token, 'POST', '/sys/user/mobile/code', { mobile })).json();
    if (!res.success) throw new Error(res.message);
    return (await lastCode(t, mobile)) as string;
  };

  it('sends a code to the new mobile and binds it with the code and the current password', async () => {
    const token = await t.login('captain01');
    const code = await codeFor(token, NEW);
    expect(code).toMatch(/^\d{6}$/);
    // The per-mobile spacing of the sign-in codes holds.
    expect((await call(token, 'POST', '/sys/user/mobile/code', { mobile: NEW })).json()).toMatchObject({
      success: false,
      message: AUTH_MSG.smsTooFrequent,
    });
    const change = (payload: object) => call(token, 'POST', '/sys/user/mobile/change', payload);
    expect((await change({ mobile: NEW, captcha: code, password: 'wrong-password' })).json()).toMatchObject({
      success: false,
      message: '当前密码不正确',
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await change({ mobile: NEW, captcha: wrong, password: DEMO_PASSWORD })).json()).toMatchObject({
      success: false,
      message: AUTH_MSG.smsCodeInvalid,
    });
    const done = (await change({ mobile: NEW, captcha: code, password: DEMO_PASSWORD })).json();
    expect(done).toMatchObject({
      success: true,
      message: '绑定手机已更换',
      result: { userInfo: { phone: NEW } },
    });
    expect((await call(token, 'GET', '/sys/user/profile')).json().result.phone).toBe(NEW);
    // The code is spent.
    expect((await change({ mobile: NEW, captcha: code, password: DEMO_PASSWORD })).json().success).toBe(
      false,
    );

    // Written to the data log (without the password) and the operation log.
    const [user] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'captain01'));
    const versions = await t.db
      .select()
      .from(sysDataLog)
      .where(and(eq(sysDataLog.dataTable, 'sys_user'), eq(sysDataLog.dataId, user.id)));
    const last = versions.sort((a, b) => b.dataVersion - a.dataVersion)[0];
    expect(JSON.parse(last.dataContent)).toMatchObject({ phone: NEW, username: 'captain01' });
    expect(JSON.parse(last.dataContent)).not.toHaveProperty('password');
    expect(last.dataContent).not.toContain('$argon2');
    const logged = await t.db.select().from(sysLog).where(eq(sysLog.username, 'captain01'));
    expect(logged.some((r) => r.logContent?.includes('更换绑定手机'))).toBe(true);
  });

  it('refuses a mobile bound to another user, the same mobile, and a code sent for sign-in', async () => {
    const token = await t.login('agent01');
    expect(
      (await call(token, 'POST', '/sys/user/mobile/code', { mobile: '13800000001' })).json(),
    ).toMatchObject({
      success: false,
      message: '该手机号已绑定其他账号',
    });
    expect(
      (await call(token, 'POST', '/sys/user/mobile/code', { mobile: '13770881234' })).json(),
    ).toMatchObject({
      success: false,
      message: '新手机号与当前绑定的手机号相同',
    });
    expect((await call(token, 'POST', '/sys/user/mobile/code', { mobile: '12345' })).statusCode).toBe(400);
    // A code of another purpose (registration, sent publicly) does not bind.
    const other = '13633334444';
    await ageCodes(t, other, 61_000);
    await t.call(null, { method: 'POST', url: api('/sys/sms'), payload: { mobile: other, smsmode: '1' } });
    const registerCode = (await lastCode(t, other)) as string;
    expect(
      (
        await call(token, 'POST', '/sys/user/mobile/change', {
          mobile: other,
          captcha: registerCode,
          password: DEMO_PASSWORD,
        })
      ).json(),
    ).toMatchObject({ success: false, message: AUTH_MSG.smsCodeInvalid });
    // Needs a login.
    expect(
      (await t.call(null, { method: 'POST', url: api('/sys/user/mobile/code'), payload: { mobile: other } }))
        .statusCode,
    ).toBe(401);
  });
});
