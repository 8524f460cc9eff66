// 部门角色: the roles a department defines for its own people (reference sysDepartRole), each with its users
// (members of the department only) and its permissions, chosen among the menus the department was granted.
import { departRoleBody } from '@freight/contracts';
import { Drawer, Grid, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { departRoleGrantSource, departRoleMembers } from '../role/grantSources';
import { PermissionGrant } from '../role/PermissionGrant';
import { RoleUsers } from '../role/RoleUsers';

type Row = Record<string, unknown>;
type Tab = 'users' | 'grant';

/** One code gates every action of the department's roles (seed: 部门角色 system:depart:role). */
const ROLE_CODE = 'system:depart:role';

export function DepartRoles({ departId, departName }: { departId: string; departName: string }) {
  const tx = useBilingual();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState<{ role: Row; tab: Tab } | null>(null);
  const roleId = open ? String(open.role.id) : '';
  const grant = useMemo(() => (roleId ? departRoleGrantSource(departId, roleId) : null), [departId, roleId]);
  const members = useMemo(() => (roleId ? departRoleMembers(departId, roleId) : null), [departId, roleId]);

  const def = useMemo<ResourcePageDef>(
    () => ({
      api: '/sys/sysDepartRole',
      title: [`部门角色 · ${departName}`, `Roles of ${departName}`],
      perm: 'system:depart',
      buttonCodes: { add: ROLE_CODE, edit: ROLE_CODE, delete: ROLE_CODE, batch_delete: ROLE_CODE },
      actions: { export: false, import: false, detail: false },
      schema: departRoleBody,
      fixedQuery: { deptId: departId },
      formWidth: 560,
      fields: [
        {
          name: 'roleName',
          label: ['部门角色名称', 'Role name'],
          required: true,
          search: true,
          list: { width: 160 },
        },
        { name: 'roleCode', label: ['部门角色编码', 'Role code'], required: true, list: { width: 150 } },
        {
          name: 'description',
          label: ['描述', 'Description'],
          kind: 'textarea',
          list: { width: 200, ellipsis: true },
        },
        { name: 'createTime', label: ['创建时间', 'Created'], kind: 'datetime', form: false },
      ],
      toBody: (values, editing) => (editing ? values : { ...values, departId }),
      rowActions: [
        {
          key: 'users',
          label: ['用户', 'Users'],
          perm: ROLE_CODE,
          run: (row) => setOpen({ role: row, tab: 'users' }),
        },
        {
          key: 'grant',
          label: ['授权', 'Permissions'],
          perm: ROLE_CODE,
          run: (row) => setOpen({ role: row, tab: 'grant' }),
        },
      ],
    }),
    [departId, departName],
  );

  return (
    <>
      <ResourceListPage key={departId} def={def} />
      <Drawer
        open={Boolean(open)}
        onClose={() => setOpen(null)}
        width={screens.md ? 860 : '100%'}
        destroyOnHidden
        title={open ? `${String(open.role.roleName)} · ${tx(['部门角色', 'Department role'])}` : ''}
      >
        {open && grant && members && (
          <Tabs
            activeKey={open.tab}
            onChange={(tab) => setOpen({ ...open, tab: tab as Tab })}
            items={[
              {
                key: 'grant',
                label: tx(['角色授权', 'Permissions']),
                // Only the menus this department holds can be handed to its roles.
                children: (
                  <>
                    <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                      {tx([
                        '只能分配本部门已获授权的菜单（见“部门权限”）',
                        'Only menus granted to the department (see “Permissions”) can be assigned',
                      ])}
                    </Typography.Paragraph>
                    <PermissionGrant source={grant} canSave />
                  </>
                ),
              },
              {
                key: 'users',
                label: tx(['角色用户', 'Users of the role']),
                children: <RoleUsers source={members} canEdit />,
              },
            ]}
          />
        )}
      </Drawer>
    </>
  );
}
