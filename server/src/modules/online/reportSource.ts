// Where a report runs: the platform database (the table guard decides what it may read), or a configured
// PostgreSQL data source through a small pool of its own, every query in a read-only transaction with the
// report statement timeout. The SQL is still one SELECT (compileReportSql) with every value bound.
import { createHash } from 'node:crypto';
import { reportTablesOf } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { dataSourceSettings, sysDataSource } from '../system/index.ts';
import {
  allowListTables,
  analyzeReportSql,
  type ReportColumn,
  type ReportGuardCache,
  type TablePolicy,
} from './reportGuard.ts';
import {
  REPORT_STATEMENT_TIMEOUT_MS,
  type ReportRequest,
  type ReportResult,
  runReport,
} from './reportQuery.ts';
import { type CompiledSql, type ParamType, ReportSqlError } from './reportSql.ts';

/** A database a report can run on. */
export interface ReportTarget {
  /** The data source code, or null for the platform database. */
  code: string | null;
  /** The SQL's output columns (checked, cached per SQL text). */
  columns(compiled: CompiledSql, types: Record<string, ParamType>): Promise<ReportColumn[]>;
  run(request: ReportRequest): Promise<ReportResult>;
}

const POOL_SIZE = 3;
const CONNECT_TIMEOUT_MS = 5_000;
/** An idle pool is closed after this long; the next call opens a new one. */
const IDLE_MS = 10 * 60_000;

interface Source {
  version: string;
  /** The tables its administrator lets reports read. */
  tables: TablePolicy;
  pool: pg.Pool;
  db: DbOrTx;
  usedAt: number;
  columns: Map<string, Promise<ReportColumn[]>>;
}

