import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { recordNotFound } from '../http/errors.ts';
import type { DbOrTx } from './client.ts';

/** A business table: every row belongs to one tenant. */
type TenantTable = PgTable & { tenantId: PgColumn };

/** The tenant's rows that also meet `conditions` (an undefined one is no condition). */
export function ofTenant(table: TenantTable, tenantId: number, ...conditions: Array<SQL | undefined>): SQL {
  return and(eq(table.tenantId, tenantId), ...conditions) as SQL;
}

const tenantSelect = (tx: DbOrTx, table: TenantTable, tenantId: number, conditions: Array<SQL | undefined>) =>
  tx
    .select()
    .from(table as PgTable)
    .where(ofTenant(table, tenantId, ...conditions));

/** The tenant's row that meets `conditions` (its id, a unique key), or undefined. */
export async function findTenantRow<T extends TenantTable>(
  tx: DbOrTx,
  table: T,
  tenantId: number,
  ...conditions: Array<SQL | undefined>
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tenantSelect(tx, table, tenantId, conditions);
  // A select of every column of the table is its row.
  return row as T['$inferSelect'] | undefined;
}

/**
 * Locks the tenant's row that meets `conditions` for the rest of the transaction (a state change); a missing
 * row, or another tenant's, is refused as not found.
 */
export async function lockTenantRow<T extends TenantTable>(
  tx: DbOrTx,
  table: T,
  tenantId: number,
  ...conditions: Array<SQL | undefined>
): Promise<T['$inferSelect']> {
  const [row] = await tenantSelect(tx, table, tenantId, conditions).for('update');
  if (!row) throw recordNotFound();
  return row as T['$inferSelect'];
}
