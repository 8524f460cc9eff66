// Prometheus metrics at GET /metrics (prom-client): the figures of the HTTP server monitor (routes, open
// connections, requests/s, error rate, totals), a latency histogram per route and Node's own process metrics.
// Only a scraper holding METRICS_TOKEN reads them: a missing or wrong bearer token, or no token configured,
// answers 401.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from './errors.ts';
import type { RequestTraces } from './requestTrace.ts';

const PREFIX = 'freight_';
/** Seconds: most answers take milliseconds; exports and reports run for seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1].trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function installMetrics(app: FastifyInstance, traces: RequestTraces, token: string | undefined): void {
  const registry = new Registry();
  // Process metrics are gathered only where someone may read them.
  if (token) {
    collectDefaultMetrics({ register: registry, prefix: PREFIX });
    // This gauge waits a turn of the event loop on every scrape, so a busy server answers the scrape late;
    // the loop-delay percentiles beside it (monitorEventLoopDelay) tell the same without waiting.
    registry.removeSingleMetric(`${PREFIX}nodejs_eventloop_lag_seconds`);
  }
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer a request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const answered = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'Requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  // The server monitor's figures, each read when scraped.
  const figures: [name: string, help: string, read: () => number | Promise<number>][] = [
    [
      'http_open_connections',
      'Open client connections of the HTTP server',
      () =>
        new Promise<number>((resolve) => {
          if (!app.server.listening) return resolve(0);
          app.server.getConnections((error, n) => resolve(error ? 0 : n));
        }),
    ],
    ['http_routes', 'Routes the server answers', () => app.routeTable.length],
    [
      'http_requests_per_second',
      'Requests per second over the last minute',
      () => traces.lastMinute().requestsPerSecond,
    ],
    ['http_error_rate', 'Share of 5xx answers over the last minute', () => traces.lastMinute().errorRate],
  ];
  for (const [name, help, read] of figures)
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the raw URL: ids in paths would make a series per record.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const labels = { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` };
      duration.observe(labels, reply.elapsedTime / 1000);
      answered.inc(labels);
    }
    done();
  });

  app.get('/metrics', { config: { access: 'public', audit: false } }, async (request, reply) => {
    if (!token || !bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
