// Sync a form definition to its table in the `onl` schema. Identifiers have passed the product's
// rule (cgformDefine.ts) and are still quoted with sql.identifier; types come from a fixed map with checked
// integer lengths; values (a new required column's default for existing rows) are bound. A change that loses
// data is reported and refused unless confirmed. Everything runs in one transaction: all of it or none.
import { CGFORM_SCHEMA, type CgformField, identifierFault, isSystemColumn } from '@freight/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { bizError } from '../../platform/http/errors.ts';
import { physicalIndexName } from './cgformDefine.ts';
import { implicitIndexes } from './cgformKind.ts';
import type { CgformSnapshot } from './cgformSchema.ts';

/** A column type as the database reports it, reduced to what decides convertibility. */
interface ColumnType {
  family: 'varchar' | 'text' | 'integer' | 'double' | 'numeric' | 'date' | 'timestamp' | 'other';
  length: number;
  scale: number;
}

interface ExistingColumn extends ColumnType {
  name: string;
  nullable: boolean;
}

export interface SyncChange {
  field: string;
  /** add, drop, type, nullable, index */
  action: string;
  detail: string;
  /** Existing rows may lose data: needs `confirm`. */
  losesData: boolean;
}

const sized = (family: ColumnType['family'], length = 0, scale = 0): ColumnType => ({
  family,
  length,
  scale,
});

/** The types whose family fixes the size: [form type, database type, the type]. */
const FIXED_TYPES: Array<[string, string, ColumnType]> = [
  ['int', 'integer', sized('integer', 32)],
  ['double', 'double precision', sized('double', 53)],
  ['Date', 'date', sized('date')],
  ['Datetime', 'timestamp with time zone', sized('timestamp')],
];
const fixedByFormType = new Map(FIXED_TYPES.map(([form, , type]) => [form, type]));
const fixedByDbType = new Map(FIXED_TYPES.map(([, db, type]) => [db, type]));

function typeOf(field: CgformField): ColumnType {
  switch (field.dbType) {
    case 'string':
      return sized('varchar', field.dbLength ?? 32);
    case 'BigDecimal':
      return sized('numeric', field.dbLength ?? 10, field.dbPointLength ?? 0);
    default:
      return fixedByFormType.get(field.dbType) ?? sized('text');
  }
}

/** The SQL type of a column: fixed words, lengths that are checked integers. */
function typeSql(type: ColumnType): SQL {
  const int = (n: number) => {
    if (!Number.isInteger(n) || n < 0 || n > 4000) throw new Error(`bad length ${n}`);
    return sql.raw(String(n));
  };
  switch (type.family) {
    case 'varchar':
      return sql`varchar(${int(type.length)})`;
    case 'integer':
      return sql.raw('integer');
    case 'double':
      return sql.raw('double precision');
    case 'numeric':
      return sql`numeric(${int(type.length)}, ${int(type.scale)})`;
    case 'date':
      return sql.raw('date');
    case 'timestamp':
      return sql.raw('timestamptz');
    default:
      return sql.raw('text');
  }
}

function describe(type: ColumnType): string {
  if (type.family === 'varchar') return `varchar(${type.length})`;
  if (type.family === 'numeric') return `numeric(${type.length},${type.scale})`;
  return type.family;
}

function sameType(a: ColumnType, b: ColumnType): boolean {
  return a.family === b.family && a.length === b.length && a.scale === b.scale;
}

/** Whether every value of type `from` is kept whole in type `to`. */
function widens(from: ColumnType, to: ColumnType): boolean {
  if (to.family === 'text') return from.family !== 'other';
  if (from.family === to.family) {
    if (from.family === 'numeric')
      return to.scale >= from.scale && to.length - to.scale >= from.length - from.scale;
    return to.length >= from.length;
  }
  if (from.family === 'integer')
    return (
      to.family === 'double' ||
      (to.family === 'numeric' && to.length - to.scale >= 10) ||
      (to.family === 'varchar' && to.length >= 11)
    );
  if (from.family === 'date')
    return to.family === 'timestamp' || (to.family === 'varchar' && to.length >= 10);
  return false;
}

