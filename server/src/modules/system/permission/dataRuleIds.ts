import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysPermissionDataRule } from '../schema.ts';

/** Splits "a,b," into ids. */
export function ruleIdsOf(value: string | null | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** A grant may only name data rules of the menu it grants (reference sys_role_permission.data_rule_ids). */
export async function assertRulesOfMenu(
  db: DbOrTx,
  permissionId: string,
  dataRuleIds: string,
): Promise<void> {
  const ids = ruleIdsOf(dataRuleIds);
  if (ids.length === 0) return;
  const found = await db
    .select({ id: sysPermissionDataRule.id })
    .from(sysPermissionDataRule)
    .where(and(eq(sysPermissionDataRule.permissionId, permissionId), inArray(sysPermissionDataRule.id, ids)));
  if (found.length !== ids.length) throw bizError('数据规则不属于该菜单');
}
