import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { type AccessDirectory, provideAccessDirectory } from '../../platform/access/directory.ts';
import { GrantCache, type GrantRow } from '../../platform/access/grants.ts';
import { sysUserToken } from '../../platform/auth/schema.ts';
import { parseTenantIds } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { resolveScopedSession, SESSION_USER_COLUMNS } from './auth/scopedToken.ts';
import { sysDepartRolePermission, sysDepartRoleUser } from './depart/schema.ts';
import {
  sysDepart,
  sysPermission,
  sysPermissionDataRule,
  sysRolePermission,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from './schema.ts';
import { usableTenants } from './tenant/service.ts';

export type PermissionRow = typeof sysPermission.$inferSelect;

// Menus a user sees are the union of what the user's roles and department roles grant (as the reference).
async function grantRows(db: Db, userId: string): Promise<GrantRow<PermissionRow>[]> {
  const [roleRows, departRoleRows] = await Promise.all([
    db
      .select({ permission: sysPermission, dataRuleIds: sysRolePermission.dataRuleIds })
      .from(sysUserRole)
      .innerJoin(sysRolePermission, eq(sysRolePermission.roleId, sysUserRole.roleId))
      .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
      .where(and(eq(sysUserRole.userId, userId), eq(sysPermission.delFlag, 0))),
    db
      .select({ permission: sysPermission, dataRuleIds: sysDepartRolePermission.dataRuleIds })
      .from(sysDepartRoleUser)
      .innerJoin(sysDepartRolePermission, eq(sysDepartRolePermission.roleId, sysDepartRoleUser.droleId))
      .innerJoin(sysPermission, eq(sysPermission.id, sysDepartRolePermission.permissionId))
      .where(and(eq(sysDepartRoleUser.userId, userId), eq(sysPermission.delFlag, 0))),
  ]);
  return [...roleRows, ...departRoleRows];
}

/** Every user's grants with full permission rows (the menu tree needs them). */
export const userGrants = new GrantCache(grantRows);

const grantChangeListeners = new Set<() => void>();

/** After any change to roles, menus, department roles or memberships. */
export function invalidateGrants(): void {
  userGrants.invalidate();
  for (const listener of grantChangeListeners) listener();
}

/** Runs `listener` after every grant change made in this process; answers the function that stops it. */
export function onGrantsInvalidated(listener: () => void): () => void {
  grantChangeListeners.add(listener);
  return () => grantChangeListeners.delete(listener);
}

/** The token lookup of every request, built once per database as a prepared statement. */
function buildSessionLookup(db: Db) {
  return db
    .select({
      ...SESSION_USER_COLUMNS,
      passwordChangedAt: sysUser.passwordChangedAt,
      expiresAt: sysUserToken.expiresAt,
    })
    .from(sysUserToken)
    .innerJoin(sysUser, eq(sysUser.id, sysUserToken.userId))
    .where(
      and(
        eq(sysUserToken.tokenHash, sql.placeholder('tokenHash')),
        gt(sysUserToken.expiresAt, sql`now()`),
        eq(sysUser.status, 1),
        eq(sysUser.delFlag, 0),
      ),
    )
    .limit(1)
    .prepare('resolve_session');
}
const sessionLookups = new WeakMap<object, ReturnType<typeof buildSessionLookup>>();
function sessionLookupOf(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

export const systemAccessDirectory: AccessDirectory = {
  async sessionUser(db, tokenHash) {
    const [row] = await sessionLookupOf(db).execute({ tokenHash });
    if (!row) return null;
    const { relTenantIds, expiresAt, passwordChangedAt, ...user } = row;
    return {
      user: { ...user, tenantIds: parseTenantIds(relTenantIds) },
      expiresAt: new Date(expiresAt),
      passwordChangedAt: passwordChangedAt ? new Date(passwordChangedAt) : null,
    };
  },
  scopedSession: resolveScopedSession,
  async tenantUsable(db, tenantId) {
    return (await usableTenants(db, [tenantId])).has(tenantId);
  },
  grants: (db, userId) => userGrants.of(db, userId),
  dataRules(db, ids) {
    return db
      .select()
      .from(sysPermissionDataRule)
      .where(and(inArray(sysPermissionDataRule.id, ids), eq(sysPermissionDataRule.status, '1')));
  },
  async orgCodes(db, userId) {
    const rows = await db
      .select({ orgCode: sysDepart.orgCode })
      .from(sysUserDepart)
      .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
      .where(eq(sysUserDepart.userId, userId));
    return rows.map((r) => r.orgCode);
  },
};

/** The platform authenticates and guards through the system module's users, tenants and grants. */
export function provideSystemAccess(): void {
  provideAccessDirectory(systemAccessDirectory);
}
