// Runs a checked report: the author's SQL as a sub-query with bound values, in a read-only transaction with a
// statement timeout, filtered, sorted and paged outside it by whitelisted column names only.
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { containing } from '../../platform/db/likePattern.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { CountCache } from '../../platform/resource/countCache.ts';
import { MAX_REPORT_COST, type ReportColumn } from './reportGuard.ts';
import { type CompiledSql, type ParamType, PG_TYPE_OF, quoteIdent, ReportSqlError } from './reportSql.ts';

/** spec: a runaway report must not hold a connection (PostgreSQL; PGlite ignores it, the cost ceiling holds). */
export const REPORT_STATEMENT_TIMEOUT_MS = 15_000;

/**
 * The first statement of every report transaction: read only, the statement timeout, standard strings. One
 * round trip rather than three `set` statements: on the embedded database a transaction holds the only
 * connection, and every round trip inside it keeps the others waiting.
 */
export async function beginReportTransaction(tx: DbOrTx): Promise<void> {
  await tx.execute(
    sql`select set_config('transaction_read_only', 'on', true), set_config('statement_timeout', ${String(
      REPORT_STATEMENT_TIMEOUT_MS,
    )}, true), set_config('standard_conforming_strings', 'on', true)`,
  );
}

export type ReportRow = Record<string, unknown>;

export interface ReportFilter {
  column: string;
  op: 'contains' | 'eq' | 'gte' | 'lte' | 'lt';
  value: string;
  /** How the value is bound: 'text', 'numeric', 'date' … */
  as: 'text' | 'numeric' | 'date';
}

export interface ReportRequest {
  compiled: CompiledSql;
  types: Record<string, ParamType>;
  values: Record<string, string | number | null>;
  columns: ReportColumn[];
  filters: ReportFilter[];
  order?: { column: string; direction: 'asc' | 'desc' };
  /** null: every row (export), in batches by the caller. */
  page: { limit: number; offset: number } | null;
  /** Columns summed over the whole filtered result. */
  totals?: string[];
  /** Whether to count the filtered rows. */
  count?: boolean;
}

export interface ReportResult {
  total: number;
  records: ReportRow[];
  totals: Record<string, string | number | null>;
}

function innerSql(request: Pick<ReportRequest, 'compiled' | 'types' | 'values'>): SQL {
  const { compiled, types, values } = request;
  const chunks: SQL[] = [];
  compiled.parts.forEach((part, i) => {
    chunks.push(sql.raw(part));
    if (i < compiled.params.length) {
      const name = compiled.params[i];
      const value = values[name];
      chunks.push(sql`${value === undefined || value === '' ? null : value}`);
      chunks.push(sql.raw(`::${PG_TYPE_OF[types[name]]}`));
    }
  });
  return sql.join(chunks, sql.raw(''));
}

const col = (name: string) => sql.raw(`r.${quoteIdent(name)}`);

/** Dates and times leave as the console shows them; big numbers as exact text. */
function outputColumn(column: ReportColumn): SQL {
  const ref = col(column.name);
  const as = sql.raw(quoteIdent(column.name));
  const type = column.pgType;
  if (type === 'date') return sql`to_char(${ref}, 'YYYY-MM-DD') as ${as}`;
  if (type.startsWith('timestamp') && type.includes('with time zone'))
    return sql`to_char(${ref} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as ${as}`;
  if (type.startsWith('timestamp')) return sql`to_char(${ref}, 'YYYY-MM-DD HH24:MI:SS') as ${as}`;
  if (type === 'bigint' || type.startsWith('numeric')) return sql`${ref}::text as ${as}`;
  return sql`${ref} as ${as}`;
}

function filterSql(filter: ReportFilter): SQL {
  const ref = col(filter.column);
  const cast = sql.raw(`::${filter.as}`);
  switch (filter.op) {
    case 'contains': {
      const pattern = containing(filter.value);
      return sql`${ref}::text ilike ${pattern}`;
    }
    case 'eq':
      return filter.as === 'text'
        ? sql`${ref}::text = ${filter.value}`
        : sql`${ref} = ${filter.value}${cast}`;
    case 'gte':
      return sql`${ref} >= ${filter.value}${cast}`;
    case 'lte':
      return sql`${ref} <= ${filter.value}${cast}`;
    case 'lt':
      return sql`${ref} < ${filter.value}${cast}`;
  }
}

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/** int8 text becomes a number when it is exact; numeric stays text (money is never a float here). */
function normalize(row: ReportRow, columns: ReportColumn[]): ReportRow {
  for (const column of columns) {
    const value = row[column.name];
    if (typeof value === 'bigint')
      row[column.name] = Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
    else if (column.pgType === 'bigint' && typeof value === 'string' && NUMERIC_TEXT.test(value)) {
      const n = Number(value);
      if (Number.isSafeInteger(n)) row[column.name] = n;
    }
  }
  return row;
}

