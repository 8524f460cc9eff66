import { type DictItem, maskName, USER_TYPE } from '@freight/contracts';
import { and, asc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Session } from '../../../platform/auth/session.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { containing } from '../../../platform/db/likePattern.ts';
import { numberFault } from '../../../platform/db/valueRange.ts';
import { sysDepart, sysPosition, sysRole, sysUser } from '../schema.ts';

export interface TableDict {
  table: PgTable;
  text: PgColumn;
  value: PgColumn;
  /** Rows the caller may see (tenant, customer, deleted rows). */
  scope?: (session: Session) => SQL | undefined;
  /** Columns a `where` part may compare, by their SQL name; nothing else can appear there. */
  filters?: Record<string, PgColumn>;
  /**
   * Who may read this dictionary at all (default: platform staff only). Anybody else gets no items, exactly
   * as for a dictionary that matches nothing.
   */
  readers?: (session: Session) => boolean;
  /** The text as someone who is not platform staff sees it (a person's name is masked). */
  maskText?: (text: string) => string;
}

export const isStaff = (s: Session) => s.user.userType === USER_TYPE.system;
export const isCustomerUser = (s: Session) =>
  s.user.userType === USER_TYPE.customer || s.user.userType === USER_TYPE.customerAdmin;

/**
 * Users a caller may look up: platform staff every undeleted user; customer staff the users of their current
 * customer; everybody else only themselves.
 */
function userScope(s: Session): SQL | undefined {
  const alive = eq(sysUser.delFlag, 0);
  if (isStaff(s)) return alive;
  if (isCustomerUser(s) && s.user.cid) return and(alive, eq(sysUser.cid, s.user.cid));
  return and(alive, eq(sysUser.id, s.user.id));
}

/** The users shown by their real name (masked), answered with one of their keys. */
function usersByRealname(value: PgColumn): TableDict {
  return {
    table: sysUser,
    text: sysUser.realname,
    value,
    scope: userScope,
    filters: { status: sysUser.status, user_type: sysUser.userType, org_code: sysUser.orgCode },
    readers: () => true,
    maskText: maskName,
  };
}

/**
 * The only `table,text,code` dictionaries the server answers. The reference built SQL from this string and
 * was injected again and again; here the three names only pick an entry of this list. Other modules add
 * their tables' entries at start-up (`registerTableDict`).
 */
const SYSTEM_TABLE_DICTS: Record<string, TableDict> = {
  'sys_user,realname,username': usersByRealname(sysUser.username),
  'sys_user,realname,id': usersByRealname(sysUser.id),
  'sys_depart,depart_name,org_code': {
    table: sysDepart,
    text: sysDepart.departName,
    value: sysDepart.orgCode,
    scope: () => eq(sysDepart.delFlag, 0),
    filters: {
      org_category: sysDepart.orgCategory,
      parent_id: sysDepart.parentId,
      status: sysDepart.status,
    },
  },
  'sys_depart,depart_name,id': {
    table: sysDepart,
    text: sysDepart.departName,
    value: sysDepart.id,
    scope: () => eq(sysDepart.delFlag, 0),
    filters: {
      org_category: sysDepart.orgCategory,
      parent_id: sysDepart.parentId,
      status: sysDepart.status,
    },
  },
  'sys_role,role_name,role_code': { table: sysRole, text: sysRole.roleName, value: sysRole.roleCode },
  'sys_role,role_name,id': { table: sysRole, text: sysRole.roleName, value: sysRole.id },
  'sys_position,name,code': { table: sysPosition, text: sysPosition.name, value: sysPosition.code },
};
const TABLE_DICTS = new Map(Object.entries(SYSTEM_TABLE_DICTS));

/** Offers a module's table as a `table,text,code` dictionary (the key is that string, without spaces). */
export function registerTableDict(code: string, dict: TableDict): void {
  TABLE_DICTS.set(code, dict);
}

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
  const dict = TABLE_DICTS.get(parts.slice(0, 3).join(',').replace(/\s+/g, ''));
  if (!dict) return undefined;
  const raw = parts.slice(3).join(',').trim();
  if (!raw) return { dict, where: undefined };
  if (raw.length > 300 || !dict.filters) return undefined;
  const conditions: SQL[] = [];
  for (const part of raw.split(/\s+and\s+/i)) {
    const match = CONDITION.exec(part.trim());
    if (!match) return undefined;
    const [, name, op, quoted, integer, variable] = match;
    // Names from the request: own keys only, never Object.prototype's (`constructor`).
    const column = Object.hasOwn(dict.filters, name.toLowerCase()) ? dict.filters[name.toLowerCase()] : null;
    if (!column) return undefined;
    let value: string | number;
    if (variable !== undefined) {
      const read = Object.hasOwn(SESSION_VALUES, variable) ? SESSION_VALUES[variable] : null;
      if (!read || !session) return undefined;
      value = read(session);
    } else {
      value = integer !== undefined ? Number(integer) : quoted.replaceAll("''", "'");
    }
    // A value of the column's type: text or an out-of-range number for a number column is a wrong code.
    if (column.dataType === 'number' && (typeof value !== 'number' || numberFault(column, value)))
      return undefined;
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
  if (!(dict.readers ?? isStaff)(session)) return [];
  const masked = !isStaff(session) && dict.maskText ? dict.maskText : null;
  const keyword = query.keyword?.trim();
  const rows = await db
    .select({ value: dict.value, text: dict.text })
    .from(dict.table)
    .where(
      and(
        dict.scope?.(session),
        where,
        keyword ? ilike(dict.text, containing(keyword)) : undefined,
        query.keys ? inArray(dict.value, query.keys) : undefined,
      ),
    )
    .orderBy(asc(dict.text))
    .limit(query.limit);
  return rows.map((row) => {
    const text = masked ? masked(String(row.text ?? '')) : String(row.text ?? '');
    return { value: String(row.value ?? ''), text, title: text, label: text };
  });
}
