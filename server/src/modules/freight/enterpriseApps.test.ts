import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { api, CUSTOMERS, ShippingKit } from '../../test/shippingKit.ts';
import { hyEnterpriseApp, hyWebhookDelivery } from './appSchema.ts';
import { hmacHex, stringToSign } from './enterpriseApps.ts';
import { sendDueWebhooks, webhookSignature } from './webhooks.ts';

// 企业应用: credentials shown once and never read back, the signed open API (orders, waybills and
// tracks of the app's own customer) with its refusals, and signed webhooks retried after a failure.

type Envelope<T = Record<string, unknown>> = {
  success: boolean;
  message: string;
  code: number;
  result: T;
};
interface Credentials {
  id: string;
  appKey: string;
  appSecret: string;
}

describe('企业应用 and the open API', () => {
  const t = useTestApp();
  const k = ShippingKit.use(t);
  const tokens = useLogins(t, { shipperAdmin: 'shipper_admin' });
  let creds: Credentials;
  let nonceSeq = 0;

  const signed = async (
    method: 'GET' | 'POST',
    path: string,
    options: {
      body?: unknown;
      c?: Credentials;
      timestamp?: number;
      nonce?: string;
      secret?: string;
    } = {},
  ) => {
    const c = options.c ?? creds;
    const url = api(`/openapi/v1${path}`);
    const body = options.body === undefined ? '' : JSON.stringify(options.body);
    const timestamp = String(options.timestamp ?? Date.now());
    const nonce = options.nonce ?? `nonce${Date.now()}x${nonceSeq++}`;
    const signature = hmacHex(
      options.secret ?? c.appSecret,
      stringToSign(method, url, timestamp, nonce, body),
    );
    const res = await t.app.inject({
      method,
      url,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        'x-app-key': c.appKey,
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-signature': signature,
      },
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json() as Envelope<Record<string, unknown>> };
  };

  const orderInput = () => {
    const {
      customerId: _c,
      serviceFeeMode: _m,
      serviceFeeValue: _v,
      ...rest
    } = k.orderBody({
      goodsName: '开放接口钢材',
    }) as Record<string, unknown>;
    return rest;
  };

  it('creates an app for a customer and shows its secret once; the list never carries it', async () => {
    const added = await k.ok('POST', '/apps/enterprise/add', {
      appName: 'ERP对接',
      customerId: CUSTOMERS.hengda,
      scopes: ['orders:write', 'waybills:read', 'tracks:read'],
      ipAllowList: '',
      rateLimitPerMinute: 600,
      enabled: true,
    });
    creds = added.result as unknown as Credentials;
    expect(creds.appKey).toMatch(/^ent_[0-9a-f]{24}$/);
    expect(creds.appSecret.length).toBeGreaterThanOrEqual(40);
    const list = await k.get('/apps/enterprise/list', { appName: 'ERP' });
    const row = list.result.records?.find((r) => r.id === creds.id) as Record<string, unknown>;
    expect(row).toMatchObject({ appKey: creds.appKey, customerName: '苏州恒达建材有限公司', enabled: true });
    expect(row.secretHint).toBe(creds.appSecret.slice(-4));
    expect(JSON.stringify(list)).not.toContain(creds.appSecret);
    expect(row).not.toHaveProperty('secretCipher');
    const detail = await k.get('/apps/enterprise/queryById', { id: creds.id });
    expect(JSON.stringify(detail)).not.toContain(creds.appSecret);
    expect(detail.result).not.toHaveProperty('secretCipher');
    // at rest: encrypted, not the secret itself
    const [stored] = await t.db.select().from(hyEnterpriseApp).where(eq(hyEnterpriseApp.id, creds.id));
    expect(stored.secretCipher).toMatch(/^gcm1:/);
    expect(stored.secretCipher).not.toContain(creds.appSecret);
  });

  it('scopes the list to a customer admin’s own customer', async () => {
    await k.ok(
      'POST',
      '/apps/enterprise/add',
      {
        appName: '钢铁WMS',
        scopes: 'waybills:read',
        enabled: true,
        // ignored: a customer user's app is its own customer's
        customerId: CUSTOMERS.hengda,
      },
      tokens.shipperAdmin,
    );
    const own = await k.get('/apps/enterprise/list', {}, tokens.shipperAdmin);
    expect(own.result.records?.map((r) => r.appName)).toEqual(['钢铁WMS']);
    expect(own.result.records?.[0]?.customerId).toBe(CUSTOMERS.eastSteel);
    const refused = await k.call(
      'POST',
      '/apps/enterprise/rotateSecret',
      { id: creds.id },
      tokens.shipperAdmin,
    );
    expect(refused.success).toBe(false);
    const all = await k.get('/apps/enterprise/list');
    expect(all.result.total).toBe(2);
  });

  it('serves a signed call: an order for the app’s customer, its waybills only, a track', async () => {
    const created = await signed('POST', '/orders?publish=true', { body: orderInput() });
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.success).toBe(true);
    const orderId = String(created.body.result.id);
    const order = (await k.get('/order/hyOrder/queryById', { id: orderId })).result;
    expect(order).toMatchObject({ customerId: CUSTOMERS.hengda, status: 1, goodsName: '开放接口钢材' });
    // the customer's own fee rule, whatever the caller sends
    expect(order.serviceFeeMode).not.toBeNull();

    // one waybill of this customer, one of another
    const party = await k.driverWithVehicle();
    const note = await k.dispatch(orderId, party);
    const other = await k.order({ customerId: CUSTOMERS.eastSteel, goodsName: '别家货物' });
    const otherParty = await k.driverWithVehicle();
    const otherNote = await k.dispatch(other, otherParty);

    const list = await signed('GET', '/waybills?pageSize=100');
    expect(list.status, list.body.message).toBe(200);
    const ids = (list.body.result.records as Array<{ id: string }>).map((r) => r.id);
    expect(ids).toContain(note.id);
    expect(ids).not.toContain(otherNote.id);

    await k.drive(note.id, 'load');
    const track = await signed('GET', `/waybills/${note.id}/track`);
    expect(track.status, track.body.message).toBe(200);
    expect(track.body.result).toHaveProperty('points');
    const foreign = await signed('GET', `/waybills/${otherNote.id}/track`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.success).toBe(false);

    const [used] = await t.db.select().from(hyEnterpriseApp).where(eq(hyEnterpriseApp.id, creds.id));
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('refuses unsigned, replayed, stale, badly signed, disabled and out-of-scope calls', async () => {
    const unsigned = await t.app.inject({ method: 'GET', url: api('/openapi/v1/waybills') });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ success: false, code: 401 });

    const nonce = `replay${Date.now()}`;
    expect((await signed('GET', '/waybills', { nonce })).status).toBe(200);
    const replay = await signed('GET', '/waybills', { nonce });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toContain('重放');

    const stale = await signed('GET', '/waybills', { timestamp: Date.now() - 6 * 60_000 });
    expect(stale.status).toBe(401);
    expect(stale.body.message).toContain('5分钟');

    const wrong = await signed('GET', '/waybills', { secret: 'not-the-secret' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toContain('签名');

    // a body changed after signing
    const tampered = await t.app.inject({
      method: 'POST',
      url: api('/openapi/v1/orders'),
      headers: (() => {
        const url = api('/openapi/v1/orders');
        const ts = String(Date.now());
        const n = `tamper${Date.now()}`;
        return {
          'content-type': 'application/json',
          'x-app-key': creds.appKey,
          'x-timestamp': ts,
          'x-nonce': n,
          'x-signature': hmacHex(creds.appSecret, stringToSign('POST', url, ts, n, '{"a":1}')),
        };
      })(),
      payload: JSON.stringify(orderInput()),
    });
    expect(tampered.statusCode).toBe(401);

    // out of scope: an app with waybills:read only may not write orders
    const narrow = (
      await k.ok('POST', '/apps/enterprise/add', {
        appName: '只读',
        customerId: CUSTOMERS.hengda,
        scopes: ['waybills:read'],
        enabled: true,
      })
    ).result as unknown as Credentials;
    const scope = await signed('POST', '/orders', { c: narrow, body: orderInput() });
    expect(scope.status).toBe(403);
    expect(scope.body.message).toContain('orders:write');

    // IP allow-list
    await k.ok('PUT', '/apps/enterprise/edit', {
      id: narrow.id,
      appName: '只读',
      scopes: ['waybills:read'],
      ipAllowList: '10.1.2.0/24',
      enabled: true,
    });
    const ip = await signed('GET', '/waybills', { c: narrow });
    expect(ip.status).toBe(403);
    expect(ip.body.message).toContain('IP白名单');

    await k.ok('POST', '/apps/enterprise/enable', { id: narrow.id, enabled: false });
    const disabled = await signed('GET', '/waybills', { c: narrow });
    expect(disabled.status).toBe(403);
    expect(disabled.body.message).toContain('停用');

    // rotation: the old secret stops working at once
    const rotated = (await k.ok('POST', '/apps/enterprise/rotateSecret', { id: narrow.id }))
      .result as unknown as Credentials;
    expect(rotated.appSecret).not.toBe(narrow.appSecret);
    await k.ok('POST', '/apps/enterprise/enable', { id: narrow.id, enabled: true });
    await k.ok('PUT', '/apps/enterprise/edit', {
      id: narrow.id,
      appName: '只读',
      scopes: ['waybills:read'],
      ipAllowList: '',
      enabled: true,
    });
    expect((await signed('GET', '/waybills', { c: narrow })).status).toBe(401);
    expect(
      (await signed('GET', '/waybills', { c: { ...narrow, appSecret: rotated.appSecret } })).status,
    ).toBe(200);
  });

  it('posts a signed webhook after a waybill step and retries it after a failure', async () => {
    const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
    let failures = 1;
    const server: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        if (failures > 0) {
          failures--;
          response.writeHead(500).end('busy');
        } else response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      await k.ok('PUT', '/apps/enterprise/edit', {
        id: creds.id,
        appName: 'ERP对接',
        scopes: ['orders:write', 'waybills:read', 'tracks:read'],
        webhookUrl: url,
        enabled: true,
      });
      const orderId = await k.order({ goodsName: '回调货物' });
      const note = await k.dispatch(orderId, await k.driverWithVehicle());
      await k.drive(note.id, 'accept');

      const first = await sendDueWebhooks(t.db);
      // dispatch and accept: the first post fails (500), the second goes through
      expect(first).toMatchObject({ claimed: 2, sent: 1, retrying: 1 });
      expect(received).toHaveLength(2);
      // the retry waits for its backoff, then goes
      expect((await sendDueWebhooks(t.db)).claimed).toBe(0);
      const later = await sendDueWebhooks(t.db, { now: new Date(Date.now() + 31_000) });
      expect(later).toMatchObject({ claimed: 1, sent: 1 });
      expect(received).toHaveLength(3);

      for (const delivery of received) {
        const ts = String(delivery.headers['x-timestamp']);
        expect(delivery.headers['x-app-key']).toBe(creds.appKey);
        expect(delivery.headers['x-signature']).toBe(webhookSignature(creds.appSecret, ts, delivery.body));
      }
      expect(received[2].body).toBe(received[0].body);
      const events = received.slice(1).map((d) => JSON.parse(d.body).data);
      expect(events.map((e) => e.action).sort()).toEqual(['accept', 'dispatch']);
      expect(events.every((e) => e.waybillId === note.id)).toBe(true);
      const rows = await t.db.select().from(hyWebhookDelivery).where(eq(hyWebhookDelivery.appId, creds.id));
      expect(rows.map((r) => r.state).sort()).toEqual(['sent', 'sent']);
      expect(rows.some((r) => r.attempts === 2)).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
