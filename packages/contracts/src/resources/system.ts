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
import {
  checkRuleBody,
  type DB_TYPES,
  dataSourceBody,
  fillRuleBody,
  gatewayRouteBody,
} from '../systemTools.ts';
import { createdColumn, createdFilter, timeColumn } from './fields.ts';
import { importedRecords, newestFirst } from './listPresets.ts';

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

/** 多数据源: databases reports read; the password is encrypted at rest and never sent back or exported. */
export const dataSourceResource = resource({
  path: '/sys/dataSource',
  permission: 'system:datasource',
  title: ['多数据源', 'Data sources'],
  ...importedRecords({ tenant: true }),
  body: dataSourceBody,
  fields: {
    code: {
      label: ['数据源编码', 'Code'],
      required: true,
      search: true,
      sort: true,
      list: { width: 150, copyable: true },
    },
    name: { label: ['数据源名称', 'Name'], required: true, search: 'like', sort: true },
    dbType: {
      label: ['数据库类型', 'Database'],
      kind: 'dict',
      options: [
        { value: 'postgresql', label: 'PostgreSQL' },
        { value: 'mysql', label: 'MySQL' },
        { value: 'mariadb', label: 'MariaDB' },
      ] satisfies ReadonlyArray<{ value: (typeof DB_TYPES)[number]; label: string }>,
      required: true,
      search: true,
      sort: true,
    },
    dbHost: { label: ['主机', 'Host'], required: true },
    dbPort: { label: ['端口', 'Port'], kind: 'number', required: true, list: { width: 80 } },
    dbName: { label: ['数据库名', 'Database name'], required: true, search: true },
    dbUsername: { label: ['用户名', 'User'], required: true, list: { width: 120 } },
    dbPassword: { label: ['密码', 'Password'], kind: 'password', secret: true, detail: false, wide: true },
    reportTables: {
      label: ['报表可读表', 'Tables reports may read'],
      kind: 'textarea',
      list: false,
      wide: true,
      placeholder: [
        '如 public.waybill_ext, report.*；不填则报表不能读取任何表',
        'e.g. public.orders, report.*; empty: none',
      ],
    },
    remark: { label: ['备注', 'Remark'], kind: 'textarea', list: { width: 180, ellipsis: true } },
    createTime: createdFilter,
  },
});

/** A gateway route's state: enabled routes forward, disabled ones are kept. */
export const GATEWAY_ROUTE_STATE = { on: 1, off: 0 } as const;

/** 网关路由: reverse-proxy routes under `/gateway/<routerId>/…`; enabled ones are live on every instance. */
export const gatewayRouteResource = resource({
  path: '/sys/gatewayRoute',
  permission: 'system:gateway',
  title: ['网关路由', 'Gateway routes'],
  ...importedRecords({}),
  body: gatewayRouteBody,
  fields: {
    routerId: {
      label: ['路由ID', 'Route id'],
      required: true,
      search: true,
      sort: true,
      list: { width: 150 },
    },
    name: { label: ['路由名称', 'Name'], required: true, search: 'like', sort: true },
    uri: {
      label: ['服务地址', 'Target URI'],
      required: true,
      search: 'like',
      wide: true,
      list: { width: 220, ellipsis: true },
      placeholder: 'http://127.0.0.1:8080',
    },
    predicates: { label: ['路由断言', 'Path predicates'], list: { width: 200 } },
    stripPrefix: { label: ['去除前缀段数', 'Strip prefix'], kind: 'number', list: { width: 110 } },
    status: {
      label: ['状态', 'Status'],
      kind: 'dict',
      options: [
        { value: GATEWAY_ROUTE_STATE.on, label: ['启用', 'On'] },
        { value: GATEWAY_ROUTE_STATE.off, label: ['禁用', 'Off'] },
      ],
      search: true,
      sort: true,
      list: { width: 80 },
    },
    // The address the route answers at, shown from its id.
    entry: { label: ['访问地址', 'Entry'], from: ['routerId'], list: { width: 240, ellipsis: true } },
    createTime: createdFilter,
  },
});
/** A category: its name, and its code, given or generated from the parent's (A01, A01A01…). */
export const categoryBody = z.object({
  pid: z.string().max(32).optional(),
  name: z.string({ error: '类型名称不能为空!' }).trim().min(1, '类型名称不能为空!').max(100),
  code: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_-]*$/, '类型编码只能包含字母、数字、下划线和横线')
    .nullish(),
});

