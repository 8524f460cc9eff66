// What a report's SQL may read and call, decided by PostgreSQL's own parser: the SQL becomes a temporary view
// (in a transaction that is always rolled back), and the view's stored query tree lists every table, column
// and function it touches. No text matching can be fooled by quoting, unicode escapes or schema prefixes.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { type CompiledSql, type ParamType, PG_TYPE_OF, quoteIdent, ReportSqlError } from './reportSql.ts';

/** Tables of the system module a report may read; every other `sys_*` table (tokens, logs, secrets) is not. */
const READABLE_SYS_TABLES = new Set([
  'sys_user',
  'sys_depart',
  'sys_user_depart',
  'sys_role',
  'sys_user_role',
  'sys_position',
  'sys_dict',
  'sys_dict_item',
  'sys_category',
  'sys_tenant',
  'sys_announcement',
]);
/** Business tables that hold secrets rather than business data. */
const UNREADABLE_TABLES = new Set(['hy_setting']);
/** Column names that hold credentials, wherever they are. */
const SECRET_COLUMN = /password|passwd|pwd|salt|secret|token|private|api_?key|access_?key/i;

/** Built-in functions a report (or an SQL enhancement) may call (aggregates, windows, text, dates, numbers, JSON). */
export const ALLOWED_FUNCTIONS = new Set(
  [
    'count sum avg min max string_agg array_agg bool_and bool_or every stddev stddev_pop stddev_samp variance',
    'json_agg jsonb_agg json_build_object jsonb_build_object json_build_array jsonb_build_array',
    'row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value',
    'concat concat_ws lower upper initcap btrim ltrim rtrim substring substr left right length char_length',
    'character_length octet_length replace lpad rpad position strpos split_part reverse repeat translate',
    'starts_with to_char to_number to_date to_timestamp format md5',
    'date_trunc date_part extract age now make_date make_time make_timestamp make_interval justify_days',
    'justify_hours date_bin timezone',
    'round trunc floor ceil ceiling abs mod power sqrt sign div width_bucket',
  ]
    .join(' ')
    .split(' '),
);

/** Planner cost above which a report is refused before it runs (a cross join of two big tables, say). */
export const MAX_REPORT_COST = 20_000_000;

/**
 * Bounds on the parsed query, checked before it is planned. Planning is the one step whose work grows faster
 * than the text (a 600-way join of 12 000 characters took seconds per EXPLAIN on the embedded database, whose
 * single thread nothing can interrupt); a report never needs more than this.
 */
export const MAX_REPORT_RANGE_ENTRIES = 40;
export const MAX_REPORT_SUBQUERIES = 20;
const MAX_TREE_CHARS = 2_000_000;

/** Which tables a report may read on one database; a reason when it may not. */
export interface TablePolicy {
  refuse(table: { schema: string; name: string; kind: string }): string | null;
}

/** The platform database: public business tables and the listed system tables, nothing holding secrets. */
export const PLATFORM_TABLES: TablePolicy = {
  refuse(table) {
    const readable =
      table.schema === 'public' &&
      (table.kind === 'r' || table.kind === 'p') &&
      !UNREADABLE_TABLES.has(table.name) &&
      !table.name.startsWith('onl_') &&
      (!table.name.startsWith('sys_') || READABLE_SYS_TABLES.has(table.name));
    return readable ? null : `报表SQL不能读取表 ${table.schema}.${table.name}`;
  },
};

/**
 * A data source: only what its administrator listed (`schema.table`, `schema.*`), never a system catalog.
 * An empty list reads nothing.
 */
export function allowListTables(entries: Array<{ schema: string; table: string }>): TablePolicy {
  return {
    refuse(table) {
      const listed =
        table.schema !== 'pg_catalog' &&
        table.schema !== 'information_schema' &&
        ['r', 'p', 'v', 'm'].includes(table.kind) &&
        entries.some((e) => e.schema === table.schema && (e.table === '*' || e.table === table.name));
      return listed ? null : `报表SQL不能读取表 ${table.schema}.${table.name}（不在数据源的可读表中）`;
    },
  };
}

export interface ReportColumn {
  name: string;
  /** PostgreSQL type as format_type() gives it: 'character varying(30)', 'integer', 'date' … */
  pgType: string;
}

const ids = (tree: string, pattern: RegExp): number[] =>
  [...tree.matchAll(pattern)].map((m) => Number(m[1])).filter((n) => n > 0);

