// A socket on which the server pushes `{type, rows}` (the realtime hub's row channels: the live map's fixes,
// the large screens' changes). Pushes are gathered and handed over at most every FLUSH_MS; the socket is kept
// open (keptSocket). Without a token or WebSocket support nothing happens.
import { useEffect, useRef } from 'react';
import { useSession } from '../stores/session';
import { keepSocketOpen } from './keptSocket';
import { socketUrl } from './userSocket';

const FLUSH_MS = 250;
const RETRY_MS = 3_000;

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
    let pending: T[] = [];
    const flush = setInterval(() => {
      if (pending.length === 0) return;
      const rows = pending;
      pending = [];
      handlers.current.onRows(rows);
    }, FLUSH_MS);

    const stop = keepSocketOpen({
      url: apiSocketUrl(path),
      token,
      retryMs: RETRY_MS,
      onOpen: () => handlers.current.onOpen?.(),
      onMessage: (data) => {
        const rows = parseRows<T>(data, type);
        if (rows.length) pending.push(...rows);
      },
    });
    return () => {
      stop();
      clearInterval(flush);
    };
  }, [token, path, type]);
}
