// 报表列表 (/statistics/report): the saved reports of the online report engine (a head with a category),
// listed for the caller by permission, opened with their parameter form, run and exported. Each category has
// its code (statistics:report:<category>); a party user runs only a report whose SQL filters by its own party
// (`${sys_customer_id}` bound from the session, never from the request), the others are platform staff's.
import {
  SAVED_REPORT_CATEGORIES,
  SAVED_REPORT_EXPORT_PERMISSION,
  SAVED_REPORT_LIST_PERMISSION,
  type SavedReportCategory,
  type SavedReportDetail,
  type SavedReportSummary,
  savedReportPermission,
} from '@freight/contracts';
import { asc, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantsOf } from '../../platform/access/grants.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, forbidden } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { reportCall, reportPage, sendReportXlsx } from './reportRunner.ts';
import { dictOptionsOf, type LoadedReport, loadReport, partyMayRun } from './reportService.ts';
import type { ReportSources } from './reportSource.ts';
import { compileReportSql } from './reportSql.ts';
import { onlCgreportHead } from './schema.ts';

const PAGE_SIZE_MAX = 500;

const isCategory = (value: string | null): value is SavedReportCategory =>
  (SAVED_REPORT_CATEGORIES as readonly string[]).includes(value ?? '');

/** The code that runs a saved report: its own, or its category's. */
const runPermissionOf = (head: { perms: string | null; category: SavedReportCategory }) =>
  head.perms?.trim() || savedReportPermission(head.category);

export function savedReportRoutes(app: FastifyInstance, ctx: AppContext, sources: ReportSources): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The saved report of the code, if the caller may run it (its code, and its party if any); else 403. */
  async function runnable(
    request: FastifyRequest,
    code: string,
  ): Promise<LoadedReport & { category: SavedReportCategory; codes: Set<string> }> {
    const session = sessionOf(request);
    const report = await reportCall(() => loadReport(db, { code }));
    const category = report?.head.category ?? null;
    if (!report || !isCategory(category)) throw bizError('报表不存在');
    const { codes } = await grantsOf(db, session.user.id);
    if (!codes.has(runPermissionOf({ perms: report.head.perms, category }))) throw forbidden();
    if (!partyMayRun(report, session)) throw forbidden('该报表仅限平台人员查看');
    return Object.assign(report, { category, codes });
  }

  const summaryOf = (head: typeof onlCgreportHead.$inferSelect): SavedReportSummary => ({
    id: head.id,
    code: head.code,
    name: head.name,
    category: head.category as SavedReportCategory,
    description: head.content,
  });

  r.get(
    '/statistics/report/list',
    permitted(
      SAVED_REPORT_LIST_PERMISSION,
      {
        querystring: z.object({
          category: z.enum(SAVED_REPORT_CATEGORIES).optional(),
          keyword: z.string().trim().max(50).optional(),
        }),
      },
      false,
    ),
    async (request) => {
      const session = sessionOf(request);
      const { codes } = await grantsOf(db, session.user.id);
      const heads = await db
        .select()
        .from(onlCgreportHead)
        .where(isNotNull(onlCgreportHead.category))
        .orderBy(asc(onlCgreportHead.category), asc(onlCgreportHead.code));
      const keyword = request.query.keyword?.toLowerCase() ?? '';
      const out: SavedReportSummary[] = [];
      for (const head of heads) {
        const category = head.category;
        if (!isCategory(category)) continue;
        if (request.query.category && request.query.category !== category) continue;
        if (!codes.has(runPermissionOf({ perms: head.perms, category }))) continue;
        if (
          keyword &&
          !head.name.toLowerCase().includes(keyword) &&
          !head.code.toLowerCase().includes(keyword) &&
          !(head.content ?? '').toLowerCase().includes(keyword)
        )
          continue;
        // A definition whose SQL no longer compiles is left out rather than failing the whole list.
        let compiled: ReturnType<typeof compileReportSql>;
        try {
          compiled = compileReportSql(head.cgrSql);
        } catch {
          continue;
        }
        if (!partyMayRun({ compiled }, session)) continue;
        out.push(summaryOf(head));
      }
      return ok(out);
    },
  );

  r.get(
    '/statistics/report/detail/:code',
    permitted(
      SAVED_REPORT_LIST_PERMISSION,
      { params: z.object({ code: z.string().min(1).max(100) }) },
      false,
    ),
    async (request) => {
      const report = await runnable(request, request.params.code);
      const session = sessionOf(request);
      const search = report.items.filter((i) => i.isSearch === 1);
      const options = await dictOptionsOf(db, ctx.dicts, search, session);
      const detail: SavedReportDetail = {
        ...summaryOf(report.head),
        columns: report.items
          .filter((i) => i.isShow === 1)
          .map((i) => ({
            field: i.fieldName,
            title: i.fieldTxt || i.fieldName,
            fieldType: i.fieldType,
            width: i.fieldWidth,
            sortable: i.isOrder === 1,
            total: i.isTotal === 1,
            dictCode: i.dictCode,
          })),
        params: report.params.map((p) => ({
          name: p.paramName,
          title: p.paramTxt || p.paramName,
          type: p.paramType,
          defaultValue: p.paramValue,
        })),
        search: search.map((i) => ({
          field: i.fieldName,
          title: i.fieldTxt || i.fieldName,
          fieldType: i.fieldType,
          mode: i.searchMode === 'group' ? 'group' : 'single',
          options: options[i.fieldName]?.map((o) => ({ value: String(o.value), text: o.text })) ?? null,
        })),
        chart: report.head.chartConfig ?? null,
        canExport: report.codes.has(SAVED_REPORT_EXPORT_PERMISSION),
      };
      return ok(detail);
    },
  );

  const dataQuery = z
    .object({
      pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
      column: z.string().max(64).optional(),
      order: z.enum(['asc', 'desc'], { error: '排序方式只能是 asc 或 desc' }).optional(),
    })
    .passthrough();

  r.get(
    '/statistics/report/getData/:code',
    permitted(
      SAVED_REPORT_LIST_PERMISSION,
      { params: z.object({ code: z.string().min(1).max(100) }), querystring: dataQuery },
      false,
    ),
    async (request) => {
      const query = request.query as Record<string, unknown> & { pageNo: number; pageSize: number };
      const report = await runnable(request, request.params.code);
      return ok(await reportPage(ctx, sources, report, sessionOf(request), query));
    },
  );

  r.get(
    '/statistics/report/exportXls/:code',
    permitted(
      SAVED_REPORT_EXPORT_PERMISSION,
      { params: z.object({ code: z.string().min(1).max(100) }), querystring: dataQuery },
      { operateType: 6, content: '导出报表' },
    ),
    async (request, reply) => {
      const report = await runnable(request, request.params.code);
      return sendReportXlsx(
        ctx,
        sources,
        report,
        request,
        reply,
        sessionOf(request),
        request.query as Record<string, unknown>,
        { totalsRow: true },
      );
    },
  );
}
