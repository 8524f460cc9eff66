import { announcementResource, exportColumnsOf } from '@freight/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, useTestApp } from '../../../test/harness.ts';
import { type Method, readXlsx } from '../../../test/kit.ts';
import { listenForSockets, openSocket, until } from '../../../test/socketKit.ts';

/** 'YYYY-MM-DD HH:mm:ss' in China time, as the console sends it. */
function chinaTime(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

describe('announcements', () => {
  const t = useTestApp();
  let admin: string;
  let shipper: string;
  let shipperId: string;
  let adminId: string;
  let wsBase: string;
  beforeAll(async () => {
    wsBase = await listenForSockets(t);
    admin = await t.login('admin');
    shipper = await t.login('shipper');
    const users = (await call('GET', '/sys/user/list?pageSize=50')).json().result.records as Array<{
      id: string;
      username: string;
    }>;
    shipperId = users.find((u) => u.username === 'shipper')?.id ?? '';
    adminId = users.find((u) => u.username === 'admin')?.id ?? '';
  });

  const call = (method: Method, path: string, payload?: object, token: string = admin) =>
    t.call(token, { method, url: api(path), payload });
  const add = async (body: object) => (await call('POST', '/sys/annountCement/add', body)).json();
  const byTitle = async (titile: string) =>
    (await call('GET', `/sys/annountCement/list?titile=${encodeURIComponent(titile)}`)).json().result
      .records[0];
  const inbox = async (token: string) =>
    (await call('GET', '/sys/annountCement/listByUser', undefined, token)).json().result as {
      anntMsgList: Array<{ id: string; titile: string }>;
      anntMsgTotal: number;
      sysMsgList: Array<{ id: string; titile: string }>;
      sysMsgTotal: number;
    };
  const titles = (list: Array<{ titile: string }>) => list.map((a) => a.titile);

  const inboxSocket = (userId: string, token: string) =>
    openSocket<unknown>(`${wsBase}/websocket/${userId}`, token);

  it('validates a draft: title, chosen users, open page, time window; content is sanitised', async () => {
    expect((await call('POST', '/sys/annountCement/add', { titile: '' })).statusCode).toBe(400);
    expect((await add({ titile: '定向', msgType: 'USER' })).message).toBe('请选择接收用户');
    expect((await add({ titile: '打开', openType: 'url' })).message).toBe('请输入打开的页面');
    expect(
      (await add({ titile: '时间', startTime: chinaTime(3_600_000), endTime: chinaTime(0) })).message,
    ).toBe('结束时间必须晚于开始时间');
    expect((await add({ titile: '优先级', priority: 'X' })).success).toBe(false);

    // One instant for what is sent and what is expected back: a second may pass between two calls.
    const startTime = chinaTime(-60_000);
    const created = await add({
      titile: '安全检查',
      msgContent:
        '<p style="color:#f00" onclick="x()">检查<script>alert(1)</script></p><iframe src="//e"></iframe>',
      priority: 'H',
      msgCategory: '2',
      startTime,
    });
    expect(created.success).toBe(true);
    const row = await byTitle('安全检查');
    expect(row).toMatchObject({
      sendStatus: '0',
      priority: 'H',
      msgCategory: '2',
      priority_dictText: '紧急',
    });
    expect(row.msgContent).toBe('<p style="color:#f00">检查</p>');
    // The wall-clock time sent is China time, whatever the server's zone.
    expect(row.startTime).toBe(startTime);
  });

  it('releases to everyone over /websocket/{userId}, refuses editing a released one, revokes', async () => {
    await add({ titile: '全员通知', msgContent: '<p>周五停机维护</p>', priority: 'M' });
    const row = await byTitle('全员通知');
    expect(titles((await inbox(shipper)).anntMsgList)).not.toContain('全员通知');

    const { socket, messages } = await inboxSocket(shipperId, shipper);
    try {
      const released = (await call('GET', `/sys/annountCement/doReleaseData?id=${row.id}`)).json();
      expect(released).toMatchObject({ success: true, message: '该系统通知发布成功' });
      expect(await until(() => messages.length > 0)).toBe(true);
      expect(messages[0]).toEqual({ cmd: 'topic', msgId: row.id, msgTxt: '全员通知' });
    } finally {
      socket.close();
    }
    expect((await call('GET', `/sys/annountCement/doReleaseData?id=${row.id}`)).json().message).toBe(
      '该系统通知已发布',
    );
    const after = await byTitle('全员通知');
    expect(after).toMatchObject({ sendStatus: '1', sender: expect.any(String) });
    expect(after.sendTime).toBeTruthy();
    expect((await call('PUT', '/sys/annountCement/edit', { ...after, titile: '改' })).json().message).toBe(
      '已发布的通告不能编辑，请先撤销',
    );

    const shipperInbox = await inbox(shipper);
    expect(titles(shipperInbox.anntMsgList)).toContain('全员通知');
    const detail = (
      await call('GET', `/sys/annountCement/queryById?id=${row.id}`, undefined, shipper)
    ).json();
    expect(detail.result).toMatchObject({ titile: '全员通知', msgContent: '<p>周五停机维护</p>' });

    // Read marking: the unread count drops and "my announcements" shows it read.
    const before = shipperInbox.anntMsgTotal;
    await call('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: row.id }, shipper);
    expect((await inbox(shipper)).anntMsgTotal).toBe(before - 1);
    const mine = (
      await call(
        'GET',
        `/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${encodeURIComponent('全员')}`,
        undefined,
        shipper,
      )
    ).json().result;
    expect(mine.records).toHaveLength(1);
    expect(mine.records[0]).toMatchObject({ titile: '全员通知', readFlag: '1' });
    const unreadOnly = (
      await call('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0', undefined, shipper)
    ).json().result.records;
    expect(titles(unreadOnly)).not.toContain('全员通知');

    // Revoke: only a released one; it leaves every inbox; then it may be edited and released again.
    expect((await call('GET', `/sys/annountCement/doReovkeData?id=${row.id}`)).json().success).toBe(true);
    expect((await call('GET', `/sys/annountCement/doReovkeData?id=${row.id}`)).json().message).toBe(
      '只能撤销已发布的通告',
    );
    expect(titles((await inbox(shipper)).anntMsgList)).not.toContain('全员通知');
    expect(
      (await call('GET', `/sys/annountCement/queryById?id=${row.id}`, undefined, shipper)).json().success,
    ).toBe(false);
    const revoked = await byTitle('全员通知');
    expect(revoked.sendStatus).toBe('2');
    expect(
      (await call('PUT', '/sys/annountCement/edit', { ...revoked, titile: '全员通知（更正）' })).json()
        .success,
    ).toBe(true);
  });

  it('delivers to chosen users only, and only inside the start/end window', async () => {
    const found = (await call('GET', '/sys/annountCement/userOptions?keyword=ship')).json().result;
    expect(found.map((o: { value: string }) => o.value)).toContain(shipperId);
    const labels = (await call('GET', `/sys/annountCement/userOptions?ids=${adminId},`)).json().result;
    expect(labels).toEqual([{ value: adminId, label: expect.stringContaining('（admin）') }]);
    await add({ titile: '给管理员', msgType: 'USER', userIds: `${adminId},,${adminId}` });
    const row = await byTitle('给管理员');
    expect(row.userIds).toBe(`${adminId},`);
    const { socket, messages } = await inboxSocket(shipperId, shipper);
    try {
      await call('GET', `/sys/annountCement/doReleaseData?id=${row.id}`);
      await new Promise((r) => setTimeout(r, 200));
      expect(messages).toEqual([]);
    } finally {
      socket.close();
    }
    expect(titles((await inbox(admin)).anntMsgList)).toContain('给管理员');
    expect(titles((await inbox(shipper)).anntMsgList)).not.toContain('给管理员');
    expect(
      (await call('GET', `/sys/annountCement/queryById?id=${row.id}`, undefined, shipper)).json().success,
    ).toBe(false);

    await add({ titile: '明天生效', startTime: chinaTime(86_400_000) });
    await add({ titile: '已结束', startTime: chinaTime(-7_200_000), endTime: chinaTime(-3_600_000) });
    const future = await byTitle('明天生效');
    const ended = await byTitle('已结束');
    expect((await call('GET', `/sys/annountCement/doReleaseData?id=${future.id}`)).json().success).toBe(true);
    expect((await call('GET', `/sys/annountCement/doReleaseData?id=${ended.id}`)).json().message).toBe(
      '该系统通知已过期，不能发布',
    );
    expect(titles((await inbox(shipper)).anntMsgList)).not.toContain('明天生效');
  });

  it('reads all, filters "my announcements" by category, and deletes drafts', async () => {
    await add({ titile: '系统消息一', msgCategory: '2' });
    const sys = await byTitle('系统消息一');
    await call('GET', `/sys/annountCement/doReleaseData?id=${sys.id}`);
    const box = await inbox(shipper);
    expect(titles(box.sysMsgList)).toContain('系统消息一');
    const category = (
      await call('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?msgCategory=2', undefined, shipper)
    ).json().result.records;
    expect(category.every((a: { msgCategory: string }) => a.msgCategory === '2')).toBe(true);
    expect(titles(category)).toContain('系统消息一');
    await call('PUT', '/sys/sysAnnouncementSend/readAll', {}, shipper);
    const read = await inbox(shipper);
    expect(read.anntMsgTotal + read.sysMsgTotal).toBe(0);

    await add({ titile: '草稿删除' });
    const draft = await byTitle('草稿删除');
    expect((await call('DELETE', `/sys/annountCement/delete?id=${draft.id}`)).json().success).toBe(true);
    expect(await byTitle('草稿删除')).toBeUndefined();
  });

  it('exports under the declaration’s labels, with the dictionary texts', async () => {
    await add({ titile: '导出公告', priority: 'H' });
    const rows = await readXlsx(
      (await call('GET', `/sys/annountCement/exportXls?titile=${encodeURIComponent('导出公告')}`)).rawPayload,
    );
    expect(rows[0]).toEqual(exportColumnsOf(announcementResource).map((column) => column.title));
    expect(rows[0]?.slice(0, 4)).toEqual(['标题', '消息类型', '优先级', '通告对象']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 4)).toEqual(['导出公告', '通知公告', '紧急', 'ALL']);
  });
});
