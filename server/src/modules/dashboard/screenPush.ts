import type { ScreenTopic } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { onFreightEvent } from '../freight/index.ts';

// The large screens' live figures: every waybill step tells the screens of its tenant, over the realtime hub
// (so on every instance), that their figures changed; each screen then reads them again through its own
// scoped endpoint (so nothing pushed can show another party's business). The steps of a busy tenant are
// gathered for SETTLE_MS, which also lets the step's transaction commit before the screens read.

export const SCREEN_CHANNEL = 'screen';
const SETTLE_MS = 1_000;
const TOPICS: ScreenTopic[] = ['data', 'finance'];

export function screenPushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pending = new Map<number, ReturnType<typeof setTimeout>>();
  const changed = (tenantId: number) => {
    if (pending.has(tenantId)) return;
    const timer = setTimeout(() => {
      pending.delete(tenantId);
      const at = new Date().toISOString();
      ctx.realtime
        .publishRows(
          SCREEN_CHANNEL,
          tenantId,
          TOPICS.map((topic) => ({ topic, at })),
        )
        .catch((error: unknown) => app.log.warn({ err: error }, 'screen push failed'));
    }, SETTLE_MS);
    timer.unref?.();
    pending.set(tenantId, timer);
  };
  onFreightEvent(ctx.db, async (_tx, event) => {
    if (event.kind === 'noteStep') changed(event.note.tenantId);
  });
  app.addHook('onClose', async () => {
    for (const timer of pending.values()) clearTimeout(timer);
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
