import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomToken } from '../../../platform/auth/crypto.ts';
import type { AppContext } from '../../../platform/context.ts';
import { formatDateTime, ok } from '../../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../../platform/http/errors.ts';
import { hySetting } from '../../apps/schema.ts';
import { INLINE_TYPES, sniffAllowedType } from './fileTypes.ts';
import { signPath, verifySignedPath } from './signedUrl.ts';

const BIZ = /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,2}$/;
const MAX_BYTES = 10 * 1024 * 1024;
const SIGNED_URL_TTL_MS = 10 * 60_000;
/** Secret rows live in tenant -1, which no settings call ever reads. */
const SECRET_TENANT = -1;

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

function safeBaseName(name: string): string {
  const base = path.basename(name).replace(/\.[^.]*$/, '');
  return base.replace(/[^\p{L}\p{N}_-]/gu, '').slice(0, 40) || 'file';
}

async function signingSecret(ctx: AppContext): Promise<string> {
  if (process.env.FILE_SIGN_SECRET) return process.env.FILE_SIGN_SECRET;
  const key = 'file_sign_secret';
  await ctx.db
    .insert(hySetting)
    .values({ tenantId: SECRET_TENANT, settingKey: key, settingValue: randomToken(32) })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select()
    .from(hySetting)
    .where(and(eq(hySetting.tenantId, SECRET_TENANT), eq(hySetting.settingKey, key)));
  return row.settingValue;
}

export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { storage } = ctx;
  let secret: Promise<string> | null = null;
  const getSecret = () => {
    secret ??= signingSecret(ctx);
    return secret;
  };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/sys/common/upload',
    { config: { access: 'login', audit: { operateType: 2, content: '上传文件' } } },
    async (request) => {
      const file = await request.file({ limits: { fileSize: MAX_BYTES } });
      if (!file) throw bizError('未上传任何文件');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch {
        throw bizError('文件大小超出10MB限制');
      }
      const bizField = file.fields.biz as { value?: unknown } | undefined;
      const biz = typeof bizField?.value === 'string' && bizField.value !== '' ? bizField.value : 'temp';
      if (!BIZ.test(biz)) throw bizError('上传目录不合法');
      if (data.length === 0) throw bizError('文件为空');
      const type = await sniffAllowedType(data, file.filename);
      if (!type) throw bizError('不支持的文件类型');
      const day = formatDateTime(new Date()).slice(0, 10).replaceAll('-', '');
      const stored = `${biz}/${day}/${safeBaseName(file.filename)}_${Date.now()}${randomToken(3)}.${type.ext}`;
      await storage.save(stored, data);
      // The reference returns the stored path in `message`; the console reads it from there.
      return {
        success: true,
        message: stored,
        code: 200,
        result: { path: stored, name: file.filename, size: data.length },
        timestamp: Date.now(),
      };
    },
  );

  r.get(
    '/sys/common/signUrl',
    { config: { access: 'login' }, schema: { querystring: z.object({ path: z.string().min(1).max(500) }) } },
    async (request) => {
      const expiresAt = Date.now() + SIGNED_URL_TTL_MS;
      const sign = signPath(await getSecret(), request.query.path, expiresAt);
      const url = `${ctx.config.basePath}/sys/common/static/${request.query.path}?expires=${expiresAt}&sign=${sign}`;
      return ok({ url, expiresAt });
    },
  );

  // Public in routing only: the handler demands the token header or a valid signature (reference #4059).
  r.get(
    '/sys/common/static/*',
    {
      config: { access: 'public', audit: false },
      schema: { querystring: z.object({ expires: z.string().optional(), sign: z.string().optional() }) },
    },
    async (request, reply) => {
      const filePath = decodeURIComponent((request.params as { '*': string })['*'] ?? '');
      const { expires, sign } = request.query;
      const signed = expires && sign ? verifySignedPath(await getSecret(), filePath, expires, sign) : false;
      if (!request.session && !signed) throw unauthorized();
      if (filePath.includes('..') || filePath.startsWith('/')) throw bizError('文件不存在');
      const found = await storage.open(filePath);
      if (!found)
        return reply
          .status(404)
          .send({ success: false, message: '文件不存在', code: 404, result: null, timestamp: Date.now() });
      const ext = filePath.split('.').pop()?.toLowerCase() ?? '';
      const mime = MIME_BY_EXT[ext] ?? 'application/octet-stream';
      const name = encodeURIComponent(path.basename(filePath));
      reply
        .header('content-type', mime)
        .header('content-length', found.size)
        .header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        )
        .header('cache-control', 'private, max-age=600')
        .header(
          'content-disposition',
          `${INLINE_TYPES.has(mime) ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`,
        );
      return reply.send(found.stream);
    },
  );
}
