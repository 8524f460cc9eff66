// A server socket kept open while a page wants it: "HeartBeat" is sent every 50 s (at once too, where the
// first answer tells that the server has the socket) so that proxies do not drop it, and a closed socket
// reconnects after a back-off growing with each failed attempt up to a minute.

const HEARTBEAT_MS = 50_000;
const RETRY_MAX_MS = 60_000;

export interface KeptSocket {
  url: string;
  token: string;
  /** The first wait before reconnecting; the n-th failed attempt waits n times as long. */
  retryMs: number;
  /** A close with this code is the server's final refusal: no reconnecting. */
  refusedCode?: number;
  /** Sends a heartbeat as soon as the socket opens. */
  beatAtOnce?: boolean;
  onOpen?: () => void;
  onMessage: (data: unknown) => void;
}

/** Opens the socket; the answer closes it for good. */
export function keepSocketOpen({
  url,
  token,
  retryMs,
  refusedCode,
  beatAtOnce = false,
  onOpen,
  onMessage,
}: KeptSocket): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let beat: ReturnType<typeof setInterval> | undefined;

  const connect = () => {
    socket = new WebSocket(url, [token]);
    socket.onopen = () => {
      attempts = 0;
      const heartBeat = () => {
        if (socket?.readyState === WebSocket.OPEN) socket.send('HeartBeat');
      };
      if (beatAtOnce) heartBeat();
      beat = setInterval(heartBeat, HEARTBEAT_MS);
      onOpen?.();
    };
    socket.onmessage = (event) => onMessage(event.data);
    socket.onclose = (event) => {
      clearInterval(beat);
      if (stopped || event.code === refusedCode) return;
      attempts += 1;
      retry = setTimeout(connect, Math.min(retryMs * attempts, RETRY_MAX_MS));
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(beat);
    socket?.close();
  };
}
