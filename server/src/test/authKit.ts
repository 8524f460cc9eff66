import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { smsOutboxFile } from '../modules/system/auth/smsChannel.ts';
import { sysSmsCode } from '../modules/system/authSchema.ts';
import { api, type TestApp } from './harness.ts';

// Helpers of the auth-flow tests: reading codes from the message queue, as the console's e2e tests do.

/** The administrator adds a user with the password given (for a new user, an initial one); the raw answer. */
export async function addUserAsAdmin(
  t: TestApp,
  user: { username: string; realname: string; password: string },
) {
  return t.call(await t.login('admin'), { method: 'POST', url: api('/sys/user/add'), payload: user });
}

export async function sendSms(t: TestApp, mobile: string, smsmode: '0' | '1' | '2') {
  return t.call(null, { method: 'POST', url: api('/sys/sms'), payload: { mobile, smsmode } });
}

/** The code of the newest message to `mobile`, as the outbox channel delivered it (sys_sms keeps it blanked). */
export async function lastCode(t: TestApp, mobile: string): Promise<string | undefined> {
  let text = '';
  try {
    text = await readFile(smsOutboxFile(t.config.dataDir), 'utf8');
  } catch {
    return undefined;
  }
  const messages = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { receiver: string; params: { code?: string } })
    .filter((m) => m.receiver === mobile);
  return messages.at(-1)?.params.code;
}

/** Moves every code of `mobile` back in time, as if `ms` had passed (60 s spacing, 10 min life). */
export async function ageCodes(t: TestApp, mobile: string, ms: number): Promise<void> {
  const rows = await t.db.select().from(sysSmsCode).where(eq(sysSmsCode.mobile, mobile));
  for (const row of rows) {
    await t.db
      .update(sysSmsCode)
      .set({
        createTime: new Date(row.createTime.getTime() - ms),
        expiresAt: new Date(row.expiresAt.getTime() - ms),
      })
      .where(and(eq(sysSmsCode.id, row.id)));
  }
}

/** Sends a code (spacing earlier ones out of the 60 s window first) and returns it. */
export async function freshCode(t: TestApp, mobile: string, smsmode: '0' | '1' | '2'): Promise<string> {
  await ageCodes(t, mobile, 61_000);
  const res = await sendSms(t, mobile, smsmode);
  if (!res.json().success) throw new Error(`sms failed: ${res.json().message}`);
  const code = await lastCode(t, mobile);
  if (!code) throw new Error('no code queued');
  return code;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A tiny HTTP server on 127.0.0.1 standing in for CAS, an OIDC provider or an SMS gateway. */
export async function fakeServer(
  handler: Handler,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => handler(req, res, body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
