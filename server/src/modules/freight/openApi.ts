import {
  OPENAPI_BASE,
  OPENAPI_HEADERS,
  OPENAPI_SKEW_MS,
  OPENAPI_TAG,
  type OpenApiScope,
  partyOrderBody,
  USER_TYPE,
} from '@freight/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { selectPage } from '../../platform/db/selectPage.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../platform/http/errors.ts';
import { hyEnterpriseApp, hyOpenapiNonce } from './appSchema.ts';
import {
  appSecretOf,
  type EnterpriseApp,
  hmacHex,
  ipListOf,
  sameSignature,
  scopesOf,
  stringToSign,
} from './enterpriseApps.ts';
import { newOrderValues, type OrderActor, stepOrder } from './orders.ts';
import { hyOrder, hyShippingNote } from './shippingSchema.ts';
import { trackOfNote } from './tracks.ts';

// The open API of enterprise apps: public in routing, the HMAC signature of the app's secret is the
// credential, checked (with the app's state, IP allow-list, scope and a once-only nonce) before the body is
// even validated. Orders go through the order service as the app's customer; reads stay inside its customer.

const BODY_LIMIT = 1024 * 1024;
const DEFAULT_RATE = 60;
const NONCE = /^[A-Za-z0-9_-]{8,64}$/;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Whether an address is in the allow-list (exact addresses and IPv4 CIDR blocks; empty: any). */
export function ipAllowed(ip: string, list: string[]): boolean {
  if (list.length === 0) return true;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const v4 = (text: string) => {
    const parts = text.split('.').map(Number);
    if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return null;
    return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
  };
  return list.some((entry) => {
    const [base, bits] = entry.split('/');
    if (bits === undefined) return base === plain || base === ip;
    const a = v4(base);
    const b = v4(plain);
    const n = Number(bits);
    if (a === null || b === null || !Number.isInteger(n) || n < 0 || n > 32) return false;
    const mask = n === 0 ? 0 : (0xffffffff << (32 - n)) >>> 0;
    return (a & mask) === (b & mask);
  });
}

/** A refusal of the open API: 401 (who is calling is not proven) or 403 (proven, not allowed). */
const refused = (status: 401 | 403, message: string): AppError =>
  status === 401 ? unauthorized(message) : forbidden(message);

