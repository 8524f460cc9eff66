import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
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

type AuditedColumns<TColumns> = ReturnType<typeof idColumns> & TColumns & ReturnType<typeof auditColumns>;
type TenantColumns<TColumns> = ReturnType<typeof tenantColumns> & TColumns;

// The helpers keep the order the tables were created in (id, [tenant], own columns, audit columns), so the
// generated DDL is unchanged.

/** A table keyed by a 32-character id, with the audit columns after its own. */
export function auditedTable<TName extends string, TColumns extends Columns>(
  name: TName,
  columns: TColumns,
  extraConfig?: ExtraConfig<TName, AuditedColumns<TColumns>>,
) {
  const all: AuditedColumns<TColumns> = { ...idColumns(), ...columns, ...auditColumns() };
  return pgTable<TName, AuditedColumns<TColumns>>(name, all, extraConfig);
}

/** A business table: an audited table whose rows belong to a tenant (the column right after the id). */
export function tenantTable<TName extends string, TColumns extends Columns>(
  name: TName,
  columns: TColumns,
  extraConfig?: ExtraConfig<TName, AuditedColumns<TenantColumns<TColumns>>>,
) {
  const withTenant: TenantColumns<TColumns> = { ...tenantColumns(), ...columns };
  return auditedTable(name, withTenant, extraConfig);
}

const createTimeColumns = () => ({ createTime: createTimeColumn() });
type LoggedColumns<TColumns> = ReturnType<typeof idColumns> & TColumns & ReturnType<typeof createTimeColumns>;

/**
 * A log: rows are written once and read back in time order, so they carry an id first and the time they were
 * written last, and no update columns.
 */
export function logTable<TName extends string, TColumns extends Columns>(
  name: TName,
  columns: TColumns,
  extraConfig?: ExtraConfig<TName, LoggedColumns<TColumns>>,
) {
  const all: LoggedColumns<TColumns> = { ...idColumns(), ...columns, ...createTimeColumns() };
  return pgTable<TName, LoggedColumns<TColumns>>(name, all, extraConfig);
}

/** A log whose rows belong to a tenant (the column right after the id). */
export function tenantLogTable<TName extends string, TColumns extends Columns>(
  name: TName,
  columns: TColumns,
  extraConfig?: ExtraConfig<TName, LoggedColumns<TenantColumns<TColumns>>>,
) {
  const withTenant: TenantColumns<TColumns> = { ...tenantColumns(), ...columns };
  return logTable(name, withTenant, extraConfig);
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
