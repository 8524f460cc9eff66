import { Column, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { type ArrayQuery, arrayRunnerOf } from '../db/arrayQuery.ts';
import { DB_CASING } from '../db/client.ts';

type Row = Record<string, unknown>;

const dialect = new PgDialect({ casing: DB_CASING });

export interface PageReader {
  /** The page's statement: the columns, the caller's scope and filters, its order, limit and offset bound. */
  statement(where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): ArrayQuery;
  /** The same page as drizzle SQL, for a statement that wraps it (render that with `arrayQueryOf`). */
  query(where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): SQL;
  /** Runs it and decodes each cell with its column, as a drizzle select of the same columns returns it. */
  read(db: object, statement: ArrayQuery): Promise<Row[]>;
  /** Decodes one row of cells whose page columns start at `from` (a statement that wraps the page's). */
  decode(cells: unknown[], from?: number): Row;
  /** The statement without its page (limit and offset): one key for every page of one filter and order. */
  filterKey(statement: ArrayQuery): string;
}

/** Renders drizzle SQL (values bound) for the array runner. */
export function arrayQueryOf(query: SQL): ArrayQuery {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

const bigintSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

/**
 * A resource's list page without the select builder: the column list is rendered once, each call renders
 * only its conditions and order, and rows are decoded column by column (measured in bench:api, a list page
 * spent more in building and mapping than in the database). PostgreSQL runs it as a prepared statement.
 */
export function pageReader(table: PgTable, selection: Record<string, PgColumn>): PageReader {
  const keys = Object.keys(selection);
  const columns = keys.map((key) => selection[key]);
  // Most columns (texts, booleans) take the driver's value as it is: only the others are called per cell.
  const decoders = columns.map((column) =>
    column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? undefined : column,
  );
  // Identifiers only, no values: rendered once, the same SQL drizzle would render on every call.
  const selectFrom = sql.raw(dialect.sqlToQuery(sql`select ${sql.join(columns, sql`, `)} from ${table}`).sql);
  const pageQuery = (where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): SQL => {
    const query = sql`${selectFrom}`;
    if (where) query.append(sql` where ${where}`);
    if (orderBy.length) query.append(sql` order by ${sql.join(orderBy, sql`, `)}`);
    // Limit and offset are always the last two values (filterKey leaves them out).
    query.append(sql` limit ${limit} offset ${offset}`);
    return query;
  };
  const decode = (cells: unknown[], from = 0): Row => {
    const row: Row = {};
    for (let i = 0; i < keys.length; i++) {
      const value = cells[from + i];
      const decoder = decoders[i];
      row[keys[i]] = value === null || decoder === undefined ? value : decoder.mapFromDriverValue(value);
    }
    return row;
  };
  return {
    query: pageQuery,
    statement(where, orderBy, limit, offset) {
      return arrayQueryOf(pageQuery(where, orderBy, limit, offset));
    },
    filterKey({ text, params }) {
      return `${text}|${JSON.stringify(params.slice(0, -2), bigintSafe)}`;
    },
    decode,
    async read(db, statement) {
      const rows = await arrayRunnerOf(db)(statement);
      return rows.map((cells) => decode(cells));
    },
  };
}
