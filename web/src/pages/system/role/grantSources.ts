// Where each screen's permission assignment reads and writes: the JeecgBoot calls of each grant dialog.
import type { Page } from '@freight/contracts';
import { api } from '../../../services/request';
import type { DataRule, GrantSource, PermissionNode } from './PermissionGrant';
import type { MembersSource } from './RoleUsers';

type Tree = { treeList: PermissionNode[] };
type Rules = { datarule: DataRule[]; drChecked: string };

/** The calls of one screen's permission assignment. */
interface GrantCalls {
  loadTree: () => Promise<Tree>;
  /** Reads the granted permission ids; sent with `owner`. */
  grantedUrl: string;
  /** Saves the granted ids; sent with `owner`. */
  saveUrl: string;
  /** Whose permissions these are (a role, a department or a department role). */
  owner: Record<string, string>;
  /** The data rules of one permission for the owner. */
  rulesUrl: (permissionId: string) => string;
  /** Saves the chosen data rules, sent with `rulesOwner`. */
  rulesSaveUrl: string;
  rulesOwner: Record<string, string>;
}

function grantSource(calls: GrantCalls): GrantSource {
  return {
    loadTree: calls.loadTree,
    loadGranted: () => api.get<string[]>(calls.grantedUrl, calls.owner),
    save: async (ids, last) => {
      await api.post(calls.saveUrl, {
        ...calls.owner,
        permissionIds: ids.join(','),
        lastpermissionIds: last.join(','),
      });
    },
    dataRules: {
      load: (permissionId) => api.get<Rules>(calls.rulesUrl(permissionId)),
      save: async (permissionId, ruleIds) => {
        await api.post(calls.rulesSaveUrl, {
          permissionId,
          ...calls.rulesOwner,
          dataRuleIds: ruleIds.join(','),
        });
      },
    },
  };
}

const allPermissions = () => api.get<Tree>('/sys/role/queryTreeList');

export function roleGrantSource(roleId: string): GrantSource {
  return grantSource({
    loadTree: allPermissions,
    grantedUrl: '/sys/permission/queryRolePermission',
    saveUrl: '/sys/permission/saveRolePermission',
    owner: { roleId },
    rulesUrl: (permissionId) => `/sys/role/datarule/${permissionId}/${roleId}`,
    rulesSaveUrl: '/sys/role/datarule',
    rulesOwner: { roleId },
  });
}

export function departGrantSource(departId: string): GrantSource {
  return grantSource({
    loadTree: allPermissions,
    grantedUrl: '/sys/permission/queryDepartPermission',
    saveUrl: '/sys/permission/saveDepartPermission',
    owner: { departId },
    rulesUrl: (permissionId) => `/sys/sysDepartPermission/datarule/${permissionId}/${departId}`,
    rulesSaveUrl: '/sys/sysDepartPermission/datarule',
    rulesOwner: { departId },
  });
}

/** A department role is granted among its department's permissions. */
export function departRoleGrantSource(departId: string, roleId: string): GrantSource {
  return grantSource({
    loadTree: () => api.get<Tree>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId }),
    grantedUrl: '/sys/sysDepartPermission/queryDeptRolePermission',
    saveUrl: '/sys/sysDepartPermission/saveDeptRolePermission',
    owner: { roleId },
    rulesUrl: (permissionId) => `/sys/sysDepartRole/datarule/${permissionId}/${departId}/${roleId}`,
    rulesSaveUrl: '/sys/sysDepartRole/datarule',
    rulesOwner: { departId, roleId },
  });
}

type Member = Page<{ id: string; username: string; realname: string }>;

/** The calls of one role's members: listed, added and removed with `owner`. */
interface MemberCalls {
  listUrl: string;
  addUrl: string;
  removeUrl: string;
  owner: Record<string, string>;
  /** How the add call names the user ids. */
  idsKey: string;
  pickerQuery?: Record<string, string>;
}

function membersSource(calls: MemberCalls): MembersSource {
  return {
    list: (q) => api.get<Member>(calls.listUrl, { ...q, ...calls.owner }),
    add: async (ids) => {
      await api.post(calls.addUrl, { ...calls.owner, [calls.idsKey]: ids });
    },
    remove: async (userId) => {
      await api.delete(calls.removeUrl, { ...calls.owner, userId });
    },
    ...(calls.pickerQuery ? { pickerQuery: calls.pickerQuery } : {}),
  };
}

export function roleMembers(roleId: string): MembersSource {
  return membersSource({
    listUrl: '/sys/user/userRoleList',
    addUrl: '/sys/user/addSysUserRole',
    removeUrl: '/sys/user/deleteUserRole',
    owner: { roleId },
    idsKey: 'userIdList',
  });
}

export function departRoleMembers(departId: string, droleId: string): MembersSource {
  return membersSource({
    listUrl: '/sys/sysDepartRole/roleUserList',
    addUrl: '/sys/sysDepartRole/addRoleUsers',
    removeUrl: '/sys/sysDepartRole/removeRoleUser',
    owner: { droleId },
    idsKey: 'userIds',
    pickerQuery: { departId },
  });
}
