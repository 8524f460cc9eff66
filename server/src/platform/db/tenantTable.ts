import type { BuildExtraConfigColumns } from 'drizzle-orm';
import { type PgColumnBuilderBase, type PgTableExtraConfigValue, pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn } from './columns.ts';

/** The columns a business table opens with: its 32-character id and the tenant the row belongs to. */
const keyColumns = () => ({ id: idColumn(), tenantId: tenantIdColumn() });

type TenantColumns<TColumns> = ReturnType<typeof keyColumns> & TColumns & ReturnType<typeof auditColumns>;

/**
 * A business table: id and tenant first, then its own columns, then the audit columns, in that order (the
 * order the existing tables were created in, so the generated DDL is unchanged).
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extraConfig?: (
    self: BuildExtraConfigColumns<TName, TenantColumns<TColumns>, 'pg'>,
  ) => PgTableExtraConfigValue[],
) {
  const all: TenantColumns<TColumns> = { ...keyColumns(), ...columns, ...auditColumns() };
  return pgTable<TName, TenantColumns<TColumns>>(name, all, extraConfig);
}
