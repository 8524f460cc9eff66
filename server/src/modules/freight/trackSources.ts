import {
  TRACK_APP_KEY_HEADER,
  trackIngestBody,
  trackSourceBody,
  trackSourceEditBody,
  trackSourceResource,
} from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomToken, sha256 } from '../../platform/auth/crypto.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { livePositionOf, POSITIONS_CHANNEL } from './positions.ts';
import { hyTrackSource } from './shippingSchema.ts';
import { ingestTrack, type TrackSender } from './tracks.ts';

// Track sources: the driver app and positioning providers send GPS fixes with an app key of
// their own; a console user cannot write a track point at all. Platform staff make, disable and re-key the
// sources; the key is shown once.

/** Who manages track sources (platform staff; not granted to customer roles). */
const TRACK_SOURCE_PERMISSION = trackSourceResource.permission;
const KEY_PREFIX = 'trk_';

function newKey(): { key: string; keyHash: string; keyHint: string } {
  const key = `${KEY_PREFIX}${randomToken(32)}`;
  return { key, keyHash: sha256(key), keyHint: key.slice(-4) };
}

/** The enabled source whose key the request carries, or null. */
async function senderOf(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<(TrackSender & { id: string }) | null> {
  const header = request.headers[TRACK_APP_KEY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > 100 || !key.startsWith(KEY_PREFIX)) return null;
  const [source] = await ctx.db
    .select({ id: hyTrackSource.id, tenantId: hyTrackSource.tenantId, kind: hyTrackSource.kind })
    .from(hyTrackSource)
    .where(and(eq(hyTrackSource.keyHash, sha256(key)), eq(hyTrackSource.status, 1)))
    .limit(1);
  return source ?? null;
}

/** Ingest calls a minute per track source: five times the 2 000 points/s of the bench. */
const INGEST_CALLS_PER_MINUTE = 12_000;

export function trackSourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public in routing only: the app key is the credential, checked before anything is read or written.
  r.post(
    '/track/ingest',
    {
      config: {
        access: 'public',
        audit: false,
        // Per source, not per address: one positioning provider relays a whole fleet (2 000 points/s in batches
        // of 50 is 2 400 calls a minute); unknown keys share their address's budget.
        rateLimit: {
          max: INGEST_CALLS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => {
            const header = request.headers[TRACK_APP_KEY_HEADER];
            const key = Array.isArray(header) ? header[0] : header;
            return key ? `track:${sha256(key)}` : `track-ip:${request.ip}`;
          },
        },
      },
      schema: { body: trackIngestBody },
    },
    async (request) => {
      const sender = await senderOf(ctx, request);
      if (!sender) throw unauthorized('轨迹来源的 App Key 无效或已停用');
      const { position, ...result } = await ingestTrack(db, sender, request.body);
      await db.update(hyTrackSource).set({ lastUsedAt: new Date() }).where(eq(hyTrackSource.id, sender.id));
      if (position)
        ctx.realtime
          .publishRows(POSITIONS_CHANNEL, position.tenantId, [{ ...livePositionOf(position) }])
          .catch((error: unknown) => request.log.warn({ err: error }, 'position push failed'));
      return ok(result, '轨迹上传成功');
    },
  );

  bindResource(app, ctx, trackSourceResource, hyTrackSource, {
    dataLog: true,
    updateSchema: trackSourceEditBody,
  });

  // Made here rather than by the resource: the answer carries the key, once.
  r.post(
    `${trackSourceResource.path}/add`,
    permitted(`${TRACK_SOURCE_PERMISSION}:add`, { body: trackSourceBody }),
    async (request) => {
      const session = sessionOf(request);
      const { key, keyHash, keyHint } = newKey();
      const [row] = await db
        .insert(hyTrackSource)
        .values({
          ...request.body,
          keyHash,
          keyHint,
          tenantId: session.tenantId,
          createBy: session.user.username,
        })
        .returning({ id: hyTrackSource.id });
      return ok({ id: row.id, appKey: key }, '添加成功！请立即保存 App Key，它不会再次显示');
    },
  );

  r.post(
    `${trackSourceResource.path}/resetKey`,
    permitted(`${TRACK_SOURCE_PERMISSION}:edit`, { body: z.object({ id: z.string().min(1).max(32) }) }),
    async (request) => {
      const session = sessionOf(request);
      const { key, keyHash, keyHint } = newKey();
      const [row] = await db
        .update(hyTrackSource)
        .set({ keyHash, keyHint, updateBy: session.user.username, updateTime: new Date() })
        .where(and(eq(hyTrackSource.id, request.body.id), eq(hyTrackSource.tenantId, session.tenantId)))
        .returning({ id: hyTrackSource.id });
      if (!row) throw bizError('未找到对应数据');
      return ok({ id: row.id, appKey: key }, '已更换 App Key，旧的立即失效');
    },
  );
}
