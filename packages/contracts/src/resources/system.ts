import { z } from 'zod';
import { resource } from '../resource.ts';
import {
  dictBody,
  dictItemBody,
  positionBody,
  roleBody,
  tenantEditBody,
  userAddBody,
} from '../systemAccess.ts';
import { checkRuleBody, fillRuleBody } from '../systemTools.ts';
import { createdColumn, timeColumn } from './fields.ts';
import { importedRecords, newestFirst } from './listPresets.ts';

/** When a setting was created: sorted and filtered by the server, without a box in the search form. */
const createdFilter = timeColumn(['创建时间', 'Created'], { filter: true });

// The system module's own lists (positions, tenants), declared like the business ones: the server binds
// them to their tables, the console renders them, the export headers are these labels.

/** 职务: the positions a user's `post` names, ranked 1 to 9. */
export const positionResource = resource({
  path: '/sys/position',
  permission: 'system:position',
  title: ['职务管理', 'Positions'],
  ...importedRecords({ tenant: true }),
  body: positionBody,
  fields: {
    code: { label: ['职务编码', 'Code'], required: true, search: true, sort: true, form: 'add' },
    name: { label: ['职务名称', 'Name'], required: true, search: true, sort: true },
    postRank: {
      label: ['职级', 'Rank'],
      search: true,
      sort: true,
      options: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
        value: String(n),
        label: [`${n}级`, `Rank ${n}`] as const,
      })),
    },
    companyId: { label: ['公司', 'Company'], filter: true, internal: true },
    createTime: createdColumn,
  },
});

/** 租户: tenants with validity dates; a frozen tenant's users cannot sign in. Tenant numbers are chosen. */
export const tenantResource = resource({
  path: '/sys/tenant',
  permission: 'system:tenant',
  title: ['租户管理', 'Tenants'],
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: { field: 'id', order: 'asc' },
  body: tenantEditBody,
  fields: {
    id: {
      label: ['租户编号', 'Tenant no.'],
      kind: 'number',
      required: true,
      sort: true,
      search: true,
      form: 'add',
      list: { width: 100 },
    },
    name: { label: ['租户名称', 'Name'], required: true, search: true, sort: true },
    beginDate: { label: ['开始时间', 'Valid from'], kind: 'datetime', sort: true, filter: true },
    endDate: { label: ['结束时间', 'Valid to'], kind: 'datetime', sort: true, filter: true },
    status: {
      label: ['状态', 'Status'],
      kind: 'dict',
      dict: 'tenant_status',
      search: true,
      sort: true,
      required: true,
    },
    createTime: createdFilter,
  },
});

/** 数据字典: the dictionaries every select and `_dictText` reads; codes stay unique across the recycle bin. */
export const dictResource = resource({
  path: '/sys/dict',
  permission: 'system:dict',
  title: ['数据字典', 'Dictionaries'],
  ...importedRecords({ softDelete: true }),
  body: dictBody,
  fields: {
    dictName: { label: ['字典名称', 'Name'], required: true, search: true, sort: true },
    dictCode: { label: ['字典编码', 'Code'], required: true, search: true, sort: true },
    type: {
      label: ['字典类型', 'Value type'],
      filter: true,
      options: [
        { value: 0, label: ['字符串', 'Text'] },
        { value: 1, label: ['数字', 'Number'] },
      ],
      list: { width: 100 },
    },
    description: { label: ['描述', 'Description'], kind: 'textarea', list: { width: 220, ellipsis: true } },
    createTime: createdColumn,
  },
});

/** The items of one dictionary: value, texts in both languages, colour, order and whether it is offered. */
export const dictItemResource = resource({
  path: '/sys/dictItem',
  permission: 'system:dict',
  title: ['字典数据', 'Items'],
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: { field: 'sortOrder', order: 'asc' },
  body: dictItemBody,
  fields: {
    dictId: { label: ['字典', 'Dictionary'], filter: true, list: false, form: false, detail: false },
    itemText: { label: ['名称', 'Text'], required: true, search: true, sort: true },
    itemValue: { label: ['数据值', 'Value'], required: true, search: true, sort: true },
    itemTextEn: {
      label: ['英文名称', 'English text'],
      help: ['英文界面显示的名称，留空时显示中文名称', 'Shown in English mode; the Chinese text when empty'],
      list: { width: 140 },
    },
    itemColor: {
      label: ['颜色', 'Colour'],
      placeholder: ['如 green 或 #52c41a', 'e.g. green or #52c41a'],
      list: { width: 90 },
    },
    sortOrder: { label: ['排序', 'Order'], kind: 'number', sort: true, list: { width: 80 } },
    description: { label: ['描述', 'Description'], list: { width: 160, ellipsis: true } },
    status: {
      label: ['状态', 'Status'],
      kind: 'dict',
      dict: 'valid_status',
      search: true,
      sort: true,
      list: { width: 80 },
    },
  },
});

