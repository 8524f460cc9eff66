import { uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditedTable, linkTable } from '../../../platform/db/businessTable.ts';
import { idRef, roleColumns } from '../../../platform/db/columns.ts';
import { rolePermissionTable } from '../rolePermissionTable.ts';

// Department administration: what a department may hand out (sys_depart_permission), the
// roles a department defines for its own people (sys_depart_role), who holds them (sys_depart_role_user) and
// what each holds (sys_depart_role_permission, within the department's permissions).

export const sysDepartPermission = linkTable(
  'sys_depart_permission',
  { departId: 'depart_id', permissionId: 'permission_id' },
  {
    reverseIndex: 'sys_depart_permission_perm_idx',
    columns: {
      /** Comma-separated ids of sys_permission_data_rule the department may grant with this menu. */
      dataRuleIds: varchar('data_rule_ids', { length: 1000 }),
    },
  },
);

export const sysDepartRole = auditedTable(
  'sys_depart_role',
  {
    departId: idRef('depart_id').notNull(),
    ...roleColumns(100),
  },
  (t) => [uniqueIndex('sys_depart_role_code_uidx').on(t.departId, t.roleCode)],
);

export const sysDepartRoleUser = linkTable(
  'sys_depart_role_user',
  { userId: 'user_id', droleId: 'drole_id' },
  { reverseIndex: 'sys_depart_role_user_role_idx' },
);

export const sysDepartRolePermission = rolePermissionTable('sys_depart_role_permission', {
  departId: idRef('depart_id').notNull(),
});
