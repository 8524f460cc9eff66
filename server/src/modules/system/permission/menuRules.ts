import { ACCESS_MSG, MENU_TYPES, type menuBody } from '@freight/contracts';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere, rowExists } from '../../../platform/db/idsWhere.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysPermission } from '../schema.ts';

type MenuBody = z.infer<typeof menuBody>;
const live = eq(sysPermission.delFlag, 0);

/** A button's code and a routed menu's path each belong to one live entry. */
export async function assertUniqueMenu(
  db: DbOrTx,
  menu: { perms?: string | null; url?: string | null; menuType: number },
  exceptId: string | null,
): Promise<void> {
  const except = exceptId ? ne(sysPermission.id, exceptId) : undefined;
  const refuseTaken = async (message: string, ...key: SQL[]) => {
    if (await rowExists(db, sysPermission, live, ...key, except)) throw bizError(message);
  };
  if (menu.menuType === MENU_TYPES.button && menu.perms)
    await refuseTaken(
      ACCESS_MSG.permsTaken,
      eq(sysPermission.perms, menu.perms),
      eq(sysPermission.menuType, 2),
    );
  if (menu.menuType !== MENU_TYPES.button && menu.url)
    await refuseTaken('菜单路径已存在', eq(sysPermission.url, menu.url), ne(sysPermission.menuType, 2));
}

/**
 * The rules of a menu entry (reference PermissionModal): a top menu has no parent; sub-menus and buttons
 * need one that is a live menu, never the entry itself or one of its descendants; menus need a path; buttons
 * need a code. Returns the values to store.
 */
export async function checkMenu(db: DbOrTx, body: MenuBody, id: string | null) {
  const menuType = body.menuType;
  const parentId = menuType === MENU_TYPES.top ? null : (body.parentId ?? null);
  if (menuType !== MENU_TYPES.top && !parentId) throw bizError('请选择上级菜单');
  if (menuType !== MENU_TYPES.button && !body.url?.trim()) throw bizError('请输入菜单路径');
  if (menuType === MENU_TYPES.button && !body.perms?.trim()) throw bizError('按钮必须填写授权标识');
  if (parentId) {
    // Walk up from the new parent: meeting the entry itself would make a cycle.
    let cursor: string | null = parentId;
    for (let depth = 0; cursor; depth++) {
      if (cursor === id) throw bizError('上级菜单不能是自己或自己的下级');
      if (depth > 50) throw bizError('菜单层级过深');
      const [row] = await db
        .select({ parentId: sysPermission.parentId, menuType: sysPermission.menuType })
        .from(sysPermission)
        .where(and(eq(sysPermission.id, cursor), live));
      if (!row) throw bizError('上级菜单不存在');
      if (depth === 0 && row.menuType === MENU_TYPES.button) throw bizError('按钮下不能再添加菜单或按钮');
      cursor = row.parentId;
    }
  }
  await assertUniqueMenu(db, { perms: body.perms, url: body.url, menuType }, id);
  return { ...body, parentId, perms: body.perms?.trim() || null };
}

/** A menu is a leaf while no live entry hangs below it. */
export async function refreshLeaf(db: DbOrTx, id: string): Promise<void> {
  const [child] = await idsWhere(db, sysPermission, live, eq(sysPermission.parentId, id)).limit(1);
  await db.update(sysPermission).set({ leaf: !child }).where(eq(sysPermission.id, id));
}
