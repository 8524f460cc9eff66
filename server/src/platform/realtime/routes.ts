import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/session.ts';
import { type RealtimeHub, tableScope } from './hub.ts';

interface TableMessage {
  type?: string;
  data?: unknown;
}

/** The socket's tenant: the query's `tenant_id` when given, else the header's (checked by the guard). */
function socketTenant(query: string | undefined, fromHeader: number): number | null {
  if (query === undefined || query === '') return fromHeader;
  const n = Number(query);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** The session when the socket is its own user's; any other socket is closed as forbidden. */
function ownSession(
  socket: { close(code: number, reason: string): void },
  session: Session | null,
  userId: string,
) {
  if (session && session.user.id === userId) return session;
  socket.close(4403, 'forbidden');
  return null;
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
      const session = ownSession(socket, request.session, request.params.userId);
      if (!session) return;
      hub.addUserSocket(session.user.id, socket);
      // A peer that resets its connection must not take the process down with an unhandled 'error'.
      socket.on('error', (error) => request.log.warn({ err: error }, 'user socket error'));
      socket.on('message', (raw: Buffer) => {
        if (raw.toString() === 'HeartBeat')
          socket.send(JSON.stringify({ cmd: 'heartcheck', msgTxt: 'heartcheck' }));
      });
    },
  );

  app.get<{ Params: { userId: string; pageId: string }; Querystring: { tenant_id?: string } }>(
    '/vxeSocket/:userId/:pageId',
    { websocket: true, config: { access: 'login', audit: false } },
    (socket, request) => {
      const session = ownSession(socket, request.session, request.params.userId);
      if (!session) return;
      // A browser cannot set the tenant_id header on a WebSocket, so the tenant may also come as a query
      // parameter; like the header, only a tenant of the user is accepted.
      const tenantId = socketTenant(request.query.tenant_id, session.tenantId);
      if (tenantId === null || !session.user.tenantIds.includes(tenantId)) {
        socket.close(4403, 'forbidden');
        return;
      }
      const connectionId = randomUUID();
      hub.addTableSocket({
        socket,
        userId: session.user.id,
        pageId: request.params.pageId,
        scope: tableScope(tenantId, session.user.cid),
        connectionId,
      });
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