/** sys_category.has_child, kept in step by the server as nodes come and go. */
const HAS_CHILD = [
  { value: '1', label: ['是', 'Yes'] },
  { value: '0', label: ['否', 'No'] },
] as const;

/** 分类字典: a tree of categories listed by parent; a node's code extends its parent's, so it never moves. */
export const categoryResource = resource({
  path: '/sys/category',
  permission: 'system:category',
  title: ['分类字典', 'Categories'],
  ...importedRecords({}),
  defaultSort: { field: 'code', order: 'asc' },
  body: categoryBody,
  fields: {
    // Exported and imported so that a sheet puts its rows back under their parents.
    pid: {
      label: ['父级节点', 'Parent'],
      filter: true,
      list: false,
      form: false,
      detail: false,
      import: true,
    },
    name: { label: ['类型名称', 'Name'], required: true, search: true, sort: true, wide: true },
    code: {
      label: ['类型编码', 'Code'],
      search: true,
      sort: true,
      wide: true,
      placeholder: ['留空则按上级编码自动生成', 'Leave empty to generate from the parent'],
      list: { width: 160, copyable: true },
    },
    hasChild: {
      label: ['有下级', 'Has children'],
      options: HAS_CHILD,
      filter: true,
      form: false,
      export: false,
      list: { width: 90 },
    },
    createTime: createdFilter,
  },
});

/** 'YYYY-MM-DD HH:mm:ss' from the console is China wall-clock time, whatever the server's zone. */
const chinaDateTime = z.preprocess(
  (value) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(value.trim())
      ? `${value.trim().replace(' ', 'T')}+08:00`
      : value === ''
        ? null
        : value,
  z.coerce.date({ error: '时间格式不正确' }).nullish(),
);

/** An announcement draft: released (and so read by users) only by its own action, never by add or edit. */
export const announcementBody = z.object({
  titile: z.string().trim().min(1, '请输入标题').max(100, '标题最多100个字'),
  msgContent: z.string().max(200_000).default(''),
  msgAbstract: z.string().max(500).nullish(),
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  priority: z.enum(['L', 'M', 'H']).default('L'),
  msgCategory: z.enum(['1', '2']).default('1'),
  msgType: z.enum(['ALL', 'USER']).default('ALL'),
  userIds: z.string().max(20_000).nullish(),
  openType: z.enum(['url', 'component']).nullish(),
  openPage: z.string().max(255).nullish(),
  busId: z.string().max(50).nullish(),
  busType: z.string().max(20).nullish(),
});

/** Whom an announcement goes to: every user of the tenant, or the users it names. */
export const ANNOUNCEMENT_RECIPIENTS = [
  { value: 'ALL', label: ['全体用户', 'Everyone'] },
  { value: 'USER', label: ['指定用户', 'Chosen users'] },
] as const;

/** sys_announcement.send_status: a draft, released to its users, or taken back. */
export const ANNOUNCEMENT_STATE = { draft: '0', released: '1', revoked: '2' } as const;

/** A field the form requires and the search form offers. */
const requiredSearch = { required: true, search: true } as const;

