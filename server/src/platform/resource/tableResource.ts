import { type AnyColumn, desc, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { typeOf } from './bindResource.ts';
import { type ResourceDef, type ResourceHandle, registerResource } from './defineResource.ts';
import type { FieldMap, FieldSpec } from './query.ts';
import { withUniqueKey } from './uniqueField.ts';

type Row = Record<string, unknown>;
type ColumnKey<T extends PgTable> = keyof T['_']['columns'] & string;

/** How a list uses a column: its type comes from the column; a string is the export title alone. */
export type ColumnUse = string | Omit<FieldSpec, 'column' | 'type'>;

/** A field filtered and sorted on, without an export title (e.g. `createTime`). */
export const FILTER_SORT = { filter: true, sort: true } as const;

/** A field filtered and sorted on, exported under the title. */
export const filterSort = (title: string) => ({ ...FILTER_SORT, title });

/** A field filtered on (not sorted), exported under the title. */
export const filterOnly = (title: string) => ({ filter: true, title }) as const;

/** A resource declared by its table's column names rather than by column objects. */
export interface TableResourceDef<T extends PgTable>
  extends Omit<ResourceDef, 'table' | 'id' | 'fields' | 'defaultOrder' | 'createSchema' | 'updateSchema'> {
  /** The key column's name; default `id`. It is always a filter. */
  idKey?: ColumnKey<T>;
  /** The columns a list filters, sorts or exports, in export order. */
  fields: { [K in ColumnKey<T>]?: ColumnUse };
  /** Default: newest `createTime` first. */
  defaultOrder?: ResourceDef['defaultOrder'];
  /** The form's body: adds take it, edits take it with the row's `id`. */
  body?: z.ZodObject;
  createSchema?: ResourceDef['createSchema'];
  updateSchema?: ResourceDef['updateSchema'];
  /**
   * A column no two rows may share (deleted rows too), checked after `beforeWrite` derived the values;
   * the message may name the value.
   */
  unique?: { key: ColumnKey<T>; message: string | ((values: Row) => string) };
}

const rowId = z.string().min(1).max(32);

/** The engine's field map of a table's named columns, the key column first. */
export function tableFieldMap<T extends PgTable>(
  table: T,
  idKey: string,
  uses: { [K in ColumnKey<T>]?: ColumnUse },
): FieldMap {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (name: string): PgColumn => {
    const found = columns[name];
    if (!found) throw new Error(`${name} is not a column of the table`);
    return found;
  };
  const id = column(idKey);
  const fields: FieldMap = { [idKey]: { column: id, type: typeOf(id), filter: true } };
  for (const [name, use] of Object.entries(uses) as [string, ColumnUse][]) {
    const spec = typeof use === 'string' ? { title: use } : use;
    fields[name] = { column: column(name), type: typeOf(column(name)), ...spec };
  }
  return fields;
}

/** The engine's definition of a table resource (see {@link registerTableResource}). */
export function tableResourceDef<T extends PgTable>(table: T, def: TableResourceDef<T>): ResourceDef {
  const { idKey = 'id', fields, body, unique, beforeWrite, ...rest } = def;
  const columns = getTableColumns(table) as Record<string, AnyColumn>;
  const fieldMap = tableFieldMap(table, idKey, fields);
  const createTime = columns.createTime;
  return {
    ...rest,
    table,
    id: fieldMap[idKey]?.column as AnyColumn,
    fields: fieldMap,
    defaultOrder: def.defaultOrder ?? (createTime ? [desc(createTime)] : undefined),
    createSchema: def.createSchema ?? body,
    // The edit body is the add body with the row's id, which the extended shape always requires.
    updateSchema: def.updateSchema ?? (body?.extend({ id: rowId }) as ResourceDef['updateSchema']),
    beforeWrite: withUniqueKey(table, unique, beforeWrite),
  };
}

/**
 * The standard list, detail, add, edit, delete, export and import routes of a table, its fields named by
 * column: the key is always a filter, rows list newest first unless told otherwise.
 */
export function registerTableResource<T extends PgTable>(
  app: FastifyInstance,
  ctx: AppContext,
  table: T,
  def: TableResourceDef<T>,
): ResourceHandle {
  return registerResource(app, ctx, tableResourceDef(table, def));
}

/**
 * A table's standard routes (see {@link registerTableResource}) and what the module's own routes beside
 * them use: the database and the zod-typed router.
 */
export function tableRoutes<T extends PgTable>(
  app: FastifyInstance,
  ctx: AppContext,
  table: T,
  def: TableResourceDef<T>,
) {
  const resource = registerTableResource(app, ctx, table, def);
  return { db: ctx.db, r: app.withTypeProvider<ZodTypeProvider>(), resource };
}
