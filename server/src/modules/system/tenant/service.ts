import { and, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { sysTenant, sysUser } from '../schema.ts';

/** Users who name tenant `id` in rel_tenant_ids. */
export function usersOfTenant(id: number): SQL {
  return sql`(',' || coalesce(${sysUser.relTenantIds}, '') || ',') like ${`%,${id},%`}`;
}

export const TENANT_FROZEN_MSG = '与该用户关联的租户均已被冻结，无法登录！';

/** A tenant is usable while active (status 1) and within its validity dates. */
function usable(now: Date) {
  return and(
    eq(sysTenant.status, 1),
    or(isNull(sysTenant.beginDate), lte(sysTenant.beginDate, now)),
    or(isNull(sysTenant.endDate), gt(sysTenant.endDate, now)),
  );
}

/** The usable tenants among `ids`. */
export async function usableTenants(db: DbOrTx, ids: number[], now = new Date()): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await idsWhere(db, sysTenant, inArray(sysTenant.id, ids), usable(now));
  return new Set(rows.map((r) => r.id));
}

/** The tenants named in rel_tenant_ids (platform tenant 0 aside). */
export function relTenants(relTenantIds: string | null | undefined): number[] {
  return [
    ...new Set(
      (relTenantIds ?? '')
        .split(',')
        .map((p) => Number.parseInt(p, 10))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
}

/** The reference's rule: a user bound to tenants may not sign in when every one of them is frozen. */
export async function tenantLoginRefusal(
  db: DbOrTx,
  relTenantIds: string | null | undefined,
): Promise<string | null> {
  const ids = relTenants(relTenantIds);
  if (ids.length === 0) return null;
  return (await usableTenants(db, ids)).size === 0 ? TENANT_FROZEN_MSG : null;
}
