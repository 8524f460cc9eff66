// Reads through the driver itself, rows as arrays, for the few hot paths where drizzle's select builder and
// its per-cell result mapping cost more than the query (resource list pages: platform/resource/pageReader.ts).
// The SQL is still drizzle's, rendered from its column and condition objects with values bound.
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ArrayQuery {
  text: string;
  params: unknown[];
  /**
   * What else the statement's result depends on, for a table whose columns change while the server runs (an
   * online form's, at each sync): PostgreSQL refuses a prepared statement whose result type changed, so a new
   * version prepares a statement of its own.
   */
  version?: string;
}

export type ArrayRunner = (query: ArrayQuery) => Promise<unknown[][]>;

/**
 * Types both drizzle drivers hand to the column as the server's text (dates, times, intervals and their
 * arrays): the column's own decoder turns them into values, exactly as a drizzle select does.
 */
const TEXT_TYPES = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];
const keepText = (value: string) => value;

const pgTypes = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.includes(id) ? keepText : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

/**
 * Server-side prepared statements, one per distinct statement text: PostgreSQL parses and plans a list's
 * query once per connection instead of on every page. Texts differ only by the filters' shape (values are
 * bound), so there are few; past the cap, further shapes run unnamed.
 */
const STATEMENT_CAP = 500;
const statementNames = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < STATEMENT_CAP) {
    name = `rd_${createHash('sha1').update(text).digest('hex').slice(0, 40)}`;
    statementNames.set(text, name);
  }
  return name;
}

export function postgresArrayRunner(pool: pg.Pool): ArrayRunner {
  return async ({ text, params, version }) => {
    const result = await pool.query<unknown[]>({
      name: statementName(version === undefined ? text : `${version}\n${text}`),
      text,
      values: params,
      rowMode: 'array',
      types: pgTypes,
    });
    return result.rows;
  };
}

const pgliteParsers = Object.fromEntries(TEXT_TYPES.map((id) => [id, keepText]));

export function pgliteArrayRunner(client: PGlite): ArrayRunner {
  return async ({ text, params }) => {
    const result = await client.query<unknown[]>(text, params, { rowMode: 'array', parsers: pgliteParsers });
    return result.rows;
  };
}

const runners = new WeakMap<object, ArrayRunner>();

export function attachArrayRunner(db: object, runner: ArrayRunner): void {
  runners.set(db, runner);
}

export function arrayRunnerOf(db: object): ArrayRunner {
  const runner = runners.get(db);
  if (!runner) throw new Error('this database handle was not opened by openDatabase');
  return runner;
}
