import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RealtimeHub } from './hub.ts';

interface TableMessage {
  type?: string;
  data?: unknown;
}

/**
 * `/websocket/{userId}` (announcement and counter pushes) and `/vxeSocket/{userId}/{pageId}` (editable-table
 * row sync). The token travels as the WebSocket sub-protocol; the guard authenticates the upgrade like any call.
 */
export function realtimeRoutes(app: FastifyInstance, hub: RealtimeHub): void {
  app.get<{ Params: { userId: string } }>(
    '/websocket/:userId',
    { websocket: true, config: { access: 'login', audit: false } },
    (socket, request) => {
      const session = request.session;
      if (!session || session.user.id !== request.params.userId) {
        socket.close(4403, 'forbidden');
        return;
      }
      hub.addUserSocket(session.user.id, socket);
      // A peer that resets its connection must not take the process down with an unhandled 'error'.
      socket.on('error', (error) => request.log.warn({ err: error }, 'user socket error'));
      socket.on('message', (raw: Buffer) => {
        if (raw.toString() === 'HeartBeat')
          socket.send(JSON.stringify({ cmd: 'heartcheck', msgTxt: 'heartcheck' }));
      });
    },
  );

  app.get<{ Params: { userId: string; pageId: string } }>(
    '/vxeSocket/:userId/:pageId',
    { websocket: true, config: { access: 'login', audit: false } },
    (socket, request) => {
      const session = request.session;
      if (!session || session.user.id !== request.params.userId) {
        socket.close(4403, 'forbidden');
        return;
      }
      const connectionId = randomUUID();
      hub.addTableSocket({ socket, userId: session.user.id, pageId: request.params.pageId, connectionId });
      socket.on('error', (error) => request.log.warn({ err: error }, 'table socket error'));
      socket.on('message', (raw: Buffer) => {
        let message: TableMessage;
        try {
          message = JSON.parse(raw.toString()) as TableMessage;
        } catch {
          return;
        }
        if (message.type === 'heart_beat') {
          socket.send(JSON.stringify({ type: 'heart_beat', data: true }));
        } else if (message.type === 'update_vxe_table' || message.type === 'common_send_date') {
          hub
            .broadcastTable(connectionId, { type: message.type, data: message.data })
            .catch((error: unknown) => request.log.error({ err: error }, 'table broadcast failed'));
        }
      });
    },
  );
}
