// 角色管理 (component `system/RoleList`): roles with their users and their permissions on the menu tree,
// data rules per menu included.
import { ProFormText } from '@ant-design/pro-components';
import { roleBody } from '@freight/contracts';
import { Drawer, Grid, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { createTimeField, ResourceListPage, type ResourcePageDef, useCan } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { roleGrantSource, roleMembers } from './role/grantSources';
import { PermissionGrant } from './role/PermissionGrant';
import { RoleUsers } from './role/RoleUsers';
import { uniqueRule } from './user/uniqueRule';

type Row = Record<string, unknown>;

export default function RoleList() {
  const tx = useBilingual();
  const can = useCan();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState<{ role: Row; tab: 'users' | 'grant' } | null>(null);
  const roleId = open ? String(open.role.id) : '';
  const grant = useMemo(() => (roleId ? roleGrantSource(roleId) : null), [roleId]);
  const members = useMemo(() => (roleId ? roleMembers(roleId) : null), [roleId]);

  const def = useMemo<ResourcePageDef>(
    () => ({
      api: '/sys/role',
      title: ['角色管理', 'Roles'],
      perm: 'system:role',
      schema: roleBody,
      defaultSort: { column: 'createTime', order: 'desc' },
      fields: [
        { name: 'roleName', label: ['角色名称', 'Role name'], required: true, search: true, sort: true },
        {
          name: 'roleCode',
          label: ['角色编码', 'Role code'],
          required: true,
          search: true,
          sort: true,
          form: 'add',
          // Unique among roles (reference checkRoleCode), asked when the field is left.
          renderFormItem: ({ editing: _editing, editingRow, ...item }) => (
            <ProFormText
              {...item}
              validateTrigger={['onChange', 'onBlur']}
              rules={[...item.rules, uniqueRule('/sys/role/checkRoleCode', 'roleCode', editingRow)]}
            />
          ),
        },
        {
          name: 'description',
          label: ['描述', 'Description'],
          kind: 'textarea',
          list: { width: 240, ellipsis: true },
        },
        createTimeField({ search: 'range' }),
      ],
      // The code is fixed once created (seed and code refer to roles by it), but the form still shows it.
      toBody: (values, editing) => (editing ? { ...values, roleCode: editing.roleCode } : values),
      rowActions: [
        {
          key: 'users',
          label: ['用户', 'Users'],
          perm: 'system:role:edit',
          run: (row) => setOpen({ role: row, tab: 'users' }),
        },
        {
          key: 'grant',
          label: ['授权', 'Permissions'],
          perm: 'system:role:authorize',
          run: (row) => setOpen({ role: row, tab: 'grant' }),
        },
      ],
    }),
    [],
  );

  return (
    <>
      <ResourceListPage def={def} />
      <Drawer
        open={Boolean(open)}
        onClose={() => setOpen(null)}
        width={screens.md ? 860 : '100%'}
        destroyOnHidden
        title={open ? `${String(open.role.roleName)} · ${tx(['角色', 'Role'])}` : ''}
      >
        {open && grant && members && (
          <Tabs
            activeKey={open.tab}
            onChange={(tab) => setOpen({ ...open, tab: tab as 'users' | 'grant' })}
            items={[
              ...(can('system:role:authorize')
                ? [
                    {
                      key: 'grant',
                      label: tx(['菜单授权', 'Permissions']),
                      children: <PermissionGrant source={grant} canSave />,
                    },
                  ]
                : []),
              ...(can('system:role:edit')
                ? [
                    {
                      key: 'users',
                      label: tx(['角色用户', 'Users of the role']),
                      children: <RoleUsers source={members} canEdit />,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Drawer>
    </>
  );
}
