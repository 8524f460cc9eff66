import { EventEmitter } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { RedisBackplane } from './backplane.ts';
import { RealtimeHub } from './hub.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Records what a hub sends; stands for a browser's socket at the far end of the wire. */
class RecordingSocket extends EventEmitter {
  readyState = 1;
  sent: string[] = [];
  send(text: string) {
    this.sent.push(text);
  }
}

describe('Redis backplane', () => {
  const planes: RedisBackplane[] = [];
  afterAll(async () => {
    for (const p of planes) await p.close();
  });

  it('carries a push from one server instance to a user connected to another', async () => {
    const a = new RedisBackplane(REDIS_URL);
    const b = new RedisBackplane(REDIS_URL);
    planes.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    await new Promise((r) => setTimeout(r, 200));
    const hubA = new RealtimeHub(a);
    const hubB = new RealtimeHub(b);
    const onB = new RecordingSocket();
    hubB.addUserSocket('user-1', onB as unknown as WebSocket);
    const tableOnA = new RecordingSocket();
    const tableOnB = new RecordingSocket();
    hubA.addTableSocket({
      socket: tableOnA as unknown as WebSocket,
      userId: 'user-1',
      pageId: 'p1',
      connectionId: 'c1',
    });
    hubB.addTableSocket({
      socket: tableOnB as unknown as WebSocket,
      userId: 'user-2',
      pageId: 'p2',
      connectionId: 'c2',
    });

    await hubA.pushToUsers(['user-1'], { cmd: 'user', msgId: 'm1', msgTxt: 'hello' });
    await hubA.broadcastTable('c1', { type: 'update_vxe_table', data: { id: 1 } });
    for (let i = 0; i < 50 && (onB.sent.length === 0 || tableOnB.sent.length === 0); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(onB.sent.map((s) => JSON.parse(s))).toEqual([{ cmd: 'user', msgId: 'm1', msgTxt: 'hello' }]);
    expect(tableOnB.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'update_vxe_table', data: { id: 1 } }]);
    expect(tableOnA.sent).toEqual([]);
  });
});