async function planCost(tx: DbOrTx, query: SQL): Promise<number> {
  const [row] = rowsOf<Record<string, unknown>>(await tx.execute(sql`explain (format json) ${query}`));
  const plan = Object.values(row)[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
    Plan: { 'Total Cost': number };
  }>;
  return parsed[0].Plan['Total Cost'];
}

type ReportSummary = Pick<ReportResult, 'total' | 'totals'>;

// Paging through a report asks for the same total and sums again and again; over a large table they cost
// far more than the page. Kept a few seconds per report SQL, parameters and filters, like list totals.
const summaryCaches = new WeakMap<object, CountCache<ReportSummary>>();
function summaryCacheOf(db: object): CountCache<ReportSummary> {
  let cache = summaryCaches.get(db);
  if (!cache) {
    cache = new CountCache<ReportSummary>();
    summaryCaches.set(db, cache);
  }
  return cache;
}

/** One page (or batch) of a report, its total and its column sums. */
export async function runReport(db: DbOrTx, request: ReportRequest): Promise<ReportResult> {
  const known = new Set(request.columns.map((c) => c.name));
  for (const name of [
    ...request.filters.map((f) => f.column),
    ...(request.order ? [request.order.column] : []),
    ...(request.totals ?? []),
  ]) {
    // Callers pass names from the definition; a name the SQL does not return is a stale definition.
    if (!known.has(name)) throw new ReportSqlError(`报表SQL没有返回字段 ${name}`);
  }
  const from = sql`from (${innerSql(request)}) as r`;
  const where = request.filters.length
    ? sql` where ${sql.join(request.filters.map(filterSql), sql` and `)}`
    : sql``;
  const orderBy = request.order
    ? sql` order by ${col(request.order.column)} ${sql.raw(request.order.direction === 'desc' ? 'desc' : 'asc')} nulls last`
    : sql``;
  const paging = request.page ? sql` limit ${request.page.limit} offset ${request.page.offset}` : sql``;
  const select = sql`select ${sql.join(request.columns.map(outputColumn), sql`, `)} ${from}${where}${orderBy}${paging}`;
  const sums = request.totals ?? [];
  const aggregate =
    request.count || sums.length
      ? sql`select count(*)::int as "__total"${sums.length ? sql`, ` : sql``}${sql.join(
          sums.map((name, i) => sql`sum(${col(name)})::text as ${sql.raw(quoteIdent(`s${i}`))}`),
          sql`, `,
        )} ${from}${where}`
      : null;

  const readOnly = async <T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await beginReportTransaction(tx);
      return work(tx);
    });
  const checkCost = async (tx: DbOrTx, query: SQL) => {
    if ((await planCost(tx, query)) > MAX_REPORT_COST)
      throw new ReportSqlError('报表查询开销过大，请增加查询条件');
  };

  const records = await readOnly(async (tx) => {
    await checkCost(tx, select);
    return rowsOf<ReportRow>(await tx.execute(select)).map((row) => normalize(row, request.columns));
  });
  if (!aggregate) return { total: records.length, records, totals: {} };
  const cache = summaryCacheOf(db);
  // The page was checked on its own: with a LIMIT it plans cheap even when counting its rows would not.
  const summary = await cache.get(cache.key('report', aggregate), () =>
    readOnly(async (tx) => {
      await checkCost(tx, aggregate);
      const [agg] = rowsOf<Record<string, unknown>>(await tx.execute(aggregate));
      const totals: ReportResult['totals'] = {};
      sums.forEach((name, i) => {
        const text = agg[`s${i}`];
        totals[name] = typeof text === 'string' && NUMERIC_TEXT.test(text) ? text : null;
      });
      return { total: Number(agg.__total), totals };
    }),
  );
  return { records, ...summary };
}
