// Helpers of the party API tests: valid identifiers, calls, and a user holding chosen codes.
import { creditCodeCheckChar, DEMO_PASSWORD, luhnCheckDigit, residentIdCheckChar } from '@freight/contracts';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/crypto.ts';
import type { TestApp } from '../../test/harness.ts';
import { xlsx } from '../../test/kit.ts';
import { sysPermission, sysRole, sysRolePermission, sysUser, sysUserRole } from '../system/index.ts';

export { api } from '../../test/harness.ts';
export { caller, fileForm, type Method, upload } from '../../test/kit.ts';
/** An 18-character resident ID with its check character. */
export const idCard = (body17: string) => body17 + residentIdCheckChar(body17);
/** A Luhn-valid card number. */
export const card = (payload: string) => payload + luhnCheckDigit(payload);
/** A unified social credit code with its check character. */
export const creditCode = (body17: string) => body17 + creditCodeCheckChar(body17);
/** A day relative to today, 'YYYY-MM-DD' (China time is ahead of UTC, so ±1 day margins suffice). */
export const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A login whose only role holds exactly `codes` (menu or button permission codes of the seeded tree). */
export async function userWithCodes(t: TestApp, username: string, codes: string[]): Promise<string> {
  const perms = await t.db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(inArray(sysPermission.perms, codes));
  if (perms.length !== codes.length) throw new Error(`unknown permission codes in ${codes.join(',')}`);
  const [role] = await t.db
    .insert(sysRole)
    .values({ roleCode: `r_${username}`, roleName: `测试角色${username}`, createBy: 'test' })
    .returning({ id: sysRole.id });
  await t.db.insert(sysRolePermission).values(perms.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await t.db
    .insert(sysUser)
    .values({
      username,
      realname: username,
      password: await hashPassword(DEMO_PASSWORD),
      passwordChangedAt: new Date(),
      userType: 1,
      status: 1,
      createBy: 'test',
    })
    .returning({ id: sysUser.id });
  await t.db.insert(sysUserRole).values({ userId: user.id, roleId: role.id });
  return t.login(username);
}

export async function userIdOf(t: TestApp, username: string): Promise<string> {
  const [user] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  return user.id;
}

/** An import file: the header row, then `rows`, on the sheet the templates use. */
export function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  return xlsx([header, ...rows], '导入');
}
