// What makes a form more than a single table: a sub-table's master (its foreign key field and relation) and
// a tree's parent and has-child fields. Checked with the rest of the definition, before anything is written,
// each refusal naming its place; that the master exists is checked against the database in cgformMainSub.ts.
import {
  CGFORM_TABLE_TYPES,
  type CgformField,
  type CgformHead,
  identifierFault,
  isSystemColumn,
} from '@freight/contracts';
import { z } from 'zod';
import { bizError } from '../../platform/http/errors.ts';

const name = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

/** Head keys of the designer's body (JeecgBoot's names); `subTableStr` is kept by the server, not taken. */
export const formKindHead = {
  relationType: z.coerce.number().int().min(0).max(1).nullish(),
  tabOrderNum: z.coerce.number().int().min(0).max(10_000).nullish(),
  isTree: z.enum(['Y', 'N']).nullish(),
  treeParentIdField: name,
  treeIdField: name,
  treeFieldname: name,
};

/** Field keys: a sub-table's foreign key names the master table and the master field it holds. */
export const formKindField = { mainTable: name, mainField: name };

/** The kind's head keys of a stored head, as the designer's body has them (for checking it again). */
export function kindHeadOf(head: {
  isTree: string;
  treeParentIdField: string | null;
  treeIdField: string | null;
  treeFieldname: string | null;
}) {
  return {
    isTree: head.isTree === 'Y' ? ('Y' as const) : ('N' as const),
    treeParentIdField: head.treeParentIdField,
    treeIdField: head.treeIdField,
    treeFieldname: head.treeFieldname,
  };
}

type KindHead = Pick<
  CgformHead,
  'relationType' | 'tabOrderNum' | 'isTree' | 'treeParentIdField' | 'treeIdField' | 'treeFieldname'
>;

const refuse = (where: string, why: string) => bizError(`${where}: ${why}`, 400);

/** The kind's head keys, normalised, and the fields (the foreign key's master field defaulted to `id`). */
export function checkFormKind(
  head: { tableName: string; tableType: number } & { [K in keyof KindHead]?: KindHead[K] },
  fields: CgformField[],
): { head: KindHead; fields: CgformField[] } {
  const sub = head.tableType === CGFORM_TABLE_TYPES.sub;
  const out = fields.map((field, i) => {
    const where = `fields[${i}](${field.dbFieldName})`;
    if (!field.mainTable) {
      if (field.mainField) throw refuse(`${where}.mainTable`, '指定了主表字段却没有主表');
      return { ...field, mainTable: null, mainField: null };
    }
    if (!sub) throw refuse(`${where}.mainTable`, '只有附表(tableType=3)的外键字段可以指定主表');
    const tableFault = identifierFault(field.mainTable);
    if (tableFault) throw refuse(`${where}.mainTable(${field.mainTable.slice(0, 64)})`, tableFault);
    if (field.mainTable === head.tableName) throw refuse(`${where}.mainTable`, '主表不能是附表自己');
    const mainField = field.mainField ?? 'id';
    const fieldFault = isSystemColumn(mainField) ? undefined : identifierFault(mainField);
    if (fieldFault) throw refuse(`${where}.mainField(${mainField.slice(0, 64)})`, fieldFault);
    if (field.dbType !== 'string' || (field.dbLength ?? 0) < 32)
      throw refuse(`${where}.dbType`, '外键字段应为文本且长度至少32');
    return { ...field, mainField };
  });
  const keys = out.filter((f) => f.mainTable);
  if (sub && keys.length !== 1)
    throw refuse('字段(fields).mainTable', '附表需要且只能有一个外键字段指定主表(mainTable)');
  const tree = head.isTree === 'Y';
  const kind: KindHead = {
    relationType: sub ? (head.relationType ?? 0) : null,
    tabOrderNum: sub ? (head.tabOrderNum ?? null) : null,
    isTree: tree ? 'Y' : 'N',
    treeParentIdField: null,
    treeIdField: null,
    treeFieldname: null,
  };
  if (!tree) return { head: kind, fields: out };
  if (head.tableType !== CGFORM_TABLE_TYPES.single)
    throw refuse('树表(isTree)', '树表只能是单表(tableType=1)');
  const stringField = (key: 'treeParentIdField' | 'treeIdField', label: string, minLength: number) => {
    const value = head[key];
    if (!value) throw refuse(`树表(${key})`, `请选择${label}`);
    const field = out.find((f) => f.dbFieldName === value);
    if (!field) throw refuse(`树表(${key})(${value.slice(0, 64)})`, '不是表单的字段');
    if (field.dbType !== 'string' || (field.dbLength ?? 0) < minLength)
      throw refuse(`树表(${key})(${value})`, `${label}应为文本且长度至少${minLength}`);
    return value;
  };
  kind.treeParentIdField = stringField('treeParentIdField', '父级字段', 32);
  kind.treeIdField = stringField('treeIdField', '是否有子节点字段', 1);
  if (kind.treeParentIdField === kind.treeIdField)
    throw refuse('树表(treeIdField)', '是否有子节点字段不能与父级字段相同');
  const shown = head.treeFieldname ?? out.find((f) => f.dbFieldName !== kind.treeParentIdField)?.dbFieldName;
  if (!shown || !out.some((f) => f.dbFieldName === shown))
    throw refuse(`树表(treeFieldname)(${String(shown).slice(0, 64)})`, '不是表单的字段');
  kind.treeFieldname = shown;
  return { head: kind, fields: out };
}

/**
 * Indexes a form has without declaring them: a sub-table's foreign key and a tree's parent field, which its
 * screens look rows up by (`<table>_<field>_lidx`), and a unique field's index per tenant
 * (`<table>_<field>_uidx`). Left out when the name would be too long.
 */
export function implicitIndexes(definition: {
  head: Pick<CgformHead, 'tableName' | 'treeParentIdField' | 'isTree'>;
  fields: CgformField[];
  indexs: Array<{ indexField: string }>;
}): Array<{ indexName: string; indexField: string; indexType: string }> {
  const names = [
    definition.fields.find((f) => f.mainTable)?.dbFieldName,
    definition.head.isTree === 'Y' ? definition.head.treeParentIdField : undefined,
  ];
  const lookups = names
    .filter((n): n is string => !!n && !definition.indexs.some((i) => i.indexField.split(',')[0] === n))
    .map((n) => ({ indexName: `${n}_lidx`, indexField: n, indexType: 'normal' }));
  const uniques = definition.fields
    .filter((f) => f.isUnique === 1)
    .map((f) => ({
      indexName: `${f.dbFieldName}_uidx`,
      indexField: `tenant_id,${f.dbFieldName}`,
      indexType: 'unique',
    }));
  return [...lookups, ...uniques].filter((i) => `${definition.head.tableName}_${i.indexName}`.length <= 63);
}
