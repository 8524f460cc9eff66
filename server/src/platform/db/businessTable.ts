import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, createTimeColumn, idColumn, idRef, tenantIdColumn } from './columns.ts';

/** The columns of a table, as pgTable takes them. */
export type Columns = Record<string, PgColumnBuilderBase>;
type ExtraConfig<TName extends string, TColumns extends Columns> = (
  self: BuildExtraConfigColumns<TName, TColumns, 'pg'>,
) => PgTableExtraConfigValue[];

const idColumns = () => ({ id: idColumn() });
const tenantColumns = () => ({ tenantId: tenantIdColumn() });
const idAndTenantColumns = () => ({ ...idColumns(), ...tenantColumns() });
const createTimeColumns = () => ({ createTime: createTimeColumn() });

/**
 * A maker of tables whose own columns stand between `first` and `last`: the tables were created in that order
 * (id, [tenant], own columns, then audit or written-time columns), and the generated DDL keeps it.
 */
function framedTable<TFirst extends Columns, TLast extends Columns>(first: () => TFirst, last: () => TLast) {
  return <TName extends string, TColumns extends Columns>(
    name: TName,
    columns: TColumns,
    extraConfig?: ExtraConfig<TName, TFirst & TColumns & TLast>,
  ) => pgTable<TName, TFirst & TColumns & TLast>(name, { ...first(), ...columns, ...last() }, extraConfig);
}

/** A table keyed by a 32-character id, with the audit columns after its own. */
export const auditedTable = framedTable(idColumns, auditColumns);

/** A business table: an audited table whose rows belong to a tenant (the column right after the id). */
export const tenantTable = framedTable(idAndTenantColumns, auditColumns);

/** Rows of a tenant that keep their own times (when checked, reported, sent): an id, the tenant, then its own columns. */
export const tenantRowTable = framedTable(idAndTenantColumns, () => ({}));

/**
 * A log: rows are written once and read back in time order, so they carry an id first and the time they were
 * written last, and no update columns.
 */
export const logTable = framedTable(idColumns, createTimeColumns);

/** A log whose rows belong to a tenant (the column right after the id). */
export const tenantLogTable = framedTable(idAndTenantColumns, createTimeColumns);

const codeNameColumns = () => ({
  code: varchar('code', { length: 100 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
});

/** An audited table of records found by their code: the code (unique) and the name come before its own columns. */
export function codedTable<TName extends string, TColumns extends Columns>(name: TName, columns: TColumns) {
  return auditedTable(name, { ...codeNameColumns(), ...columns }, (t) => [
    uniqueIndex(`${name}_code_uidx`).on(t.code),
  ]);
}

type HeadColumns<THead extends string> = Record<THead, ReturnType<typeof linkedId>>;

/**
 * The parts of a head row (an online form's fields, a report's columns): audited rows whose first column is the
 * head's id (`head` maps its property to its column), found by the `<name>_head_idx` index over the head and
 * then the `order` columns (the parts' order, when they have one).
 */
export function partTable<TName extends string, THead extends string, TColumns extends Columns>(
  name: TName,
  head: Record<THead, string>,
  columns: TColumns,
  order?: (t: BuildExtraConfigColumns<TName, HeadColumns<THead> & TColumns, 'pg'>) => AnyPgColumn[],
) {
  const [[property, column] = []] = Object.entries<string>(head);
  if (!property || !column) throw new Error(`part table ${name} needs its head column`);
  const headColumns = { [property]: linkedId(column) } as HeadColumns<THead>;
  return auditedTable(name, { ...headColumns, ...columns }, (t) => [
    index(`${name}_head_idx`).on(t[property as THead], ...(order?.(t) ?? [])),
  ]);
}

/**
 * The index behind a tenant's list screen: its rows, narrowed by the `filters` columns when given, newest
 * first (the order the lists show).
 */
export function listIndex(
  name: string,
  t: { tenantId: AnyPgColumn; createTime: AnyPgColumn },
  ...filters: AnyPgColumn[]
) {
  return index(name).on(t.tenantId, ...filters, t.createTime);
}

/**
 * The indexes of lines imported from an outside statement (bank, fuel-card or toll records): a line's `serial`
 * no. is stored once per tenant, so a re-import skips it, and the unmatched lines are listed by `time`.
 */
export function statementIndexes(
  table: string,
  t: { tenantId: AnyPgColumn; matchState: AnyPgColumn },
  serial: AnyPgColumn,
  time: AnyPgColumn,
) {
  return [
    uniqueIndex(`${table}_serial_uidx`).on(t.tenantId, serial),
    index(`${table}_match_idx`).on(t.tenantId, t.matchState, time),
  ];
}

/** The index the purge jobs delete expired rows by (short-lived secrets: sessions, captchas, tickets). */
export function expiresIndex(table: string, t: { expiresAt: AnyPgColumn }) {
  return index(`${table}_expires_idx`).on(t.expiresAt);
}

const linkedId = (name: string) => idRef(name).notNull();
type LinkColumns<TKeys extends Record<string, string>> = { [K in keyof TKeys]: ReturnType<typeof linkedId> };

/** What a link table may carry besides the two rows it links. */
interface LinkOptions<TName extends string, TKeys extends Record<string, string>, TData extends Columns> {
  /** The index that finds the links from the second side. */
  reverseIndex?: string;
  /** Columns kept with the link, after the two ids. */
  columns?: TData;
  /** Further indexes over the link's columns. */
  indexes?: ExtraConfig<TName, LinkColumns<TKeys> & TData>;
}

/**
 * A table that links two rows: `keys` maps each property to its column (the owning side first), and the pair
 * is the primary key.
 */
export function linkTable<
  TName extends string,
  TKeys extends Record<string, string>,
  TData extends Columns = Record<never, never>,
>(name: TName, keys: TKeys, options: LinkOptions<TName, TKeys, TData> = {}) {
  const entries = Object.entries(keys);
  if (entries.length !== 2) throw new Error(`link table ${name} needs exactly two columns`);
  const linked = Object.fromEntries(entries.map(([property, column]) => [property, linkedId(column)]));
  const [first, second] = entries.map(([property]) => property);
  const columns = { ...(linked as LinkColumns<TKeys>), ...(options.columns as TData) };
  return pgTable<TName, LinkColumns<TKeys> & TData>(name, columns, (t) => {
    const owner = t[first as keyof typeof t];
    const other = t[second as keyof typeof t];
    const reverse = options.reverseIndex ? [index(options.reverseIndex).on(other)] : [];
    return [primaryKey({ columns: [owner, other] }), ...reverse, ...(options.indexes?.(t) ?? [])];
  });
}
