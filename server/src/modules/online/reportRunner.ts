// Running a loaded report for a request: its data source, bound values, search filters, sort and totals, and
// its Excel export. Shared by the online report API (popups, auto report pages) and 报表列表's saved reports.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../../platform/auth/session.ts';
import type { AppContext } from '../../platform/context.ts';
import { pageOf } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { sendStreamedXlsx } from '../../platform/http/xlsxStream.ts';
import type { ReportResult } from './reportQuery.ts';
import {
  bindValues,
  dictOptionsOf,
  type LoadedReport,
  NUMERIC_FIELD_TYPES,
  searchFilters,
} from './reportService.ts';
import type { ReportSources } from './reportSource.ts';
import { ReportSqlError } from './reportSql.ts';

const EXPORT_MAX_ROWS = 100_000;
const EXPORT_BATCH = 2000;

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

/** One page (or export batch) of the report for the session, with the query's parameters, search and sort. */
export async function runFor(
  sources: ReportSources,
  report: LoadedReport,
  session: Session,
  query: Record<string, unknown>,
  page: { limit: number; offset: number },
  summary = true,
): Promise<ReportResult> {
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

/** One page of a report's rows (the query's `pageNo` and `pageSize`) with their dictionary texts and the totals. */
export async function reportPage(
  ctx: AppContext,
  sources: ReportSources,
  report: LoadedReport,
  session: Session,
  query: Record<string, unknown> & { pageNo: number; pageSize: number },
) {
  const result = await runFor(sources, report, session, query, {
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return {
    ...pageOf(withDictText(ctx, report, result.records), result.total, query),
    totals: result.totals,
  };
}

/** Adds `<field>_dictText` to the rows for the columns rendered from a code dictionary. */
export function withDictText(
  ctx: AppContext,
  report: LoadedReport,
  records: Record<string, unknown>[],
): Record<string, unknown>[] {
  const coded = report.items.filter((i) => i.dictCode && !i.dictCode.includes(','));
  if (!coded.length) return records;
  for (const row of records)
    for (const item of coded)
      row[`${item.fieldName}_dictText`] =
        ctx.dicts.text(item.dictCode as string, row[item.fieldName]) ?? row[item.fieldName] ?? '';
  return records;
}

/**
 * Streams the report's shown columns as xlsx: numeric columns (money included) as number cells, dictionary
 * columns as their text. `totalsRow`: a last row 合计 with the report's column totals.
 */
export async function sendReportXlsx(
  ctx: AppContext,
  sources: ReportSources,
  report: LoadedReport,
  request: FastifyRequest,
  reply: FastifyReply,
  session: Session,
  query: Record<string, unknown>,
  options: { totalsRow?: boolean } = {},
): Promise<FastifyReply> {
  const shown = report.items.filter((i) => i.isShow === 1);
  const options_ = await dictOptionsOf(ctx.db, ctx.dicts, shown, session);
  // The first batch runs before the reply starts, so a refused report answers with its message.
  const first = await runFor(
    sources,
    report,
    session,
    query,
    { limit: EXPORT_BATCH, offset: 0 },
    !!options.totalsRow,
  );
  const textOf = (item: (typeof shown)[number], value: unknown) => {
    const found = options_[item.fieldName]?.find((o) => String(o.value) === String(value ?? ''));
    if (found) return found.text;
    if (NUMERIC_FIELD_TYPES.has(item.fieldType) && typeof value === 'string' && value !== '')
      return Number(value);
    return value ?? '';
  };
  const file = {
    filename: `${report.head.name}.xlsx`,
    // Excel refuses * ? : \ / [ ] in a sheet name (报表名称 may hold them).
    sheetName: report.head.name.replace(/[*?:\\/[\]]/g, '-').slice(0, 31),
    useStyles: false,
  };
  return sendStreamedXlsx(request, reply, file, async (sheet, drained) => {
    sheet.columns = shown.map((i) => ({ header: i.fieldTxt || i.fieldName, key: i.fieldName, width: 20 }));
    let rows = first.records;
    for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_BATCH) {
      if (offset > 0)
        rows = (await runFor(sources, report, session, query, { limit: EXPORT_BATCH, offset: offset }, false))
          .records;
      for (const row of rows) {
        const out: Record<string, unknown> = {};
        for (const item of shown) out[item.fieldName] = textOf(item, row[item.fieldName]);
        sheet.addRow(out).commit();
      }
      if (rows.length < EXPORT_BATCH) break;
      await drained();
    }
    const totals = first.totals;
    if (options.totalsRow && Object.keys(totals).length && shown.length) {
      const out: Record<string, unknown> = {};
      shown.forEach((item, i) => {
        const total = totals[item.fieldName];
        out[item.fieldName] = total !== undefined && total !== null ? Number(total) : i === 0 ? '合计' : '';
      });
      sheet.addRow(out).commit();
    }
  });
}
