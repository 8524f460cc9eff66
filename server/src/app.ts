import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { OPENAPI_SIGNING_DOC, OPENAPI_TAG } from '@freight/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import { modules } from './modules/index.ts';
import { DictCache } from './modules/system/dict/cache.ts';
import { allowPluginRoutes, requireAccessDeclarations } from './platform/access/declare.ts';
import { installGuard } from './platform/access/guard.ts';
import { installOperationLog } from './platform/audit/operationLog.ts';
import type { AppContext } from './platform/context.ts';
import type { Database } from './platform/db/client.ts';
import { serializeReply } from './platform/http/envelope.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './platform/http/errorHandler.ts';
import { installInputChecks } from './platform/http/inputChecks.ts';
import { installMetrics } from './platform/http/metrics.ts';
import { installRequestTrace, RequestTraces } from './platform/http/requestTrace.ts';
import { JobScheduler } from './platform/jobs/scheduler.ts';
import { type Backplane, LocalBackplane, RedisBackplane } from './platform/realtime/backplane.ts';
import { RealtimeHub } from './platform/realtime/hub.ts';
import { realtimeRoutes } from './platform/realtime/routes.ts';
import { createStorage } from './platform/storage/index.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  dicts: DictCache;
}

/** Builds the whole server (platform, then modules, then the console) without listening: tests inject into it. */
export async function buildApp(
  config: AppConfig,
  database: Database,
  options: { logger?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logStream
      ? { level: config.logLevel, stream: options.logStream }
      : options.logger === false
        ? false
        : { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
    routerOptions: { maxParamLength: 200 },
    // Refusals Fastify and Node answer before any route runs leave in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setReplySerializer(serializeReply);
  requireAccessDeclarations(app);

  const dicts = new DictCache(database.db);
  // With Redis, pushes reach the sockets of every instance and cache-change signals reach every instance.
  const backplane: Backplane = config.redisUrl
    ? new RedisBackplane(config.redisUrl, config.redisPrefix)
    : new LocalBackplane();
  const realtime = new RealtimeHub(backplane);
  app.addHook('onClose', () => backplane.close());
  if (backplane instanceof RedisBackplane) {
    const subscribed = backplane;
    // Ready once this instance hears the channel; a Redis that is down is reported, not fatal.
    app.addHook('onReady', () =>
      subscribed.ready().catch((error) => app.log.error({ err: error }, 'redis backplane not ready')),
    );
  }
  const jobs = new JobScheduler(app.log);
  const storage = createStorage(config);
  app.addHook('onClose', () => storage.close?.());
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    dicts,
    counters: [],
    realtime,
    jobs,
    storage,
    traces: new RequestTraces(),
  };
  app.addHook('onClose', () => jobs.stop());

  // Helmet's middleware built once: @fastify/helmet rebuilt it (parsing the whole policy) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        scriptSrc: ["'self'", 'https://webapi.amap.com'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        frameSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error ? (error as Error) : undefined));
  });
  // Request limits (login, SMS, the open API's per-app budget) count across instances when Redis is set.
  const limitStore = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2000 })
    : undefined;
  if (limitStore) {
    limitStore.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits)'));
    app.addHook('onClose', () => void limitStore.disconnect());
  }
  await app.register(rateLimit, {
    global: false,
    ...(limitStore
      ? { redis: limitStore, nameSpace: `${config.redisPrefix}rate-limit:`, skipOnError: true }
      : {}),
  });
  // Answers over 1 KB go out compressed when the client accepts it (a list page is ~10 KB of JSON, the admin's
  // menu ~100 KB); the console's bundles are compressed at build time and sent as they are.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await app.register(websocket, {
    // Echo the token sub-protocol the console offers, as the reference's filter does.
    options: {
      maxPayload: 1024 * 1024,
      handleProtocols: (protocols: Set<string>) => protocols.values().next().value ?? false,
    },
  });

  const docPrefix = `${config.basePath}/doc`;
  allowPluginRoutes(docPrefix, 'public');
  await app.register(swagger, {
    openapi: {
      info: { title: '网络货运平台 API', version: '0.1.0' },
      tags: [{ name: OPENAPI_TAG, description: OPENAPI_SIGNING_DOC }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
          // The open API's HMAC signature (with X-App-Key, X-Timestamp, X-Nonce): see the tag's description.
          openapiSignature: { type: 'apiKey', in: 'header', name: 'X-Signature' },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: docPrefix });

  installErrorHandling(app, config.basePath);
  installInputChecks(app);
  installGuard(app, database.db, { passwordMaxAgeDays: config.passwordMaxAgeDays });
  installOperationLog(app, database.db);
  installRequestTrace(app, ctx.traces);
  installMetrics(app, ctx.traces, config.metricsToken);

  await app.register(
    async (api) => {
      realtimeRoutes(api, realtime);
      for (const register of modules) register(api, ctx, dicts);
    },
    { prefix: config.basePath },
  );

  serveConsole(app, config);
  await dicts.ensureLoaded();
  if (config.scheduler) app.addHook('onReady', () => jobs.start());
  return { app, ctx, dicts };
}

/** The built console at '/': its files when they exist, else the SPA's index.html (client-side routes). */
function serveConsole(app: FastifyInstance, config: AppConfig): void {
  if (!existsSync(path.join(config.webDist, 'index.html'))) return;
  // Cache headers are the handler's own (the plugin's default would replace them with max-age=0).
  void app.register(fastifyStatic, {
    root: config.webDist,
    serve: false,
    preCompressed: true,
    cacheControl: false,
  });
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(config.basePath)) return reply.callNotFound();
    const file = decodeURIComponent(request.url.split('?')[0]).replace(/^\/+/, '');
    if (
      file &&
      !file.includes('..') &&
      statSync(path.join(config.webDist, file), { throwIfNoEntry: false })?.isFile()
    ) {
      // Hashed bundles never change; everything else is revalidated.
      const immutable = file.startsWith('assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(file);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
  app.get('/', { config: { access: 'public' } }, handler);
  app.get('/*', { config: { access: 'public' } }, handler);
}
