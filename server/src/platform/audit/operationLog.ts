import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { usernameOf } from '../http/signedIn.ts';
import { LOG_TYPE, OPERATE_TYPE, sysLog } from './schema.ts';

const SECRET_KEYS = /pass(word)?|captcha|smscode|token|secret|salt|card_?no|idcard/i;
const MAX_PARAM_CHARS = 4000;

/** Copies request parameters for the log with every secret replaced, so the log never holds one. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET_KEYS.test(k) ? '******' : maskSecrets(v, depth + 1);
    return out;
  }
  return value;
}

function operateTypeOf(method: string): number {
  if (method === 'DELETE') return OPERATE_TYPE.delete;
  if (method === 'PUT') return OPERATE_TYPE.edit;
  return OPERATE_TYPE.add;
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}

export interface LoginLogEntry {
  username: string;
  userId?: string | null;
  ip: string;
  success: boolean;
  content: string;
  url: string;
  costMs?: number;
}

export async function writeLoginLog(db: Db, entry: LoginLogEntry): Promise<void> {
  await db.insert(sysLog).values({
    logType: LOG_TYPE.login,
    logContent: entry.content.slice(0, 1000),
    userid: entry.userId ?? null,
    username: entry.username.slice(0, 64),
    ip: entry.ip,
    method: 'POST',
    requestUrl: entry.url.slice(0, 500),
    success: entry.success ? 1 : 0,
    costTime: entry.costMs,
  });
}

/** A log row for every call that changes data: who, from where, what, how long, and how it ended. */
export function installOperationLog(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!config?.access || config.audit === false) return;
    const changes = request.method === 'POST' || request.method === 'PUT' || request.method === 'DELETE';
    if (!changes && !config.audit) return;
    const params = { query: request.query, body: request.isMultipart?.() ? '[multipart]' : request.body };
    const text = JSON.stringify(maskSecrets(params)) ?? '';
    try {
      await db.insert(sysLog).values({
        logType: LOG_TYPE.operate,
        logContent:
          (config.audit ? config.audit.content : undefined) ||
          `${request.method} ${request.routeOptions.url}`,
        operateType: (config.audit ? config.audit.operateType : undefined) || operateTypeOf(request.method),
        userid: request.session?.user.id ?? null,
        username: usernameOf(request),
        ip: clientIp(request),
        method: request.method,
        requestUrl: request.url.slice(0, 500),
        requestParam: text.length > MAX_PARAM_CHARS ? `${text.slice(0, MAX_PARAM_CHARS)}…` : text,
        statusCode: reply.statusCode,
        success: reply.statusCode < 400 && !request.failed ? 1 : 0,
        costTime: Math.round(reply.elapsedTime),
      });
    } catch (error) {
      request.log.error({ err: error }, 'operation log write failed');
    }
  });
}
