import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { sysPermission } from '../schema.ts';

/** "a,b," → distinct ids. */
export function splitIds(value: string | null | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** The permission ids a grant table holds for one grantee (`owner` is its role or department column). */
export async function heldPermissionIds<T extends PgTable & { permissionId: PgColumn }>(
  db: DbOrTx,
  table: T,
  owner: PgColumn,
  ownerId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: table.permissionId })
    .from(table as PgTable)
    .where(eq(owner, ownerId));
  return rows.map((row) => String(row.id));
}

/**
 * The change from the permissions held to the ones wanted (reference saveRolePermission and its siblings):
 * what to remove, and what to add among the wanted ids that name live permissions (and, with `within`, only
 * those the grantor may hand out).
 */
export async function grantChange(
  db: DbOrTx,
  held: string[],
  wanted: string[],
  within?: Set<string>,
): Promise<{ added: string[]; removed: string[] }> {
  const wantedSet = new Set(wanted);
  const heldSet = new Set(held);
  const removed = held.filter((id) => !wantedSet.has(id));
  const candidates = wanted.filter((id) => !heldSet.has(id) && (!within || within.has(id)));
  const added = candidates.length
    ? (
        await idsWhere(db, sysPermission, inArray(sysPermission.id, candidates), eq(sysPermission.delFlag, 0))
      ).map((row) => row.id)
    : [];
  return { added, removed };
}
