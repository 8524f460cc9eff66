import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { findTenantRow } from '../../platform/db/tenantRows.ts';
import { hyCustomer } from './schema.ts';

export type CustomerRow = typeof hyCustomer.$inferSelect;

/** A customer of the tenant, or undefined. */
export async function findCustomer(
  tx: DbOrTx,
  tenantId: number,
  customerId: string,
): Promise<CustomerRow | undefined> {
  return findTenantRow(tx, hyCustomer, tenantId, eq(hyCustomer.id, customerId));
}

/**
 * The settlement terms new orders copy from the customer, changed by finance's wallet configuration (the
 * screen that owns them), inside its transaction.
 */
export async function updateCustomerSettlement(
  tx: DbOrTx,
  customerId: string,
  terms: { settleMode: number; creditDays: number; creditLimitFen: number },
  operator: string,
): Promise<void> {
  await tx
    .update(hyCustomer)
    .set({ ...terms, updateBy: operator, updateTime: new Date() })
    .where(eq(hyCustomer.id, customerId));
}