const table = (name: string) => sql`${sql.identifier(CGFORM_SCHEMA)}.${sql.identifier(name)}`;
const ident = (name: string) => {
  // Belt and braces: every name reaching DDL passes the identifier rule here as well.
  if (identifierFault(name) && !isSystemColumn(name)) throw bizError(`${name}: 标识符不合法`, 400);
  return sql.identifier(name);
};

async function existingColumns(tx: DbOrTx, tableName: string): Promise<ExistingColumn[] | null> {
  const list = await rowsOfQuery(
    tx,
    sql`
    select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable
    from information_schema.columns
    where table_schema = ${CGFORM_SCHEMA} and table_name = ${tableName}
    order by ordinal_position`,
  );
  if (list.length === 0) return null;
  return list.map((r) => ({
    name: String(r.column_name),
    nullable: r.is_nullable === 'YES',
    ...columnTypeOf(String(r.data_type), r),
  }));
}
type Row = Record<string, unknown>;

function columnTypeOf(dataType: string, r: Row): ColumnType {
  const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  switch (dataType) {
    case 'character varying':
      return sized('varchar', n(r.character_maximum_length));
    case 'text':
      return sized('text');
    case 'numeric':
      return sized('numeric', n(r.numeric_precision), n(r.numeric_scale));
    default:
      return fixedByDbType.get(dataType) ?? sized('other');
  }
}

async function rowsOfQuery(tx: DbOrTx, sqlText: SQL): Promise<Row[]> {
  return rowsOf<Row>(await tx.execute(sqlText));
}

/** A database error of one statement, refused with the field it was about; the transaction rolls back. */
async function step(tx: DbOrTx, field: string, why: string, statement: SQL): Promise<void> {
  try {
    await tx.execute(statement);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw bizError(`${field}: ${why}（${String(cause).slice(0, 200)}），未做任何修改`, 400);
  }
}

/** A bound value of a default, typed as its column. */
function boundDefault(field: CgformField): unknown {
  const value = field.dbDefaultVal;
  if (value === null || value === undefined) return null;
  if (field.dbType === 'int' || field.dbType === 'double') return Number(value);
  if (field.dbType === 'Datetime') return new Date(`${value.replace(' ', 'T')}+08:00`);
  return value;
}

/**
 * Creates or alters the form's table to match the definition. Without `confirm`, a change that loses data
 * throws with the list of changes (result.changes) and touches nothing.
 */
