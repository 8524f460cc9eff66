import { ACCESS_MSG } from '@freight/contracts';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysDepart, sysRole, sysTenant, sysUser } from '../schema.ts';
import { relTenants } from '../tenant/service.ts';

/**
 * Account name, mobile, e-mail and work number each belong to one user, the recycle bin included (a deleted
 * user may be restored). `exceptId` is the user being edited.
 */
export async function assertUniqueUser(
  tx: DbOrTx,
  values: Record<string, unknown>,
  exceptId: string | null,
): Promise<void> {
  const checks: Array<[SQL, string]> = [];
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  if (text('username')) checks.push([eq(sysUser.username, text('username')), ACCESS_MSG.usernameTaken]);
  if (text('phone')) checks.push([eq(sysUser.phone, text('phone')), ACCESS_MSG.phoneTaken]);
  if (text('email')) checks.push([eq(sysUser.email, text('email')), ACCESS_MSG.emailTaken]);
  if (text('workNo')) checks.push([eq(sysUser.workNo, text('workNo')), ACCESS_MSG.workNoTaken]);
  for (const [condition, message] of checks) {
    const [clash] = await idsWhere(
      tx,
      sysUser,
      condition,
      exceptId ? ne(sysUser.id, exceptId) : undefined,
    ).limit(1);
    if (clash) throw bizError(message);
  }
  const tenants = relTenants(typeof values.relTenantIds === 'string' ? values.relTenantIds : '');
  if (tenants.length) {
    const found = await idsWhere(tx, sysTenant, inArray(sysTenant.id, tenants));
    const missing = tenants.filter((t) => !found.some((f) => f.id === t));
    if (missing.length) throw bizError(`租户不存在: ${missing.join(',')}`);
  }
}

/** Role codes or department org codes of an imported row → ids; an unknown code refuses the row. */
export async function codesToIds(tx: DbOrTx, kind: 'role' | 'depart', codes: string): Promise<string[]> {
  const wanted = [
    ...new Set(
      codes
        .split(/[,，;；\s]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  if (wanted.length === 0) return [];
  const rows =
    kind === 'role'
      ? await tx
          .select({ id: sysRole.id, code: sysRole.roleCode })
          .from(sysRole)
          .where(inArray(sysRole.roleCode, wanted))
      : await tx
          .select({ id: sysDepart.id, code: sysDepart.orgCode })
          .from(sysDepart)
          .where(and(inArray(sysDepart.orgCode, wanted), eq(sysDepart.delFlag, 0)));
  const missing = wanted.filter((code) => !rows.some((row) => row.code === code));
  if (missing.length)
    throw bizError(`${kind === 'role' ? '角色编码' : '部门编码'}不存在: ${missing.join(',')}`);
  return wanted.map((code) => rows.find((row) => row.code === code)?.id as string);
}
