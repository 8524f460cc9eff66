// The report API the console's record popup and auto report list call.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantsOf } from '../../platform/access/grants.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, forbidden } from '../../platform/http/errors.ts';
import { forSignedIn } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { reportCall, reportPage, sendReportXlsx } from './reportRunner.ts';
import { dictOptionsOf, type LoadedReport, loadReport, partyMayRun } from './reportService.ts';
import type { ReportSources } from './reportSource.ts';

export { reportCall };

/** Who may read a report's data when its definition names no permission of its own. */
export const REPORT_VIEW_PERMISSION = 'online:cgreport:view';
const PAGE_SIZE_MAX = 500;

export function reportApiRoutes(app: FastifyInstance, ctx: AppContext, sources: ReportSources): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The report, if it exists and the caller holds its permission. */
  async function readable(
    request: FastifyRequest,
    by: { id: string } | { code: string },
  ): Promise<LoadedReport> {
    const session = sessionOf(request);
    const report = await reportCall(() => loadReport(db, by));
    if (!report) throw bizError('报表不存在');
    const grants = await grantsOf(db, session.user.id);
    if (!grants.codes.has(report.head.perms?.trim() || REPORT_VIEW_PERMISSION)) throw forbidden();
    // A saved report (报表列表) runs for a party user only inside its party, here as on its own page.
    if (report.head.category && !partyMayRun(report, session)) throw forbidden();
    return report;
  }

  /** The report of a data call (page or export), its sort order checked before the report is read. */
  function sortedReport(request: FastifyRequest, id: string, order: unknown): Promise<LoadedReport> {
    if (order !== undefined && order !== 'asc' && order !== 'desc')
      throw bizError('排序方式只能是 asc 或 desc');
    return readable(request, { id });
  }

  const quiet = { access: 'login', audit: false } as const;
  const byId = z.object({ id: z.string().min(1).max(32) });

  r.get(
    '/online/cgreport/api/getRpColumns/:code',
    { config: quiet, schema: { params: z.object({ code: z.string().min(1).max(100) }) } },
    async (request) => {
      const report = await readable(request, { code: request.params.code });
      const shown = report.items.filter((i) => i.isShow === 1);
      const columns = shown.map((item) => ({
        id: item.id,
        title: item.fieldTxt || item.fieldName,
        dataIndex: item.fieldName,
        fieldType: item.fieldType,
        align: 'center',
        sorter: 'true',
        width: item.fieldWidth ?? undefined,
        isTotal: item.isTotal === 1 ? '1' : '0',
        groupTitle: item.groupTitle ?? undefined,
        dictCode: item.dictCode ?? undefined,
        customRender: item.dictCode ? item.fieldName : undefined,
        scopedSlots: item.fieldHref ? { customRender: `fieldHref_${item.fieldName}` } : undefined,
      }));
      return ok({
        columns,
        dictOptions: await dictOptionsOf(db, ctx.dicts, shown, sessionOf(request)),
        fieldHrefSlots: shown
          .filter((i) => i.fieldHref)
          .map((i) => ({ slotName: `fieldHref_${i.fieldName}`, field: i.fieldName, href: i.fieldHref })),
        isGroupTitle: shown.some((i) => i.groupTitle),
        cgRpConfigId: report.head.id,
        cgRpConfigName: report.head.name,
        returnValField: report.head.returnValField,
        returnTxtField: report.head.returnTxtField,
      });
    },
  );

  r.get(
    '/online/cgreport/api/getQueryInfo/:id',
    { config: quiet, schema: { params: byId } },
    async (request) => {
      const report = await readable(request, { id: request.params.id });
      const search = report.items.filter((i) => i.isSearch === 1);
      const options = await dictOptionsOf(db, ctx.dicts, search, sessionOf(request));
      return ok(
        search.map((item, index) => {
          const code = item.dictCode?.trim();
          const view = code ? (code.includes(',') ? 'search' : 'list') : item.fieldType.toLowerCase();
          return {
            label: item.fieldTxt || item.fieldName,
            field: item.fieldName,
            view,
            mode: item.searchMode === 'group' ? 'group' : 'single',
            fieldType: item.fieldType,
            dictCode: code || undefined,
            dictOptions: code ? options[item.fieldName] : undefined,
            // reference: search items after the second start collapsed.
            ...(index >= 2 ? { hidden: '1' } : {}),
          };
        }),
      );
    },
  );

  r.get(
    '/online/cgreport/api/getParamsInfo/:id',
    { config: quiet, schema: { params: byId } },
    async (request) => {
      const report = await readable(request, { id: request.params.id });
      return ok(
        report.params.map((p) => ({
          paramName: p.paramName,
          paramTxt: p.paramTxt,
          paramValue: p.paramValue,
          paramType: p.paramType,
        })),
      );
    },
  );

  const dataQuery = z
    .object({
      pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
      column: z.string().max(64).optional(),
      order: z.string().max(10).optional(),
    })
    .passthrough();

  r.get(
    '/online/cgreport/api/getData/:id',
    { config: quiet, schema: { params: byId, querystring: dataQuery } },
    async (request) => {
      const query = request.query as Record<string, unknown> & {
        pageNo: number;
        pageSize: number;
        order?: string;
      };
      const report = await sortedReport(request, request.params.id, query.order);
      return ok(await reportPage(ctx, sources, report, sessionOf(request), query));
    },
  );

  r.get(
    '/online/cgreport/api/exportXls/:id',
    forSignedIn({ params: byId, querystring: dataQuery }, { operateType: 6, content: '导出报表' }),
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const report = await sortedReport(request, request.params.id, query.order);
      return sendReportXlsx(ctx, sources, report, request, reply, sessionOf(request), query);
    },
  );
}
