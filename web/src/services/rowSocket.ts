// A socket on which the server pushes `{type, rows}` (the realtime hub's row channels: the live map's fixes,
// the large screens' changes). Pushes are gathered and handed over at most every FLUSH_MS; reconnects with
// back-off; a heartbeat keeps proxies open. Without a token or WebSocket support nothing happens.
import { useEffect, useRef } from 'react';
import { useSession } from '../stores/session';
import { socketUrl } from './userSocket';

const FLUSH_MS = 250;
const HEARTBEAT_MS = 50_000;
const RETRY_MS = 3_000;
const RETRY_MAX_MS = 60_000;

/** The URL of a socket route of the API (e.g. `/map/realtime/socket`). */
export function apiSocketUrl(path: string): string {
  return socketUrl('-').replace(/\/websocket\/[^/]*$/, path);
}

export function parseRows<T>(data: unknown, type: string): T[] {
  if (typeof data !== 'string') return [];
  try {
    const message = JSON.parse(data) as { type?: string; rows?: unknown };
    return message?.type === type && Array.isArray(message.rows) ? (message.rows as T[]) : [];
  } catch {
    return [];
  }
}

/** Calls `onRows` with the rows of `type` pushed since the last call; `onOpen` when (re)connected. */
export function useRowSocket<T>(
  path: string | null,
  type: string,
  onRows: (rows: T[]) => void,
  onOpen?: () => void,
): void {
  const token = useSession((s) => s.token);
  const handlers = useRef({ onRows, onOpen });
  handlers.current = { onRows, onOpen };

  useEffect(() => {
    if (!token || !path || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempts = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let beat: ReturnType<typeof setInterval> | undefined;
    let pending: T[] = [];
    const flush = setInterval(() => {
      if (pending.length === 0) return;
      const rows = pending;
      pending = [];
      handlers.current.onRows(rows);
    }, FLUSH_MS);

    const connect = () => {
      socket = new WebSocket(apiSocketUrl(path), [token]);
      socket.onopen = () => {
        attempts = 0;
        beat = setInterval(() => {
          if (socket?.readyState === WebSocket.OPEN) socket.send('HeartBeat');
        }, HEARTBEAT_MS);
        handlers.current.onOpen?.();
      };
      socket.onmessage = (event) => {
        const rows = parseRows<T>(event.data, type);
        if (rows.length) pending.push(...rows);
      };
      socket.onclose = () => {
        clearInterval(beat);
        if (stopped) return;
        attempts += 1;
        retry = setTimeout(connect, Math.min(RETRY_MS * attempts, RETRY_MAX_MS));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(beat);
      clearInterval(flush);
      socket?.close();
    };
  }, [token, path, type]);
}
