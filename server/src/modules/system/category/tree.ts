import { eq, inArray, like } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { escapeLike } from '../../../platform/db/likePattern.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysCategory } from '../adminSchema.ts';
import { childOrgCode } from '../depart/orgCode.ts';

export const ROOT_PID = '0';

export type CategoryRow = typeof sysCategory.$inferSelect;

/** Keeps a parent's has_child in step with whether any node is below it. */
export async function syncHasChild(tx: DbOrTx, pid: string): Promise<void> {
  if (pid === ROOT_PID) return;
  const [child] = await idsWhere(tx, sysCategory, eq(sysCategory.pid, pid)).limit(1);
  await tx
    .update(sysCategory)
    .set({ hasChild: child ? '1' : '0' })
    .where(eq(sysCategory.id, pid));
}

/** Ids of the rows below `ids` (any depth). */
export async function descendants(tx: DbOrTx, ids: string[]): Promise<string[]> {
  const out: string[] = [];
  let level = ids;
  for (let depth = 0; level.length && depth < 20; depth++) {
    const rows = await idsWhere(tx, sysCategory, inArray(sysCategory.pid, level));
    level = rows.map((r) => r.id).filter((id) => !out.includes(id) && !ids.includes(id));
    out.push(...level);
  }
  return out;
}

async function placeOf(tx: DbOrTx, id: string): Promise<{ pid: string; code: string } | undefined> {
  const [row] = await tx
    .select({ pid: sysCategory.pid, code: sysCategory.code })
    .from(sysCategory)
    .where(eq(sysCategory.id, id));
  return row;
}

/**
 * Where a category goes and its code: a new node below `pid` (the top level without one) gets the next free
 * code after its siblings' (A01, A02 … below the parent's code); an edited node keeps its parent, because
 * moving it would invalidate the codes below it.
 */
export async function placeCategory(
  tx: DbOrTx,
  node: { id?: unknown; pid?: unknown; code?: unknown },
  mode: 'add' | 'edit',
): Promise<{ pid: string; code: string }> {
  let pid = String(node.pid || ROOT_PID);
  let code = node.code ? String(node.code) : '';
  if (mode === 'edit') {
    const existing = await placeOf(tx, String(node.id));
    pid = existing?.pid ?? ROOT_PID;
    code ||= existing?.code ?? '';
  }
  let parentCode: string | null = null;
  if (pid !== ROOT_PID) {
    const parent = await placeOf(tx, pid);
    if (!parent) throw bizError('父级节点不存在');
    parentCode = parent.code;
  }
  if (!code) {
    const siblings = await tx
      .select({ code: sysCategory.code })
      .from(sysCategory)
      .where(like(sysCategory.code, `${escapeLike(parentCode ?? '')}___`));
    code = childOrgCode(
      parentCode,
      siblings.map((s) => s.code),
    );
  }
  return { pid, code };
}

/** Adds `name` below `pid` with a generated code, as the screen's add does (used by the demo seed). */
export async function addCategory(
  tx: DbOrTx,
  node: { name: string; pid?: string; createBy: string },
): Promise<CategoryRow> {
  const place = await placeCategory(tx, node, 'add');
  const [row] = await tx
    .insert(sysCategory)
    .values({ ...place, name: node.name, hasChild: '0', createBy: node.createBy })
    .returning();
  await syncHasChild(tx, place.pid);
  return row;
}
