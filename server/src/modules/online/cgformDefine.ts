// What a form definition may say: the designer's body, then the checks zod cannot express, each
// refusal naming the field it is about (`fields[2].dbFieldName`), before anything is written.
import {
  CGFORM_DB_TYPES,
  CGFORM_QUERY_MODES,
  CGFORM_SHOW_TYPES,
  type CgformDbType,
  type CgformField,
  identifierFault,
  isSystemColumn,
} from '@freight/contracts';
import { z } from 'zod';
import { bizError } from '../../platform/http/errors.ts';
import { tableDictOf } from '../system/index.ts';
import { checkFormKind, formKindField, formKindHead } from './cgformKind.ts';
import type { CgformIndexDef, CgformSnapshot } from './cgformSchema.ts';

const flag = (fallback: number) => z.coerce.number().int().min(0).max(1).default(fallback);
const optional = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

type TableOfHead = Pick<CgformSnapshot['head'], 'tableName' | 'tableTxt' | 'tableTxtEn' | 'tableType'>;

/** A form head's table: its name, titles and type, which every definition and snapshot carries. */
export function tableOfHead(head: TableOfHead): TableOfHead {
  return {
    tableName: head.tableName,
    tableTxt: head.tableTxt,
    tableTxtEn: head.tableTxtEn,
    tableType: head.tableType,
  };
}

const headBody = z.object({
  id: z.string().max(32).optional(),
  tableName: z.string({ error: '表名不能为空' }).trim().max(200),
  tableTxt: z.string({ error: '表描述不能为空' }).trim().min(1, '表描述不能为空').max(200),
  tableTxtEn: optional(200),
  tableType: z.coerce.number().int().min(1).max(3).default(1),
  ...formKindHead,
});

const fieldBody = z.object({
  dbFieldName: z.string().trim().max(200),
  dbFieldTxt: z.string().trim().min(1, '字段备注不能为空').max(200),
  dbFieldTxtEn: optional(200),
  dbType: z.enum(CGFORM_DB_TYPES),
  dbLength: z.coerce.number().int().nullish(),
  dbPointLength: z.coerce.number().int().nullish(),
  // The stored value is checked against the field's type below; never spliced into SQL.
  dbDefaultVal: optional(200),
  dbIsNull: flag(1),
  isShowForm: flag(1),
  isShowList: flag(1),
  isQuery: flag(0),
  queryMode: z.enum(CGFORM_QUERY_MODES).nullish().default('single'),
  fieldShowType: z.enum(CGFORM_SHOW_TYPES).nullish().default('text'),
  dictField: optional(100),
  dictTable: optional(100),
  dictText: optional(100),
  isUnique: flag(0),
  fieldValidType: optional(200),
  sortFlag: flag(0),
  orderNum: z.coerce.number().int().min(0).max(10_000).default(0),
  ...formKindField,
});

const indexBody = z.object({
  indexName: z.string().trim().max(200),
  indexField: z.string().trim().max(500),
  indexType: z.enum(['normal', 'unique']).default('normal'),
});

export const definitionBody = z.object({
  head: headBody,
  fields: z.array(fieldBody).max(200),
  indexs: z.array(indexBody).max(20).default([]),
});
export type DefinitionBody = z.infer<typeof definitionBody>;

/** Default column lengths of the reference's designer. */
const DEFAULT_LENGTH: Record<CgformDbType, number> = {
  string: 32,
  int: 10,
  double: 10,
  BigDecimal: 10,
  Date: 0,
  Datetime: 0,
  Text: 0,
};

const refuse = (where: string, why: string) => bizError(`${where}: ${why}`, 400);