/** A scheduled job's state: running (scheduled) or stopped (kept, not fired). */
export const JOB_STATE = { running: 0, stopped: -1 } as const;

/** A scheduled job: a job of the registry in the server code, its cron, its parameters as JSON. */
export const quartzJobBody = z.object({
  jobClassName: z.string({ error: '请选择任务' }).trim().min(1, '请选择任务').max(100),
  cronExpression: z.string({ error: '请输入Cron表达式' }).trim().min(1, '请输入Cron表达式').max(100),
  parameter: z.string().max(2000).nullish(),
  description: z.string().max(255).nullish(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === JOB_STATE.running || v === JOB_STATE.stopped, '状态只能是0或-1')
    .optional(),
});

/** 定时任务: the jobs the scheduler fires; the job key names code, the cron and parameters are checked. */
export const quartzJobResource = resource({
  path: '/sys/quartzJob',
  permission: 'system:quartz',
  title: ['定时任务', 'Scheduled jobs'],
  ...importedRecords({ softDelete: true }),
  body: quartzJobBody,
  fields: {
    jobClassName: {
      label: ['任务', 'Job'],
      kind: 'dict',
      required: true,
      search: true,
      sort: true,
      wide: true,
      list: { width: 220, fixed: 'left' },
    },
    cronExpression: {
      label: ['Cron表达式', 'Cron expression'],
      required: true,
      list: { width: 150, copyable: true },
    },
    parameter: { label: ['参数(JSON)', 'Parameters (JSON)'], list: { width: 180, ellipsis: true } },
    description: {
      label: ['描述', 'Description'],
      kind: 'textarea',
      search: true,
      list: { width: 200, ellipsis: true },
    },
    status: {
      label: ['状态', 'Status'],
      kind: 'dict',
      options: [
        { value: JOB_STATE.running, label: ['运行中', 'Running'] },
        { value: JOB_STATE.stopped, label: ['已停止', 'Stopped'] },
      ],
      search: true,
      sort: true,
      form: false,
      list: { width: 90 },
    },
    createTime: createdFilter,
  },
});

/** What check and fill rules are found by: a name, and the code forms and other settings refer to. */
const ruleIdentityFields = <const W extends number>(codeWidth: W) =>
  ({
    ruleName: {
      label: ['规则名称', 'Name'],
      required: true,
      search: 'like',
      sort: true,
      list: { width: 180 },
    },
    ruleCode: {
      label: ['规则编码', 'Code'],
      required: true,
      search: true,
      sort: true,
      list: { width: codeWidth, copyable: true },
    },
  }) as const;

/** 编码校验规则: an ordered rule JSON (digits, pattern, message per step) checking a code as it is typed. */
export const checkRuleResource = resource({
  path: '/sys/checkRule',
  permission: 'system:checkrule',
  title: ['编码校验规则', 'Check rules'],
  ...importedRecords({}),
  body: checkRuleBody,
  fields: {
    ...ruleIdentityFields(160),
    ruleJson: { label: ['规则JSON', 'Rule JSON'], required: true, list: { width: 300 } },
    ruleDescription: {
      label: ['规则描述', 'Description'],
      kind: 'textarea',
      list: { width: 200, ellipsis: true },
    },
    createTime: createdFilter,
  },
});

/** 填值规则: a value generator of the server code with its parameters (e.g. a date-prefixed serial number). */
export const fillRuleResource = resource({
  path: '/sys/fillRule',
  permission: 'system:fillrule',
  title: ['填值规则', 'Fill rules'],
  ...importedRecords({}),
  body: fillRuleBody,
  fields: {
    ...ruleIdentityFields(180),
    ruleClass: {
      label: ['规则实现', 'Generator'],
      kind: 'dict',
      required: true,
      search: true,
      list: { width: 200 },
    },
    ruleParams: { label: ['规则参数', 'Parameters'], list: { width: 260, ellipsis: true } },
    createTime: createdFilter,
  },
});

/** The channels a message goes out by (sys_sms.es_type, a template's type). */
export const MESSAGE_CHANNELS = [
  { value: '1', label: ['短信', 'SMS'] },
  { value: '2', label: ['邮件', 'Mail'] },
  { value: '3', label: ['微信', 'WeChat'] },
] as const;

