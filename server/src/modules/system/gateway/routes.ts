import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  GATEWAY_ROUTE_STATE,
  gatewayRouteEditBody,
  gatewayRouteResource,
  pathPatterns,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db/client.ts';
import { fail } from '../../../platform/http/envelope.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysGatewayRoute } from '../adminSchema.ts';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'x-access-token',
]);
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

const PROXY_TIMEOUT_MS = 30_000;
/** The safety net: a signal lost while Redis was away is caught up with within this. */
const RELOAD_INTERVAL_MS = 30_000;
/** The backplane signal telling every instance to reload its route table. */
export const GATEWAY_CHANGED = 'gatewayRoutes';

interface LiveRoute {
  uri: string;
  patterns: RegExp[];
  stripPrefix: number;
}

/** `/api/**` matches below /api, `*` one segment. */
export function patternRegex(pattern: string): RegExp {
  const body = pattern
    .split(/(\*\*|\*)/)
    .map((part) =>
      part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body.replace(/\/\.\*$/, '(?:/.*)?')}$`);
}

/**
 * The enabled routes, consulted on every proxied request; reloaded on every instance after each change (a
 * backplane signal, within a second over Redis) and every 30 s in case a signal was lost.
 */
export class GatewayTable {
  private routes = new Map<string, LiveRoute>();
  constructor(private readonly db: Db) {}

  async reload(): Promise<void> {
    const rows = await this.db
      .select()
      .from(sysGatewayRoute)
      .where(eq(sysGatewayRoute.status, GATEWAY_ROUTE_STATE.on));
    const next = new Map<string, LiveRoute>();
    for (const row of rows) {
      try {
        next.set(row.routerId, {
          uri: row.uri.replace(/\/+$/, ''),
          patterns: pathPatterns(row.predicates).map(patternRegex),
          stripPrefix: row.stripPrefix,
        });
      } catch {
        // A route with unreadable predicates stays off rather than matching everything.
      }
    }
    this.routes = next;
  }

  get(routerId: string): LiveRoute | undefined {
    return this.routes.get(routerId);
  }
}

function forwardHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('x-forwarded-for', request.ip);
  headers.set('x-forwarded-proto', request.protocol);
  if (request.headers.host) headers.set('x-forwarded-host', request.headers.host);
  return headers;
}

/**
 * The path below `/gateway/<routerId>` exactly as the client sent it (still percent-encoded), or null when it
 * could leave the route's prefix once some later hop decodes or normalises it: dot segments, backslashes, NUL,
 * and encoded dots, separators or percent signs (`%2e%2e/`, `..%2f`, `%252e%252e%252f`) are refused, so the
 * segments the predicates check are the segments the upstream receives.
 */
export function gatewayTail(rawUrl: string): string | null {
  const pathname = rawUrl.split('?')[0];
  const at = pathname.indexOf('/gateway/');
  if (at < 0) return null;
  const afterId = pathname.indexOf('/', at + '/gateway/'.length);
  const tail = afterId < 0 ? '/' : pathname.slice(afterId);
  if (/%(?:2e|2f|5c|25|00)/i.test(tail) || /[\\\0]/.test(tail)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(tail);
  } catch {
    return null;
  }
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  return tail;
}

async function proxy(table: GatewayTable, request: FastifyRequest, reply: FastifyReply) {
  const params = request.params as { routerId: string; '*'?: string };
  const route = table.get(params.routerId);
  const notFound = () => reply.status(404).send(fail('网关路由不存在或未启用', 404));
  if (!route) return notFound();
  const raw = gatewayTail(request.url);
  if (raw === null) return reply.status(400).send(fail('网关路径不合法', 400));
  const path = decodeURIComponent(raw);
  if (route.patterns.length && !route.patterns.some((re) => re.test(path))) return notFound();
  const segments = raw.split('/').filter(Boolean);
  const forwarded = `/${segments.slice(route.stripPrefix).join('/')}${raw.endsWith('/') && segments.length > route.stripPrefix ? '/' : ''}`;
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const target = `${route.uri}${forwarded}${query}`;
  // Belt and braces: whatever the URL parser makes of it, the request stays below the route's address.
  const base = new URL(`${route.uri}/`);
  const resolved = new URL(target);
  if (resolved.origin !== base.origin || !`${resolved.pathname}/`.startsWith(base.pathname))
    return reply.status(400).send(fail('网关路径不合法', 400));
  const body = request.body;
  let res: Response;
  try {
    res = await fetch(target, {
      method: request.method,
      headers: forwardHeaders(request),
      body:
        request.method === 'GET' || request.method === 'HEAD' || !Buffer.isBuffer(body) ? undefined : body,
      redirect: 'manual',
      signal: AbortSignal.timeout(PROXY_TIMEOUT_MS),
    });
  } catch (error) {
    request.log.warn({ err: error, routerId: params.routerId }, 'gateway upstream failed');
    return reply.status(502).send(fail('网关转发失败：目标服务不可达', 502));
  }
  reply.status(res.status);
  res.headers.forEach((value, name) => {
    const lower = name.toLowerCase();
    // fetch has already decoded the body, so its encoding and length no longer apply.
    if (HOP_BY_HOP.has(lower) || lower === 'content-encoding' || lower === 'set-cookie') return;
    reply.header(name, value);
  });
  if (!res.body) return reply.send();
  return reply.send(Readable.fromWeb(res.body as unknown as WebReadableStream));
}

/** Gateway routes (CRUD) and the live reverse proxy under `<base>/gateway/<routerId>/…` for signed-in users. */
export function gatewayRoutes(app: FastifyInstance, ctx: AppContext): void {
  const table = new GatewayTable(ctx.db);
  const reload = () => table.reload();
  const reloadLogged = () => void reload().catch((error) => app.log.error({ err: error }, 'gateway reload'));
  // This instance at once (the editor sees its change served on return), every other one by the signal.
  const changed = ctx.realtime.sharedCache(GATEWAY_CHANGED, reload, app.log);

  bindResource(app, ctx, gatewayRouteResource, sysGatewayRoute, {
    dataLog: true,
    updateSchema: gatewayRouteEditBody,
    unique: { key: 'routerId', message: '路由ID已存在!' },
    onChange: changed,
  });

  app.register(async (gw) => {
    // Bodies pass through untouched, whatever their type.
    gw.removeAllContentTypeParsers();
    gw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const handler = (request: FastifyRequest, reply: FastifyReply) => proxy(table, request, reply);
    const config = { access: 'login' as const, audit: false as const };
    gw.route({ method: [...METHODS], url: '/gateway/:routerId', config, handler });
    gw.route({ method: [...METHODS], url: '/gateway/:routerId/*', config, handler });
  });

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await reload();
    timer = setInterval(reloadLogged, RELOAD_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
