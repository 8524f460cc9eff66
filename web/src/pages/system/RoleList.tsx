// 角色管理 (component `system/RoleList`): roles with their users and their permissions on the menu tree,
// data rules per menu included.
import { ProFormText } from '@ant-design/pro-components';
import { roleResource } from '@freight/contracts';
import { useMemo } from 'react';
import { pageOf, ResourceListPage, type ResourcePageDef, useCan } from '../../components/resource';
import { roleGrantSource, roleMembers } from './role/grantSources';
import { RoleDrawer, useRoleDrawer } from './role/RoleDrawer';
import { uniqueRule } from './user/uniqueRule';

const roleSources = (roleId: string) => ({ grant: roleGrantSource(roleId), members: roleMembers(roleId) });

export default function RoleList() {
  const can = useCan();
  const { drawer, rowActions } = useRoleDrawer(
    { users: 'system:role:edit', grant: 'system:role:authorize' },
    roleSources,
  );

  const def = useMemo<ResourcePageDef>(
    () =>
      pageOf(roleResource, {
        fields: {
          // Unique among roles (reference checkRoleCode), asked when the field is left.
          roleCode: {
            renderFormItem: ({ editing: _editing, editingRow, ...item }) => (
              <ProFormText
                {...item}
                validateTrigger={['onChange', 'onBlur']}
                rules={[...item.rules, uniqueRule('/sys/role/checkRoleCode', 'roleCode', editingRow)]}
              />
            ),
          },
        },
        // The code is fixed once created (seed and code refer to roles by it), but the form still shows it.
        toBody: (values, editing) => (editing ? { ...values, roleCode: editing.roleCode } : values),
        rowActions,
      }),
    [rowActions],
  );

  return (
    <>
      <ResourceListPage def={def} />
      <RoleDrawer
        {...drawer}
        kind={['角色', 'Role']}
        grantLabel={['菜单授权', 'Permissions']}
        showGrant={can('system:role:authorize')}
        showUsers={can('system:role:edit')}
      />
    </>
  );
}
