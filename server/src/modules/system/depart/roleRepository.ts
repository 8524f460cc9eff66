import { and, asc, count, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { containing } from '../../../platform/db/likePattern.ts';
import { selectPage } from '../../../platform/db/selectPage.ts';
import { grantedRuleIds } from '../permission/dataRuleIds.ts';
import { heldPermissionIds } from '../permission/grantSet.ts';
import { liveMenus } from '../permission/liveMenus.ts';
import { sysDepart, sysPermission, sysPermissionDataRule, sysUser, sysUserDepart } from '../schema.ts';
import { sysDepartPermission, sysDepartRole, sysDepartRolePermission, sysDepartRoleUser } from './schema.ts';
import { liveDepart } from './service.ts';

// The queries of department roles: their rows, users, permissions and data rules.

export type DepartRoleRow = typeof sysDepartRole.$inferSelect;
export type DepartRoleValues = Omit<typeof sysDepartRole.$inferInsert, 'id' | 'departId'>;
interface Paging {
  pageNo: number;
  pageSize: number;
}

export async function findRole(db: DbOrTx, roleId: string): Promise<DepartRoleRow | undefined> {
  const [role] = await db.select().from(sysDepartRole).where(eq(sysDepartRole.id, roleId));
  return role;
}

export async function departExists(db: DbOrTx, departId: string): Promise<boolean> {
  const [depart] = await idsWhere(db, sysDepart, eq(sysDepart.id, departId), liveDepart);
  return Boolean(depart);
}

export async function rolePage(db: DbOrTx, departId: string, roleName: string | undefined, paging: Paging) {
  const where = and(
    eq(sysDepartRole.departId, departId),
    roleName ? ilike(sysDepartRole.roleName, containing(roleName)) : undefined,
  );
  return selectPage(
    paging,
    db
      .select()
      .from(sysDepartRole)
      .where(where)
      .orderBy(desc(sysDepartRole.createTime), asc(sysDepartRole.id)),
    db.select({ total: count() }).from(sysDepartRole).where(where),
  );
}

export async function roleCodeTaken(
  db: DbOrTx,
  departId: string,
  roleCode: string,
  except?: string,
): Promise<boolean> {
  const [clash] = await idsWhere(
    db,
    sysDepartRole,
    eq(sysDepartRole.departId, departId),
    eq(sysDepartRole.roleCode, roleCode),
    except ? ne(sysDepartRole.id, except) : undefined,
  ).limit(1);
  return Boolean(clash);
}

export async function insertRole(db: DbOrTx, values: typeof sysDepartRole.$inferInsert): Promise<void> {
  await db.insert(sysDepartRole).values(values);
}

export async function updateRole(
  db: DbOrTx,
  roleId: string,
  values: Partial<DepartRoleValues>,
): Promise<void> {
  await db.update(sysDepartRole).set(values).where(eq(sysDepartRole.id, roleId));
}

/** Deletes the roles with their users and permissions; answers how many roles were deleted. */
export async function deleteRoles(db: DbOrTx, roleIds: string[]): Promise<number> {
  await db.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, roleIds));
  await db.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, roleIds));
  const deleted = await db
    .delete(sysDepartRole)
    .where(inArray(sysDepartRole.id, roleIds))
    .returning({ id: sysDepartRole.id });
  return deleted.length;
}

export function rolesOfDepart(db: DbOrTx, departId: string): Promise<DepartRoleRow[]> {
  return db
    .select()
    .from(sysDepartRole)
    .where(eq(sysDepartRole.departId, departId))
    .orderBy(asc(sysDepartRole.roleName));
}

/** How many of `userIds` are undeleted members of the department. */
export async function countMembers(db: DbOrTx, departId: string, userIds: string[]): Promise<number> {
  const members = await db
    .select({ userId: sysUserDepart.userId })
    .from(sysUserDepart)
    .innerJoin(sysUser, eq(sysUser.id, sysUserDepart.userId))
    .where(
      and(eq(sysUserDepart.depId, departId), inArray(sysUserDepart.userId, userIds), eq(sysUser.delFlag, 0)),
    );
  return members.length;
}

export function userRolesInDepart(db: DbOrTx, userId: string, departId: string) {
  return db
    .select({ droleId: sysDepartRoleUser.droleId, userId: sysDepartRoleUser.userId })
    .from(sysDepartRoleUser)
    .innerJoin(sysDepartRole, eq(sysDepartRole.id, sysDepartRoleUser.droleId))
    .where(and(eq(sysDepartRoleUser.userId, userId), eq(sysDepartRole.departId, departId)));
}

