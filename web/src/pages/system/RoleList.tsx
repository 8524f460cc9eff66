// 角色管理 (component `system/RoleList`): roles with their users and their permissions on the menu tree,
// data rules per menu included.
import { ProFormText } from '@ant-design/pro-components';
import { roleResource } from '@freight/contracts';
import { useMemo } from 'react';
import { pageOf, ResourceListPage, type ResourcePageDef, useCan } from '../../components/resource';
import { roleGrantSource, roleMembers } from './role/grantSources';
import { RoleDrawer, useRoleDrawer } from './role/RoleDrawer';
import { uniqueRule } from './user/uniqueRule';

export default function RoleList() {
  const can = useCan();
  const { open, setOpen, roleId, rowActions } = useRoleDrawer({
    users: 'system:role:edit',
    grant: 'system:role:authorize',
  });
  const grant = useMemo(() => (roleId ? roleGrantSource(roleId) : null), [roleId]);
  const members = useMemo(() => (roleId ? roleMembers(roleId) : null), [roleId]);

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
        open={open}
        onChange={setOpen}
        kind={['角色', 'Role']}
        grant={grant}
        members={members}
        grantLabel={['菜单授权', 'Permissions']}
        showGrant={can('system:role:authorize')}
        showUsers={can('system:role:edit')}
      />
    </>
  );
}