/** 系统公告: the tenant's announcements, to everyone or chosen users, within an optional time window. */
export const announcementResource = resource({
  path: '/sys/annountCement',
  permission: 'system:announcement',
  title: ['系统公告', 'Announcements'],
  actions: ['add', 'edit', 'delete', 'export'],
  scope: { tenant: true, softDelete: true },
  defaultSort: newestFirst,
  body: announcementBody,
  fields: {
    titile: {
      label: ['标题', 'Title'],
      required: true,
      search: true,
      sort: true,
      wide: true,
      list: { width: 220, fixed: 'left', ellipsis: true },
    },
    msgCategory: { label: ['消息类型', 'Category'], kind: 'dict', dict: 'msg_category', ...requiredSearch },
    priority: { label: ['优先级', 'Priority'], kind: 'dict', dict: 'priority', ...requiredSearch },
    msgType: {
      label: ['通告对象', 'Recipients'],
      options: ANNOUNCEMENT_RECIPIENTS,
      required: true,
      filter: true,
      list: { width: 100 },
    },
    userIds: { label: ['接收用户', 'Users'], list: false, detail: false, export: false },
    startTime: { label: ['开始时间', 'Starts'], kind: 'datetime', sort: true, filter: true, list: false },
    endTime: { label: ['结束时间', 'Ends'], kind: 'datetime', sort: true, filter: true, list: false },
    openType: {
      label: ['打开方式', 'Opens'],
      kind: 'dict',
      dict: 'open_type',
      list: false,
      export: false,
    },
    openPage: { label: ['页面', 'Page'], list: false, export: false },
    busId: { label: ['业务ID', 'Business id'], list: false, export: false },
    msgAbstract: { label: ['摘要', 'Summary'], kind: 'textarea', list: false, export: false },
    msgContent: { label: ['内容', 'Content'], kind: 'richtext', required: true, list: false, export: false },
    sender: { label: ['发布人', 'Sender'], form: false, search: true, list: { width: 100 } },
    sendStatus: {
      label: ['发布状态', 'Status'],
      kind: 'dict',
      dict: 'send_status',
      search: true,
      form: false,
    },
    sendTime: timeColumn(['发布时间', 'Released'], { filter: true }),
    createTime: createdColumn,
  },
});

/** sys_sms.es_send_status: queued for the send job, sent, failed (tried again), or given up. */
export const MESSAGE_SEND_STATE = { queued: 0, sent: 1, failed: 2, givenUp: -1 } as const;

/** 系统消息: the queue the SMS, mail and WeChat channels send from; a record of what was sent, never written. */
export const sysMessageResource = resource({
  path: '/sys/message/sysMessage',
  permission: 'system:message',
  title: ['系统消息', 'System messages'],
  actions: ['delete', 'export'],
  defaultSort: newestFirst,
  fields: {
    esTitle: { label: ['消息标题', 'Title'], search: 'like', list: { width: 160, ellipsis: true } },
    esReceiver: { label: ['接收人', 'Receiver'], search: 'like', list: { width: 150, copyable: true } },
    esType: { label: ['发送方式', 'Channel'], kind: 'dict', options: MESSAGE_CHANNELS, search: true },
    esContent: { label: ['发送内容', 'Content'], kind: 'textarea', list: { width: 280, ellipsis: true } },
    esSendStatus: {
      label: ['发送状态', 'Status'],
      kind: 'dict',
      search: true,
      options: [
        { value: MESSAGE_SEND_STATE.queued, label: ['待发送', 'Queued'] },
        { value: MESSAGE_SEND_STATE.sent, label: ['发送成功', 'Sent'] },
        { value: MESSAGE_SEND_STATE.failed, label: ['发送失败', 'Failed'] },
        { value: MESSAGE_SEND_STATE.givenUp, label: ['不再发送', 'Given up'] },
      ],
    },
    esSendNum: { label: ['发送次数', 'Attempts'], kind: 'number', list: { width: 90 } },
    esSendTime: { label: ['发送时间', 'Sent at'], kind: 'datetime', sort: true, search: 'range' },
    esResult: { label: ['发送结果', 'Result'], list: { width: 160, ellipsis: true } },
    esParam: { label: ['发送参数', 'Parameters'], list: false, export: false },
    createTime: createdColumn,
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
    sex: { label: ['性别', 'Sex'], kind: 'dict', dict: 'sex', search: true, list: { width: 90 } },
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
