import { describe, expect, it } from 'vitest';
import { api, useLogins, useTestApp } from '../../../test/harness.ts';
import { commonUpload, PNG } from '../../../test/kit.ts';

describe('个人设置 (/sys/user/profile, /sys/user/editSelf)', () => {
  const t = useTestApp({ dataDir: `/tmp/freight-test-profile-${process.pid}-${Date.now()}` });
  const tokens = useLogins(t, { captain: 'captain01', admin: 'admin' });

  const uploadAvatar = async (token: string) =>
    (await commonUpload(t, token, { data: PNG, name: 'me.png', type: 'image/png', biz: 'avatar' })).json()
      .result.path as string;
  const edit = (token: string, payload: object) =>
    t.call(token, { method: 'PUT', url: api('/sys/user/editSelf'), payload });

  it('lets any signed-in user read and change their own profile', async () => {
    const profile = (await t.call(tokens.captain, { method: 'GET', url: api('/sys/user/profile') })).json()
      .result;
    expect(profile.username).toBe('captain01');
    expect(profile).not.toHaveProperty('password');
    const avatar = await uploadAvatar(tokens.captain);
    const res = await edit(tokens.captain, {
      realname: '车队长新名',
      email: 'captain@example.com',
      sex: 1,
      birthday: '1990-05-06',
      telephone: '0512-1234567',
      avatar,
    });
    expect(res.json().success).toBe(true);
    expect(res.json().result.userInfo).toMatchObject({
      realname: '车队长新名',
      email: 'captain@example.com',
      avatar,
    });
    const after = (await t.call(tokens.captain, { method: 'GET', url: api('/sys/user/profile') })).json()
      .result;
    expect(after).toMatchObject({
      realname: '车队长新名',
      sex: 1,
      birthday: '1990-05-06',
      telephone: '0512-1234567',
    });
  });

  it("refuses another user's file as the avatar and a bad e-mail", async () => {
    const adminFile = await uploadAvatar(tokens.admin);
    const refused = await edit(tokens.captain, { realname: '车队长', avatar: adminFile });
    expect(refused.json().success).toBe(false);
    expect((await edit(tokens.captain, { realname: '车队长', email: 'not-an-email' })).json().success).toBe(
      false,
    );
    expect((await edit(tokens.captain, { realname: '' })).json().success).toBe(false);
  });

  it('never changes the account name, mobile or type through it', async () => {
    await edit(tokens.captain, { realname: '车队长', username: 'hijack', phone: '13900000000', userType: 1 });
    const after = (await t.call(tokens.captain, { method: 'GET', url: api('/sys/user/profile') })).json()
      .result;
    expect(after.username).toBe('captain01');
    expect(after.userType).toBe(4);
    expect(after.phone).not.toBe('13900000000');
  });
});
