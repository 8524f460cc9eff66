import { resource } from '../resource.ts';
import { hiddenKey, longTextColumn, optionsSearch, searchedTime } from './fields.ts';

// 核验记录 (identity and certificate verification): every check of a driver, vehicle, carrier or bank
// card against an outside authority, as the adapter answered it. Written by the compliance service only (at
// registration, card binding, certificate change, before approval, by the retry job): the list is read-only.

/** What a check is about. */
export const VERIFICATION_SUBJECT = {
  driver: 'driver',
  vehicle: 'vehicle',
  carrier: 'carrier',
  driverBank: 'driverbank',
} as const;
export type VerificationSubject = (typeof VERIFICATION_SUBJECT)[keyof typeof VERIFICATION_SUBJECT];

/** Which check: the adapter that answers it. */
export const VERIFICATION_KIND = {
  /** 身份证二要素 (name + ID number) with the face-liveness result the driver app reported. */
  idTwoFactor: 'idTwoFactor',
  /** 银行卡四要素 (name, ID number, card number, reserved mobile) at card binding. */
  bankFourFactor: 'bankFourFactor',
  /** 从业资格证 lookup. */
  qualification: 'qualification',
  /** 道路运输证 lookup of a vehicle. */
  roadTransport: 'roadTransport',
  /** 道路运输经营许可证 lookup of a carrier. */
  transportPermit: 'transportPermit',
  /** 入网 on the national vehicle platform. */
  vehicleNet: 'vehicleNet',
  /** A senior role's approval over a failed or missing check, with its reason. */
  override: 'override',
} as const;
export type VerificationKind = (typeof VERIFICATION_KIND)[keyof typeof VERIFICATION_KIND];

export const VERIFICATION_RESULT = { pass: 'pass', fail: 'fail', pending: 'pending' } as const;
export type VerificationResult = (typeof VERIFICATION_RESULT)[keyof typeof VERIFICATION_RESULT];

/** The permission of approving over failed checks (a senior role's button). */
export const VERIFICATION_OVERRIDE_PERMISSION = 'compliance:verification:override';

export const VERIFICATION_MSG = {
  blocked: '核验未通过或未完成，不能审核通过',
  overrideReason: '越权通过必须填写理由',
  overrideDenied: '无越权通过权限',
  cardRefused: '银行卡四要素核验未通过',
  pendingRetry: '核验服务暂无应答，稍后自动重试',
} as const;

const subjectOptions = [
  { value: VERIFICATION_SUBJECT.driver, label: ['司机', 'Driver'] },
  { value: VERIFICATION_SUBJECT.vehicle, label: ['车辆', 'Vehicle'] },
  { value: VERIFICATION_SUBJECT.carrier, label: ['承运人', 'Carrier'] },
  { value: VERIFICATION_SUBJECT.driverBank, label: ['银行卡', 'Bank card'] },
] as const;

export const VERIFICATION_KIND_OPTIONS = [
  { value: VERIFICATION_KIND.idTwoFactor, label: ['身份证二要素+活体', 'ID two-factor + liveness'] },
  { value: VERIFICATION_KIND.bankFourFactor, label: ['银行卡四要素', 'Bank card four-factor'] },
  { value: VERIFICATION_KIND.qualification, label: ['从业资格证', 'Qualification certificate'] },
  { value: VERIFICATION_KIND.roadTransport, label: ['道路运输证', 'Road transport certificate'] },
  { value: VERIFICATION_KIND.transportPermit, label: ['道路运输经营许可证', 'Road transport permit'] },
  { value: VERIFICATION_KIND.vehicleNet, label: ['车辆入网', 'Vehicle platform (入网)'] },
  { value: VERIFICATION_KIND.override, label: ['越权通过', 'Override'] },
] as const;

export const VERIFICATION_RESULT_OPTIONS = [
  { value: VERIFICATION_RESULT.pass, label: ['通过', 'Passed'] },
  { value: VERIFICATION_RESULT.fail, label: ['未通过', 'Failed'] },
  { value: VERIFICATION_RESULT.pending, label: ['待应答', 'Pending'] },
] as const;

export const verificationResource = resource({
  path: '/compliance/verification',
  permission: 'compliance:verification',
  title: ['核验记录', 'Verifications'],
  actions: ['export'],
  scope: { tenant: true, agent: 'agentId', captain: 'captainId' },
  defaultSort: { field: 'checkedAt', order: 'desc' },
  fields: {
    subjectType: optionsSearch(['核验对象', 'Subject'], subjectOptions, 90, { tag: true }),
    subjectId: hiddenKey(['对象ID', 'Subject id'], { detail: false }),
    subjectName: { label: ['对象', 'Name'], search: 'like', list: { width: 140, ellipsis: true } },
    kind: optionsSearch(['核验项目', 'Check'], VERIFICATION_KIND_OPTIONS, 170),
    result: optionsSearch(['结果', 'Result'], VERIFICATION_RESULT_OPTIONS, 90, { tag: true }),
    reason: longTextColumn(['说明', 'Reason'], 220),
    provider: longTextColumn(['核验服务', 'Provider'], 150),
    requestId: { label: ['请求号', 'Request id'], search: true, list: { width: 200, copyable: true } },
    attempts: { label: ['尝试次数', 'Attempts'], kind: 'number', list: { width: 90 } },
    operator: { label: ['发起人', 'By'], list: { width: 100 } },
    checkedAt: searchedTime(['核验时间', 'Checked at']),
    answeredAt: { label: ['应答时间', 'Answered at'], kind: 'datetime', list: false },
    agentId: hiddenKey(['经纪人', 'Agent'], { detail: false, export: false }),
    captainId: hiddenKey(['车队长', 'Captain'], { detail: false, export: false }),
  },
});

/** One row of `/compliance/verification/subject`: the latest check of each kind of a subject, for a drawer. */
export interface VerificationSummary {
  kind: VerificationKind;
  result: VerificationResult;
  required: boolean;
  reason: string | null;
  provider: string | null;
  requestId: string | null;
  checkedAt: string | null;
}

/** `/compliance/verification/subject`: what a reviewer sees beside the photos. */
export interface SubjectVerification {
  checks: VerificationSummary[];
  /** True while every required check passed: the approval is not refused by verification. */
  approvable: boolean;
}
