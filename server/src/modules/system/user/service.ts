import type { Depart, UserInfo } from '@freight/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { sysDepart, sysRole, sysUser, sysUserDepart, sysUserRole } from '../schema.ts';

export type UserRow = typeof sysUser.$inferSelect;

export async function findActiveUser(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(sysUser).where(eq(sysUser.id, id)).limit(1);
  return row;
}

/** Usernames are unique across deleted users too: a name once used keeps its history. */
export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await idsWhere(db, sysUser, eq(sysUser.username, username)).limit(1);
  return Boolean(row);
}

/** The id of a seeded role by its code (e.g. 'customer'), if the role exists. */
export async function roleIdByCode(db: DbOrTx, code: string): Promise<string | undefined> {
  const [row] = await idsWhere(db, sysRole, eq(sysRole.roleCode, code)).limit(1);
  return row?.id;
}

/** What the console may know of a user: never the password hash. */
export function toUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    avatar: user.avatar,
    orgCode: user.orgCode,
    phone: user.phone,
    email: user.email,
    userType: user.userType,
    cid: user.cid,
    language: user.language === 'en-US' || user.language === 'zh-CN' ? user.language : null,
  };
}

/** The roles a user holds. */
export function rolesOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ id: sysRole.id, roleCode: sysRole.roleCode, roleName: sysRole.roleName })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
}

/** Codes of the roles a user holds (other modules weigh per-role settings, e.g. payout approval limits). */
export async function roleCodesOf(db: DbOrTx, userId: string): Promise<string[]> {
  return (await rolesOfUser(db, userId)).map((role) => role.roleCode);
}

export async function departsOf(db: Db, userId: string): Promise<Depart[]> {
  return db
    .select({
      id: sysDepart.id,
      orgCode: sysDepart.orgCode,
      departName: sysDepart.departName,
      parentId: sysDepart.parentId,
    })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(and(eq(sysUserDepart.userId, userId), eq(sysDepart.delFlag, 0)))
    .orderBy(asc(sysDepart.orgCode));
}
