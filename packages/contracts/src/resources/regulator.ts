import {
  REPORT_STATES,
  REPORT_TYPE_LIST,
  REPORT_TYPE_NAMES,
  REPORT_VARIANTS,
  type ReportType,
} from '../regulator.ts';
import { resource } from '../resource.ts';
import {
  filterKey,
  labelledOptions,
  longTextColumn,
  optionsSearch,
  remarkField,
  searchedTime,
  switchColumn,
  timeColumn,
} from './fields.ts';
import { newestFirst, tenantLog } from './listPresets.ts';

// Regulator reporting: report channels (上报通道) and the outbox of report messages
// (交通监管同步 lists them all, 监管上传 the failed ones awaiting correction).

const VARIANT_OPTIONS = labelledOptions(REPORT_VARIANTS, {
  fujian: ['福建', 'Fujian'],
  tianjin: ['天津', 'Tianjin'],
  gansu: ['甘肃', 'Gansu'],
  shaanxi: ['陕西', 'Shaanxi'],
});

/** The message types by the names the regulator's documents give them, and in English. */
const TYPE_IN_ENGLISH: Record<ReportType, string> = {
  WLHY_YD1001: 'Waybill',
  WLHY_ZJ1001: 'Fund flow',
  WLHY_CL1001: 'Vehicle',
  WLHY_JSY1001: 'Driver',
  WLHY_WZ1001: 'Location',
};
const TYPE_OPTIONS = REPORT_TYPE_LIST.map((value) => ({
  value,
  label: [REPORT_TYPE_NAMES[value], TYPE_IN_ENGLISH[value]] as const,
}));

const STATE_OPTIONS = labelledOptions(REPORT_STATES, {
  pending: ['待上报', 'Pending'],
  sending: ['上报中', 'Sending'],
  accepted: ['已接收', 'Accepted'],
  failed: ['上报失败', 'Failed'],
});

export const reportChannelResource = resource({
  path: '/report/channel',
  permission: 'report:channel',
  title: ['上报通道', 'Report channels'],
  // Add and edit are the module's own routes (secrets are encrypted at rest); no delete: a channel that has
  // reported keeps its messages' history.
  actions: ['add', 'edit', 'export'],
  scope: { tenant: true },
  defaultSort: newestFirst,
  fields: {
    channelName: {
      label: ['通道名称', 'Name'],
      required: true,
      search: 'like',
      list: { fixed: 'left', width: 160 },
    },
    province: { label: ['省份', 'Province'], required: true, search: true, list: { width: 90 } },
    provinceCode: { label: ['省级区划代码', 'Province code'], required: true, list: { width: 110 } },
    variant: optionsSearch(['接入规范', 'Variant'], VARIANT_OPTIONS, 90, { required: true }),
    enabled: switchColumn(['启用', 'Active'], 80, {
      filter: true,
      help: [
        '同一时间只有一个启用的通道：启用本通道会停用其他通道',
        'One active channel at a time: enabling this one stands the others down',
      ],
    }),
    environment: {
      label: ['环境', 'Environment'],
      kind: 'dict',
      options: [
        { value: 'test', label: ['测试', 'Test'] },
        { value: 'prod', label: ['生产', 'Production'] },
      ],
      filter: true,
      list: { width: 80 },
    },
    baseUrl: { label: ['通道地址', 'Base URL'], required: true, wide: true, list: { width: 220 } },
    loginPath: { label: ['登录路径', 'Login path'], list: false },
    sendPath: { label: ['上报路径', 'Send path'], list: false },
    account: { label: ['接入账号', 'Account'], required: true, list: { width: 120 } },
    senderCode: { label: ['发送方代码', 'Sender code'], list: false },
    password: { label: ['密码', 'Password'], kind: 'password', secret: true, list: false },
    sm2PublicKeySecret: { label: ['SM2公钥', 'SM2 public key'], secret: true, wide: true, list: false },
    sm2CipherMode: {
      label: ['SM2密文顺序', 'SM2 cipher mode'],
      kind: 'dict',
      options: [
        { value: 'C1C3C2', label: 'C1C3C2' },
        { value: 'C1C2C3', label: 'C1C2C3' },
      ],
      list: false,
    },
    aesSecret: { label: ['AES密钥', 'AES secret'], kind: 'password', secret: true, list: false },
    aesIvSecret: { label: ['AES向量', 'AES IV'], kind: 'password', secret: true, list: false },
    format: {
      label: ['报文格式', 'Format'],
      kind: 'dict',
      options: [
        { value: 'json', label: 'JSON' },
        { value: 'xml', label: 'XML' },
      ],
      list: { width: 80 },
    },
    tagCase: {
      label: ['标签大小写', 'Tag case'],
      kind: 'dict',
      options: [
        { value: 'camel', label: ['首字母小写', 'camelCase'] },
        { value: 'pascal', label: ['首字母大写', 'PascalCase'] },
      ],
      list: false,
    },
    successCodes: {
      label: ['成功代码', 'Success codes'],
      list: false,
      help: ['逗号分隔；留空按接入规范默认', 'Comma-separated; blank: the variant default'],
    },
    codeMap: {
      label: ['报文编码映射', 'Message-code map'],
      kind: 'textarea',
      wide: true,
      list: false,
      export: false,
      placeholder: '{"WLHY_ZJ1001": "WLHY_JZ1001"}',
      help: [
        '标准报文类型 → 本省报文编码，仅在发送时替换；留空按标准编码',
        'Canonical type → the province code, applied on the wire only; blank: the canonical codes',
      ],
    },
    deadlineHours: { label: ['上报时限(小时)', 'Deadline (h)'], kind: 'number', list: { width: 100 } },
    platformName: { label: ['平台名称', 'Platform name'], required: true, wide: true, list: false },
    platformCreditCode: { label: ['平台信用代码', 'Platform credit code'], required: true, list: false },
    platformPermitNo: { label: ['经营许可证号', 'Permit no.'], required: true, list: false },
    simulated: { label: ['模拟通道', 'Simulated'], kind: 'switch', form: false, list: { width: 80 } },
    remark: remarkField({ wide: true }),
    createTime: timeColumn(['创建时间', 'Created']),
  },
});

