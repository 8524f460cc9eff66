import type {
  DiskInfo,
  HttpServerInfo,
  RedisMonitor,
  RequestTrace,
  RuntimeInfo,
  SystemInfo,
} from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { database, disks, RuntimeProbe, redisInfo } from './probes.ts';

/**
 * The monitoring screens (/monitor/*) of a Node server: disks, request traces, the Node runtime, Redis,
 * the machine with its database, and the HTTP server. Each is read-only and behind its menu's code.
 */
export function monitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const probe = new RuntimeProbe();
  app.addHook('onClose', async () => probe.stop());
  const quiet = (code: string) => ({ access: perm(code), audit: false as const });

  app.get('/monitor/disk', { config: quiet('monitor:disk') }, async () =>
    ok<DiskInfo[]>(await disks(ctx.config.dataDir)),
  );

  app.get('/monitor/httptrace', { config: quiet('monitor:httptrace') }, async () =>
    ok<{ records: RequestTrace[]; total: number }>({ records: ctx.traces.recent(), total: ctx.traces.total }),
  );

  app.get('/monitor/runtime', { config: quiet('monitor:jvm') }, async () => ok<RuntimeInfo>(probe.runtime()));

  app.get('/monitor/system', { config: quiet('monitor:system') }, async () =>
    ok<SystemInfo>({ ...probe.system(), database: await database(ctx.db, ctx.dbKind) }),
  );

  app.get('/monitor/redis', { config: quiet('monitor:redis') }, async () => {
    const url = ctx.config.redisUrl;
    if (!url) return ok<RedisMonitor>({ configured: false });
    try {
      const info = await redisInfo(url);
      return ok<RedisMonitor>(info ? { configured: true, ...info } : { configured: false });
    } catch (error) {
      throw bizError(`Redis 无法连接: ${(error as Error).message}`);
    }
  });

  app.get('/monitor/http', { config: quiet('monitor:tomcat') }, async () => {
    const traces = ctx.traces;
    const connections = await new Promise<number | null>((resolve) => {
      if (!app.server.listening) return resolve(null);
      app.server.getConnections((error, n) => resolve(error ? null : n));
    });
    const statuses = new Map<string, number>();
    const paths = new Map<string, { count: number; totalMs: number; maxMs: number }>();
    for (const entry of traces.recent()) {
      const klass = `${Math.floor(entry.status / 100)}xx`;
      statuses.set(klass, (statuses.get(klass) ?? 0) + 1);
      const key = `${entry.method} ${entry.path}`;
      const stat = paths.get(key) ?? { count: 0, totalMs: 0, maxMs: 0 };
      stat.count += 1;
      stat.totalMs += entry.durationMs;
      stat.maxMs = Math.max(stat.maxMs, entry.durationMs);
      paths.set(key, stat);
    }
    const minute = traces.lastMinute();
    return ok<HttpServerInfo>({
      server: 'Fastify',
      fastifyVersion: app.version,
      routes: app.routeTable.length,
      connections,
      since: traces.since,
      totalRequests: traces.total,
      serverErrors: traces.serverErrors,
      clientErrors: traces.clientErrors,
      requestsPerSecond: Math.round(minute.requestsPerSecond * 100) / 100,
      errorRate: Math.round(minute.errorRate * 10000) / 10000,
      lastMinuteRequests: minute.requests,
      statuses: Object.fromEntries([...statuses.entries()].sort()),
      slowest: [...paths.entries()]
        .map(([route, s]) => ({
          route,
          count: s.count,
          avgMs: Math.round((s.totalMs / s.count) * 100) / 100,
          maxMs: s.maxMs,
        }))
        .sort((a, b) => b.avgMs - a.avgMs)
        .slice(0, 10),
    });
  });
}
