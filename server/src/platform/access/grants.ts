import { and, eq, inArray } from 'drizzle-orm';
// Department roles (reference: menus = user roles ∪ department roles) live beside the departments.
import { sysDepartRolePermission, sysDepartRoleUser } from '../../modules/system/depart/schema.ts';
import {
  sysPermission,
  sysPermissionDataRule,
  sysRolePermission,
  sysUserRole,
} from '../../modules/system/schema.ts';
import type { Db } from '../db/client.ts';

export type PermissionRow = typeof sysPermission.$inferSelect;
export type DataRuleRow = typeof sysPermissionDataRule.$inferSelect;

export interface UserGrants {
  /** Granted, undeleted permissions (menus and buttons), by sort order. */
  permissions: PermissionRow[];
  /** Enabled permission codes, split on commas. */
  codes: Set<string>;
  /** Data-rule ids granted per permission id (union over the user's roles and department roles). */
  dataRuleIds: Map<string, Set<string>>;
}

// Grants change rarely and are read on every request: cache per user, dropped on any grant change in this
// process and after a short TTL so another instance's change is seen within seconds.
const TTL_MS = 15_000;
const cache = new Map<string, { at: number; version: number; grants: Promise<UserGrants> }>();
let version = 0;

export function invalidateGrants(): void {
  version += 1;
  cache.clear();
}

async function loadGrants(db: Db, userId: string): Promise<UserGrants> {
  const rows = await db
    .select({ permission: sysPermission, dataRuleIds: sysRolePermission.dataRuleIds })
    .from(sysUserRole)
    .innerJoin(sysRolePermission, eq(sysRolePermission.roleId, sysUserRole.roleId))
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysPermission.delFlag, 0)));
  const departRoleRows = await db
    .select({ permission: sysPermission, dataRuleIds: sysDepartRolePermission.dataRuleIds })
    .from(sysDepartRoleUser)
    .innerJoin(sysDepartRolePermission, eq(sysDepartRolePermission.roleId, sysDepartRoleUser.droleId))
    .innerJoin(sysPermission, eq(sysPermission.id, sysDepartRolePermission.permissionId))
    .where(and(eq(sysDepartRoleUser.userId, userId), eq(sysPermission.delFlag, 0)));
  rows.push(...departRoleRows);
  const byId = new Map<string, PermissionRow>();
  const dataRuleIds = new Map<string, Set<string>>();
  const codes = new Set<string>();
  for (const { permission, dataRuleIds: ruleIds } of rows) {
    byId.set(permission.id, permission);
    if (ruleIds) {
      const set = dataRuleIds.get(permission.id) ?? new Set<string>();
      for (const id of ruleIds.split(',')) if (id) set.add(id);
      dataRuleIds.set(permission.id, set);
    }
    if (permission.perms && permission.status === '1') {
      for (const code of permission.perms.split(',')) if (code.trim()) codes.add(code.trim());
    }
  }
  const permissions = [...byId.values()].sort((a, b) => (a.sortNo ?? 0) - (b.sortNo ?? 0));
  return { permissions, codes, dataRuleIds };
}

export function grantsOf(db: Db, userId: string): Promise<UserGrants> {
  const hit = cache.get(userId);
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.grants;
  const grants = loadGrants(db, userId);
  cache.set(userId, { at: Date.now(), version, grants });
  grants.catch(() => cache.delete(userId));
  return grants;
}

/** Active data rules the user holds on the menu whose component is `component` (reference @PermissionData). */
export async function dataRulesFor(db: Db, userId: string, component: string): Promise<DataRuleRow[]> {
  const grants = await grantsOf(db, userId);
  const ids = new Set<string>();
  for (const p of grants.permissions) {
    if (p.component === component) for (const id of grants.dataRuleIds.get(p.id) ?? []) ids.add(id);
  }
  if (ids.size === 0) return [];
  return db
    .select()
    .from(sysPermissionDataRule)
    .where(and(inArray(sysPermissionDataRule.id, [...ids]), eq(sysPermissionDataRule.status, '1')));
}
