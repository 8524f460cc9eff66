import type { departRoleBody } from '@freight/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/columns.ts';
import { bizError, recordNotFound } from '../../../platform/http/errors.ts';
import { invalidateGrants } from '../accessDirectory.ts';
import { ruleIdsOf } from '../permission/dataRuleIds.ts';
import { grantChange } from '../permission/grantSet.ts';
import { invalidateAllAuth } from '../permission/routes.ts';
import * as repo from './roleRepository.ts';

// The rules of department roles: roles a department defines for its own people, holding a part of what the
// department was granted, given only to the department's members. What a user holds through them adds to
// what the user's own roles give, so every change drops the cached grants.

type RoleBody = z.infer<typeof departRoleBody>;

function grantsChanged(): void {
  invalidateGrants();
  invalidateAllAuth();
}

async function roleOf(db: DbOrTx, roleId: string): Promise<repo.DepartRoleRow> {
  const role = await repo.findRole(db, roleId);
  if (!role) throw bizError('部门角色不存在');
  return role;
}

async function assertMembers(db: DbOrTx, departId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  if ((await repo.countMembers(db, departId, userIds)) !== userIds.length)
    throw bizError('只能把部门角色分配给本部门的用户');
}

async function assertUniqueCode(db: DbOrTx, departId: string, roleCode: string, except?: string) {
  if (await repo.roleCodeTaken(db, departId, roleCode, except)) throw bizError('该部门已有此角色编码');
}

export async function addRole(db: Db, body: RoleBody, username?: string): Promise<string> {
  const id = newId();
  await db.transaction(async (tx) => {
    if (!(await repo.departExists(tx, body.departId))) throw bizError('部门不存在');
    await assertUniqueCode(tx, body.departId, body.roleCode);
    await repo.insertRole(tx, { ...body, id, createBy: username });
  });
  return id;
}

export async function editRole(
  db: Db,
  roleId: string,
  body: Omit<RoleBody, 'departId'>,
  username?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await roleOf(tx, roleId);
    await assertUniqueCode(tx, role.departId, body.roleCode, roleId);
    await repo.updateRole(tx, roleId, { ...body, updateBy: username, updateTime: new Date() });
  });
}

export async function deleteRoles(db: Db, roleIds: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await repo.deleteRoles(tx, roleIds)) !== roleIds.length) throw recordNotFound();
  });
  grantsChanged();
}

/** Sets which of its department's roles a member holds (the user screen's department-role dialog). */
export async function setUserRoles(
  db: Db,
  userId: string,
  departId: string,
  wanted: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await assertMembers(tx, departId, [userId]);
    const ofDepart = new Set((await repo.rolesOfDepart(tx, departId)).map((role) => role.id));
    if (wanted.some((roleId) => !ofDepart.has(roleId))) throw bizError('角色不属于该部门');
    await repo.replaceUserRoles(tx, userId, [...ofDepart], wanted);
  });
  grantsChanged();
}

export async function addRoleUsers(db: Db, roleId: string, userIds: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await roleOf(tx, roleId);
    await assertMembers(tx, role.departId, userIds);
    await repo.addRoleUsers(tx, role.id, userIds);
  });
  grantsChanged();
}

export async function removeRoleUser(db: Db, roleId: string, userId: string): Promise<void> {
  await repo.removeRoleUser(db, roleId, userId);
  grantsChanged();
}

/** The role's menus, chosen within what its department holds. */
export async function saveRolePermissions(
  db: Db,
  roleId: string,
  wanted: string[],
  operateIp: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await roleOf(tx, roleId);
    const within = new Set(await repo.departPermissionIds(tx, role.departId));
    if (wanted.some((permissionId) => !within.has(permissionId)))
      throw bizError('部门未获授权的菜单不能分配给部门角色');
    const held = await repo.rolePermissionIds(tx, role.id);
    await repo.changeRolePermissions(tx, role, await grantChange(tx, held, wanted, within), operateIp);
  });
  grantsChanged();
}

/** The data rules a role may hold on a menu (those its department holds there) and those it holds. */
export async function roleDataRules(db: Db, permissionId: string, departId: string, roleId: string) {
  const allowed = ruleIdsOf(await repo.departRuleIds(db, departId, permissionId));
  const [rules, checked] = await Promise.all([
    repo.dataRulesOfMenu(db, permissionId, allowed),
    repo.roleRuleIds(db, roleId, permissionId),
  ]);
  return { datarule: rules, drChecked: checked ?? '' };
}

export async function saveRoleDataRules(
  db: Db,
  roleId: string,
  permissionId: string,
  dataRuleIds: string,
  operateIp: string,
): Promise<void> {
  const role = await roleOf(db, roleId);
  const allowed = new Set(ruleIdsOf(await repo.departRuleIds(db, role.departId, permissionId)));
  const ids = ruleIdsOf(dataRuleIds);
  if (ids.some((ruleId) => !allowed.has(ruleId))) throw bizError('部门未获授权的数据规则不能分配给部门角色');
  if (!(await repo.setRoleRuleIds(db, roleId, permissionId, ids.join(','), operateIp)))
    throw bizError('请先授权该菜单，再设置数据规则');
  grantsChanged();
}
