// The report API the console's record popup and auto report list call.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantsOf } from '../../platform/access/grants.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { AppContext } from '../../platform/context.ts';
import { untilDrained } from '../../platform/http/backpressure.ts';
import { ok, pageOf } from '../../platform/http/envelope.ts';
import { bizError, forbidden, unauthorized } from '../../platform/http/errors.ts';
import type { ReportResult } from './reportQuery.ts';
import {
  bindValues,
  dictOptionsOf,
  type LoadedReport,
  loadReport,
  NUMERIC_FIELD_TYPES,
  searchFilters,
} from './reportService.ts';
import type { ReportSources } from './reportSource.ts';
import { ReportSqlError } from './reportSql.ts';

/** Who may read a report's data when its definition names no permission of its own. */
export const REPORT_VIEW_PERMISSION = 'online:cgreport:view';
const PAGE_SIZE_MAX = 500;
const EXPORT_MAX_ROWS = 100_000;

/** Runs report work and turns its refusals and database failures into the user's message. */
export async function reportCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ReportSqlError) throw bizError(error.message);
    const cause =
      (error as { cause?: { message?: string; code?: string } }).cause ??
      (error as { code?: string; message?: string });
    if (cause && 'code' in cause && cause.code === '57014') throw bizError('报表查询超时，请增加查询条件');
    if (cause && 'code' in cause && typeof cause.code === 'string' && /^[0-9A-Z]{5}$/.test(cause.code))
      throw bizError(`报表查询失败: ${cause.message ?? ''}`);
    throw error;
  }
}

function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

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
    return report;
  }

  async function run(
    report: LoadedReport,
    request: FastifyRequest,
    query: Record<string, unknown>,
    page: { limit: number; offset: number },
    summary = true,
  ): Promise<ReportResult> {
    const session = sessionOf(request);
    return reportCall(async () => {
      // The report's data source (blank: the platform database) answers its columns and its rows.
      const target = await sources.target(report.head.dbSource);
      const columns = await target.columns(report.compiled, report.types);
      const names = new Set(columns.map((c) => c.name));
      const column = typeof query.column === 'string' ? query.column : '';
      const order = query.order === 'asc' || query.order === 'desc' ? query.order : 'asc';
      // Order is asc or desc only; the column must be one of the report's.
      const sortable = report.items.some((i) => i.fieldName === column && names.has(column));
      if (column && !sortable) throw new ReportSqlError('排序字段不正确');
      const totals = report.items
        .filter((i) => i.isTotal === 1 && NUMERIC_FIELD_TYPES.has(i.fieldType) && names.has(i.fieldName))
        .map((i) => i.fieldName);
      return target.run({
        compiled: report.compiled,
        types: report.types,
        values: bindValues(report, query, session),
        columns,
        filters: searchFilters(report.items, query),
        order: column ? { column, direction: order } : undefined,
        page,
        totals: summary ? totals : [],
        count: summary,
      });
    });
  }

  const withDictText = (report: LoadedReport, records: Record<string, unknown>[]) => {
    const coded = report.items.filter((i) => i.dictCode && !i.dictCode.includes(','));
    if (!coded.length) return records;
    for (const row of records)
      for (const item of coded)
        row[`${item.fieldName}_dictText`] =
          ctx.dicts.text(item.dictCode as string, row[item.fieldName]) ?? row[item.fieldName] ?? '';
    return records;
  };

  r.get(
    '/online/cgreport/api/getRpColumns/:code',
    {
      config: { access: 'login', audit: false },
      schema: { params: z.object({ code: z.string().min(1).max(100) }) },
    },
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
    {
      config: { access: 'login', audit: false },
      schema: { params: z.object({ id: z.string().min(1).max(32) }) },
    },
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
    {
      config: { access: 'login', audit: false },
      schema: { params: z.object({ id: z.string().min(1).max(32) }) },
    },
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
    {
      config: { access: 'login', audit: false },
      schema: { params: z.object({ id: z.string().min(1).max(32) }), querystring: dataQuery },
    },
    async (request) => {
      const query = request.query as Record<string, unknown> & {
        pageNo: number;
        pageSize: number;
        order?: string;
      };
      if (query.order !== undefined && query.order !== 'asc' && query.order !== 'desc')
        throw bizError('排序方式只能是 asc 或 desc');
      const report = await readable(request, { id: request.params.id });
      const result = await run(report, request, query, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return ok({
        ...pageOf(withDictText(report, result.records), result.total, query),
        totals: result.totals,
      });
    },
  );

  r.get(
    '/online/cgreport/api/exportXls/:id',
    {
      config: { access: 'login', audit: { operateType: 6, content: '导出报表' } },
      schema: { params: z.object({ id: z.string().min(1).max(32) }), querystring: dataQuery },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      if (query.order !== undefined && query.order !== 'asc' && query.order !== 'desc')
        throw bizError('排序方式只能是 asc 或 desc');
      const report = await readable(request, { id: request.params.id });
      const shown = report.items.filter((i) => i.isShow === 1);
      const options = await dictOptionsOf(db, ctx.dicts, shown, sessionOf(request));
      // The first batch runs before the reply starts, so a refused report answers with its message.
      const batch = 2000;
      const first = await run(report, request, query, { limit: batch, offset: 0 }, false);
      const filename = encodeURIComponent(`${report.head.name}.xlsx`);
      const stream = new PassThrough();
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${filename}`);
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(report.head.name.slice(0, 31));
      sheet.columns = shown.map((i) => ({ header: i.fieldTxt || i.fieldName, key: i.fieldName, width: 20 }));
      const textOf = (item: (typeof shown)[number], value: unknown) => {
        const found = options[item.fieldName]?.find((o) => String(o.value) === String(value ?? ''));
        if (found) return found.text;
        if (NUMERIC_FIELD_TYPES.has(item.fieldType) && typeof value === 'string' && value !== '')
          return Number(value);
        return value ?? '';
      };
      (async () => {
        let rows = first.records;
        for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += batch) {
          if (offset > 0) rows = (await run(report, request, query, { limit: batch, offset }, false)).records;
          for (const row of rows) {
            const out: Record<string, unknown> = {};
            for (const item of shown) out[item.fieldName] = textOf(item, row[item.fieldName]);
            sheet.addRow(out).commit();
          }
          if (rows.length < batch) break;
          await untilDrained(stream);
        }
        sheet.commit();
        await workbook.commit();
      })().catch((error: unknown) => {
        request.log.error({ err: error }, 'report export failed');
        stream.destroy(error as Error);
      });
      return reply.send(stream);
    },
  );
}
