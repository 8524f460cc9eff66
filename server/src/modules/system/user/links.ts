import { eq } from 'drizzle-orm';
import { invalidateGrants } from '../../../platform/access/grants.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { sysUserDepart, sysUserRole } from '../schema.ts';

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

/** Replaces a user's roles and departments when the form sent them (absent = unchanged). */
export async function replaceUserLinks(
  tx: DbOrTx,
  userId: string,
  roles: unknown,
  departs: unknown,
): Promise<void> {
  const roleIds = idList(roles);
  const departIds = idList(departs);
  if (roleIds) {
    await tx.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    if (roleIds.length) await tx.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
    invalidateGrants();
  }
  if (departIds) {
    await tx.delete(sysUserDepart).where(eq(sysUserDepart.userId, userId));
    if (departIds.length)
      await tx.insert(sysUserDepart).values(departIds.map((depId) => ({ userId, depId })));
  }
}
