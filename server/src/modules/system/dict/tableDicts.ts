import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Session } from '../../../platform/auth/session.ts';
import { hyAgent, hyCustomer } from '../../freight/schema.ts';
import { sysDepart, sysPosition, sysRole, sysUser } from '../schema.ts';

export interface TableDict {
  table: PgTable;
  text: PgColumn;
  value: PgColumn;
  /** Rows the caller may see (tenant, customer, deleted rows). */
  scope?: (session: Session) => SQL | undefined;
}

/**
 * The only `table,text,code` dictionaries the server answers. Anything else, including a `where` part, is
 * refused: the reference built SQL from this string and was injected again and again (reference §6).
 */
export const TABLE_DICTS: Record<string, TableDict> = {
  'sys_user,realname,username': {
    table: sysUser,
    text: sysUser.realname,
    value: sysUser.username,
    scope: () => eq(sysUser.delFlag, 0),
  },
  'sys_user,realname,id': {
    table: sysUser,
    text: sysUser.realname,
    value: sysUser.id,
    scope: () => eq(sysUser.delFlag, 0),
  },
  'sys_depart,depart_name,org_code': {
    table: sysDepart,
    text: sysDepart.departName,
    value: sysDepart.orgCode,
    scope: () => eq(sysDepart.delFlag, 0),
  },
  'sys_depart,depart_name,id': {
    table: sysDepart,
    text: sysDepart.departName,
    value: sysDepart.id,
    scope: () => eq(sysDepart.delFlag, 0),
  },
  'sys_role,role_name,role_code': { table: sysRole, text: sysRole.roleName, value: sysRole.roleCode },
  'sys_role,role_name,id': { table: sysRole, text: sysRole.roleName, value: sysRole.id },
  'sys_position,name,code': { table: sysPosition, text: sysPosition.name, value: sysPosition.code },
  'hy_customer,customer_name,id': {
    table: hyCustomer,
    text: hyCustomer.customerName,
    value: hyCustomer.id,
    scope: (s) =>
      s.user.userType === 2 || s.user.userType === 6
        ? eq(hyCustomer.id, s.user.cid ?? '')
        : eq(hyCustomer.tenantId, s.tenantId),
  },
  'hy_agent,agent_name,id': {
    table: hyAgent,
    text: hyAgent.agentName,
    value: hyAgent.id,
    scope: (s) => eq(hyAgent.tenantId, s.tenantId),
  },
};

export function tableDictOf(code: string): TableDict | undefined {
  return TABLE_DICTS[code.replace(/\s+/g, '')];
}
