import { WebSocket } from 'ws';
import type { TestApp } from './harness.ts';

// Sockets of a test app: it listens on a free port; a socket opens with the session token as protocol and
// keeps the JSON messages it is sent.

/** Starts listening; answers the ws:// base of the API. */
export async function listenForSockets(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jeecg-boot`;
}

export function openSocket<T>(url: string, token: string): Promise<{ socket: WebSocket; messages: T[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, [token]);
    const messages: T[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(raw.toString()) as T));
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('error', reject);
  });
}

/** Waits (at most 5 s) until `check` holds; answers whether it does. */
export async function until(check: () => boolean): Promise<boolean> {
  for (let waited = 0; !check() && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  return check();
}