/** The SQL with each placeholder replaced by a typed NULL: enough for parsing and planning. */
export function withNullParams(compiled: CompiledSql, types: Record<string, ParamType>): string {
  return compiled.parts
    .map((part, i) =>
      i < compiled.params.length ? `${part}NULL::${PG_TYPE_OF[types[compiled.params[i]]]}` : part,
    )
    .join('');
}

class Rollback extends Error {}

interface Inspection {
  columns: ReportColumn[];
  /** The public tables the SQL reads. */
  tables: string[];
}

async function inspect(tx: DbOrTx, text: string, policy: TablePolicy): Promise<Inspection> {
  const view = `onl_report_check_${createHash('sha1').update(`${text}${Math.random()}`).digest('hex').slice(0, 16)}`;
  try {
    await tx.execute(sql.raw(`create temporary view ${view} as ${text}`));
  } catch (error) {
    const message = (error as { cause?: { message?: string }; message?: string }).cause?.message;
    throw new ReportSqlError(`SQL解析失败: ${message ?? (error as Error).message}`);
  }
  const [{ tree, oid }] = rowsOf<{ tree: string; oid: number }>(
    await tx.execute(
      sql`select r.ev_action::text as tree, r.ev_class::int as oid from pg_rewrite r where r.ev_class = ${view}::regclass`,
    ),
  );
  if (tree.length > MAX_TREE_CHARS) throw new ReportSqlError('报表SQL过于复杂，请简化查询');
  const rangeEntries = tree.split('{RANGETBLENTRY').length - 1;
  if (rangeEntries > MAX_REPORT_RANGE_ENTRIES)
    throw new ReportSqlError(`报表SQL过于复杂：最多引用 ${MAX_REPORT_RANGE_ENTRIES} 个表、子查询和连接`);
  // The view's own query is one; each sub-query, CTE and set-operation branch is another.
  if (tree.split('{QUERY').length - 2 > MAX_REPORT_SUBQUERIES)
    throw new ReportSqlError(`报表SQL过于复杂：最多 ${MAX_REPORT_SUBQUERIES} 个子查询`);
  if (/:hasRecursive true/.test(tree)) throw new ReportSqlError('报表SQL不支持递归查询');
  if (/:hasModifyingCTE true|:hasForUpdate true/.test(tree)) throw new ReportSqlError('报表SQL只能读取数据');

  // Tables: every range-table entry's relation, with the columns it selects (the permission-check bitmap
  // PostgreSQL itself keeps: bit = attnum + 7, so bit 7 is a whole-row reference).
  const relids = new Set(ids(tree, /:relid (\d+)/g).filter((id) => id !== oid));
  const readTables: string[] = [];
  const selected = new Map<number, Set<number>>();
  for (const m of tree.matchAll(/:relid (\d+)[^{}]*?:selectedCols \(b([\d ]*)\)/g)) {
    const set = selected.get(Number(m[1])) ?? new Set<number>();
    for (const bit of m[2].trim().split(/\s+/).filter(Boolean)) set.add(Number(bit) - 7);
    selected.set(Number(m[1]), set);
  }
  if (relids.size) {
    const tables = rowsOf<{ oid: number; name: string; schema: string; kind: string }>(
      await tx.execute(
        sql`select c.oid::int as oid, c.relname as name, n.nspname as schema, c.relkind::text as kind
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.oid = any(${`{${[...relids].join(',')}}`}::oid[])`,
      ),
    );
    for (const table of tables) {
      const refusal = policy.refuse(table);
      if (refusal) throw new ReportSqlError(refusal);
      readTables.push(table.name);
      const columns = selected.get(table.oid);
      if (!columns) throw new ReportSqlError(`无法分析报表SQL对表 ${table.name} 的读取`);
      if (columns.has(0)) throw new ReportSqlError(`报表SQL不能引用整行记录 (${table.name})`);
      const attnums = [...columns].filter((n) => n > 0);
      if (!attnums.length) continue;
      const names = rowsOf<{ name: string }>(
        await tx.execute(
          sql`select attname as name from pg_attribute
              where attrelid = ${table.oid}::oid and attnum = any(${`{${attnums.join(',')}}`}::int2[])`,
        ),
      );
      const secret = names.find((c) => SECRET_COLUMN.test(c.name));
      if (secret) throw new ReportSqlError(`报表SQL不能读取字段 ${table.name}.${secret.name}`);
    }
    if (tables.length !== relids.size) throw new ReportSqlError('报表SQL引用了无法识别的对象');
  }

  // Functions, called directly, as aggregates or windows, and behind operators.
  const operators = [
    ...ids(tree, /:(?:opno|eqop|sortop) (\d+)/g),
    ...[...tree.matchAll(/:opnos \(o([\d ]*)\)/g)].flatMap((m) =>
      m[1].trim().split(/\s+/).filter(Boolean).map(Number),
    ),
  ];
  if (operators.length) {
    const foreign = rowsOf<{ name: string }>(
      await tx.execute(
        sql`select o.oprname as name from pg_operator o join pg_namespace n on n.oid = o.oprnamespace
            where o.oid = any(${`{${[...new Set(operators)].join(',')}}`}::oid[]) and n.nspname <> 'pg_catalog'`,
      ),
    );
    if (foreign.length) throw new ReportSqlError(`报表SQL不能使用运算符 ${foreign[0].name}`);
  }
  const functions = new Set(ids(tree, /:(?:funcid|aggfnoid|winfnoid|opfuncid) (\d+)/g));
  if (functions.size) {
    const procs = rowsOf<{ name: string; schema: string; cast: boolean; operator: boolean }>(
      await tx.execute(
        sql`select p.proname as name, n.nspname as schema,
                   exists (select 1 from pg_cast c where c.castfunc = p.oid) as cast,
                   exists (select 1 from pg_operator o where o.oprcode = p.oid) as operator
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where p.oid = any(${`{${[...functions].join(',')}}`}::oid[])`,
      ),
    );
    for (const proc of procs) {
      const allowed =
        proc.schema === 'pg_catalog' && (ALLOWED_FUNCTIONS.has(proc.name) || proc.cast || proc.operator);
      if (!allowed) throw new ReportSqlError(`报表SQL不能调用函数 ${proc.name}`);
    }
    if (procs.length !== functions.size) throw new ReportSqlError('报表SQL引用了无法识别的函数');
  }

  const columns = rowsOf<ReportColumn>(
    await tx.execute(
      sql`select attname as name, format_type(atttypid, atttypmod) as "pgType" from pg_attribute
          where attrelid = ${oid}::oid and attnum > 0 and not attisdropped order by attnum`,
    ),
  );
  return { columns, tables: readTables };
}

