// Online forms (reference onl_cgform_head/field/index): a table defined in the console is a resource
// declaration stored in the database. The designer writes the definition; `cgformDecl` turns it into the same
// declaration a hand-written list has, which the server binds and the console renders.
import type { FieldDecl, FieldDecls, FieldKind, ResourceDecl } from './resource.ts';

/** Column types of the reference's designer. */
export const CGFORM_DB_TYPES = ['string', 'int', 'double', 'BigDecimal', 'Date', 'Datetime', 'Text'] as const;
export type CgformDbType = (typeof CGFORM_DB_TYPES)[number];

/** Controls of a field in the generated form. */
export const CGFORM_SHOW_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'list',
  'radio',
  'checkbox',
  'switch',
  'image',
  /** Table dictionary: a select over a whitelisted `dictTable,dictText,dictField` lookup of the server. */
  'sel_search',
  'sel_user',
  'sel_depart',
  /** Region: a six-digit division code picked as province / city / district. */
  'pca',
  'file',
  /** Rich text: HTML, sanitised by the server. */
  'umeditor',
  /** Popup: picks a row of an online report (`dictTable` its code, `dictField` the report column taken). */
  'popup',
] as const;
export type CgformShowType = (typeof CGFORM_SHOW_TYPES)[number];

/**
 * Query modes: `single` an exact value (with the list's `*x*`, `a,b`, `!x` shapes), `like` a part of the
 * text, `group` a from–to range (reference "范围查询").
 */
export const CGFORM_QUERY_MODES = ['single', 'like', 'group'] as const;
export type CgformQueryMode = (typeof CGFORM_QUERY_MODES)[number];

/** The dedicated schema online tables live in: they never share a name with the platform's own tables. */
export const CGFORM_SCHEMA = 'onl';

/** The product's identifier rule for online table, field and index names. */
export const CGFORM_IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;

/** Columns every online table has, written by the server; no field may take their names. */
export const CGFORM_SYSTEM_COLUMNS = [
  'id',
  'create_by',
  'create_time',
  'update_by',
  'update_time',
  'tenant_id',
] as const;

/**
 * PostgreSQL's reserved key words (and the non-reserved ones that cannot name a column or table without
 * quotes in some position), plus names the list API reads as its own parameters.
 */
const RESERVED = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate ' +
    'collation column concurrently constraint create cross current_catalog current_date current_role ' +
    'current_schema current_time current_timestamp current_user default deferrable desc distinct do else end ' +
    'except false fetch for foreign freeze from full grant group having ilike in initially inner intersect ' +
    'into is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null ' +
    'offset on only or order outer overlaps placing primary references returning right select session_user ' +
    'similar some symmetric system_user table tablesample then to trailing true union unique user using ' +
    'variadic verbose when where window with between bigint bit boolean char character coalesce dec decimal ' +
    'exists extract float greatest grouping inout int integer interval least national nchar none normalize ' +
    'nullif numeric out overlay position precision real row setof smallint substring time timestamp treat ' +
    'trim values varchar xmlattributes xmlconcat xmlelement xmlexists xmlforest xmlnamespaces xmlparse ' +
    'xmlpi xmlroot xmlserialize xmltable drop delete update insert alter truncate ' +
    'pageno pagesize field selections ids _t'
  ).split(' '),
);

/** Why a name breaks the identifier rule, or undefined when it is a valid online identifier. */
export function identifierFault(name: unknown): string | undefined {
  if (typeof name !== 'string' || name === '') return '不能为空';
  if (!CGFORM_IDENTIFIER.test(name)) return '只能包含小写字母、数字和下划线，以字母开头，最长63个字符';
  if (RESERVED.has(name)) return `${name} 是数据库保留字`;
  if (name.startsWith('pg_')) return '不能以 pg_ 开头';
  return undefined;
}

export function isSystemColumn(name: string): boolean {
  return (CGFORM_SYSTEM_COLUMNS as readonly string[]).includes(name);
}

export interface CgformHead {
  id: string;
  tableName: string;
  tableTxt: string;
  tableTxtEn?: string | null;
  /** 1 single table, 2 main table, 3 sub table. */
  tableType: number;
  /** 'Y' when the table exists and matches the synced definition. */
  isDbSynch?: string;
  /** A main table's sub-tables, comma separated (kept by the server from the subs' declarations). */
  subTableStr?: string | null;
  /** A sub-table's relation to its master: 0 one-to-many, 1 one-to-one. */
  relationType?: number | null;
  /** Order of a sub-table's tab under its master. */
  tabOrderNum?: number | null;
  /** 'Y' for a tree form: rows point at their parent through `treeParentIdField`. */
  isTree?: string | null;
  /** A tree form's parent field (root rows hold '0'). */
  treeParentIdField?: string | null;
  /** A tree form's has-child field ('1' when the row has children), kept by the server. */
  treeIdField?: string | null;
  /** The field a tree row is shown by. */
  treeFieldname?: string | null;
}

/** Root value of a tree form's parent field. */
export const CGFORM_TREE_ROOT = '0';

/** Form types (head tableType). */
export const CGFORM_TABLE_TYPES = { single: 1, main: 2, sub: 3 } as const;

