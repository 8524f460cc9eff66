import { logResource, pageQuery } from '@freight/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import { type LogRow, monthKeyOf, searchArchive, verifyMonth } from '../../../platform/audit/logChain.ts';
import { sysLog, sysLogMonth } from '../../../platform/audit/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { formatDateTime, ok, pageOf } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';

const month = z.coerce
  .number({ error: '请选择月份' })
  .int()
  .refine((v) => v >= 200001 && v <= 999912 && v % 100 >= 1 && v % 100 <= 12, '月份格式应为yyyymm');

const archiveQuery = pageQuery.extend({
  month,
  logType: z.coerce.number().int().optional(),
  success: z.coerce.number().int().optional(),
  username: z.string().max(64).optional(),
  logContent: z.string().max(200).optional(),
  ip: z.string().max(64).optional(),
  requestUrl: z.string().max(200).optional(),
});

function archivedRecord(row: LogRow) {
  const { prevHash: _p, ...rest } = row;
  return { ...rest, createTime: formatDateTime(new Date(row.createTime)) };
}

/**
 * Login and operation logs (sys_log), read-only: filters by type, user, time; sort; export. Each month is
 * hash-chained (verify) and months past the online period are searched in their archive files.
 */
export function logRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: perm('system:log:list'), audit: false as const };

  /** The months of the log: rows online or archived, and the archive file. */
  r.get('/sys/log/months', { config: read }, async () => {
    const rows = await ctx.db.select().from(sysLogMonth).orderBy(desc(sysLogMonth.monthKey));
    const current = monthKeyOf(new Date());
    if (!rows.some((m) => m.monthKey === current)) rows.unshift({ ...emptyMonth, monthKey: current });
    return ok(
      rows.map((m) => ({
        month: m.monthKey,
        archived: !!m.archiveFile,
        rows: m.archiveFile ? m.archivedRows : m.lastSeq,
        archiveFile: m.archiveFile,
        archivedAt: m.archivedAt ? formatDateTime(m.archivedAt) : null,
      })),
    );
  });

  /** Checks a month's hash chain (online rows or the archive file); a broken chain names the first bad row. */
  r.get('/sys/log/verify', { config: read, schema: { querystring: z.object({ month }) } }, async (request) =>
    ok(await verifyMonth(ctx.db, ctx.config.dataDir, request.query.month)),
  );

  /** An archived month searched as the log list: same filters, newest first. */
  r.get('/sys/log/archive/list', { config: read, schema: { querystring: archiveQuery } }, async (request) => {
    const { month: key, ...query } = request.query;
    const [head] = await ctx.db.select().from(sysLogMonth).where(eq(sysLogMonth.monthKey, key));
    if (!head?.archiveFile) throw bizError('该月日志未归档，请在日志列表中查询');
    const { records, total } = await searchArchive(ctx.config.dataDir, key, query);
    return ok(pageOf(records.map(archivedRecord), total, query));
  });

  bindResource(app, ctx, logResource, sysLog);
}

const emptyMonth = {
  lastSeq: 0,
  lastHash: null,
  archiveFile: null,
  archiveSha256: null,
  archivedRows: null,
  archivedAt: null,
};
