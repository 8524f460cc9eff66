import { index, type PgColumnBuilderBase, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { idRef, tstz } from '../../platform/db/columns.ts';

/** A menu a role holds, with the data rules granted along with it and when and from where it was granted. */
const roleGrantColumns = () => ({
  roleId: idRef('role_id').notNull(),
  permissionId: idRef('permission_id').notNull(),
  /** Comma-separated ids of sys_permission_data_rule granted with this menu. */
  dataRuleIds: varchar('data_rule_ids', { length: 1000 }),
  operateDate: tstz('operate_date'),
  operateIp: varchar('operate_ip', { length: 100 }),
});

type RolePermissionColumns<TScope> = TScope & ReturnType<typeof roleGrantColumns>;

/**
 * The menus of a role (the platform's, or a department's with the department as scope): one row per role and
 * menu, looked up by menu too.
 */
export function rolePermissionTable<TName extends string, TScope extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  scopeColumns: TScope,
) {
  const columns: RolePermissionColumns<TScope> = { ...scopeColumns, ...roleGrantColumns() };
  return pgTable<TName, RolePermissionColumns<TScope>>(name, columns, (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index(`${name}_perm_idx`).on(t.permissionId),
  ]);
}