/** Text a default may hold: no quotes, statement separators, comments or control characters. */
const UNSAFE_TEXT = /['"`;\\]|--|\/\*/;
const hasControl = (value: string) => [...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** Why a default value does not fit its field's type, or undefined when it does. */
export function defaultFault(
  field: Pick<CgformField, 'dbType' | 'dbLength' | 'dbPointLength'>,
  value: string,
) {
  switch (field.dbType) {
    case 'int': {
      if (!/^-?\d{1,10}$/.test(value)) return '默认值不是整数';
      const n = Number(value);
      return n < -2_147_483_648 || n > 2_147_483_647 ? '默认值超出整数范围' : undefined;
    }
    case 'double':
      return /^-?\d{1,15}(\.\d{1,15})?$/.test(value) ? undefined : '默认值不是数字';
    case 'BigDecimal': {
      const match = /^-?(\d{1,38})(?:\.(\d{1,38}))?$/.exec(value);
      if (!match) return '默认值不是数字';
      const scale = field.dbPointLength ?? 0;
      const whole = (field.dbLength ?? 10) - scale;
      if ((match[2]?.length ?? 0) > scale || (match[1]?.replace(/^0+(?=\d)/, '').length ?? 0) > whole)
        return '默认值超出字段的长度或小数位';
      return undefined;
    }
    case 'Date':
      return validDate(value) && /^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : '默认值不是日期(YYYY-MM-DD)';
    case 'Datetime':
      return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) && validDate(value.slice(0, 10))
        ? undefined
        : '默认值不是时间(YYYY-MM-DD HH:mm:ss)';
    default:
      if (UNSAFE_TEXT.test(value) || hasControl(value))
        return '默认值不能包含引号、分号、反斜杠、注释或控制字符';
      if (field.dbType === 'string' && value.length > (field.dbLength ?? 32)) return '默认值超出字段长度';
      return undefined;
  }
}

function validDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * A checked definition: identifiers by the product's rule, lengths and defaults by type, indexes over known
 * fields. The first fault is refused with its place named; nothing is written before this passes.
 */
export function checkDefinition(body: DefinitionBody): CgformSnapshot {
  const { head } = body;
  const tableFault = identifierFault(head.tableName);
  if (tableFault) throw refuse('表名(tableName)', tableFault);
  if (body.fields.length === 0) throw refuse('字段(fields)', '至少需要一个字段');
  const names = new Set<string>();
  const fields: CgformField[] = body.fields.map((field, i) => {
    const at = `fields[${i}].dbFieldName(${field.dbFieldName.slice(0, 64)})`;
    const fault = identifierFault(field.dbFieldName);
    if (fault) throw refuse(at, fault);
    if (isSystemColumn(field.dbFieldName)) throw refuse(at, '是系统字段，不能再定义');
    if (names.has(field.dbFieldName)) throw refuse(at, '字段名重复');
    names.add(field.dbFieldName);
    const where = `fields[${i}](${field.dbFieldName})`;
    let dbLength = field.dbLength ?? DEFAULT_LENGTH[field.dbType];
    let dbPointLength = field.dbPointLength ?? (field.dbType === 'BigDecimal' ? 2 : 0);
    if (field.dbType === 'string' && (dbLength < 1 || dbLength > 4000))
      throw refuse(`${where}.dbLength`, '文本长度应在1到4000之间');
    if (field.dbType === 'BigDecimal') {
      if (dbLength < 1 || dbLength > 38) throw refuse(`${where}.dbLength`, '数字长度应在1到38之间');
      if (dbPointLength < 0 || dbPointLength > dbLength)
        throw refuse(`${where}.dbPointLength`, '小数位应在0到长度之间');
    } else {
      dbPointLength = 0;
    }
    if (field.dbType !== 'string' && field.dbType !== 'BigDecimal') dbLength = DEFAULT_LENGTH[field.dbType];
    if (field.dbDefaultVal !== null) {
      const fault = defaultFault({ dbType: field.dbType, dbLength, dbPointLength }, field.dbDefaultVal);
      if (fault) throw refuse(`${where}.dbDefaultVal`, fault);
    }
    // A popup takes a comma list of report columns; every other dictionary names one code or column.
    const dictPattern =
      field.fieldShowType === 'popup'
        ? /^[A-Za-z]\w{0,63}(,[A-Za-z]\w{0,63}){0,9}$/
        : /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
    if (field.dictField !== null && !dictPattern.test(field.dictField))
      throw refuse(`${where}.dictField`, '字典编码只能包含字母、数字和下划线');
    // A table dictionary's table and text column, a popup's report code and target fields: looked up in a
    // whitelist or bound, never spliced, and still refused unless they are plain names.
    if (field.dictTable !== null && !/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(field.dictTable))
      throw refuse(`${where}.dictTable`, '字典表只能包含字母、数字和下划线');
    if (field.dictText !== null && !dictPattern.test(field.dictText))
      throw refuse(`${where}.dictText`, '字典文本只能包含字母、数字和下划线');
    const tableDictFault = tableDictFaultOf(field);
    if (tableDictFault) throw refuse(`${where}.dictTable`, tableDictFault);
    if (field.isUnique === 1 && field.dbType === 'Text')
      throw refuse(`${where}.isUnique`, '长文本字段不能设为唯一');
    if (field.fieldValidType !== null) {
      try {
        new RegExp(field.fieldValidType);
      } catch {
        throw refuse(`${where}.fieldValidType`, '校验规则不是有效的正则表达式');
      }
    }
    return {
      ...field,
      dbLength,
      dbPointLength,
      queryMode: field.queryMode ?? 'single',
      fieldShowType: field.fieldShowType ?? 'text',
    };
  });
  const indexNames = new Set<string>();
  const indexs: CgformIndexDef[] = body.indexs.map((entry, i) => {
    const at = `indexs[${i}].indexName(${entry.indexName.slice(0, 64)})`;
    const fault = identifierFault(entry.indexName);
    if (fault) throw refuse(at, fault);
    if (physicalIndexName(head.tableName, entry.indexName).length > 63)
      throw refuse(at, '表名加索引名超过63个字符');
    if (indexNames.has(entry.indexName)) throw refuse(at, '索引名重复');
    indexNames.add(entry.indexName);
    const columns = entry.indexField.split(',').map((c) => c.trim());
    if (columns.length === 0 || columns.length > 8) throw refuse(`indexs[${i}].indexField`, '应为1到8个字段');
    for (const column of columns)
      if (!names.has(column) && !isSystemColumn(column))
        throw refuse(`indexs[${i}].indexField(${column.slice(0, 64)})`, '不是表单的字段');
    return { indexName: entry.indexName, indexField: columns.join(','), indexType: entry.indexType };
  });
  const kind = checkFormKind(head, fields);
  return {
    head: { ...tableOfHead(head), ...kind.head },
    fields: kind.fields,
    indexs,
  };
}

/**
 * Why a table dictionary cannot be used: the three names only pick an entry of the server's whitelist
 * (system module's table dictionaries), so an unknown table or column is refused here, never queried.
 */
function tableDictFaultOf(field: {
  fieldShowType: string | null;
  dictTable: string | null;
  dictText: string | null;
  dictField: string | null;
}): string | undefined {
  if (field.fieldShowType !== 'sel_search') return undefined;
  if (!field.dictTable || !field.dictText || !field.dictField)
    return '表字典需要字典表(dictTable)、显示字段(dictText)和存储字段(dictField)';
  const code = `${field.dictTable},${field.dictText},${field.dictField}`;
  if (!tableDictOf(code)) return `字典表 ${code.slice(0, 200)} 不在可用的表字典中`;
  return undefined;
}

/** The index's name in the database: indexes are named per schema, so the table's name leads. */
export function physicalIndexName(tableName: string, indexName: string): string {
  return `${tableName}_${indexName}`;
}
