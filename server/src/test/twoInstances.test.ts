import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD, MSG } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { hyWebhookDelivery } from '../modules/freight/appSchema.ts';
import { sendDueWebhooks } from '../modules/freight/webhooks.ts';
import { sysQuartzJobLog } from '../modules/system/adminSchema.ts';
import { sha256 } from '../platform/auth/crypto.ts';
import { api, startTestApp, type TestApp } from './harness.ts';
import { redisAnswers, TEST_REDIS_URL } from './redis.ts';
import { CUSTOMERS } from './shippingKit.ts';

// Two server instances on one PostgreSQL database and one Redis behave as one: sessions, pushes over
// websockets, scheduled jobs, outbox senders and the gateway's route table. Needs a real PostgreSQL
// (TEST_DATABASE_URL, as `npm run test:postgres` sets it) and a Redis; skipped, with the reason, otherwise.

const PG_URL = process.env.TEST_DATABASE_URL;
const redisUp = await redisAnswers(TEST_REDIS_URL);
const missing = [
  PG_URL ? null : 'no TEST_DATABASE_URL (the embedded PGlite lives in one process)',
  redisUp ? null : `no Redis answers at ${TEST_REDIS_URL}`,
].filter(Boolean);
const SKIP_REASON = missing.length ? `skipped: ${missing.join('; ')}` : '';
if (SKIP_REASON) console.warn(`two-instance tests ${SKIP_REASON}`);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Polls `check` until it holds or `ms` pass; answers whether it held. */
async function waitFor(check: () => boolean | Promise<boolean>, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(SKIP_REASON !== '')(
  SKIP_REASON ? `two server instances (${SKIP_REASON})` : 'two server instances on one PostgreSQL and Redis',
  () => {
    let a: TestApp;
    let b: TestApp;
    let wsA: string;
    let wsB: string;
    let adminA: string;
    let adminId: string;

    beforeAll(async () => {
      // A prefix of this run only: Redis pub/sub is shared by everything on that server.
      const shared = { redisUrl: TEST_REDIS_URL, redisPrefix: `test-${randomUUID()}:` };
      a = await startTestApp(shared);
      b = await startTestApp(shared, { sharedDatabaseUrl: a.databaseUrl });
      const base = async (t: TestApp) => {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/jeecg-boot`;
      };
      wsA = await base(a);
      wsB = await base(b);
      const login = await a.app.inject({
        method: 'POST',
        url: api('/sys/login'),
        payload: { username: 'admin', password: DEMO_PASSWORD },
      });
      adminA = login.json().result.token;
      adminId = login.json().result.userInfo.id;
    }, 120_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    const call = (t: TestApp, method: Method, path: string, payload?: object, token: string = adminA) =>
      t.call(token, { method, url: api(path), payload });

    const openSocket = (url: string, token: string) =>
      new Promise<{ socket: WebSocket; messages: Array<Record<string, unknown>> }>((resolve, reject) => {
        const socket = new WebSocket(url, [token]);
        const messages: Array<Record<string, unknown>> = [];
        socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
        socket.once('open', () => resolve({ socket, messages }));
        socket.once('error', reject);
      });

    it('a token issued on A works on B; logging out or kicking it out on A refuses it on B', async () => {
      expect((await call(b, 'GET', '/sys/user/list?pageSize=1')).statusCode).toBe(200);

      const second = await a.login('admin');
      expect((await call(b, 'GET', '/sys/user/list?pageSize=1', undefined, second)).statusCode).toBe(200);
      expect((await call(a, 'POST', '/sys/logout', {}, second)).json().success).toBe(true);
      // B remembered the session; the logout on A reaches it through PostgreSQL (LISTEN/NOTIFY).
      expect(
        await waitFor(
          async () =>
            (await call(b, 'GET', '/sys/user/list?pageSize=1', undefined, second)).statusCode === 401,
        ),
      ).toBe(true);

      const third = await a.login('operations01');
      expect(
        (await call(b, 'GET', '/sys/permission/getUserPermissionByToken', undefined, third)).statusCode,
      ).toBe(200);
      const kicked = await call(a, 'POST', '/sys/online/forceLogout', { token: sha256(third).slice(0, 16) });
      expect(kicked.json().success).toBe(true);
      expect(
        await waitFor(
          async () =>
            (await call(b, 'GET', '/sys/permission/getUserPermissionByToken', undefined, third))
              .statusCode === 401,
        ),
      ).toBe(true);
    });

    it('wrong passwords count across instances: failures on A and B together lock the account on both', async () => {
      const attempt = (t: TestApp, password: string) =>
        t.app.inject({ method: 'POST', url: api('/sys/login'), payload: { username: 'agent01', password } });
      for (let i = 0; i < 5; i++)
        expect((await attempt(i % 2 ? b : a, `Bad#pass${i}x`)).json().message).toBe(MSG.badCredentials);
      for (const t of [a, b])
        expect((await attempt(t, DEMO_PASSWORD)).json()).toMatchObject({
          success: false,
          message: MSG.accountLocked,
        });
    });

    it('a bell push released on A reaches the socket of the user on B; table edits cross too', async () => {
      const { socket, messages } = await openSocket(`${wsB}/websocket/${adminId}`, adminA);
      try {
        const title = `跨实例通知-${randomUUID().slice(0, 8)}`;
        expect((await call(a, 'POST', '/sys/annountCement/add', { titile: title })).json().success).toBe(
          true,
        );
        const row = (
          await call(a, 'GET', `/sys/annountCement/list?titile=${encodeURIComponent(title)}`)
        ).json().result.records[0];
        const released = await call(a, 'GET', `/sys/annountCement/doReleaseData?id=${row.id}`);
        expect(released.json().success).toBe(true);
        expect(await waitFor(() => messages.some((m) => m.msgId === row.id))).toBe(true);
        expect(messages.find((m) => m.msgId === row.id)).toEqual({
          cmd: 'topic',
          msgId: row.id,
          msgTxt: title,
        });
      } finally {
        socket.close();
      }

      const page = `page-${randomUUID()}`;
      const onA = await openSocket(`${wsA}/vxeSocket/${adminId}/${page}`, adminA);
      const onB = await openSocket(`${wsB}/vxeSocket/${adminId}/${page}`, adminA);
      try {
        onA.socket.send(JSON.stringify({ type: 'update_vxe_table', data: { id: 'r1', name: '改' } }));
        expect(await waitFor(() => onB.messages.length > 0)).toBe(true);
        expect(onB.messages[0]).toEqual({ type: 'update_vxe_table', data: { id: 'r1', name: '改' } });
        expect(onA.messages).toEqual([]);
      } finally {
        onA.socket.close();
        onB.socket.close();
      }
    });

    it('a job scheduled on both instances runs each trigger once, and a schedule change reaches both', async () => {
      const job = (await call(a, 'GET', '/sys/quartzJob/list?jobClassName=refreshCounters')).json().result
        .records[0];
      await a.ctx.jobs.start();
      await b.ctx.jobs.start();
      const started = new Date();
      try {
        await call(a, 'PUT', '/sys/quartzJob/edit', { ...job, cronExpression: '* * * * * *' });
        expect((await call(a, 'GET', `/sys/quartzJob/resume?id=${job.id}`)).json().success).toBe(true);
        expect(a.ctx.jobs.scheduledIds()).toContain(job.id);
        // B hears of the change through the backplane, well before its 30 s re-read.
        expect(await waitFor(() => b.ctx.jobs.scheduledIds().includes(job.id), 1000)).toBe(true);
        const runs = () =>
          a.db
            .select()
            .from(sysQuartzJobLog)
            .where(and(eq(sysQuartzJobLog.jobId, job.id), eq(sysQuartzJobLog.trigger, 'cron')));
        expect(
          await waitFor(
            async () => (await runs()).filter((r) => r.success === 1 && r.startTime >= started).length >= 3,
            8000,
          ),
        ).toBe(true);
        await call(a, 'GET', `/sys/quartzJob/pause?id=${job.id}`);
        expect(await waitFor(() => !b.ctx.jobs.scheduledIds().includes(job.id), 1000)).toBe(true);
        const fired = (await runs()).filter((r) => r.startTime >= started);
        const fireTimes = fired.map((r) => r.fireTime?.toISOString());
        // Every trigger ran once, by whichever instance claimed it first.
        expect(new Set(fireTimes).size).toBe(fireTimes.length);
      } finally {
        await a.ctx.jobs.stop();
        await b.ctx.jobs.stop();
      }
    });

    it('the webhook outbox posts each delivery once when both instances send at the same time', async () => {
      const received = new Map<string, number>();
      const server: Server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          const key = (JSON.parse(body) as { id: string }).id;
          received.set(key, (received.get(key) ?? 0) + 1);
          response.writeHead(200).end('ok');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
        const added = (
          await call(a, 'POST', '/apps/enterprise/add', {
            appName: '双实例回调',
            customerId: CUSTOMERS.hengda,
            scopes: ['waybills:read'],
            ipAllowList: '',
            rateLimitPerMinute: 600,
            enabled: true,
            webhookUrl: url,
          })
        ).json();
        expect(added.success).toBe(true);
        const appId = added.result.id as string;
        const ids = Array.from({ length: 40 }, () => randomUUID().replaceAll('-', ''));
        await a.db.insert(hyWebhookDelivery).values(
          ids.map((id) => ({
            id,
            appId,
            event: 'waybill.status_changed',
            payload: JSON.stringify({ id }),
            nextAttemptAt: new Date(Date.now() - 1000),
          })),
        );
        // Small batches from both at once, until nothing is left to claim.
        const drain = async (t: TestApp) => {
          for (;;) if ((await sendDueWebhooks(t.db, { limit: 3 })).claimed === 0) return;
        };
        await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
        expect([...received.keys()].sort()).toEqual([...ids].sort());
        expect([...received.values()].every((n) => n === 1)).toBe(true);
        const rows = await a.db.select().from(hyWebhookDelivery).where(eq(hyWebhookDelivery.appId, appId));
        expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('a dictionary item added on A is in the dictionaries of B within a second', async () => {
      const code = `kind_${randomUUID().slice(0, 8)}`;
      expect(
        (await call(a, 'POST', '/sys/dict/add', { dictName: '双实例', dictCode: code })).json().success,
      ).toBe(true);
      const dict = (await call(a, 'GET', `/sys/dict/list?dictCode=${code}`)).json().result.records[0];
      const texts = async (t: TestApp) =>
        (
          (await call(t, 'GET', `/sys/dict/getDictItems/${code}`)).json().result as Array<{ text: string }>
        ).map((i) => i.text);
      expect(await texts(b)).toEqual([]);
      const added = await call(a, 'POST', '/sys/dictItem/add', {
        dictId: dict.id,
        itemValue: '1',
        itemText: '平板',
      });
      expect(added.json().success).toBe(true);
      expect(await texts(a)).toEqual(['平板']);
      expect(await waitFor(async () => (await texts(b)).length === 1, 1000)).toBe(true);
    });

    it('a gateway route added on A is served by B within a second', async () => {
      const server: Server = createServer((request, response) => {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ url: request.url }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const routerId = `r${randomUUID().slice(0, 8)}`;
        const path = `/gateway/${routerId}/api/ping`;
        // B has loaded its table and does not know the route yet.
        expect((await call(b, 'GET', path)).statusCode).toBe(404);
        const added = await call(a, 'POST', '/sys/gatewayRoute/add', {
          routerId,
          name: '双实例路由',
          uri: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          predicates: '["/api/**"]',
          stripPrefix: 1,
        });
        expect(added.json().success).toBe(true);
        const at = Date.now();
        expect((await call(a, 'GET', path)).statusCode).toBe(200);
        expect(await waitFor(async () => (await call(b, 'GET', path)).statusCode === 200, 1000)).toBe(true);
        expect(Date.now() - at).toBeLessThan(1000);
        expect((await call(b, 'GET', path)).json()).toEqual({ url: '/ping' });

        // A disabled route stops on B just as fast.
        const route = (await call(a, 'GET', `/sys/gatewayRoute/list?routerId=${routerId}`)).json().result
          .records[0];
        await call(a, 'PUT', '/sys/gatewayRoute/edit', { ...route, status: 0 });
        expect(await waitFor(async () => (await call(b, 'GET', path)).statusCode === 404, 1000)).toBe(true);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  },
);
