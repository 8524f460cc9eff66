import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { auditColumns, createTimeColumn, idColumn, idRef, tenantIdColumn } from './columns.ts';

type Columns = Record<string, PgColumnBuilderBase>;
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

/**
 * A log: rows are written once and read back in time order, so they carry an id first and the time they were
 * written last, and no update columns.
 */
export const logTable = framedTable(idColumns, createTimeColumns);

/** A log whose rows belong to a tenant (the column right after the id). */
export const tenantLogTable = framedTable(idAndTenantColumns, createTimeColumns);

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

const linkedId = (name: string) => idRef(name).notNull();
type LinkColumns<TKeys extends Record<string, string>> = { [K in keyof TKeys]: ReturnType<typeof linkedId> };

/**
 * A table that only links two rows: `columns` maps each property to its column (the owning side first), the
 * pair is the primary key, and `reverseIndex` (when given) names the index that finds the links from the
 * second side.
 */
export function linkTable<TName extends string, TKeys extends Record<string, string>>(
  name: TName,
  columns: TKeys,
  reverseIndex?: string,
) {
  const entries = Object.entries(columns);
  if (entries.length !== 2) throw new Error(`link table ${name} needs exactly two columns`);
  const built = Object.fromEntries(entries.map(([property, column]) => [property, linkedId(column)]));
  const [first, second] = entries.map(([property]) => property);
  return pgTable<TName, LinkColumns<TKeys>>(name, built as LinkColumns<TKeys>, (t) => {
    const owner = t[first as keyof typeof t];
    const linked = t[second as keyof typeof t];
    const key = primaryKey({ columns: [owner, linked] });
    return reverseIndex ? [key, index(reverseIndex).on(linked)] : [key];
  });
}
