import { z } from 'zod';
import { resource } from '../resource.ts';
import { createdColumn } from './fields.ts';
import { newestFirst } from './listPresets.ts';

// 报表配置: the definitions of the online reports (a SQL with its columns and parameters). The list is the
// engine's; a definition is added and edited as a whole (head, columns, parameters) after its SQL is checked.

/** How a report column's values are read, searched and totalled. */
export const REPORT_FIELD_TYPES = [
  'String',
  'Integer',
  'Long',
  'Double',
  'BigDecimal',
  'Money',
  'Date',
  'Datetime',
] as const;
export type ReportFieldType = (typeof REPORT_FIELD_TYPES)[number];

/** A blank optional text is stored as null, so "not set" has one spelling. */
const blankAsNull = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const flag = z.coerce.number().int().min(0).max(1).default(0);

/** A data source by its code; blank runs the report on the platform database. */
export const reportDbSource = z
  .string()
  .trim()
  .max(100)
  .regex(/^$|^[A-Za-z0-9_-]+$/, '数据源编码不正确')
  .nullish()
  .transform((v) => v || null);

export const reportHeadBody = z.object({
  code: z
    .string({ error: '报表编码不能为空' })
    .trim()
    .min(1, '报表编码不能为空')
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '报表编码只能包含字母、数字和下划线，且以字母开头'),
  name: z.string({ error: '报表名称不能为空' }).trim().min(1, '报表名称不能为空').max(100),
  cgrSql: z.string({ error: '报表SQL不能为空' }).trim().min(1, '报表SQL不能为空').max(20_000),
  returnValField: blankAsNull(100),
  returnTxtField: blankAsNull(100),
  returnType: blankAsNull(2),
  content: blankAsNull(1000),
  dbSource: reportDbSource,
  perms: z
    .string()
    .trim()
    .max(100)
    .regex(/^$|^[A-Za-z0-9_:-]+$/, '权限编码格式不正确')
    .nullish()
    .transform((v) => v || null),
});

export const reportItemBody = z.object({
  fieldName: z.string().trim().min(1, '字段名不能为空').max(64),
  fieldTxt: blankAsNull(100),
  fieldWidth: z.coerce.number().int().min(40).max(1000).nullish(),
  fieldType: z.enum(REPORT_FIELD_TYPES).default('String'),
  searchMode: z.enum(['single', 'group']).nullish(),
  isOrder: flag,
  isSearch: flag,
  dictCode: blankAsNull(200),
  fieldHref: blankAsNull(500).refine(
    (v) => !v || /^(\/[^/\\]|https?:\/\/)/.test(v),
    '链接只能是站内路径(/开头)或 http(s) 地址',
  ),
  isShow: z.coerce.number().int().min(0).max(1).default(1),
  orderNum: z.coerce.number().int().min(0).max(10_000).default(0),
  replaceVal: blankAsNull(200),
  isTotal: flag,
  groupTitle: blankAsNull(50),
});

export const REPORT_PARAM_TYPES = ['string', 'number', 'integer', 'date'] as const;

export const reportParamBody = z.object({
  paramName: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, '参数名不正确'),
  paramTxt: blankAsNull(100),
  paramValue: blankAsNull(200),
  paramType: z.enum(REPORT_PARAM_TYPES).default('string'),
  orderNum: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** A whole definition as the editor saves it: the head, its columns and its parameters. */
export const reportDefinitionBody = z.object({
  head: reportHeadBody,
  items: z.array(reportItemBody).max(200).default([]),
  params: z.array(reportParamBody).max(50).default([]),
});
export type ReportDefinition = z.infer<typeof reportDefinitionBody>;

/** "Test the SQL": the SQL, the parameters' values to run it with, and where. */
export const reportParseBody = z.object({
  sql: reportHeadBody.shape.cgrSql,
  params: z.array(reportParamBody).max(50).default([]),
  dbSource: reportDbSource,
});

export const reportHeadResource = resource({
  path: '/online/cgreport/head',
  permission: 'online:cgreport',
  title: ['报表配置', 'Report definitions'],
  actions: ['delete', 'export'],
  defaultSort: newestFirst,
  fields: {
    code: { label: ['报表编码', 'Code'], search: 'like', sort: true },
    name: { label: ['报表名称', 'Name'], search: 'like', sort: true },
    dbSource: { label: ['数据源', 'Data source'], filter: true },
    cgrSql: { label: ['报表SQL', 'SQL'], list: false },
    perms: { label: ['权限编码', 'Permission'], list: false },
    content: { label: ['描述', 'Description'], list: false },
    createTime: createdColumn,
  },
});
