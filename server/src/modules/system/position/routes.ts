import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { registerResource } from '../../../platform/resource/defineResource.ts';
import { sysPosition } from '../schema.ts';

const positionBody = {
  code: z
    .string({ error: '职务编码不能为空' })
    .trim()
    .min(1, '职务编码不能为空')
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, '职务编码只能包含字母、数字、下划线和横线'),
  name: z.string({ error: '职务名称不能为空' }).trim().min(1, '职务名称不能为空').max(100),
  postRank: z.coerce.string().trim().max(2, '职级最多2位').nullish(),
  companyId: z.string().max(255).nullish(),
};

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
    createSchema: z.object(positionBody),
    updateSchema: z.object({ id: z.string().min(1).max(32), ...positionBody }),
    async beforeWrite(values, mode, _request, tx) {
      const clash = await tx
        .select({ id: sysPosition.id })
        .from(sysPosition)
        .where(
          and(
            eq(sysPosition.code, String(values.code)),
            mode === 'edit' ? ne(sysPosition.id, String(values.id)) : undefined,
          ),
        )
        .limit(1);
      if (clash.length) throw bizError(`职务编码 ${String(values.code)} 已存在`);
      return values;
    },
  });
}
