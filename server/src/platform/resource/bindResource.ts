import {
  type FieldDecls,
  fieldsOf,
  filterModeOf,
  isExported,
  isImported,
  type Party,
  type ResourceDecl,
  textOf,
  type ViewWhere,
  viewPermission,
  type WhereValue,
} from '@freight/contracts';
import {
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  or,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { type ResourceDef, type ResourceHandle, registerResource } from './defineResource.ts';
import { registerImportTemplate, withDictValues } from './importTemplate.ts';
import { andAll, type FieldMap, type FieldSpec, type FieldType } from './query.ts';
import { type UniqueKey, withUniqueKey } from './uniqueField.ts';

type ColumnsOf<T extends PgTable> = T['_']['columns'];
type Row = Record<string, unknown>;

/** The declared fields that are stored (not computed `from` others). */
type StoredKeys<F extends FieldDecls> = {
  [K in keyof F]: F[K] extends { from: readonly string[] } ? never : K;
}[keyof F];

/**
 * A declaration's stored field that is not a column of the table is a type error naming it: the table
 * parameter turns into `{ notAColumn: 'field' }`.
 */
export type ColumnsCheck<F extends FieldDecls, T extends PgTable> = [
  Exclude<StoredKeys<F>, keyof ColumnsOf<T>>,
] extends [never]
  ? T
  : { notAColumn: Exclude<StoredKeys<F>, keyof ColumnsOf<T>> };

/** What the server adds to a declaration: hooks, schemas and conditions that need the database. */
export type Binding = Omit<
  ResourceDef,
  | 'path'
  | 'permission'
  | 'title'
  | 'table'
  | 'id'
  | 'fields'
  | 'actions'
  | 'secrets'
  | 'viewWhere'
  | 'scope'
  | 'customFilter'
> & {
  /** Menu component whose data rules filter the list (reference @PermissionData). */
  dataRuleComponent?: string;
  /** The declaration's named view this binding serves (its filter applies to every read). */
  view?: string;
  /** Path of the routes when it is not the declaration's own (`<path>/<view>` for a view). */
  path?: string;
  /** Server-only filters on columns the screen does not show (e.g. a parent id). */
  extraFilters?: FieldMap;
  /** Conditions of the declaration's named filters, from the raw query value. */
  filters?: Record<string, (value: string) => SQL | undefined>;
  /** Rows of a party kind the declaration has no column for, derived (e.g. the drivers of its waybills). */
  partyScope?: Partial<Record<Party, (partyId: string) => SQL>>;
  /** Export cells of a field the engine cannot write by its kind (e.g. a score kept ×100, written 4.67). */
  exportValues?: Record<string, (value: unknown, row: Row) => unknown>;
  /** A field no two rows may share, deleted rows included (a restored row never clashes). */
  unique?: UniqueKey;
  /**
   * The module answers `<path>/queryById` itself (e.g. to every user a record was sent to, not only to the
   * list's holders): the binding leaves that route out.
   */
  ownDetail?: true;
};

/** The list's field type of a column: how its filters are read and compared. */
export function typeOf(column: PgColumn): FieldType {
  switch (column.dataType) {
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    default:
      return column.columnType === 'PgBigInt53' || column.columnType === 'PgInteger' ? 'number' : 'string';
  }
}

/** The server's field map of a declaration: only declared fields ever reach SQL, as bound values. */
export function fieldMapOf(decl: ResourceDecl, table: PgTable): FieldMap {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const out: FieldMap = {};
  for (const [name, field] of fieldsOf(decl)) {
    if (field.from) {
      for (const source of field.from)
        if (!columns[source]) throw new Error(`${decl.path}: ${name} is shown from ${source}, not a column`);
      continue;
    }
    const column = columns[name];
    if (!column) throw new Error(`${decl.path}: field ${name} is not a column of the table`);
    const mode = filterModeOf(field);
    const spec: FieldSpec = { column, type: typeOf(column) };
    if (mode) spec.filter = true;
    if (mode === 'like') spec.like = true;
    if (field.sort) spec.sort = true;
    if (field.dict) spec.dict = field.dict;
    if (field.kind) spec.kind = field.kind;
    if (field.mask) spec.mask = field.mask;
    if (isExported(field)) spec.title = textOf(field.label);
    out[name] = spec;
  }
  return out;
}

/** The condition of a named view of the declaration. */
export function viewCondition(decl: ResourceDecl, table: PgTable, view: string): SQL | undefined {
  const declared = decl.views?.[view];
  if (!declared) throw new Error(`${decl.path}: no view ${view}`);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const all = (where: ViewWhere<string>) =>
    andAll(
      Object.entries(where).map(([name, value]) => {
        const column = columns[name];
        if (!column) throw new Error(`${decl.path}: view ${view} filters ${name}, not a column`);
        return whereCondition(column, value as WhereValue);
      }),
    );
  const alternatives = declared.anyOf?.map(all).filter((c): c is SQL => c !== undefined) ?? [];
  return andAll([all(declared.where), alternatives.length ? or(...alternatives) : undefined]);
}

const isList = (value: object): value is ReadonlyArray<string | number> => Array.isArray(value);

function whereCondition(column: PgColumn, value: WhereValue): SQL | undefined {
  if (typeof value !== 'object') return eq(column, value);
  if (isList(value)) return inArray(column, [...value]);
  if ('present' in value) return isNotNull(column);
  return andAll([
    value.gt === undefined ? undefined : gt(column, value.gt),
    value.gte === undefined ? undefined : gte(column, value.gte),
    value.lt === undefined ? undefined : lt(column, value.lt),
    value.lte === undefined ? undefined : lte(column, value.lte),
  ]);
}

const idOnly = z.object({ id: z.string().min(1).max(32) });

/** The standard routes of a declaration, bound to its table. */
export function bindResource<const F extends FieldDecls, T extends PgTable>(
  app: FastifyInstance,
  ctx: AppContext,
  decl: ResourceDecl<F>,
  table: ColumnsCheck<F, T>,
  binding: Binding = {},
): ResourceHandle {
  const def = resourceDefOf(decl as unknown as ResourceDecl, table as PgTable, binding, ctx);
  if (decl.actions.includes('import') && !binding.view) {
    registerImportTemplate(app, {
      path: def.path,
      permission: decl.permission,
      title: textOf(decl.title),
      columns: [
        ...fieldsOf(decl as unknown as ResourceDecl)
          .filter(([, field]) => isImported(field) && isExported(field))
          .map(([, field]) => ({
            title: textOf(field.label),
            required: field.required,
            note: field.importNote,
          })),
        // The sheet-only columns (an initial password, codes of linked records) the import reads too.
        ...Object.values(binding.importFields ?? {}).flatMap((field) =>
          field.title ? [{ title: field.title }] : [],
        ),
      ],
    });
  }
  return registerResource(app, ctx, def);
}

/** The engine's definition of a declaration bound to its table. */
export function resourceDefOf(
  decl: ResourceDecl,
  table: PgTable,
  binding: Binding = {},
  ctx?: Pick<AppContext, 'dicts'>,
): ResourceDef {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const idKey = decl.id ?? 'id';
  const id = columns[idKey];
  if (!id) throw new Error(`${decl.path}: id ${idKey} is not a column`);
  const {
    dataRuleComponent,
    view,
    path,
    extraFilters,
    filters,
    partyScope,
    exportValues,
    unique,
    ownDetail,
    ...hooks
  } = binding;
  if (unique && !columns[unique.key]) throw new Error(`${decl.path}: unique ${unique.key} is not a column`);
  const fields = { ...extraFilters, ...fieldMapOf(decl, table) };
  for (const [name, exportValue] of Object.entries(exportValues ?? {})) {
    const spec = fields[name];
    if (!spec?.title) throw new Error(`${decl.path}: ${name} is not an exported field`);
    fields[name] = { ...spec, exportValue };
  }
  if (!fields[idKey]) fields[idKey] = { column: id, type: typeOf(id), filter: true };
  for (const name of Object.keys(decl.filters ?? {}))
    if (!filters?.[name]) throw new Error(`${decl.path}: filter ${name} has no condition in the binding`);
  const viewDecl = view ? decl.views?.[view] : undefined;
  if (view && !viewDecl) throw new Error(`${decl.path}: no view ${view}`);
  const sort = viewDecl?.defaultSort ?? decl.defaultSort;
  const sortColumn = sort ? columns[sort.field] : undefined;
  const body = decl.body as z.ZodType<Row> | undefined;
  const createSchema = hooks.createSchema ?? body;
  const importSchema =
    hooks.importSchema ?? (createSchema && ctx ? withDictValues(createSchema, ctx.dicts, fields) : undefined);
  return {
    path: path ?? (view ? `${decl.path}/${view}` : decl.path),
    permission: viewPermission(decl, view),
    title: textOf(viewDecl ? viewDecl.title : decl.title),
    table,
    id,
    fields,
    actions: [
      'list',
      ...(ownDetail ? [] : (['queryById'] as const)),
      ...(decl.actions.includes('add') ? (['add'] as const) : []),
      ...(decl.actions.includes('edit') ? (['edit'] as const) : []),
      ...(decl.actions.includes('delete') ? (['delete', 'deleteBatch'] as const) : []),
      ...(decl.actions.includes('export') ? (['exportXls'] as const) : []),
      ...(decl.actions.includes('import') ? (['importExcel'] as const) : []),
    ],
    importTitles: fieldsOf(decl)
      .filter(([, field]) => isImported(field) && isExported(field))
      .map(([name]) => name),
    secrets: fieldsOf(decl)
      .filter(([, field]) => field.secret)
      .map(([name]) => name),
    scope: {
      tenant: decl.scope?.tenant,
      softDelete: decl.scope?.softDelete,
      customer: decl.scope?.customer,
      agent: decl.scope?.agent,
      captain: decl.scope?.captain,
      derived: partyScope,
      dataRuleComponent,
    },
    viewWhere: view ? viewCondition(decl, table, view) : undefined,
    customFilter: filters
      ? (query) =>
          andAll(
            Object.entries(filters).map(([name, condition]) => {
              const raw = query[name];
              return raw === undefined || raw === null || raw === '' ? undefined : condition(String(raw));
            }),
          )
      : undefined,
    defaultOrder:
      hooks.defaultOrder ?? (sortColumn ? [(sort?.order === 'asc' ? asc : desc)(sortColumn)] : []),
    ...hooks,
    beforeWrite: withUniqueKey(table, unique, hooks.beforeWrite),
    createSchema,
    updateSchema:
      hooks.updateSchema ??
      (body ? (idOnly.and(body) as unknown as z.ZodType<Row & { id: string }>) : undefined),
    importSchema,
  };
}