/** Whether a text is empty or a JSON object (the `${name}` values a template is rendered with). */
export function isJsonObjectText(text: string): boolean {
  if (!text.trim()) return true;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** A template's test data: a JSON object of `${name}` values. */
export const templateTestData = z
  .string()
  .max(1000)
  .refine(isJsonObjectText, '测试数据必须是JSON对象，如 {"code":"123456"}');

export const messageTemplateBody = z.object({
  templateName: z.string().trim().min(1, '请输入模板标题').max(50, '模板标题不能超过50个字符'),
  templateCode: z
    .string()
    .trim()
    .min(1, '请输入模板编码')
    .max(32, '模板编码不能超过32个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '模板编码只能包含字母、数字、下划线和横线'),
  templateType: z.enum(['1', '2', '3']).optional(),
  templateContent: z.string().min(1, '请输入模板内容').max(1000, '模板内容不能超过1000个字符'),
  templateTestJson: templateTestData.optional(),
  providerTemplateCode: z.string().max(64, '服务商模板编码不能超过64个字符').optional(),
  useStatus: z.enum(['0', '1']).optional(),
});

/** 消息模板: the texts SMS, mail and WeChat messages are rendered from (`${name}` placeholders). */
export const messageTemplateResource = resource({
  path: '/sys/message/sysMessageTemplate',
  permission: 'system:msgtemplate',
  title: ['消息模板', 'Message templates'],
  actions: ['add', 'edit', 'delete', 'export'],
  defaultSort: newestFirst,
  body: messageTemplateBody,
  fields: {
    templateName: { label: ['模板标题', 'Title'], required: true, search: 'like' },
    templateCode: {
      label: ['模板编码', 'Code'],
      required: true,
      search: true,
      sort: true,
      list: { width: 200, copyable: true },
    },
    templateType: {
      label: ['模板类型', 'Channel'],
      kind: 'dict',
      options: MESSAGE_CHANNELS,
      required: true,
      search: true,
    },
    useStatus: {
      label: ['是否启用', 'In use'],
      kind: 'dict',
      search: true,
      required: true,
      options: [
        { value: '1', label: ['启用', 'On'] },
        { value: '0', label: ['停用', 'Off'] },
      ],
    },
    templateContent: {
      label: ['模板内容', 'Content'],
      kind: 'textarea',
      required: true,
      list: { width: 300, ellipsis: true },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: ${name} is the message template placeholder syntax
      placeholder: ['如：您的验证码为 ${code}，10分钟内有效。', 'e.g. Your code is ${code}.'],
    },
    templateTestJson: {
      label: ['测试数据', 'Test data'],
      kind: 'textarea',
      list: false,
      export: false,
      placeholder: ['JSON对象，如 {"code":"123456"}', 'A JSON object, e.g. {"code":"123456"}'],
    },
    providerTemplateCode: {
      label: ['服务商模板编码', 'Provider template'],
      list: { width: 150 },
      placeholder: ['如 SMS_123456789', 'e.g. SMS_123456789'],
    },
    createTime: createdColumn,
  },
});

/** sys_log.log_type: what a log line records. */
export const LOG_TYPE = { login: 1, operation: 2 } as const;

/** The fields of an operation that a login line does not have. */
export const OPERATION_LOG_FIELDS = [
  'operateType',
  'method',
  'requestUrl',
  'requestParam',
  'statusCode',
] as const;

/** 日志管理: login and operation logs, hash-chained per month; read and exported, never written by hand. */
export const logResource = resource({
  path: '/sys/log',
  permission: 'system:log',
  title: ['日志', 'Logs'],
  actions: ['export'],
  defaultSort: newestFirst,
  fields: {
    logType: {
      label: ['日志类型', 'Log type'],
      kind: 'dict',
      dict: 'log_type',
      filter: true,
      sort: true,
      list: false,
    },
    logContent: { label: ['日志内容', 'Content'], search: 'like', list: { width: 280, ellipsis: true } },
    userid: { label: ['用户', 'User id'], filter: true, internal: true },
    username: { label: ['操作人', 'User'], search: 'like', sort: true, list: { width: 120 } },
    ip: { label: ['IP', 'IP'], search: 'like', sort: true, list: { width: 130 } },
    operateType: {
      label: ['操作类型', 'Operation'],
      kind: 'dict',
      dict: 'operate_type',
      search: true,
      sort: true,
      list: { width: 90 },
    },
    method: { label: ['请求方法', 'Method'], search: true, list: { width: 90 } },
    requestUrl: { label: ['请求路径', 'Request path'], search: 'like', list: { width: 240, ellipsis: true } },
    requestParam: { label: ['请求参数', 'Parameters'], list: false, export: false },
    statusCode: {
      label: ['状态码', 'Status'],
      kind: 'number',
      filter: true,
      sort: true,
      list: { width: 80 },
    },
    success: {
      label: ['结果', 'Result'],
      kind: 'dict',
      options: [
        { value: '1', label: ['成功', 'Succeeded'] },
        { value: '0', label: ['失败', 'Failed'] },
      ],
      search: true,
      sort: true,
      list: { width: 80 },
    },
    costTime: {
      label: ['耗时(毫秒)', 'Duration (ms)'],
      kind: 'number',
      sort: true,
      filter: true,
      list: { width: 110 },
    },
    createTime: { label: ['时间', 'Time'], kind: 'datetime', search: 'range', sort: true },
  },
});

/** 数据日志: a version of every added or edited business record, read and compared, never written by hand. */
export const dataLogResource = resource({
  path: '/sys/dataLog',
  permission: 'system:datalog',
  title: ['数据日志', 'Data log'],
  actions: [],
  defaultSort: newestFirst,
  fields: {
    dataTable: { label: ['表名', 'Table'], search: true, sort: true, list: { width: 180 } },
    dataId: {
      label: ['数据ID', 'Record id'],
      search: true,
      sort: true,
      list: { width: 240, copyable: true },
    },
    dataVersion: {
      label: ['版本号', 'Version'],
      kind: 'number',
      sort: true,
      filter: true,
      list: { width: 90 },
    },
    createBy: { label: ['操作人', 'By'], search: true, list: { width: 120 } },
    createTime: { label: ['创建时间', 'Time'], kind: 'datetime', search: 'range', sort: true },
    dataContent: { label: ['数据内容', 'Content'], list: false, detail: true },
  },
});

/** 角色: what a user may open and do (menus, buttons, data rules); the code is fixed once created. */
export const roleResource = resource({
  path: '/sys/role',
  permission: 'system:role',
  title: ['角色管理', 'Roles'],
  ...importedRecords({}),
  body: roleBody,
  fields: {
    roleName: { label: ['角色名称', 'Role name'], required: true, search: true, sort: true },
    // Seed and code refer to roles by it: shown but not changed on edit.
    roleCode: { label: ['角色编码', 'Role code'], required: true, search: true, sort: true, form: 'add' },
    description: { label: ['描述', 'Description'], kind: 'textarea', list: { width: 240, ellipsis: true } },
    createTime: createdColumn,
  },
});

/**
 * 用户: the people who sign in, with their roles, departments, position and tenants. The password is asked on
 * add only and never sent back, listed or exported; account, mobile, e-mail and work number are unique.
 */
export const userResource = resource({
  path: '/sys/user',
  permission: 'system:user',
  title: ['用户管理', 'Users'],
  ...importedRecords({ softDelete: true }),
  body: userAddBody,
  // The users of one department (the tree beside the list), not only those it is current for.
  filters: { departId: { label: ['部门', 'Department'], kind: 'dict' } },
  fields: {
    avatar: { label: ['头像', 'Avatar'], kind: 'image', biz: 'avatar', list: { width: 72 } },
    username: {
      label: ['用户账号', 'Account'],
      required: true,
      search: true,
      sort: true,
      form: 'add',
      list: { width: 130, fixed: 'left' },
    },
    realname: { label: ['用户姓名', 'Name'], required: true, search: true, sort: true },
    password: {
      label: ['登录密码', 'Password'],
      kind: 'password',
      form: 'add',
      required: true,
      list: false,
      detail: false,
    },
    sex: { label: ['性别', 'Sex'], kind: 'dict', dict: 'sex', search: true, list: { width: 70 } },
    birthday: { label: ['生日', 'Birthday'], kind: 'date', sort: true, list: false },
    phone: { label: ['手机号', 'Mobile'], search: true, list: { width: 130 } },
    email: { label: ['邮箱', 'E-mail'], filter: true, list: { width: 180, ellipsis: true } },
    workNo: { label: ['工号', 'Work no.'], filter: true, sort: true },
    post: { label: ['职务', 'Position'], kind: 'dict', filter: true, list: { width: 110 } },
    orgCode: {
      label: ['当前部门', 'Current department'],
      form: false,
      import: true,
      filter: true,
      sort: true,
      list: { width: 130 },
    },
    userType: { label: ['用户类型', 'User type'], kind: 'dict', dict: 'user_type', search: true },
    relTenantIds: { label: ['租户', 'Tenants'], list: { width: 120 } },
    telephone: { label: ['座机', 'Telephone'], list: false },
    status: {
      label: ['状态', 'Status'],
      kind: 'dict',
      dict: 'user_status',
      search: true,
      sort: true,
      form: false,
      import: true,
      list: { width: 80 },
    },
    createBy: { label: ['创建人', 'Created by'], filter: true, internal: true },
    createTime: createdColumn,
  },
});
