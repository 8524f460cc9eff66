import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis.ts';
import { LocalBackplane, RedisBackplane } from './backplane.ts';
import { RealtimeHub, tableScope } from './hub.ts';

const REDIS_URL = TEST_REDIS_URL;

const redisUp = await redisAnswers(REDIS_URL);
const SKIP_REASON = `skipped: no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL or REDIS_URL, or start redis-server)`;
if (!redisUp) console.warn(`Redis backplane tests ${SKIP_REASON}`);

/** Records what a hub sends; stands for a browser's socket at the far end of the wire. */
class RecordingSocket extends EventEmitter {
  readyState = 1;
  sent: string[] = [];
  send(text: string) {
    this.sent.push(text);
  }
}

const asSocket = (s: RecordingSocket) => s as unknown as WebSocket;

describe('hub routing of table updates', () => {
  it('delivers only to the same table and scope, never back to the sender', async () => {
    const hub = new RealtimeHub(new LocalBackplane());
    const scope = tableScope(0, null);
    const sockets = {
      sender: new RecordingSocket(),
      sameTable: new RecordingSocket(),
      otherTable: new RecordingSocket(),
      otherTenant: new RecordingSocket(),
      otherCustomer: new RecordingSocket(),
    };
    const add = (key: keyof typeof sockets, pageId: string, s: string) =>
      hub.addTableSocket({
        socket: asSocket(sockets[key]),
        userId: 'u',
        pageId,
        scope: s,
        connectionId: key,
      });
    add('sender', 'orders', scope);
    add('sameTable', 'orders', scope);
    add('otherTable', 'drivers', scope);
    add('otherTenant', 'orders', tableScope(7, null));
    add('otherCustomer', 'orders', tableScope(0, 'customer-1'));
    await hub.broadcastTable('sender', { type: 'update_vxe_table', data: { id: 1 } });
    expect(sockets.sameTable.sent).toHaveLength(1);
    for (const key of ['sender', 'otherTable', 'otherTenant', 'otherCustomer'] as const)
      expect(sockets[key].sent).toEqual([]);
    // A closed (unknown) connection relays nothing.
    await hub.broadcastTable('gone', { type: 'update_vxe_table', data: { id: 2 } });
    expect(sockets.sameTable.sent).toHaveLength(1);
  });
});

describe.skipIf(!redisUp)(redisUp ? 'Redis backplane' : `Redis backplane (${SKIP_REASON})`, () => {
  const planes: RedisBackplane[] = [];
  afterAll(async () => {
    for (const p of planes) await p.close();
  });

  it('carries pushes and same-table updates from one server instance to another', async () => {
    const a = new RedisBackplane(REDIS_URL);
    const b = new RedisBackplane(REDIS_URL);
    planes.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    await new Promise((r) => setTimeout(r, 200));
    const hubA = new RealtimeHub(a);
    const hubB = new RealtimeHub(b);
    // Unique names: another test run or server may share this Redis channel.
    const run = randomUUID();
    const user = `user-${run}`;
    const page = `page-${run}`;
    const scope = tableScope(0, null);
    const onB = new RecordingSocket();
    hubB.addUserSocket(user, asSocket(onB));
    const tableOnA = new RecordingSocket();
    const tableOnB = new RecordingSocket();
    const otherTenantOnB = new RecordingSocket();
    hubA.addTableSocket({
      socket: asSocket(tableOnA),
      userId: user,
      pageId: page,
      scope,
      connectionId: 'c1',
    });
    hubB.addTableSocket({
      socket: asSocket(tableOnB),
      userId: 'u2',
      pageId: page,
      scope,
      connectionId: 'c2',
    });
    hubB.addTableSocket({
      socket: asSocket(otherTenantOnB),
      userId: 'u3',
      pageId: page,
      scope: tableScope(7, null),
      connectionId: 'c3',
    });

    await hubA.pushToUsers([user], { cmd: 'user', msgId: 'm1', msgTxt: 'hello' });
    await hubA.broadcastTable('c1', { type: 'update_vxe_table', data: { id: 1 } });
    for (let i = 0; i < 50 && (onB.sent.length === 0 || tableOnB.sent.length === 0); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(onB.sent.map((s) => JSON.parse(s))).toEqual([{ cmd: 'user', msgId: 'm1', msgTxt: 'hello' }]);
    expect(tableOnB.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'update_vxe_table', data: { id: 1 } }]);
    expect(tableOnA.sent).toEqual([]);
    expect(otherTenantOnB.sent).toEqual([]);
  });
});
