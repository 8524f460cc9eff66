import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { sysPermission } from '../schema.ts';

/** The menus and buttons `where` picks that are not deleted, in menu order (as every menu tree shows them). */
export function liveMenus(db: DbOrTx, where?: SQL) {
  return db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), where))
    .orderBy(asc(sysPermission.sortNo));
}