export function openApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const callers = new WeakMap<FastifyRequest, EnterpriseApp>();
  const routeScopes = new Map<string, OpenApiScope>();

  /** Calls a minute of an app key, cached for 30 s (unknown keys: a small budget per address). */
  const limits = new Map<string, { max: number; at: number }>();
  async function limitOf(key: string): Promise<number> {
    if (!key.startsWith('openapi:')) return DEFAULT_RATE;
    const appKey = key.slice('openapi:'.length);
    const cached = limits.get(appKey);
    if (cached && Date.now() - cached.at < 30_000) return cached.max;
    const [row] = await db
      .select({ max: hyEnterpriseApp.rateLimitPerMinute })
      .from(hyEnterpriseApp)
      .where(eq(hyEnterpriseApp.appKey, appKey));
    const max = row?.max ?? DEFAULT_RATE;
    if (limits.size > 10_000) limits.clear();
    limits.set(appKey, { max, at: Date.now() });
    return max;
  }
  const rateLimit = {
    timeWindow: 60_000,
    max: (_request: FastifyRequest, key: string) => limitOf(key),
    keyGenerator: (request: FastifyRequest) => {
      const key = header(request, OPENAPI_HEADERS.appKey);
      return key && key.length <= 40 ? `openapi:${key}` : `openapi-ip:${request.ip}`;
    },
  };

  /** The app that signed the request, after every check; throws the refusal otherwise. */
  async function authenticate(
    request: FastifyRequest,
    scope: OpenApiScope | undefined,
  ): Promise<EnterpriseApp> {
    const appKey = header(request, OPENAPI_HEADERS.appKey);
    const timestamp = header(request, OPENAPI_HEADERS.timestamp);
    const nonce = header(request, OPENAPI_HEADERS.nonce);
    const signature = header(request, OPENAPI_HEADERS.signature);
    if (!appKey || !timestamp || !nonce || !signature)
      throw refused(401, '缺少签名请求头（X-App-Key、X-Timestamp、X-Nonce、X-Signature）');
    if (appKey.length > 40) throw refused(401, 'App Key 无效');
    const [found] = await db.select().from(hyEnterpriseApp).where(eq(hyEnterpriseApp.appKey, appKey));
    if (!found) throw refused(401, 'App Key 无效');
    const time = /^\d{10,13}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
    if (!Number.isFinite(time) || Math.abs(Date.now() - time) > OPENAPI_SKEW_MS)
      throw refused(401, '请求时间戳(X-Timestamp)无效或与服务器时间相差超过5分钟');
    if (!NONCE.test(nonce)) throw refused(401, '随机串(X-Nonce)必须是8～64位字母、数字、下划线或连字符');
    const expected = hmacHex(
      await appSecretOf(db, found),
      stringToSign(request.method, request.url, timestamp, nonce, rawBodies.get(request) ?? ''),
    );
    if (!sameSignature(expected, signature)) throw refused(401, '签名(X-Signature)错误');
    if (!found.enabled) throw refused(403, '应用已停用');
    if (!ipAllowed(request.ip, ipListOf(found)))
      throw refused(403, `调用地址 ${request.ip} 不在应用的IP白名单内`);
    if (scope && !scopesOf(found).includes(scope))
      throw refused(403, `应用没有该接口的权限范围（需要 ${scope}）`);
    // Last: only a call that would be served uses up its nonce. The unique key refuses a replay on any instance.
    const [fresh] = await db
      .insert(hyOpenapiNonce)
      .values({ appId: found.id, nonce })
      .onConflictDoNothing()
      .returning({ nonce: hyOpenapiNonce.nonce });
    if (!fresh) throw refused(401, '随机串(X-Nonce)已使用过，请求被视为重放');
    await db.update(hyEnterpriseApp).set({ lastUsedAt: new Date() }).where(eq(hyEnterpriseApp.id, found.id));
    return found;
  }

  const callerOf = (request: FastifyRequest): EnterpriseApp => {
    const caller = callers.get(request);
    if (!caller) throw unauthorized('签名校验未通过');
    return caller;
  };

  const actorOf = (caller: EnterpriseApp): OrderActor => ({
    username: `openapi:${caller.appKey}`.slice(0, 64),
    userType: USER_TYPE.customerAdmin,
    cid: caller.customerId,
    tenantId: caller.tenantId,
  });

  app.register(async (scope) => {
    // The signature covers the body's exact bytes: JSON is kept as received, then parsed.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (request, body, done) => {
        const text = String(body);
        rawBodies.set(request, text);
        if (text.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          const error = new AppError('请求体不是有效的JSON', 400, 400);
          done(error, undefined);
        }
      },
    );
    // Before validation: an unsigned call answers 401 whatever its body.
    scope.addHook('preValidation', async (request) => {
      const url = request.routeOptions.url ?? '';
      callers.set(request, await authenticate(request, routeScopes.get(`${request.method} ${url}`)));
    });

    const r = scope.withTypeProvider<ZodTypeProvider>();
    const declare = (method: string, path: string, needed: OpenApiScope) => {
      routeScopes.set(`${method} ${ctx.config.basePath}${OPENAPI_BASE}${path}`, needed);
      return `${OPENAPI_BASE}${path}`;
    };
    /** A signed route's options: public to the session check (the signature stands in), rate-limited, documented. */
    const signed = <S extends object>(schema: S) => ({
      config: { access: 'public' as const, audit: false, rateLimit },
      schema: { tags: [OPENAPI_TAG], security: [{ openapiSignature: [] }], ...schema },
    });

    r.post(
      declare('POST', '/orders', 'orders:write'),
      signed({
        summary: '创建货源（订单）',
        description:
          '以应用所属货主的身份创建货源，规则与控制台相同（服务费取货主的规则）。`?publish=true` 创建后立即发布。需要 orders:write。',
        body: partyOrderBody,
        querystring: z.object({ publish: z.enum(['true', 'false']).optional() }),
      }),
      async (request) => {
        const caller = callerOf(request);
        const actor = actorOf(caller);
        const order = await db.transaction(async (tx) => {
          const values = await newOrderValues(db, tx, actor, request.body as Record<string, unknown>);
          const [row] = await tx
            .insert(hyOrder)
            .values({
              ...(values as typeof hyOrder.$inferInsert),
              tenantId: actor.tenantId,
              createBy: actor.username,
            })
            .returning({ id: hyOrder.id, orderNo: hyOrder.orderNo });
          return row;
        });
        tablesWritten(db, hyOrder);
        if (request.query.publish === 'true') await stepOrder(ctx, actor, 'publish', order.id);
        const [stored] = await db
          .select({ id: hyOrder.id, orderNo: hyOrder.orderNo, status: hyOrder.status })
          .from(hyOrder)
          .where(eq(hyOrder.id, order.id));
        return ok(stored, '货源创建成功');
      },
    );

    r.get(
      declare('GET', '/waybills', 'waybills:read'),
      signed({
        summary: '运单列表',
        description: '应用所属货主的运单，按派单时间倒序分页。需要 waybills:read。',
        querystring: z.object({
          pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
          status: z.coerce.number().int().min(-10).max(100).optional(),
          shippingNoteNumber: z.string().max(20).optional(),
        }),
      }),
      async (request) => {
        const caller = callerOf(request);
        const q = request.query;
        const where = and(
          eq(hyShippingNote.tenantId, caller.tenantId),
          eq(hyShippingNote.customerId, caller.customerId),
          q.status === undefined ? undefined : eq(hyShippingNote.status, q.status),
          q.shippingNoteNumber ? eq(hyShippingNote.shippingNoteNumber, q.shippingNoteNumber) : undefined,
        );
        const page = await selectPage(
          q,
          db
            .select({
              id: hyShippingNote.id,
              shippingNoteNumber: hyShippingNote.shippingNoteNumber,
              orderNo: hyShippingNote.orderNo,
              status: hyShippingNote.status,
              goodsName: hyShippingNote.goodsName,
              plateNo: hyShippingNote.plateNo,
              driverName: hyShippingNote.driverName,
              plannedWeightG: hyShippingNote.plannedWeightG,
              dispatchTime: hyShippingNote.dispatchTime,
              loadTime: hyShippingNote.loadTime,
              unloadTime: hyShippingNote.unloadTime,
              signTime: hyShippingNote.signTime,
            })
            .from(hyShippingNote)
            .where(where)
            .orderBy(desc(hyShippingNote.dispatchTime), desc(hyShippingNote.id)),
          db.select({ total: sql<number>`count(*)::int` }).from(hyShippingNote).where(where),
        );
        return ok({
          ...page,
          records: page.records.map((row) => ({
            ...row,
            status_dictText: ctx.dicts.text('shipping_status', row.status) ?? null,
          })),
        });
      },
    );

    r.get(
      declare('GET', '/waybills/:id/track', 'tracks:read'),
      signed({
        summary: '运单轨迹',
        description: '应用所属货主的一张运单从装货到卸货的轨迹；其他货主的运单答 404。需要 tracks:read。',
        params: z.object({ id: z.string().min(1).max(32) }),
      }),
      async (request) => {
        const caller = callerOf(request);
        const [note] = await db
          .select()
          .from(hyShippingNote)
          .where(
            and(
              eq(hyShippingNote.id, request.params.id),
              eq(hyShippingNote.tenantId, caller.tenantId),
              eq(hyShippingNote.customerId, caller.customerId),
            ),
          );
        if (!note) throw notFound('运单不存在');
        return ok(await trackOfNote(db, note, 20));
      },
    );
  });
}
