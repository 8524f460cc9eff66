import { describe, expect, it, vi } from 'vitest';
import { stableId } from '../../seed/seed.ts';
import { api, useLogins, useTestApp } from '../../test/harness.ts';
import { sendDueMessages } from './apps.ts';

// 应用管理: APP版本 with the driver app's public version check (update / force around the minimum
// supported version, unpublished versions ignored, a bad query answered 400), the screens refused to a
// shipper, and APP消息 delivered through the bell with delivered and read counts.

type Envelope<T = unknown> = { success: boolean; message: string; code: number; result: T };
interface Check {
  latest: {
    versionCode: number;
    versionName: string;
    minVersionCode: number;
    downloadUrl: string | null;
  } | null;
  update: boolean;
  force: boolean;
}

// An empty zip archive named .apk: what the upload accepts as an Android package.
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

describe('APP版本 and APP消息', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin', shipper: 'shipper' });

  const call = async <T = unknown>(token: string | null, method: string, url: string, payload?: unknown) => {
    const res = await t.call(token, {
      method: method as 'GET',
      url: api(url),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const check = async (platform: string, current: number) => {
    const res = await call<Check>(
      null,
      'GET',
      `/apps/version/latest?platform=${platform}&current=${current}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.result;
  };
  const uploadApk = async (name = 'driver.apk') => {
    const data = new FormData();
    data.append('biz', 'app/android');
    data.append('file', new Blob([EMPTY_ZIP], { type: 'application/vnd.android.package-archive' }), name);
    const res = await t.call(tokens.admin, {
      method: 'POST',
      url: api('/sys/common/upload'),
      payload: data as unknown as string,
    });
    const body = res.json() as Envelope;
    expect(body.success, body.message).toBe(true);
    return body.message;
  };

  it('answers update and force around the latest published version, ignoring unpublished ones', async () => {
    expect(await check('android', 1)).toEqual({ latest: null, update: false, force: false });
    const apk = await uploadApk();
    const add = async (values: Record<string, unknown>) => {
      const res = await call(tokens.admin, 'POST', '/apps/version/add', {
        platform: 'android',
        packagePath: apk,
        ...values,
      });
      expect(res.body.success, res.body.message).toBe(true);
    };
    await add({ versionCode: 100, versionName: '1.0.0', minVersionCode: 0, published: true });
    await add({ versionCode: 120, versionName: '1.2.0', minVersionCode: 110, published: true });
    // Newer, but not published: the app never hears of it.
    await add({ versionCode: 130, versionName: '1.3.0', minVersionCode: 125, published: false });

    const below = await check('android', 105);
    expect(below).toMatchObject({
      update: true,
      force: true,
      latest: { versionCode: 120, versionName: '1.2.0' },
    });
    expect(below.latest?.downloadUrl).toMatch(/^\/jeecg-boot\/apps\/version\/download\/\w+$/);
    expect(await check('android', 110)).toMatchObject({ update: true, force: false });
    expect(await check('android', 115)).toMatchObject({ update: true, force: false });
    expect(await check('android', 120)).toMatchObject({ update: false, force: false });
    expect(await check('android', 125)).toMatchObject({ update: false, force: false });
    // Another platform has its own releases.
    expect((await check('ios', 1)).latest).toBeNull();

    // The published package downloads without a login.
    const download = await t.call(null, { method: 'GET', url: below.latest?.downloadUrl ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(download.rawPayload.equals(EMPTY_ZIP)).toBe(true);
  });

  it.each(['platform=windows&current=1', 'platform=android&current=abc', 'platform=android', 'current=3'])(
    'answers the bad query %s with 400 in the envelope and a Chinese message',
    async (query) => {
      const res = await call(null, 'GET', `/apps/version/latest?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 400 });
      expect(res.body.message, query).toMatch(/[\u4e00-\u9fa5]/);
    },
  );

  it('names the platform in the message for an unknown one', async () => {
    expect(
      (await call(null, 'GET', '/apps/version/latest?platform=windows&current=1')).body.message,
    ).toContain('平台');
  });

  it('validates versions: package for Android, link for iOS, minimum not above the code, one code per platform', async () => {
    const add = (values: Record<string, unknown>) => call(tokens.admin, 'POST', '/apps/version/add', values);
    expect((await add({ platform: 'android', versionCode: 300, versionName: '3.0.0' })).body.message).toBe(
      '安卓版本请上传APK安装包',
    );
    expect((await add({ platform: 'ios', versionCode: 300, versionName: '3.0.0' })).body.message).toBe(
      'iOS版本请填写App Store下载地址',
    );
    const ios = { platform: 'ios', versionName: '3.0.0', downloadUrl: 'https://apps.apple.com/cn/app/id1' };
    expect((await add({ ...ios, versionCode: 300, minVersionCode: 301 })).body.message).toBe(
      '最低支持版本号不能大于版本号',
    );
    expect((await add({ ...ios, versionCode: 300, published: true })).body.success).toBe(true);
    expect((await add({ ...ios, versionCode: 300 })).body.message).toBe('该平台已有版本号300的版本');
    expect((await add({ ...ios, versionCode: 'x' })).status).toBe(400);
    expect(await check('ios', 299)).toMatchObject({
      update: true,
      force: false,
      latest: { downloadUrl: 'https://apps.apple.com/cn/app/id1' },
    });

    const list = await call<{ records: Array<Record<string, unknown>>; total: number }>(
      tokens.admin,
      'GET',
      '/apps/version/list?platform=ios&column=versionCode&order=desc',
    );
    expect(list.body.result.records[0]).toMatchObject({ versionCode: 300, platform_dictText: 'iOS' });
    const exported = await t.call(tokens.admin, { method: 'GET', url: api('/apps/version/exportXls') });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const id = String(list.body.result.records[0].id);
    expect((await call(tokens.admin, 'DELETE', `/apps/version/delete?id=${id}`)).body.success).toBe(true);
    expect((await check('ios', 1)).latest).toBeNull();
  });

  it('refuses the screens to a shipper', async () => {
    for (const base of ['/apps/version', '/apps/message']) {
      expect((await call(tokens.shipper, 'GET', `${base}/list`)).status).toBe(403);
      expect((await call(tokens.shipper, 'POST', `${base}/add`, {})).status).toBe(403);
      expect((await call(tokens.shipper, 'PUT', `${base}/edit`, { id: 'x' })).status).toBe(403);
      expect((await call(tokens.shipper, 'DELETE', `${base}/delete?id=x`)).status).toBe(403);
      expect(
        (await t.call(tokens.shipper, { method: 'GET', url: api(`${base}/exportXls`) })).statusCode,
      ).toBe(403);
    }
  });

  it('delivers a message to everyone through the bell and counts deliveries and reads', async () => {
    const pushed = vi.spyOn(t.ctx.realtime, 'pushToUsers');
    const added = await call(tokens.admin, 'POST', '/apps/message/add', {
      title: '平台维护通知',
      content: '今晚22:00-23:00系统维护',
      audience: 'all',
    });
    expect(added.body.success, added.body.message).toBe(true);
    type Message = {
      id: string;
      state: number;
      deliveredCount: number;
      readCount: number;
      state_dictText: string;
    };
    const find = async () => {
      const list = await call<{ records: Message[] }>(
        tokens.admin,
        'GET',
        '/apps/message/list?title=平台维护',
      );
      return list.body.result.records[0];
    };
    const sent = await find();
    expect(sent).toMatchObject({ state: 1, state_dictText: '已发送', readCount: 0 });
    // Every demo account is a recipient.
    expect(sent.deliveredCount).toBeGreaterThanOrEqual(6);
    expect(pushed).toHaveBeenCalledWith(
      expect.arrayContaining([]),
      expect.objectContaining({ msgTxt: '平台维护通知' }),
    );
    pushed.mockRestore();

    // The shipper's bell shows it; reading it raises the read count.
    const bell = await call<{ anntMsgList: Array<{ id: string; titile: string }> }>(
      tokens.shipper,
      'GET',
      '/sys/annountCement/listByUser',
    );
    const notice = bell.body.result.anntMsgList.find((a) => a.titile === '平台维护通知');
    expect(notice).toBeDefined();
    const read = await call(tokens.shipper, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
      anntId: notice?.id,
    });
    expect(read.body.success).toBe(true);
    expect((await find()).readCount).toBe(1);
    // "Read all" counts as well.
    await call(tokens.admin, 'PUT', '/sys/sysAnnouncementSend/readAll');
    expect((await find()).readCount).toBe(2);
    // What was sent is not edited.
    const edit = await call(tokens.admin, 'PUT', '/apps/message/edit', {
      id: sent.id,
      title: '改',
      content: '改',
      audience: 'all',
    });
    expect(edit.body.message).toBe('已发送的消息不能编辑');
  });

  it('keeps a scheduled message until the job sends it, to its audience only', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const noCustomer = await call(tokens.admin, 'POST', '/apps/message/add', {
      title: '专线通知',
      content: '内容',
      audience: 'customer',
    });
    expect(noCustomer.body.message).toBe('接收对象为指定货主时请选择货主');
    const customerId = stableId('customer', 'east-steel');
    const added = await call(tokens.admin, 'POST', '/apps/message/add', {
      title: '专线通知',
      content: '明日增开车次',
      audience: 'customer',
      customerId,
      sendTime: later.toISOString(),
    });
    expect(added.body.success, added.body.message).toBe(true);
    type Message = { state: number; deliveredCount: number; customerName: string };
    const find = async () =>
      (await call<{ records: Message[] }>(tokens.admin, 'GET', '/apps/message/list?title=专线通知')).body
        .result.records[0];
    expect(await find()).toMatchObject({ state: 0, deliveredCount: 0, customerName: '华东钢铁贸易有限公司' });
    // The schedule runs it as a job of the scheduled-jobs screen.
    const keys = (await call<Array<{ value: string }>>(tokens.admin, 'GET', '/sys/quartzJob/jobKeys')).body
      .result;
    expect(keys.map((k) => k.value)).toContain('sendAppMessages');
    // The job's run before the time leaves it; at the time it goes to that customer's account.
    expect(await sendDueMessages(t.db)).toEqual({ messages: 0, delivered: 0 });
    expect(await sendDueMessages(t.db, undefined, new Date(later.getTime() + 1000))).toEqual({
      messages: 1,
      delivered: 1,
    });
    expect(await find()).toMatchObject({ state: 1, deliveredCount: 1 });
    const bellOf = async (token: string) =>
      (
        await call<{ anntMsgList: Array<{ titile: string }> }>(token, 'GET', '/sys/annountCement/listByUser')
      ).body.result.anntMsgList.map((a) => a.titile);
    expect(await bellOf(await t.login('shipper_admin'))).toContain('专线通知');
    // The other customer's user and the carrier side never see it.
    expect(await bellOf(tokens.shipper)).not.toContain('专线通知');
    expect(await bellOf(await t.login('agent01'))).not.toContain('专线通知');
  });
});