export async function syncTable(
  tx: DbOrTx,
  definition: CgformSnapshot,
  confirm: boolean,
): Promise<SyncChange[]> {
  const { tableName } = definition.head;
  const tableFault = identifierFault(tableName);
  if (tableFault) throw bizError(`表名(tableName): ${tableFault}`, 400);
  await tx.execute(sql`create schema if not exists ${sql.identifier(CGFORM_SCHEMA)}`);
  const existing = await existingColumns(tx, tableName);
  const changes: SyncChange[] = [];
  if (!existing) {
    const columns = definition.fields.map(
      (f) => sql`${ident(f.dbFieldName)} ${typeSql(typeOf(f))}${f.dbIsNull === 0 ? sql` not null` : sql``}`,
    );
    await step(
      tx,
      `表名(${tableName})`,
      '建表失败',
      sql`create table ${table(tableName)} (
        id varchar(32) primary key,
        create_by varchar(64),
        create_time timestamptz not null default now(),
        update_by varchar(64),
        update_time timestamptz,
        tenant_id integer not null default 0,
        ${sql.join(columns, sql`, `)}
      )`,
    );
    for (const f of definition.fields)
      changes.push({ field: f.dbFieldName, action: 'add', detail: describe(typeOf(f)), losesData: false });
  } else {
    const byName = new Map(existing.map((c) => [c.name, c]));
    const wanted = new Set(definition.fields.map((f) => f.dbFieldName));
    for (const column of existing)
      if (!isSystemColumn(column.name) && !wanted.has(column.name))
        changes.push({ field: column.name, action: 'drop', detail: '删除字段及其数据', losesData: true });
    for (const f of definition.fields) {
      const current = byName.get(f.dbFieldName);
      const type = typeOf(f);
      if (!current) {
        changes.push({ field: f.dbFieldName, action: 'add', detail: describe(type), losesData: false });
        continue;
      }
      if (!sameType(current, type))
        changes.push({
          field: f.dbFieldName,
          action: 'type',
          detail: `${describe(current)} → ${describe(type)}`,
          losesData: !widens(current, type),
        });
      if (current.nullable !== (f.dbIsNull === 1))
        changes.push({
          field: f.dbFieldName,
          action: 'nullable',
          detail: f.dbIsNull === 1 ? '允许为空' : '不允许为空',
          losesData: false,
        });
    }
    const losing = changes.filter((c) => c.losesData);
    if (losing.length > 0 && !confirm)
      throw bizError(
        `同步会丢失数据：${losing.map((c) => `${c.field}(${c.detail})`).join('，')}。请确认后再同步`,
        409,
        { changes },
      );
    for (const change of changes) {
      const field = definition.fields.find((f) => f.dbFieldName === change.field);
      const at = `字段 ${change.field}`;
      if (change.action === 'drop') {
        await step(
          tx,
          at,
          '删除失败',
          sql`alter table ${table(tableName)} drop column ${ident(change.field)}`,
        );
      } else if (field && change.action === 'add') {
        await step(
          tx,
          at,
          '新增失败',
          sql`alter table ${table(tableName)} add column ${ident(field.dbFieldName)} ${typeSql(typeOf(field))}`,
        );
        // Existing rows get the default, bound; then the column may become required.
        if (field.dbDefaultVal !== null && field.dbDefaultVal !== undefined)
          await step(
            tx,
            at,
            '默认值写入失败',
            sql`update ${table(tableName)} set ${ident(field.dbFieldName)} = ${boundDefault(field)}`,
          );
        if (field.dbIsNull === 0)
          await step(
            tx,
            at,
            '已有数据为空，不能设为必填',
            sql`alter table ${table(tableName)} alter column ${ident(field.dbFieldName)} set not null`,
          );
      } else if (field && change.action === 'type') {
        const type = typeSql(typeOf(field));
        await step(
          tx,
          at,
          '已有数据不能转换为新类型',
          sql`alter table ${table(tableName)} alter column ${ident(field.dbFieldName)} type ${type} using ${ident(field.dbFieldName)}::${type}`,
        );
      } else if (field && change.action === 'nullable') {
        await step(
          tx,
          at,
          field.dbIsNull === 1 ? '修改失败' : '已有数据为空，不能设为必填',
          sql`alter table ${table(tableName)} alter column ${ident(field.dbFieldName)} ${
            field.dbIsNull === 1 ? sql`drop not null` : sql`set not null`
          }`,
        );
      }
    }
  }
  await syncIndexes(tx, definition, changes);
  return changes;
}

/** Indexes named `<table>_<index>`: missing ones created, ones no longer defined dropped. */
async function syncIndexes(tx: DbOrTx, definition: CgformSnapshot, changes: SyncChange[]): Promise<void> {
  const { tableName } = definition.head;
  const present = new Set(
    (
      await rowsOfQuery(
        tx,
        sql`select indexname from pg_indexes where schemaname = ${CGFORM_SCHEMA} and tablename = ${tableName}`,
      )
    ).map((r) => String(r.indexname)),
  );
  const wanted = new Map(
    [...definition.indexs, ...implicitIndexes(definition)].map((i) => [
      physicalIndexName(tableName, i.indexName),
      i,
    ]),
  );
  for (const name of present) {
    if (name === `${tableName}_pkey` || wanted.has(name)) continue;
    await step(tx, `索引 ${name}`, '删除失败', sql`drop index ${table(name)}`);
    changes.push({ field: name, action: 'index', detail: '删除索引', losesData: false });
  }
  for (const [name, entry] of wanted) {
    if (present.has(name)) continue;
    const columns = entry.indexField.split(',').map((c) => ident(c));
    await step(
      tx,
      `索引 ${entry.indexName}`,
      entry.indexType === 'unique' ? '已有数据重复，不能建唯一索引' : '建索引失败',
      sql`create ${entry.indexType === 'unique' ? sql`unique ` : sql``}index ${sql.identifier(name)} on ${table(tableName)} (${sql.join(columns, sql`, `)})`,
    );
    changes.push({ field: entry.indexName, action: 'index', detail: '新建索引', losesData: false });
  }
}
