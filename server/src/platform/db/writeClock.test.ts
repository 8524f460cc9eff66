import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { LOG_TYPE, sysLog } from '../audit/schema.ts';
import { isPlainRead, writeClockOf } from './writeClock.ts';

describe('isPlainRead', () => {
  it('lets plain reads pass and treats anything that may write as a write', () => {
    expect(isPlainRead('select "id" from "sys_user" where "id" = $1')).toBe(true);
    expect(isPlainRead('  WITH t AS (select 1) select * from t')).toBe(true);
    expect(isPlainRead('select "update_time", "delete_flag" from "x"')).toBe(true);
    expect(isPlainRead('set local statement_timeout = 15000')).toBe(true);
    expect(isPlainRead('set transaction read only')).toBe(true);
    for (const statement of [
      'insert into "x" values ($1)',
      'update "x" set "a" = $1',
      'delete from "x"',
      'with d as (delete from "x" returning *) select * from d',
      "select nextval('seq')",
      'select * from "x" for update',
      'select pg_try_advisory_xact_lock(1)',
      'begin',
    ])
      expect(isPlainRead(statement), statement).toBe(false);
  });
});

describe('read caches of the embedded database', () => {
  const t = useTestApp();

  it('drop a cached list page and session at the next write, whatever wrote it', async () => {
    const clock = writeClockOf(t.db);
    if (t.kind === 'postgres') {
      // Another instance may write to PostgreSQL at any time: nothing is cached there this way.
      expect(clock).toBeUndefined();
      return;
    }
    expect(clock).toBeDefined();
    const token = await t.login('admin');
    const list = async () =>
      (
        await t.call(token, { method: 'GET', url: '/jeecg-boot/sys/user/list?username=shipper&pageSize=10' })
      ).json().result.records as Array<{ username: string; realname: string }>;
    const before = await list();
    expect(before[0]?.username).toBe('shipper');
    expect(await list()).toEqual(before);

    // A raw statement outside any resource route: the next list must show it.
    await t.db.execute(sql`update sys_user set realname = ${'改名测试'} where username = ${'shipper'}`);
    expect((await list())[0]?.realname).toBe('改名测试');

    // A token revoked by a raw delete stops at once, though its session was just served from memory.
    const ok = await t.call(token, { method: 'GET', url: '/jeecg-boot/sys/user/list?pageSize=1' });
    expect(ok.statusCode).toBe(200);
    await t.db.execute(sql`delete from sys_user_token`);
    const after = await t.call(token, { method: 'GET', url: '/jeecg-boot/sys/user/list?pageSize=1' });
    expect(after.statusCode).toBe(401);
  });

  it('tick after a transaction that wrote, however the write was made; not after a read-only one', async () => {
    const clock = writeClockOf(t.db);
    if (!clock) return;
    const start = clock.version;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set transaction read only'));
      await tx.execute(sql`select count(*) from sys_user`);
    });
    expect(clock.version).toBe(start);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select count(*) from sys_user`);
      await tx.insert(sysLog).values({ logType: LOG_TYPE.operate, logContent: '事务内写入' });
    });
    expect(clock.version).toBeGreaterThan(start);
    const afterWrite = clock.version;
    // A transaction that fails after writing rolls back, and caches drop all the same.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(sysLog).values({ logType: LOG_TYPE.operate, logContent: '回滚' });
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect(clock.version).toBeGreaterThan(afterWrite);
  });
});
