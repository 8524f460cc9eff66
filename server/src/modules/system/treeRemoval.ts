import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';

/**
 * The nodes of a tree (departments, menus) about to be removed together: every id must be a live node, and
 * no live child may be left behind outside the set (refused with `hasChildren`).
 */
export async function nodesToRemove(
  tx: DbOrTx,
  tree: PgTable & { id: PgColumn; parentId: PgColumn },
  live: SQL,
  ids: string[],
  hasChildren: string,
): Promise<Array<{ id: string; parentId: string | null }>> {
  const found = await tx
    .select({ id: tree.id, parentId: tree.parentId })
    .from(tree as PgTable)
    .where(and(live, inArray(tree.id, ids)));
  if (found.length !== ids.length) throw recordNotFound();
  const children = await tx
    .select({ id: tree.id })
    .from(tree as PgTable)
    .where(and(live, inArray(tree.parentId, ids)));
  if (children.some((c) => !ids.includes(c.id as string))) throw bizError(hasChildren);
  return found as Array<{ id: string; parentId: string | null }>;
}
