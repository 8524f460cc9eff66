// The live map's socket `/map/realtime/socket`: the server pushes `{type:'positions', rows}` with new fixes of
// the vehicles this user may see. Pushes are gathered and handed over at most every FLUSH_MS, so a busy fleet
// re-clusters a few times a second, not once per fix. Reconnects with back-off; a heartbeat keeps proxies open.
import type { LivePosition, PositionsPush } from '@freight/contracts';
import { useEffect, useRef } from 'react';
import { socketUrl } from '../../services/userSocket';
import { useSession } from '../../stores/session';

const FLUSH_MS = 250;
const HEARTBEAT_MS = 50_000;
const RETRY_MS = 3_000;
const RETRY_MAX_MS = 60_000;

export function positionSocketUrl(): string {
  return socketUrl('-').replace(/\/websocket\/[^/]*$/, '/map/realtime/socket');
}

export function parsePositions(data: unknown): LivePosition[] {
  if (typeof data !== 'string') return [];
  try {
    const message = JSON.parse(data) as Partial<PositionsPush>;
    return message?.type === 'positions' && Array.isArray(message.rows) ? message.rows : [];
  } catch {
    return [];
  }
}

/** Calls `onRows` with the fixes pushed since the last call; `onOpen` when the socket is (re)connected. */
export function usePositionSocket(onRows: (rows: LivePosition[]) => void, onOpen?: () => void): void {
  const token = useSession((s) => s.token);
  const handlers = useRef({ onRows, onOpen });
  handlers.current = { onRows, onOpen };

  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempts = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let beat: ReturnType<typeof setInterval> | undefined;
    let pending: LivePosition[] = [];
    const flush = setInterval(() => {
      if (pending.length === 0) return;
      const rows = pending;
      pending = [];
      handlers.current.onRows(rows);
    }, FLUSH_MS);

    const connect = () => {
      socket = new WebSocket(positionSocketUrl(), [token]);
      socket.onopen = () => {
        attempts = 0;
        beat = setInterval(() => {
          if (socket?.readyState === WebSocket.OPEN) socket.send('HeartBeat');
        }, HEARTBEAT_MS);
        handlers.current.onOpen?.();
      };
      socket.onmessage = (event) => {
        const rows = parsePositions(event.data);
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
  }, [token]);
}
