import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { type PgColumnBuilderBase, type PgTableExtraConfigValue, pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn } from './columns.ts';

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
