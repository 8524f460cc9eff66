import type { ScreenTopic } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { onMoneyMoved } from '../finance/index.ts';
import { onFreightEvent } from '../freight/index.ts';

// The large screens' live figures: every waybill step tells the screens of its tenant, over the realtime hub
// (so on every instance), that their figures changed; each screen then reads them again through its own
// scoped endpoint (so nothing pushed can show another party's business); a bank payment paid tells the finance
// screen. The changes of a busy tenant are gathered for SETTLE_MS, which also lets the step's transaction
// commit before the screens read.

export const SCREEN_CHANNEL = 'screen';
const SETTLE_MS = 1_000;
const TOPICS: ScreenTopic[] = ['data', 'finance'];

export function screenPushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pending = new Map<number, { timer: ReturnType<typeof setTimeout>; topics: Set<ScreenTopic> }>();
  const changed = (tenantId: number, topics: ScreenTopic[]) => {
    const waiting = pending.get(tenantId);
    if (waiting) {
      for (const topic of topics) waiting.topics.add(topic);
      return;
    }
    const gathered = new Set(topics);
    const timer = setTimeout(() => {
      pending.delete(tenantId);
      const at = new Date().toISOString();
      ctx.realtime
        .publishRows(
          SCREEN_CHANNEL,
          tenantId,
          [...gathered].map((topic) => ({ topic, at })),
        )
        .catch((error: unknown) => app.log.warn({ err: error }, 'screen push failed'));
    }, SETTLE_MS);
    timer.unref?.();
    pending.set(tenantId, { timer, topics: gathered });
  };
  onFreightEvent(ctx.db, async (_tx, event) => {
    if (event.kind === 'noteStep') changed(event.note.tenantId, TOPICS);
  });
  // A bank payment paid (after its commit) moves the finance screen's figures: payments today, wallet float.
  onMoneyMoved(ctx.db, (tenantId) => changed(tenantId, ['finance']));
  app.addHook('onClose', async () => {
    for (const { timer } of pending.values()) clearTimeout(timer);
    pending.clear();
  });

  for (const topic of TOPICS)
    app.get(
      `/screen/${topic}/socket`,
      { websocket: true, config: { access: perm(`screen:${topic}`), audit: false } },
      (socket, request) => {
        const session = request.session;
        if (!session) {
          socket.close(4401, 'unauthorized');
          return;
        }
        ctx.realtime.addRowSocket({
          socket,
          channel: SCREEN_CHANNEL,
          tenantId: session.tenantId,
          sees: (row) => row.topic === topic,
        });
        socket.on('error', (error) => request.log.warn({ err: error }, 'screen socket error'));
        socket.on('message', (raw: Buffer) => {
          if (raw.toString() === 'HeartBeat') socket.send(JSON.stringify({ type: 'heartcheck' }));
        });
      },
    );
}
