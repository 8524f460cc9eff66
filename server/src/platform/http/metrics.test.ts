import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const TOKEN = 'scrape-secret-2026';

describe('GET /metrics', () => {
  let t: TestApp;
  let closed: TestApp | null = null;
  beforeAll(async () => {
    t = await startTestApp({ metricsToken: TOKEN });
  });
  afterAll(async () => {
    await t.close();
    await closed?.close();
  });

  const scrape = (app: TestApp, authorization?: string) =>
    app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 401 without the bearer token or with a wrong one', async () => {
    for (const header of [undefined, `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(t, header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 401 });
      expect(res.body).not.toContain('freight_http');
    }
  });

  it('exposes per-route latency histograms and the HTTP server figures to the scraper', async () => {
    const admin = await t.login('admin');
    await t.call(admin, { method: 'GET', url: '/jeecg-boot/sys/user/list' });
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // The route's pattern labels the series, never the URL with its query.
    expect(text).toMatch(
      /freight_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/jeecg-boot\/sys\/user\/list",status="2xx"\} [1-9]/,
    );
    expect(text).toMatch(
      /freight_http_requests_total\{method="POST",route="\/jeecg-boot\/sys\/login",status="2xx"\} [1-9]/,
    );
    for (const name of [
      'http_open_connections',
      'http_routes',
      'http_requests_per_second',
      'http_error_rate',
    ])
      expect(text).toContain(`freight_${name} `);
    expect(text).toMatch(/freight_process_resident_memory_bytes \d+/);
  });

  it('answers 401 to everyone when no token is configured', async () => {
    closed = await startTestApp();
    expect((await scrape(closed, `Bearer ${TOKEN}`)).statusCode).toBe(401);
    expect((await scrape(closed, 'Bearer ')).statusCode).toBe(401);
  });
});
