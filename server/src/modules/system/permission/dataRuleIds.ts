import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysPermissionDataRule } from '../schema.ts';
import { splitIds } from './grantSet.ts';

/** Splits "a,b," into ids. */
export const ruleIdsOf = splitIds;

/** The data-rule ids one grant of a menu checked (`owner` is the grant table's role or department column). */
export async function grantedRuleIds<T extends PgTable & { permissionId: PgColumn; dataRuleIds: PgColumn }>(
  db: DbOrTx,
  grants: T,
  owner: PgColumn,
  ownerId: string,
  permissionId: string,
): Promise<string | null | undefined> {
  const [grant] = await db
    .select({ dataRuleIds: grants.dataRuleIds })
    .from(grants as PgTable)
    .where(and(eq(owner, ownerId), eq(grants.permissionId, permissionId)));
  return grant?.dataRuleIds as string | null | undefined;
}

/**
 * A menu's data rules and those one grant of it has checked (`owner` is the grant table's role or department
 * column), as the grant screens' data-rule drawer shows them.
 */
export async function grantedRuleChoice<
  T extends PgTable & { permissionId: PgColumn; dataRuleIds: PgColumn },
>(
  db: DbOrTx,
  grants: T,
  owner: PgColumn,
  ownerId: string,
  permissionId: string,
): Promise<{ datarule: unknown[]; drChecked: string }> {
  const rules = await db
    .select()
    .from(sysPermissionDataRule)
    .where(eq(sysPermissionDataRule.permissionId, permissionId));
  const checked = await grantedRuleIds(db, grants, owner, ownerId, permissionId);
  return { datarule: rules, drChecked: checked ?? '' };
}

/** A grant may only name data rules of the menu it grants (reference sys_role_permission.data_rule_ids). */
export async function assertRulesOfMenu(
  db: DbOrTx,
  permissionId: string,
  dataRuleIds: string,
): Promise<void> {
  const ids = ruleIdsOf(dataRuleIds);
  if (ids.length === 0) return;
  const found = await idsWhere(
    db,
    sysPermissionDataRule,
    eq(sysPermissionDataRule.permissionId, permissionId),
    inArray(sysPermissionDataRule.id, ids),
  );
  if (found.length !== ids.length) throw bizError('数据规则不属于该菜单');
}
