// Main and sub forms (JeecgBoot's tableType 2 and 3): a sub-table's foreign key field names its master
// (`mainTable`, `mainField`); the master's `subTableStr` lists its subs. A master row is saved with its sub
// rows in the caller's transaction, so a bad sub row (a blank required field, a unique value taken) leaves
// nothing behind; deleting it deletes them.
import { CGFORM_TABLE_TYPES, type CgformField, cgformForeignKey } from '@freight/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { bizError } from '../../platform/http/errors.ts';
import { checkUnique } from './cgformFieldTypes.ts';
import { type CgformSnapshot, onlCgformField, onlCgformHead } from './cgformSchema.ts';
import { defaultsOf } from './cgformTable.ts';

type Row = Record<string, unknown>;

/** What the row helpers need of a synced form (cgformData's live form has it). */
export interface FormTable {
  id: string;
  definition: CgformSnapshot;
  table: PgTable;
  columns: Record<string, PgColumn>;
  addBody: z.ZodType<Row>;
  editBody: z.ZodType<Row>;
}

/** Who writes, for which tenant. */
export interface Writer {
  by: string | null;
  tenant: number;
}

const refuse = (where: string, why: string, status = 400) => bizError(`${where}: ${why}`, status);

/** Where a definition's foreign key field sits, for messages (`fields[2](order_id)`). */
function keyPlace(definition: Pick<CgformSnapshot, 'fields'>) {
  const key = cgformForeignKey(definition.fields);
  if (!key) return undefined;
  return { key, where: `fields[${definition.fields.indexOf(key)}](${key.dbFieldName})` };
}

/**
 * The master a sub-table names exists and is a main table; on sync it must also be synced and hold the
 * master field. Refused with the foreign key field named.
 */
export async function checkMaster(tx: DbOrTx, definition: CgformSnapshot, forSync: boolean): Promise<void> {
  const place = keyPlace(definition);
  if (!place) return;
  const { key, where } = place;
  const [master] = await tx
    .select({ tableType: onlCgformHead.tableType, synced: onlCgformHead.synced })
    .from(onlCgformHead)
    .where(eq(onlCgformHead.tableName, String(key.mainTable)));
  if (!master) throw refuse(`${where}.mainTable(${key.mainTable})`, '主表不存在');
  if (master.tableType !== CGFORM_TABLE_TYPES.main)
    throw refuse(`${where}.mainTable(${key.mainTable})`, '不是主表(tableType=2)');
  if (!forSync) return;
  if (!master.synced)
    throw refuse(`${where}.mainTable(${key.mainTable})`, '主表尚未同步数据库，请先同步主表');
  if (key.mainField !== 'id' && !master.synced.fields.some((f) => f.dbFieldName === key.mainField))
    throw refuse(`${where}.mainField(${key.mainField})`, '不是主表的字段');
}

/** Masters' `subTableStr` after a sub-table was saved or deleted: its subs by tab order. */
export async function refreshSubTables(
  tx: DbOrTx,
  fieldLists: Array<ReadonlyArray<Pick<CgformField, 'mainTable'>>>,
) {
  const masters = new Set(fieldLists.flatMap((fields) => fields.map((f) => f.mainTable)).filter((m) => !!m));
  for (const master of masters as Set<string>) {
    const subs = await tx
      .selectDistinct({
        tableName: onlCgformHead.tableName,
        tabOrderNum: onlCgformHead.tabOrderNum,
      })
      .from(onlCgformHead)
      .innerJoin(onlCgformField, eq(onlCgformField.cgformHeadId, onlCgformHead.id))
      .where(and(eq(onlCgformField.mainTable, master), eq(onlCgformHead.tableType, CGFORM_TABLE_TYPES.sub)))
      .orderBy(asc(onlCgformHead.tabOrderNum), asc(onlCgformHead.tableName));
    await tx
      .update(onlCgformHead)
      .set({ subTableStr: subs.map((s) => s.tableName).join(',') || null })
      .where(eq(onlCgformHead.tableName, master));
  }
}

/** A master is deleted after its sub-tables: their rows would point nowhere. */
export async function refuseMasterWithSubs(tx: DbOrTx, tableName: string): Promise<void> {
  const [sub] = await tx
    .select({ tableName: onlCgformHead.tableName })
    .from(onlCgformHead)
    .innerJoin(onlCgformField, eq(onlCgformField.cgformHeadId, onlCgformHead.id))
    .where(eq(onlCgformField.mainTable, tableName))
    .limit(1);
  if (sub) throw refuse(`表名(${tableName})`, `附表 ${sub.tableName} 引用了该主表，请先删除附表`);
}

/** Ids of the synced sub-tables of a master table, by tab order. */
export async function subFormIds(db: DbOrTx, masterTable: string): Promise<string[]> {
  const rows = await idsWhere(
    db,
    onlCgformHead,
    eq(onlCgformHead.tableType, CGFORM_TABLE_TYPES.sub),
    sql`${onlCgformHead.synced} -> 'fields' @> ${JSON.stringify([{ mainTable: masterTable }])}::jsonb`,
  ).orderBy(asc(onlCgformHead.tabOrderNum), asc(onlCgformHead.tableName));
  return rows.map((r) => r.id);
}

