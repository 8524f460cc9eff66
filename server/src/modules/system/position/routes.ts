import { positionBody } from '@freight/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { registerResource } from '../../../platform/resource/defineResource.ts';
import { refuseTaken } from '../../../platform/resource/uniqueField.ts';
import { sysPosition } from '../schema.ts';

/** Positions (sys_position), referenced by sys_user.post. */
export function positionRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    path: '/sys/position',
    permission: 'system:position',
    title: '职务',
    table: sysPosition,
    id: sysPosition.id,
    scope: { tenant: true },
    dataLog: true,
    defaultOrder: [desc(sysPosition.createTime)],
    fields: {
      id: { column: sysPosition.id, type: 'string', filter: true },
      code: { column: sysPosition.code, type: 'string', filter: true, sort: true, title: '职务编码' },
      name: { column: sysPosition.name, type: 'string', filter: true, sort: true, title: '职务名称' },
      postRank: { column: sysPosition.postRank, type: 'string', filter: true, sort: true, title: '职级' },
      companyId: { column: sysPosition.companyId, type: 'string', filter: true },
      createTime: {
        column: sysPosition.createTime,
        type: 'date',
        filter: true,
        sort: true,
        title: '创建时间',
      },
    },
    createSchema: positionBody,
    updateSchema: positionBody.extend({ id: z.string().min(1).max(32) }),
    async beforeWrite(values, mode, _request, tx) {
      await refuseTaken(tx, sysPosition, 'code', values, mode, `职务编码 ${String(values.code)} 已存在`);
      return values;
    },
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
