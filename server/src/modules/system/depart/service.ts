import type { departBody } from '@freight/contracts';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/columns.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysDepart } from '../schema.ts';
import { childOrgCode } from './orgCode.ts';

export type DepartRow = typeof sysDepart.$inferSelect;
export interface DepartNode extends DepartRow {
  key: string;
  value: string;
  title: string;
  children?: DepartNode[];
}

export const liveDepart = eq(sysDepart.delFlag, 0);

export function liveDeparts(db: DbOrTx): Promise<DepartRow[]> {
  return db
    .select()
    .from(sysDepart)
    .where(liveDepart)
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));
}

/** Departments as a tree (antd Tree/TreeSelect keys), from the roots or from the given departments down. */
export function departTree(rows: DepartRow[], rootIds?: Set<string>): DepartNode[] {
  const byParent = new Map<string | null, DepartRow[]>();
  for (const row of rows)
    byParent.set(row.parentId ?? null, [...(byParent.get(row.parentId ?? null) ?? []), row]);
  const build = (row: DepartRow): DepartNode => {
    const children = (byParent.get(row.id) ?? []).map(build);
    return {
      ...row,
      key: row.id,
      value: row.id,
      title: row.departName,
      ...(children.length ? { children } : {}),
    };
  };
  const roots = rootIds ? rows.filter((r) => rootIds.has(r.id)) : (byParent.get(null) ?? []);
  return roots.map(build);
}

/**
 * Adds a department with the next org code below its parent (A01, A01A03…). Codes are handed out under a
 * transaction-scoped advisory lock, so two administrators adding at once never draw the same code.
 */
export async function addDepart(
  tx: DbOrTx,
  body: z.infer<typeof departBody>,
  username: string | undefined,
): Promise<{ id: string; orgCode: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sys_depart.org_code'))`);
  let parentCode: string | null = null;
  if (body.parentId) {
    const [parent] = await tx
      .select()
      .from(sysDepart)
      .where(and(eq(sysDepart.id, body.parentId), liveDepart));
    if (!parent) throw bizError('上级部门不存在');
    parentCode = parent.orgCode;
  }
  // Deleted departments keep their codes: a code is never handed out twice.
  const siblings = await tx
    .select({ orgCode: sysDepart.orgCode })
    .from(sysDepart)
    .where(parentCode ? like(sysDepart.orgCode, `${parentCode}___`) : undefined);
  const orgCode = childOrgCode(
    parentCode,
    siblings.map((s) => s.orgCode),
  );
  const id = newId();
  await tx.insert(sysDepart).values({
    ...body,
    id,
    parentId: body.parentId ?? null,
    orgCode,
    orgType: body.parentId ? '2' : '1',
    createBy: username,
  });
  return { id, orgCode };
}
