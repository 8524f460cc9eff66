// Tree forms (head isTree 'Y'): each row names its parent in `treeParentIdField` (root rows hold '0'), and
// `treeIdField` says whether it has children, kept by the server on every write so the lazy tree knows which
// rows to offer expanding. A parent that is the row itself or one of its descendants is refused.
import { CGFORM_TREE_ROOT } from '@freight/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { bizError } from '../../platform/http/errors.ts';
import type { FormTable } from './cgformMainSub.ts';

type Row = Record<string, unknown>;

/** The tree's parent and has-child fields, or undefined for a form that is not a tree. */
export function treeOf(form: Pick<FormTable, 'definition'>) {
  const { head } = form.definition;
  if (head.isTree !== 'Y' || !head.treeParentIdField || !head.treeIdField) return undefined;
  return { pid: head.treeParentIdField, hasChild: head.treeIdField };
}

const isRoot = (value: unknown) =>
  value === null || value === undefined || value === '' || value === CGFORM_TREE_ROOT;

/**
 * The list's tree condition: the children of `pid` when asked (lazy loading), the root rows when the list
 * has no other filter, and none when it is searched (matches show flat, as in the reference).
 */
export function treeCondition(form: FormTable, query: Row, filtered: boolean): SQL | undefined {
  const tree = treeOf(form);
  if (!tree) return undefined;
  const column = form.columns[tree.pid] as PgColumn;
  const pid = query.pid;
  if (typeof pid === 'string' && !isRoot(pid)) return eq(column, pid);
  if (pid !== undefined || !filtered) return or(isNull(column), eq(column, CGFORM_TREE_ROOT), eq(column, ''));
  return undefined;
}

/**
 * A row's parent before it is written: root ('0') when none is given, an existing row of the tenant, and for
 * an edit neither the row itself nor one of its descendants. Sets the values' parent and drops has-child.
 */
export async function checkParent(
  tx: DbOrTx,
  form: FormTable,
  values: Row,
  id: string | null,
  tenant: number,
): Promise<void> {
  const tree = treeOf(form);
  if (!tree) return;
  delete values[tree.hasChild];
  const field = form.definition.fields.find((f) => f.dbFieldName === tree.pid);
  const where = `${field?.dbFieldTxt ?? tree.pid}(${tree.pid})`;
  const pid = values[tree.pid];
  if (isRoot(pid)) {
    if (id === null || pid !== undefined) values[tree.pid] = CGFORM_TREE_ROOT;
    return;
  }
  if (pid === id) throw bizError(`${where}: 上级不能是自己`, 400);
  const columns = form.columns;
  const [parent] = await tx
    .select({ id: columns.id as PgColumn })
    .from(form.table)
    .where(and(eq(columns.tenant_id as PgColumn, tenant), eq(columns.id as PgColumn, pid)));
  if (!parent) throw bizError(`${where}: 上级记录不存在`, 400);
  if (id === null) return;
  // Walk up from the new parent: meeting the row itself means the move would close a circle.
  const table = form.table;
  const up = rowsOf(
    await tx.execute(sql`
    with recursive up(id, pid, depth) as (
      select ${columns.id}, ${columns[tree.pid]}, 1 from ${table} where ${columns.id} = ${pid}
      union all
      select t.${sql.identifier('id')}, t.${sql.identifier(tree.pid)}, up.depth + 1
      from ${table} t join up on t.${sql.identifier('id')} = up.pid
      where up.depth < 10000
    )
    select 1 as hit from up where id = ${id} limit 1`),
  );
  if (up.length > 0) throw bizError(`${where}: 不能选择自己的下级作为上级（会形成循环）`, 400);
}

/** The parent a row had before an edit or delete, to refresh its has-child afterwards. */
export async function parentsOf(tx: DbOrTx, form: FormTable, ids: string[]): Promise<string[]> {
  const tree = treeOf(form);
  if (!tree || ids.length === 0) return [];
  const rows = (await tx
    .select({ pid: form.columns[tree.pid] as PgColumn })
    .from(form.table)
    .where(inArray(form.columns.id as PgColumn, ids))) as Row[];
  return rows.map((r) => r.pid).filter((p): p is string => typeof p === 'string' && !isRoot(p));
}

/** Sets has-child of these rows from whether any row names them as parent. */
export async function refreshHasChild(tx: DbOrTx, form: FormTable, ids: unknown[]): Promise<void> {
  const tree = treeOf(form);
  const wanted = [...new Set(ids.filter((v): v is string => typeof v === 'string' && !isRoot(v)))];
  if (!tree || wanted.length === 0) return;
  const pid = sql.identifier(tree.pid);
  // The outer row by its table's name: inside the sub-select a bare "id" would be the child's.
  const outer = sql`${sql.identifier(form.definition.head.tableName)}.${sql.identifier('id')}`;
  await tx
    .update(form.table)
    .set({
      [tree.hasChild]: sql`case when exists (select 1 from ${form.table} c where c.${pid} = ${outer}) then '1' else '0' end`,
    })
    .where(inArray(form.columns.id as PgColumn, wanted));
}

/** Rows with children outside the deleted set are refused: their children would lose their parent. */
export async function refuseOrphans(tx: DbOrTx, form: FormTable, ids: string[]): Promise<void> {
  const tree = treeOf(form);
  if (!tree) return;
  const column = form.columns[tree.pid] as PgColumn;
  const [child] = await tx
    .select({ pid: column })
    .from(form.table)
    .where(
      and(
        inArray(column, ids),
        sql`${form.columns.id} not in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    )
    .limit(1);
  if (child) throw bizError(`记录 ${String(child.pid)} 有下级，请先删除下级`, 400);
}
