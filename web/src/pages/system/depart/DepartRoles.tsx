// 部门角色: the roles a department defines for its own people (reference sysDepartRole), each with its users
// (members of the department only) and its permissions, chosen among the menus the department was granted.
import { departRoleBody, roleResource } from '@freight/contracts';
import { Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { departRoleGrantSource, departRoleMembers } from '../role/grantSources';
import { RoleDrawer, useRoleDrawer } from '../role/RoleDrawer';

/** One code gates every action of the department's roles (seed: 部门角色 system:depart:role). */
const ROLE_CODE = 'system:depart:role';

export function DepartRoles({ departId, departName }: { departId: string; departName: string }) {
  const tx = useBilingual();
  const sourcesOf = useCallback(
    (roleId: string) => ({
      grant: departRoleGrantSource(departId, roleId),
      members: departRoleMembers(departId, roleId),
    }),
    [departId],
  );
  const { drawer, rowActions } = useRoleDrawer({ users: ROLE_CODE, grant: ROLE_CODE }, sourcesOf);

  // The columns of the roles screen, named as the department's own and listed by its own calls.
  const def = useMemo<ResourcePageDef>(
    () =>
      pageOf(roleResource, {
        fields: {
          roleName: { label: ['部门角色名称', 'Role name'], sort: false, list: { width: 160 } },
          roleCode: {
            label: ['部门角色编码', 'Role code'],
            search: false,
            sort: false,
            form: true,
            list: { width: 150 },
          },
          description: { list: { width: 200, ellipsis: true } },
          createTime: { search: false, sort: false },
        },
        api: '/sys/sysDepartRole',
        title: [`部门角色 · ${departName}`, `Roles of ${departName}`],
        perm: 'system:depart',
        buttonCodes: { add: ROLE_CODE, edit: ROLE_CODE, delete: ROLE_CODE, batch_delete: ROLE_CODE },
        actions: { export: false, import: false, detail: false },
        importTemplate: undefined,
        defaultSort: undefined,
        schema: departRoleBody,
        fixedQuery: { deptId: departId },
        formWidth: 560,
        toBody: (values, editing) => (editing ? values : { ...values, departId }),
        rowActions,
      }),
    [departId, departName, rowActions],
  );

  return (
    <>
      <ResourceListPage key={departId} def={def} />
      <RoleDrawer
        {...drawer}
        kind={['部门角色', 'Department role']}
        grantLabel={['角色授权', 'Permissions']}
        // Only the menus this department holds can be handed to its roles.
        grantIntro={
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {tx([
              '只能分配本部门已获授权的菜单（见“部门权限”）',
              'Only menus granted to the department (see “Permissions”) can be assigned',
            ])}
          </Typography.Paragraph>
        }
      />
    </>
  );
}
