import { type FieldDecls, partyScopeOf, type ResourceDecl } from '@freight/contracts';
import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Session } from '../auth/session.ts';
import { andAll, never } from './query.ts';

/**
 * The tenant, soft-delete and party part of a declaration's list scope, for figures counted outside its list
 * (dashboards): the same conditions the resource engine puts on every list of `decl` (`scopeConditions`),
 * so a shipper counts only its own waybills. A party kind the declaration has no column for counts nothing
 * (a binding's derived scope is not followed here: stricter, never wider). Data rules are the list's own.
 */
export function rowScopeOf<F extends FieldDecls>(
  decl: ResourceDecl<F>,
  table: PgTable,
  session: Pick<Session, 'tenantId' | 'user'>,
): SQL | undefined {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (key: string): PgColumn => {
    const found = columns[key];
    if (!found) throw new Error(`${decl.path}: scope column ${key} is not a column of the table`);
    return found;
  };
  const scope = decl.scope ?? {};
  const out: SQL[] = [];
  if (scope.softDelete) out.push(eq(column('delFlag'), 0));
  if (scope.tenant) out.push(eq(column('tenantId'), session.tenantId));
  const party = partyScopeOf(session.user.userType);
  if (party) {
    const key = scope[party];
    const partyId = session.user.cid;
    out.push(key && partyId ? eq(column(key), partyId) : never);
  }
  return andAll(out);
}