export interface CgformField {
  dbFieldName: string;
  dbFieldTxt: string;
  dbFieldTxtEn?: string | null;
  dbType: CgformDbType;
  dbLength?: number | null;
  dbPointLength?: number | null;
  dbDefaultVal?: string | null;
  /** 1 nullable, 0 required. */
  dbIsNull: number;
  isShowForm: number;
  isShowList: number;
  isQuery: number;
  queryMode?: CgformQueryMode | null;
  fieldShowType?: CgformShowType | null;
  dictField?: string | null;
  /** Table dictionary (`sel_search`): the table and its text column; `dictField` is the value column. */
  dictTable?: string | null;
  dictText?: string | null;
  /** 1 when no two rows of a tenant may hold the same value (refused on save, unique index at sync). */
  isUnique?: number | null;
  /** A regular expression the value must match. */
  fieldValidType?: string | null;
  sortFlag?: number | null;
  orderNum: number;
  /** On a sub-table's foreign key field: the master's table name and the master field it holds (`id`). */
  mainTable?: string | null;
  mainField?: string | null;
}

/**
 * A text field of a definition as the designer sends it: shown in the list and the form, optional, not searched;
 * `extra` changes any of that.
 */
export const cgformTextField = (
  dbFieldName: string,
  dbFieldTxt: string,
  extra: Partial<CgformField> = {},
): CgformField => ({
  dbFieldName,
  dbFieldTxt,
  dbType: 'string',
  dbLength: 50,
  dbIsNull: 1,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  orderNum: 0,
  ...extra,
});

/** The foreign key field of a sub-table definition (the field naming its master), if any. */
export function cgformForeignKey(fields: readonly CgformField[]): CgformField | undefined {
  return fields.find((f) => f.mainTable && f.mainField);
}

export interface CgformDefinition {
  head: CgformHead;
  fields: CgformField[];
}

/** The API base of a form's generated list (the resource routes; JeecgBoot's own paths sit beside them). */
export const cgformDataPath = (headId: string) => `/online/cgform/api/data/${headId}`;

/** Permission prefix of a form's data: `online:<table>:list`, `:add`, `:edit`, `:delete`, `:export`, `:import`. */
export const cgformPermission = (tableName: string) => `online:${tableName}`;

/** The user and department selects read these whitelisted table dictionaries (value: username / org code). */
export const CGFORM_USER_DICT = 'sys_user,realname,username';
export const CGFORM_DEPART_DICT = 'sys_depart,depart_name,org_code';

/** The dictionary code a field's texts come from: a plain dictionary or a `table,text,value` one. */
export function cgformDictOf(field: CgformField): string | undefined {
  switch (field.fieldShowType) {
    case 'sel_user':
      return CGFORM_USER_DICT;
    case 'sel_depart':
      return CGFORM_DEPART_DICT;
    case 'sel_search':
      return field.dictTable && field.dictText && field.dictField
        ? `${field.dictTable},${field.dictText},${field.dictField}`
        : undefined;
    case 'list':
    case 'radio':
    case 'checkbox':
      return field.dictField || undefined;
    default:
      return undefined;
  }
}

function kindOf(field: CgformField): FieldKind {
  const show = field.fieldShowType;
  if (cgformDictOf(field)) return 'dict';
  if (show === 'pca') return 'region';
  if (show === 'file') return 'file';
  if (show === 'umeditor') return 'richtext';
  if (show === 'switch') return 'switch';
  if (show === 'image') return 'image';
  if (show === 'money') return 'money';
  switch (field.dbType) {
    case 'int':
    case 'double':
    case 'BigDecimal':
      return 'number';
    case 'Date':
      return 'date';
    case 'Datetime':
      return 'datetime';
    case 'Text':
      return 'textarea';
    default:
      return show === 'textarea' ? 'textarea' : 'text';
  }
}

function searchOf(field: CgformField): FieldDecl['search'] {
  if (field.isQuery !== 1) return false;
  if (field.queryMode === 'group') return 'range';
  if (field.queryMode === 'like') return 'like';
  return true;
}

/** The resource declaration of a stored form definition (without `body`: the server builds it). */
export function cgformDecl(definition: CgformDefinition): ResourceDecl<FieldDecls> {
  const { head } = definition;
  const fields: FieldDecls = {};
  const ordered = [...definition.fields].sort((a, b) => a.orderNum - b.orderNum);
  for (const field of ordered) {
    const kind = kindOf(field);
    const decl: FieldDecl = {
      label: [field.dbFieldTxt, field.dbFieldTxtEn || field.dbFieldTxt],
      kind,
      list: field.isShowList === 1,
      search: searchOf(field),
      form: field.isShowForm === 1,
      required: field.dbIsNull === 0 && !field.dbDefaultVal,
      sort: field.sortFlag === 1 || undefined,
    };
    if (kind === 'dict') decl.dict = cgformDictOf(field);
    if (field.fieldValidType)
      decl.help = [`格式：${field.fieldValidType}`, `Format: ${field.fieldValidType}`];
    if (field.dbType === 'Text' || kind === 'richtext') decl.wide = true;
    if (field.fieldShowType === 'popup' && field.dictTable)
      decl.popup = {
        code: field.dictTable,
        orgFields: field.dictField || field.dbFieldName,
        destFields: field.dictText || field.dbFieldName,
      };
    fields[field.dbFieldName] = decl;
  }
  fields.create_time = {
    label: ['创建时间', 'Created'],
    kind: 'datetime',
    form: false,
    sort: true,
    export: false,
    import: false,
  };
  return {
    path: cgformDataPath(head.id),
    permission: cgformPermission(head.tableName),
    title: [head.tableTxt, head.tableTxtEn || head.tableTxt],
    fields,
    actions: ['add', 'edit', 'delete', 'export', 'import'],
    defaultSort: { field: 'create_time', order: 'desc' },
  };
}
