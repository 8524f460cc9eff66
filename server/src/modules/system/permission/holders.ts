import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { sysPermission, sysRolePermission, sysUser, sysUserRole } from '../schema.ts';

/**
 * The active, undeleted users who hold `permission` through one of their roles and meet `conditions`, each
 * once: the people a reminder or warning that needs this permission is addressed to.
 */
export async function activeUsersHolding(
  tx: DbOrTx,
  permission: string,
  ...conditions: Array<SQL | undefined>
): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: sysUser.id })
    .from(sysPermission)
    .innerJoin(sysRolePermission, eq(sysRolePermission.permissionId, sysPermission.id))
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
    .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
    .where(
      and(eq(sysPermission.perms, permission), eq(sysUser.delFlag, 0), eq(sysUser.status, 1), ...conditions),
    );
  return rows.map((r) => r.id);
}
