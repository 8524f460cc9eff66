// Where each screen's permission assignment reads and writes (reference §2 calls).
import type { Page } from '@freight/contracts';
import { api } from '../../../services/request';
import type { DataRule, GrantSource, PermissionNode } from './PermissionGrant';
import type { MembersSource } from './RoleUsers';

type Tree = { treeList: PermissionNode[] };
type Rules = { datarule: DataRule[]; drChecked: string };

export function roleGrantSource(roleId: string): GrantSource {
  return {
    loadTree: () => api.get<Tree>('/sys/role/queryTreeList'),
    loadGranted: () => api.get<string[]>('/sys/permission/queryRolePermission', { roleId }),
    save: async (ids, last) => {
      await api.post('/sys/permission/saveRolePermission', {
        roleId,
        permissionIds: ids.join(','),
        lastpermissionIds: last.join(','),
      });
    },
    dataRules: {
      load: (permissionId) => api.get<Rules>(`/sys/role/datarule/${permissionId}/${roleId}`),
      save: async (permissionId, ruleIds) => {
        await api.post('/sys/role/datarule', { permissionId, roleId, dataRuleIds: ruleIds.join(',') });
      },
    },
  };
}

export function departGrantSource(departId: string): GrantSource {
  return {
    loadTree: () => api.get<Tree>('/sys/role/queryTreeList'),
    loadGranted: () => api.get<string[]>('/sys/permission/queryDepartPermission', { departId }),
    save: async (ids, last) => {
      await api.post('/sys/permission/saveDepartPermission', {
        departId,
        permissionIds: ids.join(','),
        lastpermissionIds: last.join(','),
      });
    },
    dataRules: {
      load: (permissionId) => api.get<Rules>(`/sys/sysDepartPermission/datarule/${permissionId}/${departId}`),
      save: async (permissionId, ruleIds) => {
        await api.post('/sys/sysDepartPermission/datarule', {
          permissionId,
          departId,
          dataRuleIds: ruleIds.join(','),
        });
      },
    },
  };
}

export function departRoleGrantSource(departId: string, roleId: string): GrantSource {
  return {
    loadTree: () => api.get<Tree>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId }),
    loadGranted: () => api.get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId }),
    save: async (ids, last) => {
      await api.post('/sys/sysDepartPermission/saveDeptRolePermission', {
        roleId,
        permissionIds: ids.join(','),
        lastpermissionIds: last.join(','),
      });
    },
    dataRules: {
      load: (permissionId) =>
        api.get<Rules>(`/sys/sysDepartRole/datarule/${permissionId}/${departId}/${roleId}`),
      save: async (permissionId, ruleIds) => {
        await api.post('/sys/sysDepartRole/datarule', {
          permissionId,
          departId,
          roleId,
          dataRuleIds: ruleIds.join(','),
        });
      },
    },
  };
}

type Member = Page<{ id: string; username: string; realname: string }>;

export function roleMembers(roleId: string): MembersSource {
  return {
    list: (q) => api.get<Member>('/sys/user/userRoleList', { ...q, roleId }),
    add: async (userIdList) => {
      await api.post('/sys/user/addSysUserRole', { roleId, userIdList });
    },
    remove: async (userId) => {
      await api.delete('/sys/user/deleteUserRole', { roleId, userId });
    },
  };
}

export function departRoleMembers(departId: string, droleId: string): MembersSource {
  return {
    list: (q) => api.get<Member>('/sys/sysDepartRole/roleUserList', { ...q, droleId }),
    add: async (userIds) => {
      await api.post('/sys/sysDepartRole/addRoleUsers', { droleId, userIds });
    },
    remove: async (userId) => {
      await api.delete('/sys/sysDepartRole/removeRoleUser', { droleId, userId });
    },
    pickerQuery: { departId },
  };
}
