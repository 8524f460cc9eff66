import { resource } from '../resource.ts';
import {
  DEDUCTION_STATE_OPTIONS,
  RISK_RULE_TYPES,
  RISK_RULES,
  RISK_STATE_LABELS,
  RISK_WARNING_STATES,
  riskParamBody,
} from '../risk.ts';
import {
  customerNameColumn,
  driverNameColumn,
  filterKey,
  longTextColumn,
  optionsSearch,
  plateColumn,
  remarkField,
  searchedTime,
  staffColumn,
  switchColumn,
  timeColumn,
} from './fields.ts';
import { newestFirst, tenantLog, tenantLogBy, tenantRecords } from './listPresets.ts';

// 风控管理: rule parameters, warnings, confirmed violations and the waybills' risk view. Warnings go
// to platform staff only: the screens are tenant-scoped and no party role is granted them.

export const RISK_RULE_OPTIONS = RISK_RULE_TYPES.map((value) => ({ value, label: RISK_RULES[value].name }));
export const RISK_SEVERITY_OPTIONS = [
  { value: 1, label: ['预警', 'Warning'] as const },
  { value: 2, label: ['拦截', 'Blocking'] as const },
];
export const RISK_STATE_OPTIONS = RISK_WARNING_STATES.map((value) => ({
  value,
  label: RISK_STATE_LABELS[value],
}));

/** A waybill's risk status in the risk list: blocked while a blocking warning is open. */
const RISK_STATUS_OPTIONS = [
  { value: 0, label: ['正常', 'Clear'] },
  { value: 1, label: ['拦截中', 'Blocked'] },
] as const;

export const riskParamResource = resource({
  path: '/risk/param',
  permission: 'risk:param',
  title: ['风控参数', 'Risk rules'],
  ...tenantRecords,
  body: riskParamBody,
  fields: {
    ruleType: optionsSearch(['规则', 'Rule'], RISK_RULE_OPTIONS, 120, { required: true }),
    customerId: { label: ['货主', 'Customer'], filter: true, list: false },
    customerName: {
      label: ['适用货主', 'Customer'],
      form: false,
      list: { width: 180 },
      placeholder: ['平台默认', 'Platform default'],
    },
    severity: optionsSearch(['严重程度', 'Severity'], RISK_SEVERITY_OPTIONS, 100, {
      required: true,
      tag: true,
    }),
    params: { label: ['参数', 'Parameters'], list: { width: 260 }, wide: true, export: false },
    enabled: switchColumn(['启用', 'Enabled'], 70, { filter: true }),
    remark: remarkField({ wide: true }),
    createTime: timeColumn(['创建时间', 'Created'], { list: { width: 160 } }),
  },
});

/** The waybill a warning row is about: its id a filter, its number searched by a part and copied. */
const riskWaybill = {
  noteId: filterKey(['运单ID', 'Waybill id']),
  shippingNoteNumber: {
    label: ['运单号', 'Waybill no.'],
    search: 'like',
    list: { width: 170, copyable: true },
  },
} as const;

export const riskWarningResource = resource({
  path: '/risk/warning',
  permission: 'risk:warning',
  title: ['预警消息', 'Risk warnings'],
  ...tenantLog,
  fields: {
    ...riskWaybill,
    ruleType: optionsSearch(['规则', 'Rule'], RISK_RULE_OPTIONS, 110),
    severity: optionsSearch(['严重程度', 'Severity'], RISK_SEVERITY_OPTIONS, 90, { tag: true }),
    message: longTextColumn(['预警内容', 'Message'], 320),
    state: optionsSearch(['状态', 'State'], RISK_STATE_OPTIONS, 90, { tag: true }),
    plateNo: plateColumn,
    driverName: driverNameColumn,
    customerName: { label: ['货主', 'Customer'], list: { width: 160 } },
    assignee: { label: ['处理人', 'Assignee'], list: { width: 100 } },
    handleBy: { label: ['处理人', 'Handled by'], list: false },
    handleReason: { label: ['处理意见', 'Reason'], list: false },
    handleTime: { label: ['处理时间', 'Handled'], kind: 'datetime', list: false },
    evidence: { label: ['证据', 'Evidence'], list: false, export: false },
    createTime: searchedTime(['预警时间', 'Raised'], 160),
  },
});

export const riskViolationResource = resource({
  path: '/risk/violation',
  permission: 'risk:violation',
  title: ['违规记录', 'Violations'],
  actions: ['export'],
  // A captain's users see (and may appeal) the violations of their fleet's waybills.
  scope: { tenant: true, captain: 'captainId' },
  defaultSort: newestFirst,
  fields: {
    shippingNoteNumber: { label: ['运单号', 'Waybill no.'], search: 'like', list: { width: 170 } },
    ruleType: optionsSearch(['违规类型', 'Rule'], RISK_RULE_OPTIONS, 110),
    message: longTextColumn(['违规内容', 'What happened'], 300),
    driverName: driverNameColumn,
    plateNo: plateColumn,
    customerName: { label: ['货主', 'Customer'], list: { width: 160 } },
    consequence: { label: ['处理结果', 'Consequence'], list: { width: 160 } },
    deductionState: optionsSearch(['扣款状态', 'Deduction'], DEDUCTION_STATE_OPTIONS, 140),
    deductionFen: { label: ['扣款金额(元)', 'Deduction (CNY)'], kind: 'fen', list: { width: 110 } },
    appealDeadline: { label: ['申诉截止', 'Appeal deadline'], kind: 'datetime', list: { width: 160 } },
    appealReason: longTextColumn(['申诉理由', 'Appeal'], 180),
    decideReason: longTextColumn(['申诉处理意见', 'Appeal decision'], 180),
    deductionNote: longTextColumn(['扣款说明', 'Deduction note'], 200),
    deductionAttempts: { label: ['扣款失败次数', 'Failed attempts'], kind: 'number', list: { width: 110 } },
    reason: longTextColumn(['认定理由', 'Reason'], 200),
    captainId: filterKey(['车队长', 'Captain']),
    createBy: staffColumn(['认定人', 'Confirmed by']),
    createTime: searchedTime(['认定时间', 'Confirmed'], 160),
  },
});

/** 风控列表: one row per waybill that raised a warning, kept by the risk module with its warnings. */
export const riskNoteResource = resource({
  path: '/risk/list',
  permission: 'risk:list',
  title: ['风控列表', 'Waybill risk'],
  ...tenantLogBy('lastWarnTime'),
  fields: {
    ...riskWaybill,
    plateNo: plateColumn,
    driverName: driverNameColumn,
    customerName: customerNameColumn({ width: 160 }),
    riskStatus: optionsSearch(['风险状态', 'Risk status'], RISK_STATUS_OPTIONS, 90, { tag: true }),
    openCount: { label: ['待处理预警', 'Open warnings'], kind: 'number', sort: true, list: { width: 110 } },
    warningCount: { label: ['预警总数', 'Warnings'], kind: 'number', list: { width: 90 } },
    score: { label: ['风险评分', 'Score'], kind: 'number', sort: true, search: 'range', list: { width: 90 } },
    rules: longTextColumn(['触发规则', 'Rules'], 200),
    lastWarnTime: { label: ['最近预警', 'Last warning'], kind: 'datetime', sort: true, list: { width: 160 } },
  },
});
