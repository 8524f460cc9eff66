import { positionResource } from '@freight/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysPosition } from '../schema.ts';

/** Positions (sys_position), referenced by sys_user.post. */
export function positionRoutes(app: FastifyInstance, ctx: AppContext): void {
  bindResource(app, ctx, positionResource, sysPosition, {
    dataLog: true,
    unique: { key: 'code', message: (values) => `职务编码 ${String(values.code)} 已存在` },
  });

  // Options of the user form's position select (a user administrator need not administer positions).
  app.get('/sys/position/queryList', { config: { access: perm('system:user:list') } }, async (request) =>
    ok(
      await ctx.db
        .select({ id: sysPosition.id, code: sysPosition.code, name: sysPosition.name })
        .from(sysPosition)
        .where(eq(sysPosition.tenantId, request.session?.tenantId ?? 0))
        .orderBy(asc(sysPosition.code))
        .limit(1000),
    ),
  );
}
