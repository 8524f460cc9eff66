import type { RequestTrace } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { usernameOf } from './signedIn.ts';

const CAPACITY = 1000;
const WINDOW_S = 60;

/** The last 1 000 requests and per-second counts of the last minute, kept in memory by this process. */
export class RequestTraces {
  private readonly ring: RequestTrace[] = [];
  private next = 0;
  /** Per-second buckets of the last minute: [second, requests, 5xx answers]. */
  private readonly seconds: Array<[number, number, number]> = [];
  total = 0;
  serverErrors = 0;
  clientErrors = 0;
  readonly since = Date.now();

  record(entry: RequestTrace): void {
    if (this.ring.length < CAPACITY) this.ring.push(entry);
    else this.ring[this.next] = entry;
    this.next = (this.next + 1) % CAPACITY;
    this.total += 1;
    if (entry.status >= 500) this.serverErrors += 1;
    else if (entry.status >= 400) this.clientErrors += 1;
    const second = Math.floor(entry.time / 1000);
    const last = this.seconds[this.seconds.length - 1];
    if (last && last[0] === second) {
      last[1] += 1;
      if (entry.status >= 500) last[2] += 1;
    } else {
      this.seconds.push([second, 1, entry.status >= 500 ? 1 : 0]);
      while (this.seconds.length > 0 && this.seconds[0][0] <= second - WINDOW_S) this.seconds.shift();
    }
  }

  /** Newest first. */
  recent(): RequestTrace[] {
    const ordered = [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
    return ordered.reverse();
  }

  /** Requests per second and the share of 5xx answers over the last minute. */
  lastMinute(now = Date.now()): { requestsPerSecond: number; errorRate: number; requests: number } {
    const from = Math.floor(now / 1000) - WINDOW_S;
    let requests = 0;
    let errors = 0;
    for (const [second, n, e] of this.seconds) {
      if (second <= from) continue;
      requests += n;
      errors += e;
    }
    return { requests, requestsPerSecond: requests / WINDOW_S, errorRate: requests ? errors / requests : 0 };
  }
}

function tracedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern?.includes(':')) return pattern;
  const raw = request.url;
  const q = raw.indexOf('?');
  return (q < 0 ? raw : raw.slice(0, q)).slice(0, 300);
}

/** Records every answered request into `traces` (the monitoring screens read them). */
export function installRequestTrace(app: FastifyInstance, traces: RequestTraces): void {
  app.addHook('onResponse', (request, reply, done) => {
    traces.record({
      time: Date.now(),
      method: request.method,
      path: tracedPath(request),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      username: usernameOf(request),
    });
    done();
  });
}
