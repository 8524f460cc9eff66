import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomToken } from '../../../platform/auth/crypto.ts';
import { resolveSession, tokenOf } from '../../../platform/auth/session.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError, forbidden, notFound, unauthorized } from '../../../platform/http/errors.ts';
import { uploadedFile } from '../../../platform/http/upload.ts';
import { keptSetting } from '../../apps/index.ts';
import { mayReadFile, ownerOfSession, randomStoredName, recordFile } from './fileOwners.ts';
import { INLINE_MIME, INLINE_TYPES, sniffAllowedType, TEXT_MIME } from './fileTypes.ts';
import { cookieValue, expiryOf, signFile, verifySignedFile } from './signedUrl.ts';

const BIZ = /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,2}$/;
const MAX_BYTES = 10 * 1024 * 1024;
/** The session cookie of signed file links, sent by the browser to the static route only. */
export const FILE_COOKIE = 'freight_file_session';
/** A stored file's path: relative, no traversal, no empty segment. */
const isStoredPath = (p: string) =>
  p !== '' &&
  !p.startsWith('/') &&
  !p.includes('\\') &&
  p.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');
/** Secret rows live in tenant -1, which no settings call ever reads. */
const SECRET_TENANT = -1;

const MIME_BY_EXT: Record<string, string> = { ...INLINE_MIME, ...TEXT_MIME };

async function signingSecret(ctx: AppContext): Promise<string> {
  if (process.env.FILE_SIGN_SECRET) return process.env.FILE_SIGN_SECRET;
  return keptSetting(ctx.db, { tenantId: SECRET_TENANT, key: 'file_sign_secret' }, randomToken(32));
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
      const { file, data } = await uploadedFile(request, { fileSize: MAX_BYTES });
      const bizField = file.fields.biz as { value?: unknown } | undefined;
      const biz = typeof bizField?.value === 'string' && bizField.value !== '' ? bizField.value : 'temp';
      if (!BIZ.test(biz)) throw bizError('上传目录不合法');
      if (data.length === 0) throw bizError('文件为空');
      const type = await sniffAllowedType(data, file.filename);
      if (!type) throw bizError('不支持的文件类型');
      const uploader = request.session;
      if (!uploader) throw unauthorized();
      const stored = randomStoredName(biz, type.ext);
      await storage.save(stored, data);
      await recordFile(ctx.db, { path: stored, biz, originalName: file.filename }, ownerOfSession(uploader));
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

  const staticPrefix = `${ctx.config.basePath}/sys/common/static`;

  r.get(
    '/sys/common/signUrl',
    {
      config: { access: 'login' },
      schema: {
        querystring: z.object({
          path: z.string().trim().min(1).max(500),
          /** Seconds the link lives, at most (and by default) ten minutes. */
          ttl: z.coerce.number().int().min(1).max(600).optional(),
        }),
      },
    },
    async (request, reply) => {
      const session = request.session;
      const token = tokenOf(request);
      if (!session || !token) throw unauthorized();
      const filePath = request.query.path.replace(/^\/+/, '');
      if (!isStoredPath(filePath)) throw bizError('文件路径不合法');
      // A link is signed only for a file its requester may read: the signature stands in for the check.
      if (!(await mayReadFile(ctx.db, session, filePath))) throw notFound('文件不存在');
      const expiresAt = expiryOf(Date.now(), request.query.ttl ? request.query.ttl * 1000 : undefined);
      const sign = signFile(await getSecret(), filePath, expiresAt, session.user.id);
      // The browser's own proof of session for the links: HttpOnly, sent to the static route only.
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${FILE_COOKIE}=${token}; Path=${staticPrefix}; HttpOnly; SameSite=Strict${secure}`,
      );
      const url = `${staticPrefix}/${encodePath(filePath)}?expires=${expiresAt}&sign=${sign}`;
      return ok({ url, expiresAt });
    },
  );

  /**
   * Public in routing only: the handler demands the token header (API clients), or a signed link together
   * with the file cookie of a live session of the user the link was made for (`<img>` tags).
   */
  r.get(
    '/sys/common/static/*',
    {
      config: { access: 'public', audit: false },
      schema: {
        querystring: z.object({
          expires: z.string().max(20).optional(),
          sign: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      // The router has decoded the path already; decoding again turned `%25` into a failure.
      const filePath = (request.params as { '*': string })['*'] ?? '';
      if (!request.session) {
        const { expires, sign } = request.query;
        const token = cookieValue(request.headers.cookie, FILE_COOKIE);
        const session = token && token.length <= 200 ? await resolveSession(ctx.db, token) : null;
        if (!expires || !sign || !session) throw unauthorized();
        const check = verifySignedFile(await getSecret(), filePath, expires, session.user.id, sign);
        if (check === 'expired') throw forbidden('文件链接已过期，请刷新页面');
        if (check !== 'ok') throw forbidden('文件链接无效');
      }
      if (!isStoredPath(filePath)) throw bizError('文件不存在');
      const missing = () =>
        reply
          .status(404)
          .send({ success: false, message: '文件不存在', code: 404, result: null, timestamp: Date.now() });
      // Another party's file answers exactly like a missing one (a signed link was checked when signed).
      if (request.session && !(await mayReadFile(ctx.db, request.session, filePath))) return missing();
      const found = await storage.open(filePath);
      if (!found) return missing();
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
