// Editable-table row sync over `/vxeSocket/{userId}/{pageId}`. A changed row is
// sent as `update_vxe_table` with `{socketKey, args: [row, caseId]}`; the server relays it to every other
// open table socket, and each instance merges it into its own row when the socketKey matches and the
// caseId is not its own. Heartbeat every 10 s; no reply within 6 s, an error or a close reconnects after 5 s.
import { useEffect, useMemo, useRef, useState } from 'react';
import { socketUrl } from '../../services/userSocket';
import { useSession } from '../../stores/session';

export const VXE_HEARTBEAT_MS = 10_000;
export const VXE_REPLY_TIMEOUT_MS = 6_000;
export const VXE_RECONNECT_MS = 5_000;
/** Close code of a socket refused for another user's id: retrying cannot help. */
const FORBIDDEN = 4403;

export interface VxeMessage {
  type: 'heart_beat' | 'common_send_date' | 'update_vxe_table' | string;
  data?: unknown;
}

export interface VxeRowUpdate {
  socketKey: string;
  args: [Record<string, unknown>, string];
}

/** `ws(s)://host/<api base>/vxeSocket/{userId}/{pageId}`, built like the notification socket's URL. */
/** The tenant goes in the query: a browser cannot set headers on a WebSocket (tenant_id). */
export function vxeSocketUrl(userId: string, pageId: string, tenantId = '0'): string {
  const base = socketUrl(userId).replace(/\/websocket\/[^/]*$/, '');
  return `${base}/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}?tenant_id=${encodeURIComponent(tenantId)}`;
}

/** The row of an `update_vxe_table` message meant for `socketKey` and sent by another instance. */
export function rowUpdateFor(
  raw: unknown,
  socketKey: string,
  caseId: string,
): Record<string, unknown> | null {
  if (typeof raw !== 'string') return null;
  let message: VxeMessage;
  try {
    message = JSON.parse(raw) as VxeMessage;
  } catch {
    return null;
  }
  if (message?.type !== 'update_vxe_table') return null;
  const data = message.data as Partial<VxeRowUpdate> | undefined;
  if (!data || data.socketKey !== socketKey || !Array.isArray(data.args)) return null;
  const [row, sender] = data.args;
  if (sender === caseId || !row || typeof row !== 'object') return null;
  return row as Record<string, unknown>;
}

export interface VxeSocketOptions {
  pageId: string;
  socketKey: string;
  /** Off: no socket is opened. */
  enabled?: boolean;
  onRow: (row: Record<string, unknown>) => void;
}

export interface VxeSocket {
  /** This instance's id; updates carrying it are never merged back. */
  caseId: string;
  /** The socket is open (shown as `data-socket` on the table, waited for by the e2e test). */
  connected: boolean;
  sendRow: (row: Record<string, unknown>) => void;
}

export function useVxeSocket({ pageId, socketKey, enabled = true, onRow }: VxeSocketOptions): VxeSocket {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  const caseId = useMemo(() => `case-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`, []);
  const socketRef = useRef<WebSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const onRowRef = useRef(onRow);
  onRowRef.current = onRow;

  useEffect(() => {
    if (!enabled || !token || !userId || typeof WebSocket === 'undefined') return;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let beat: ReturnType<typeof setInterval> | undefined;
    let waiting: ReturnType<typeof setTimeout> | undefined;

    const reconnectLater = () => {
      clearInterval(beat);
      clearTimeout(waiting);
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect();
      }, VXE_RECONNECT_MS);
    };

    const connect = () => {
      if (stopped) return;
      const socket = new WebSocket(vxeSocketUrl(userId, pageId, useSession.getState().tenantId), [token]);
      socketRef.current = socket;
      socket.onopen = () => {
        setConnected(true);
        beat = setInterval(() => {
          if (socket.readyState !== WebSocket.OPEN) return;
          socket.send(JSON.stringify({ type: 'heart_beat', data: '-' }));
          clearTimeout(waiting);
          // No reply within 6 s: the connection is dead even if the browser has not noticed.
          waiting = setTimeout(() => socket.close(), VXE_REPLY_TIMEOUT_MS);
        }, VXE_HEARTBEAT_MS);
      };
      socket.onmessage = (event) => {
        clearTimeout(waiting);
        const row = rowUpdateFor(event.data, socketKey, caseId);
        if (row) onRowRef.current(row);
      };
      socket.onerror = () => socket.close();
      socket.onclose = (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        setConnected(false);
        if (event.code === FORBIDDEN) {
          stopped = true;
          return;
        }
        reconnectLater();
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(beat);
      clearTimeout(waiting);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [enabled, token, userId, pageId, socketKey, caseId]);

  return useMemo(
    () => ({
      caseId,
      connected,
      sendRow: (row: Record<string, unknown>) => {
        const socket = socketRef.current;
        if (socket?.readyState !== WebSocket.OPEN) return;
        const data: VxeRowUpdate = { socketKey, args: [row, caseId] };
        socket.send(JSON.stringify({ type: 'update_vxe_table', data }));
      },
    }),
    [caseId, socketKey, connected],
  );
}
