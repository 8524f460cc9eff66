import { dataLogResource } from '@freight/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sysDataLog } from '../../../platform/audit/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';

const withContent = (row: typeof sysDataLog.$inferSelect) => {
  let content: unknown = null;
  try {
    content = JSON.parse(row.dataContent);
  } catch {
    content = row.dataContent;
  }
  return { ...row, content };
};

/** Data log: versions of business records written by every add/edit, and a side-by-side compare. */
export function dataLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const permission = 'system:datalog:list';

  bindResource(app, ctx, dataLogResource, sysDataLog);

  // Two versions (log row ids) for a side-by-side compare, older first.
  r.get(
    '/sys/dataLog/queryCompareList',
    permitted(permission, {
      querystring: z.object({ dataId1: z.string().min(1).max(32), dataId2: z.string().min(1).max(32) }),
    }),
    async (request) => {
      const { dataId1, dataId2 } = request.query;
      const rows = await db
        .select()
        .from(sysDataLog)
        .where(inArray(sysDataLog.id, [dataId1, dataId2]))
        .orderBy(asc(sysDataLog.dataVersion));
      if (rows.length !== (dataId1 === dataId2 ? 1 : 2)) throw bizError('未找到对应版本');
      if (rows.some((row) => row.dataTable !== rows[0].dataTable || row.dataId !== rows[0].dataId))
        throw bizError('只能比较同一条数据的版本');
      return ok(rows.map(withContent));
    },
  );

  // Every version of one record, for picking the two to compare.
  r.get(
    '/sys/dataLog/queryDataVerList',
    permitted(permission, {
      querystring: z.object({ dataTable: z.string().min(1).max(64), dataId: z.string().min(1).max(32) }),
    }),
    async (request) =>
      ok(
        await db
          .select()
          .from(sysDataLog)
          .where(
            and(
              eq(sysDataLog.dataTable, request.query.dataTable),
              eq(sysDataLog.dataId, request.query.dataId),
            ),
          )
          .orderBy(desc(sysDataLog.dataVersion))
          .limit(500),
      ),
  );
}
