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

export interface PermissionTreeNode {
  key: string;
  title: string;
  titleEn?: string;
  value: string;
  menuType: number;
  ruleFlag: number;
  perms: string | null;
  children?: PermissionTreeNode[];
}

/** Rows as a tree; a row whose parent is not among them is a root (a subset, e.g. a department's grants). */
export function permissionTree(rows: Array<typeof sysPermission.$inferSelect>): PermissionTreeNode[] {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<string | null, typeof rows>();
  for (const row of rows) {
    const key = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), row]);
  }
  const build = (parent: string | null): PermissionTreeNode[] =>
    (byParent.get(parent) ?? []).map((row) => {
      const children = build(row.id);
      return {
        key: row.id,
        value: row.id,
        title: row.name,
        ...(row.nameEn ? { titleEn: row.nameEn } : {}),
        menuType: row.menuType,
        ruleFlag: row.ruleFlag,
        perms: row.perms,
        ...(children.length ? { children } : {}),
      };
    });
  return build(null);
}

/** A menu tree to grant from: the tree of `rows`, and all their ids (what 全选 checks). */
export function menuTreeAnswer(rows: Array<typeof sysPermission.$inferSelect>) {
  return { treeList: permissionTree(rows), ids: rows.map((row) => row.id) };
}