/** SQLSTATE classes and driver errors that mean the database could not be reached or refused the login. */
function isConnectionFailure(error: unknown): boolean {
  const err = error as { code?: unknown; message?: unknown; cause?: unknown };
  const code = typeof err?.code === 'string' ? err.code : '';
  if (/^(08|28|3D|57P)/.test(code)) return true;
  if (/^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ENOTFOUND, ETIMEDOUT …
  if (err?.cause) return isConnectionFailure(err.cause);
  const message = typeof err?.message === 'string' ? err.message : '';
  return (
    !code && /timeout exceeded when trying to connect|Connection terminated|connection error/i.test(message)
  );
}

function messageOf(error: unknown): string {
  const err = error as { message?: unknown; cause?: { message?: unknown } };
  const own = typeof err?.cause?.message === 'string' ? err.cause.message : err?.message;
  return (typeof own === 'string' && own) || String(error);
}

/** Data sources' pools, keyed by code and replaced when the data source's settings change. */
export class ReportSources {
  private readonly sources = new Map<string, Source>();
  private readonly opening = new Map<string, Promise<Source>>();
  private readonly platform: ReportTarget;

  constructor(
    private readonly ctx: AppContext,
    guard: ReportGuardCache,
  ) {
    this.platform = {
      code: null,
      columns: (compiled, types) => guard.columns(ctx.db, compiled, types),
      run: (request) => runReport(ctx.db, request),
    };
  }

  /**
   * The database a report runs on. `tenantId` (a definition being written) also requires the data source to
   * belong to the writer's tenant. Throws ReportSqlError when the source is unknown or not PostgreSQL.
   */
  async target(code: string | null | undefined, tenantId?: number): Promise<ReportTarget> {
    const name = code?.trim();
    if (!name) return this.platform;
    const [row] = await this.ctx.db
      .select({
        dbType: sysDataSource.dbType,
        dbHost: sysDataSource.dbHost,
        dbPort: sysDataSource.dbPort,
        dbName: sysDataSource.dbName,
        dbUsername: sysDataSource.dbUsername,
        dbPassword: sysDataSource.dbPassword,
        reportTables: sysDataSource.reportTables,
        tenantId: sysDataSource.tenantId,
        updateTime: sysDataSource.updateTime,
      })
      .from(sysDataSource)
      .where(eq(sysDataSource.code, name));
    if (!row || (tenantId !== undefined && row.tenantId !== tenantId))
      throw new ReportSqlError(`数据源 ${name} 不存在`);
    if (row.dbType !== 'postgresql') throw new ReportSqlError('报表暂只支持 PostgreSQL 数据源');
    // Any edit of the settings (or of the stored, encrypted password) opens a new pool.
    const version = createHash('sha256')
      .update(JSON.stringify({ ...row, updateTime: row.updateTime?.toISOString() ?? null }))
      .digest('hex');
    const source = await this.source(name, version);
    source.usedAt = Date.now();
    return {
      code: name,
      columns: (compiled, types) => this.guarded(() => this.columnsOf(source, compiled, types), name),
      run: (request) => this.guarded(() => runReport(source.db, request), name),
    };
  }

  private async source(code: string, version: string): Promise<Source> {
    this.closeIdle();
    const cached = this.sources.get(code);
    if (cached?.version === version) return cached;
    const key = `${code}\n${version}`;
    let opening = this.opening.get(key);
    if (!opening) {
      opening = this.open(code, version).finally(() => this.opening.delete(key));
      this.opening.set(key, opening);
    }
    return opening;
  }

  private async open(code: string, version: string): Promise<Source> {
    const settings = await dataSourceSettings(this.ctx.db, code);
    if (!settings) throw new ReportSqlError(`数据源 ${code} 不存在`);
    const pool = new pg.Pool({
      host: settings.dbHost,
      port: settings.dbPort,
      database: settings.dbName,
      user: settings.dbUsername,
      password: settings.dbPassword,
      max: POOL_SIZE,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      allowExitOnIdle: true,
      // Belt and braces: every session is read-only with the report timeout even before runReport says so.
      options: `-c default_transaction_read_only=on -c statement_timeout=${REPORT_STATEMENT_TIMEOUT_MS}`,
      application_name: 'freight-report',
    });
    // An idle client the server drops must not end the process; the pool replaces it on the next checkout.
    pool.on('error', () => {});
    const source: Source = {
      version,
      tables: allowListTables(reportTablesOf(settings.reportTables)),
      pool,
      db: drizzle(pool),
      usedAt: Date.now(),
      columns: new Map(),
    };
    const old = this.sources.get(code);
    this.sources.set(code, source);
    if (old) void old.pool.end().catch(() => {});
    return source;
  }

  private closeIdle(): void {
    const now = Date.now();
    for (const [code, source] of this.sources)
      if (now - source.usedAt > IDLE_MS) {
        this.sources.delete(code);
        void source.pool.end().catch(() => {});
      }
  }

  /** Turns an unreachable data source into a plain message (no driver stack); other errors pass. */
  private async guarded<T>(work: () => Promise<T>, code: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ReportSqlError || !isConnectionFailure(error)) throw error;
      throw new ReportSqlError(`数据源 ${code} 连接失败：${messageOf(error)}`.slice(0, 300));
    }
  }

  /**
   * Output columns of the SQL on an external database, checked by the same guard as on the platform database
   * (parsed by that server into a temporary view: functions, operators, secret columns) and the data source's
   * own list of readable tables.
   */
  private columnsOf(
    source: Source,
    compiled: CompiledSql,
    types: Record<string, ParamType>,
  ): Promise<ReportColumn[]> {
    const key = JSON.stringify([compiled, types]);
    let found = source.columns.get(key);
    if (!found) {
      found = analyzeReportSql(source.db, compiled, types, source.tables, { external: true }).catch(
        (error: unknown) => {
          if (error instanceof ReportSqlError || isConnectionFailure(error)) throw error;
          throw new ReportSqlError(`SQL解析失败: ${messageOf(error)}`);
        },
      );
      found.catch(() => source.columns.delete(key));
      if (source.columns.size >= 200) source.columns.delete(source.columns.keys().next().value as string);
      source.columns.set(key, found);
    }
    return found;
  }

  async close(): Promise<void> {
    const pools = [...this.sources.values()].map((s) => s.pool);
    this.sources.clear();
    await Promise.all(pools.map((pool) => pool.end().catch(() => {})));
  }
}