/** Replaces the user's roles among `departRoleIds` with `wanted`. */
export async function replaceUserRoles(
  db: DbOrTx,
  userId: string,
  departRoleIds: string[],
  wanted: string[],
): Promise<void> {
  if (departRoleIds.length)
    await db
      .delete(sysDepartRoleUser)
      .where(and(eq(sysDepartRoleUser.userId, userId), inArray(sysDepartRoleUser.droleId, departRoleIds)));
  if (wanted.length)
    await db.insert(sysDepartRoleUser).values(wanted.map((droleId) => ({ userId, droleId })));
}

export async function roleUserPage(db: DbOrTx, droleId: string, paging: Paging) {
  const where = and(eq(sysDepartRoleUser.droleId, droleId), eq(sysUser.delFlag, 0));
  return selectPage(
    paging,
    db
      .select({
        id: sysUser.id,
        username: sysUser.username,
        realname: sysUser.realname,
        phone: sysUser.phone,
        status: sysUser.status,
      })
      .from(sysDepartRoleUser)
      .innerJoin(sysUser, eq(sysUser.id, sysDepartRoleUser.userId))
      .where(where)
      .orderBy(asc(sysUser.username)),
    db
      .select({ total: count() })
      .from(sysDepartRoleUser)
      .innerJoin(sysUser, eq(sysUser.id, sysDepartRoleUser.userId))
      .where(where),
  );
}

export async function addRoleUsers(db: DbOrTx, droleId: string, userIds: string[]): Promise<void> {
  await db
    .insert(sysDepartRoleUser)
    .values(userIds.map((userId) => ({ userId, droleId })))
    .onConflictDoNothing();
}

export async function removeRoleUser(db: DbOrTx, droleId: string, userId: string): Promise<void> {
  await db
    .delete(sysDepartRoleUser)
    .where(and(eq(sysDepartRoleUser.droleId, droleId), eq(sysDepartRoleUser.userId, userId)));
}

/** The menus granted to the department, which bound what its roles may hold. */
export async function departPermissionIds(db: DbOrTx, departId: string): Promise<string[]> {
  const rows = await db
    .select({ permissionId: sysDepartPermission.permissionId })
    .from(sysDepartPermission)
    .where(eq(sysDepartPermission.departId, departId));
  return rows.map((row) => row.permissionId);
}

export function livePermissions(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return liveMenus(db, inArray(sysPermission.id, ids));
}

export function rolePermissionIds(db: DbOrTx, roleId: string): Promise<string[]> {
  return heldPermissionIds(db, sysDepartRolePermission, sysDepartRolePermission.roleId, roleId);
}

export async function changeRolePermissions(
  db: DbOrTx,
  role: DepartRoleRow,
  change: { added: string[]; removed: string[] },
  operateIp: string,
): Promise<void> {
  if (change.removed.length)
    await db
      .delete(sysDepartRolePermission)
      .where(
        and(
          eq(sysDepartRolePermission.roleId, role.id),
          inArray(sysDepartRolePermission.permissionId, change.removed),
        ),
      );
  if (change.added.length)
    await db.insert(sysDepartRolePermission).values(
      change.added.map((permissionId) => ({
        departId: role.departId,
        roleId: role.id,
        permissionId,
        operateDate: new Date(),
        operateIp,
      })),
    );
}

/** The data-rule ids the department was granted on a menu. */
export function departRuleIds(db: DbOrTx, departId: string, permissionId: string) {
  return grantedRuleIds(db, sysDepartPermission, sysDepartPermission.departId, departId, permissionId);
}

export function dataRulesOfMenu(db: DbOrTx, permissionId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(sysPermissionDataRule)
    .where(and(eq(sysPermissionDataRule.permissionId, permissionId), inArray(sysPermissionDataRule.id, ids)));
}

export function roleRuleIds(db: DbOrTx, roleId: string, permissionId: string) {
  return grantedRuleIds(db, sysDepartRolePermission, sysDepartRolePermission.roleId, roleId, permissionId);
}

/** Sets the role's data rules on a menu it holds; false when the role does not hold the menu. */
export async function setRoleRuleIds(
  db: DbOrTx,
  roleId: string,
  permissionId: string,
  dataRuleIds: string,
  operateIp: string,
): Promise<boolean> {
  const updated = await db
    .update(sysDepartRolePermission)
    .set({ dataRuleIds, operateDate: new Date(), operateIp })
    .where(
      and(eq(sysDepartRolePermission.roleId, roleId), eq(sysDepartRolePermission.permissionId, permissionId)),
    )
    .returning({ roleId: sysDepartRolePermission.roleId });
  return updated.length > 0;
}
