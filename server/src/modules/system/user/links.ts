import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { invalidateGrants } from '../accessDirectory.ts';
import { sysDepartRole, sysDepartRoleUser } from '../depart/schema.ts';
import { sysDepart, sysRole, sysUserDepart, sysUserRole } from '../schema.ts';

const idList = (value: unknown): string[] | null =>
  typeof value === 'string'
    ? [
        ...new Set(
          value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        ),
      ]
    : null;

/**
 * Replaces a user's roles and departments when the form sent them (absent = unchanged) and settles the
 * current department (org code), which must be one of the user's departments: data rules on
 * `#{sys_org_code}` read it. Returns the org code to store, or undefined to leave it as it is.
 */
export async function replaceUserLinks(
  tx: DbOrTx,
  userId: string,
  roles: unknown,
  departs: unknown,
  orgCode: unknown,
): Promise<string | null | undefined> {
  const roleIds = idList(roles);
  const departIds = idList(departs);
  if (roleIds) {
    if (roleIds.length) {
      const found = await idsWhere(tx, sysRole, inArray(sysRole.id, roleIds));
      if (found.length !== roleIds.length) throw bizError('所选角色不存在');
    }
    await tx.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    if (roleIds.length) await tx.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
    invalidateGrants();
  }
  const wantedOrg = typeof orgCode === 'string' && orgCode ? orgCode : null;
  if (departIds) {
    const found = departIds.length
      ? await tx
          .select({ id: sysDepart.id, orgCode: sysDepart.orgCode })
          .from(sysDepart)
          .where(and(inArray(sysDepart.id, departIds), eq(sysDepart.delFlag, 0)))
      : [];
    if (found.length !== departIds.length) throw bizError('所选部门不存在');
    await tx.delete(sysUserDepart).where(eq(sysUserDepart.userId, userId));
    if (departIds.length)
      await tx.insert(sysUserDepart).values(departIds.map((depId) => ({ userId, depId })));
    // Department roles of departments the user left go with them.
    const leftRoles = idsWhere(
      tx,
      sysDepartRole,
      departIds.length ? notInArray(sysDepartRole.departId, departIds) : undefined,
    );
    await tx
      .delete(sysDepartRoleUser)
      .where(and(eq(sysDepartRoleUser.userId, userId), inArray(sysDepartRoleUser.droleId, leftRoles)));
    invalidateGrants();
    const ordered = departIds.map((id) => found.find((d) => d.id === id)?.orgCode as string);
    if (wantedOrg && ordered.includes(wantedOrg)) return wantedOrg;
    return ordered[0] ?? null;
  }
  if (orgCode === undefined) return undefined;
  if (!wantedOrg) return null;
  const [member] = await tx
    .select({ orgCode: sysDepart.orgCode })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(and(eq(sysUserDepart.userId, userId), eq(sysDepart.orgCode, wantedOrg)))
    .limit(1);
  if (!member) throw bizError('当前部门必须是用户所属部门之一');
  return wantedOrg;
}