const messageFields = {
  type: optionsSearch(['报文类型', 'Type'], TYPE_OPTIONS, 120),
  businessNo: {
    label: ['业务单号', 'Business no.'],
    search: 'like',
    list: { fixed: 'left', width: 180 },
  },
  state: optionsSearch(['状态', 'State'], STATE_OPTIONS, 100, { tag: true, sort: true }),
  // The console shows the channel's name and offers the channels as options.
  channelId: {
    label: ['上报通道', 'Channel'],
    kind: 'dict',
    search: true,
    export: false,
    list: { width: 180 },
  },
  businessId: filterKey(['业务记录', 'Record']),
  attempts: { label: ['上报次数', 'Attempts'], kind: 'number', sort: true, list: { width: 90 } },
  lastCode: { label: ['返回代码', 'Code'], filter: true, list: { width: 90 } },
  lastMessage: longTextColumn(['返回信息', 'Message'], 260),
  fieldErrors: { label: ['字段错误', 'Field errors'], list: false, export: false },
  nextAttemptAt: { label: ['下次上报', 'Next attempt'], kind: 'datetime', list: { width: 170 } },
  deadlineAt: searchedTime(['上报时限', 'Deadline']),
  acceptedAt: { label: ['接收时间', 'Accepted'], kind: 'datetime', sort: true, list: { width: 170 } },
  createTime: searchedTime(['生成时间', 'Created']),
} as const;

/** Every report message (交通监管同步): per waybill, driver and vehicle, their states per channel. */
export const reportMessageResource = resource({
  path: '/report/message',
  permission: 'report:transport',
  title: ['交通监管同步', 'Regulator reports'],
  ...tenantLog,
  fields: messageFields,
});

/** The failed messages awaiting correction and resend (监管上传). */
export const reportUploadResource = resource({
  path: '/report/upload',
  permission: 'report:upload',
  title: ['监管上传', 'Failed reports'],
  ...tenantLog,
  views: { failed: { title: ['上报失败', 'Failed'], where: { state: 'failed' } } },
  fields: messageFields,
});
