import type { DictItem } from '@freight/contracts';
import { and, asc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Session } from '../../../platform/auth/session.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { hyAgent, hyCustomer } from '../../freight/schema.ts';
import { sysDepart, sysPosition, sysRole, sysUser } from '../schema.ts';

export interface TableDict {
  table: PgTable;
  text: PgColumn;
  value: PgColumn;
  /** Rows the caller may see (tenant, customer, deleted rows). */
  scope?: (session: Session) => SQL | undefined;
  /** Columns a `where` part may compare, by their SQL name; nothing else can appear there. */
  filters?: Record<string, PgColumn>;
}

/**
 * The only `table,text,code` dictionaries the server answers. The reference built SQL from this string and
 * was injected again and again (reference §6); here the three names only pick an entry of this list.
 */
export const TABLE_DICTS: Record<string, TableDict> = {
  'sys_user,realname,username': {
    table: sysUser,
    text: sysUser.realname,
    value: sysUser.username,
    scope: () => eq(sysUser.delFlag, 0),
    filters: { status: sysUser.status, user_type: sysUser.userType, org_code: sysUser.orgCode },
  },
  'sys_user,realname,id': {
    table: sysUser,
    text: sysUser.realname,
    value: sysUser.id,
    scope: () => eq(sysUser.delFlag, 0),
    filters: { status: sysUser.status, user_type: sysUser.userType, org_code: sysUser.orgCode },
  },
  'sys_depart,depart_name,org_code': {
    table: sysDepart,
    text: sysDepart.departName,
    value: sysDepart.orgCode,
    scope: () => eq(sysDepart.delFlag, 0),
    filters: { org_category: sysDepart.orgCategory, parent_id: sysDepart.parentId, status: sysDepart.status },
  },
  'sys_depart,depart_name,id': {
    table: sysDepart,
    text: sysDepart.departName,
    value: sysDepart.id,
    scope: () => eq(sysDepart.delFlag, 0),
    filters: { org_category: sysDepart.orgCategory, parent_id: sysDepart.parentId, status: sysDepart.status },
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
    filters: { status: hyCustomer.status, state: hyCustomer.state, settle_mode: hyCustomer.settleMode },
  },
  'hy_agent,agent_name,id': {
    table: hyAgent,
    text: hyAgent.agentName,
    value: hyAgent.id,
    scope: (s) => eq(hyAgent.tenantId, s.tenantId),
  },
};

/** Session values a `where` part may name, as the reference's `#{…}` variables. */
const SESSION_VALUES: Record<string, (s: Session) => string | number> = {
  sys_user_code: (s) => s.user.username,
  sys_org_code: (s) => s.user.orgCode ?? '',
  tenant_id: (s) => s.tenantId,
};

// column = 'text' | column != 123 | column = #{sys_org_code}; conditions joined by `and` only.
const CONDITION = /^([a-z_][a-z0-9_]*)\s*(=|!=|<>)\s*(?:'((?:[^']|'')*)'|(-?\d{1,12})|#\{([a-z_]+)\})$/i;

export interface ResolvedTableDict {
  dict: TableDict;
  /** The conditions of the `where` part, values bound. */
  where: SQL | undefined;
}

/**
 * A whitelisted entry for `table,text,code[,where]`, or undefined. The `where` part may only compare the
 * entry's filter columns with a quoted text, an integer or a session variable; every value is bound.
 */
export function tableDictOf(code: string, session?: Session | null): ResolvedTableDict | undefined {
  const parts = code.split(',');
  if (parts.length < 3) return undefined;
  const dict = TABLE_DICTS[parts.slice(0, 3).join(',').replace(/\s+/g, '')];
  if (!dict) return undefined;
  const raw = parts.slice(3).join(',').trim();
  if (!raw) return { dict, where: undefined };
  if (raw.length > 300 || !dict.filters) return undefined;
  const conditions: SQL[] = [];
  for (const part of raw.split(/\s+and\s+/i)) {
    const match = CONDITION.exec(part.trim());
    if (!match) return undefined;
    const [, name, op, quoted, integer, variable] = match;
    const column = dict.filters[name.toLowerCase()];
    if (!column) return undefined;
    let value: string | number;
    if (variable !== undefined) {
      const read = SESSION_VALUES[variable];
      if (!read || !session) return undefined;
      value = read(session);
    } else {
      value = integer !== undefined ? Number(integer) : quoted.replaceAll("''", "'");
    }
    conditions.push(op === '=' ? eq(column, value) : ne(column, value));
  }
  return { dict, where: and(...conditions) };
}

export interface TableDictQuery {
  keyword?: string;
  keys?: string[];
  limit: number;
}

/** Items of a table dictionary the session may see: text matched by keyword, or the given values. */
export async function loadTableDictItems(
  db: DbOrTx,
  resolved: ResolvedTableDict,
  session: Session,
  query: TableDictQuery,
): Promise<DictItem[]> {
  const { dict, where } = resolved;
  const keyword = query.keyword?.trim();
  const rows = await db
    .select({ value: dict.value, text: dict.text })
    .from(dict.table)
    .where(
      and(
        dict.scope?.(session),
        where,
        keyword ? ilike(dict.text, `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        query.keys ? inArray(dict.value, query.keys) : undefined,
      ),
    )
    .orderBy(asc(dict.text))
    .limit(query.limit);
  return rows.map((row) => {
    const text = String(row.text ?? '');
    return { value: String(row.value ?? ''), text, title: text, label: text };
  });
}
