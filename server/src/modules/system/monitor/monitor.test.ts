import { describe, expect, it } from 'vitest';
import { RequestTraces } from '../../../platform/http/requestTrace.ts';
import { api, useLogins, useTestApp } from '../../../test/harness.ts';

describe('monitoring (/monitor/*)', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin', operations: 'operations01' });

  const get = async (url: string, token = tokens.admin) => {
    const res = await t.call(token, { method: 'GET', url: api(url) });
    return { status: res.statusCode, body: res.json() };
  };

  it('lists the disks with size, used and free', async () => {
    const { body } = await get('/monitor/disk');
    expect(body.success).toBe(true);
    expect(body.result.length).toBeGreaterThan(0);
    for (const disk of body.result) {
      expect(disk.size).toBeGreaterThan(0);
      expect(disk.used + disk.free).toBeLessThanOrEqual(disk.size);
      expect(disk.usedPercent).toBeGreaterThanOrEqual(0);
    }
  });

  it('traces requests with status, duration and user, never tokens or query strings', async () => {
    await t.call(tokens.admin, { method: 'GET', url: api('/sys/user/queryById?id=nope&token=secret') });
    const { body } = await get('/monitor/httptrace');
    const traced = body.result.records.find((r: { path: string }) => r.path.endsWith('/sys/user/queryById'));
    expect(traced).toMatchObject({ method: 'GET', username: 'admin' });
    expect(traced.status).toBeGreaterThanOrEqual(200);
    expect(traced.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(body.result)).not.toContain('secret');
    expect(JSON.stringify(body.result)).not.toContain(tokens.admin);
    // Routes with parameters show their pattern, not the value (a token in a path stays out).
    await t.call(null, { method: 'GET', url: api('/thirdLogin/getLoginUser/abcdef123456') });
    const again = (await get('/monitor/httptrace')).body.result.records;
    expect(JSON.stringify(again)).not.toContain('abcdef123456');
  });

  it('keeps the last 1 000 requests, newest first', () => {
    const traces = new RequestTraces();
    for (let i = 0; i < 1005; i++)
      traces.record({
        time: Date.now(),
        method: 'GET',
        path: `/p${i}`,
        status: i % 2 ? 500 : 200,
        durationMs: 1,
        username: null,
      });
    const recent = traces.recent();
    expect(recent).toHaveLength(1000);
    expect(recent[0].path).toBe('/p1004');
    expect(recent[999].path).toBe('/p5');
    expect(traces.lastMinute().errorRate).toBeCloseTo(0.5, 1);
  });

  it('shows the Node runtime: version, heap, event-loop delay', async () => {
    const { body } = await get('/monitor/runtime');
    expect(body.result.nodeVersion).toBe(process.version);
    expect(body.result.memory.heapUsed).toBeGreaterThan(0);
    expect(body.result.memory.rss).toBeGreaterThan(body.result.memory.heapUsed);
    expect(body.result.eventLoopDelayMs.p99).toBeGreaterThanOrEqual(body.result.eventLoopDelayMs.p50);
  });

  it('shows the machine and the database', async () => {
    const { body } = await get('/monitor/system');
    expect(body.result.cpuCount).toBeGreaterThan(0);
    expect(body.result.memory.total).toBeGreaterThan(body.result.memory.free);
    expect(body.result.loadAverage).toHaveLength(3);
    expect(body.result.database.kind).toBe(t.kind);
    expect(body.result.database.sizeBytes).toBeGreaterThan(0);
    expect(body.result.database.version).toMatch(/PostgreSQL/);
    expect(body.result.database.connections).toBeGreaterThanOrEqual(1);
  });

  it('says when Redis is not configured', async () => {
    if (t.config.redisUrl) return;
    const { body } = await get('/monitor/redis');
    expect(body.result).toEqual({ configured: false });
  });

  it('shows the HTTP server: routes, request rate, error rate, statuses', async () => {
    const { body } = await get('/monitor/http');
    expect(body.result.server).toBe('Fastify');
    expect(body.result.routes).toBeGreaterThan(100);
    expect(body.result.totalRequests).toBeGreaterThan(0);
    expect(body.result.lastMinuteRequests).toBeGreaterThan(0);
    expect(body.result.statuses['2xx']).toBeGreaterThan(0);
    expect(body.result.slowest.length).toBeGreaterThan(0);
  });

  it.each([
    '/monitor/disk',
    '/monitor/httptrace',
    '/monitor/runtime',
    '/monitor/system',
    '/monitor/redis',
    '/monitor/http',
  ])('keeps the screen %s behind its menu code', async (url) => {
    expect((await get(url, tokens.operations)).status, url).toBe(403);
  });
});