/**
 * Checks the SQL (placeholders as typed NULLs) and returns its output columns. Throws ReportSqlError with the
 * reason when the SQL does not parse or reaches outside what reports may read.
 */
export async function analyzeReportSql(
  db: DbOrTx,
  compiled: CompiledSql,
  types: Record<string, ParamType>,
  policy: TablePolicy = PLATFORM_TABLES,
  options: { external?: boolean } = {},
): Promise<ReportColumn[]> {
  const text = withNullParams(compiled, types);
  let inspection: Inspection = { columns: [], tables: [] };
  try {
    await db.transaction(async (tx) => {
      // A data source's sessions are read-only by default; the temporary view needs this one transaction
      // writable, and it is always rolled back. Nothing of the author's SQL runs here: it is only parsed.
      if (options.external) await tx.execute(sql`set transaction read write`);
      await tx.execute(sql`set local standard_conforming_strings = on`);
      inspection = await inspect(tx, text, policy);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  const { columns, tables } = inspection;
  // The cost ceiling trusts the planner's row estimates; a table that grew since its statistics were taken
  // (PGlite has no autovacuum at all) would let a cross join through as cheap and run without end. A data
  // source keeps its own statistics (and is read-only to us).
  if (tables.length && !options.external)
    await db.execute(sql.raw(`analyze ${[...new Set(tables)].map((name) => quoteIdent(name)).join(', ')}`));
  if (!columns.length) throw new ReportSqlError('报表SQL没有返回任何字段');
  const names = new Set<string>();
  for (const column of columns) {
    if (names.has(column.name)) throw new ReportSqlError(`报表SQL的字段名重复: ${column.name}`);
    names.add(column.name);
  }
  return columns;
}

/** Verdicts by SQL text, so a report checked once runs without the temporary view. */
export class ReportGuardCache {
  private readonly verdicts = new Map<string, Promise<ReportColumn[]>>();

  constructor(private readonly max = 500) {}

  columns(db: DbOrTx, compiled: CompiledSql, types: Record<string, ParamType>): Promise<ReportColumn[]> {
    const key = createHash('sha256')
      .update(JSON.stringify([compiled, types]))
      .digest('hex');
    let verdict = this.verdicts.get(key);
    if (!verdict) {
      verdict = analyzeReportSql(db, compiled, types);
      // A refusal is not remembered: the tables may change (a migration), and it costs only the failed call.
      verdict.catch(() => this.verdicts.delete(key));
      if (this.verdicts.size >= this.max) this.verdicts.delete(this.verdicts.keys().next().value as string);
      this.verdicts.set(key, verdict);
    }
    return verdict;
  }
}