/** The sub's foreign key field and the master field it holds. */
export function linkOf(sub: FormTable): {
  key: string;
  mainField: string;
  mainTable: string;
  oneToOne: boolean;
} {
  const key = cgformForeignKey(sub.definition.fields);
  if (!key?.mainTable) throw bizError(`${sub.definition.head.tableName}: 不是附表`, 400);
  return {
    key: key.dbFieldName,
    mainField: key.mainField ?? 'id',
    mainTable: key.mainTable,
    oneToOne: sub.definition.head.relationType === 1,
  };
}

const tenantIs = (form: FormTable, tenant: number) => eq(form.columns.tenant_id as PgColumn, tenant);

/** A sub row written on its own (ERP tab): its master row must exist for the tenant. */
export async function checkMasterRow(
  tx: DbOrTx,
  sub: FormTable,
  master: FormTable,
  values: Row,
  tenant: number,
): Promise<void> {
  const link = linkOf(sub);
  const value = values[link.key];
  const place = keyPlace(sub.definition)?.where ?? link.key;
  if (value === null || value === undefined || value === '') throw refuse(place, '请指定主表记录');
  const [found] = await tx
    .select({ id: master.columns.id as PgColumn })
    .from(master.table)
    .where(and(tenantIs(master, tenant), eq(master.columns[link.mainField] as PgColumn, value)))
    .limit(1);
  if (!found) throw refuse(place, '主表记录不存在');
}

function rowsOfBody(sub: FormTable, given: unknown): Row[] {
  const title = sub.definition.head.tableTxt;
  const list = Array.isArray(given) ? given : given && typeof given === 'object' ? [given] : null;
  if (!list) throw bizError(`${title}(${sub.definition.head.tableName}): 应为记录列表`, 400);
  if (list.length > 1000) throw bizError(`${title}: 最多1000行`, 400);
  if (linkOf(sub).oneToOne && list.length > 1) throw bizError(`${title}: 一对一附表只能有一行`, 400);
  return list.map((row) => (row && typeof row === 'object' ? (row as Row) : {}));
}

/**
 * The sub rows of one master row, as given: rows with an id of this master are updated, others added,
 * this master's rows not given deleted. A bad row refuses the whole save, naming the sub-table and row.
 */
export async function saveSubRows(
  tx: DbOrTx,
  sub: FormTable,
  master: Row,
  given: unknown,
  writer: Writer,
): Promise<void> {
  const link = linkOf(sub);
  const title = sub.definition.head.tableTxt;
  const masterValue = master[link.mainField];
  const id = sub.columns.id as PgColumn;
  const ofMaster = and(tenantIs(sub, writer.tenant), eq(sub.columns[link.key] as PgColumn, masterValue));
  const existing = new Set(
    (await tx.select({ id }).from(sub.table).where(ofMaster)).map((r) => String(r.id)),
  );
  const kept: string[] = [];
  // This master's rows the body leaves out go first; then its rows are updated or added.
  const givenIds = rowsOfBody(sub, given)
    .map((raw) => raw.id)
    .filter((v): v is string => typeof v === 'string' && existing.has(v));
  await tx.delete(sub.table).where(givenIds.length ? and(ofMaster, notInArray(id, givenIds)) : ofMaster);
  for (const [i, raw] of rowsOfBody(sub, given).entries()) {
    const rowId =
      typeof raw.id === 'string' && existing.has(raw.id) && !kept.includes(raw.id) ? raw.id : null;
    const parsed = (rowId ? sub.editBody : sub.addBody).safeParse({ ...raw, [link.key]: masterValue });
    if (!parsed.success)
      throw bizError(`${title}第${i + 1}行: ${parsed.error.issues.map((x) => x.message).join('；')}`, 400);
    const values = { ...parsed.data, [link.key]: masterValue };
    const blank = sub.definition.fields.find((f) => f.dbIsNull === 0 && values[f.dbFieldName] === null);
    if (blank) throw bizError(`${title}第${i + 1}行: ${blank.dbFieldTxt}不能为空`, 400);
    // Against the rows written so far in this transaction too: two given rows with one value are refused.
    await checkUnique(tx, sub, values, rowId, writer.tenant, `${title}第${i + 1}行`);
    if (rowId) {
      kept.push(rowId);
      await tx
        .update(sub.table)
        .set({ ...values, update_by: writer.by, update_time: new Date() })
        .where(and(ofMaster, eq(id, rowId)));
    } else {
      await tx
        .insert(sub.table)
        .values({ ...defaultsOf(sub.definition, values), create_by: writer.by, tenant_id: writer.tenant });
    }
  }
}

/** A master row's sub rows, oldest first. */
export async function loadSubRows(db: DbOrTx, sub: FormTable, master: Row, tenant: number): Promise<Row[]> {
  const link = linkOf(sub);
  return (await db
    .select()
    .from(sub.table)
    .where(and(tenantIs(sub, tenant), eq(sub.columns[link.key] as PgColumn, master[link.mainField])))
    .orderBy(asc(sub.columns.create_time as PgColumn), asc(sub.columns.id as PgColumn))
    .limit(1000)) as Row[];
}

/** Deleting master rows deletes their sub rows, in the same transaction. */
export async function deleteSubRows(tx: DbOrTx, sub: FormTable, masters: Row[], tenant: number) {
  const link = linkOf(sub);
  const values = masters.map((m) => m[link.mainField]).filter((v) => v !== null && v !== undefined);
  if (values.length === 0) return;
  await tx
    .delete(sub.table)
    .where(and(tenantIs(sub, tenant), inArray(sub.columns[link.key] as PgColumn, values)));
}
