import { z } from 'zod';
import { resource } from '../resource.ts';
import { requiredText } from '../textFields.ts';
import { labelledOptions, optionsSearch, recordName, switchColumn, timeColumn } from './fields.ts';
import { newestFirst } from './listPresets.ts';

// Personal information (个人信息保护法): privacy-policy versions, the consents given to them, and the
// requests of a person about their own data (export, correction, deletion). Keys are columns of
// server/src/modules/privacy/schema.ts.

const created = timeColumn(['提交时间', 'Submitted'], { search: 'range' });

/** Whose data a consent or a request is about: a driver's or a console user's. */
const SUBJECT_TYPES = ['driver', 'user'] as const;

export const SUBJECT_TYPE_OPTIONS = labelledOptions(SUBJECT_TYPES, {
  driver: ['司机', 'Driver'],
  user: ['用户', 'User'],
});

/** Where a consent was given. */
const CONSENT_CHANNEL_OPTIONS = [
  { value: 'console', label: ['管理端', 'Console'] },
  { value: 'app', label: ['APP', 'App'] },
] as const;

/** Where a person's request about their data stands. */
const PRIVACY_REQUEST_STATE_OPTIONS = [
  { value: 'pending', label: ['待处理', 'Pending'] },
  { value: 'done', label: ['已完成', 'Done'] },
  { value: 'refused', label: ['已拒绝', 'Refused'] },
] as const;

export const privacyPolicyBody = z.object({
  version: z
    .string({ error: '请输入版本号' })
    .trim()
    .regex(/^[0-9A-Za-z.-]{1,20}$/, '版本号只能包含字母、数字、点和横线'),
  title: requiredText('请输入标题', 100),
  content: requiredText('请输入政策正文', 50_000),
});

/** 隐私政策: versions; a published version is asked of every party user at their next sign-in. */
export const privacyPolicyResource = resource({
  path: '/privacy/policy',
  permission: 'compliance:privacy:policy',
  title: ['隐私政策', 'Privacy policies'],
  actions: ['add', 'edit', 'export'],
  defaultSort: newestFirst,
  body: privacyPolicyBody,
  fields: {
    version: recordName(['版本号', 'Version'], { width: 110 }),
    title: { label: ['标题', 'Title'], required: true, search: 'like', list: { width: 220, ellipsis: true } },
    content: { label: ['政策正文', 'Text'], kind: 'textarea', required: true, list: false, wide: true },
    published: switchColumn(['已发布', 'Published'], 90, { form: false, filter: true }),
    publishedAt: timeColumn(['发布时间', 'Published at']),
    createTime: { ...created, label: ['创建时间', 'Created'] },
  },
});

/** 同意记录: who accepted which version, when, from where. Written only by the acceptance itself. */
export const privacyConsentResource = resource({
  path: '/privacy/consent',
  permission: 'compliance:privacy:consent',
  title: ['同意记录', 'Consent records'],
  actions: ['export'],
  defaultSort: { field: 'acceptedAt', order: 'desc' },
  fields: {
    subjectType: optionsSearch(['主体类型', 'Subject type'], SUBJECT_TYPE_OPTIONS, 100, { form: false }),
    subjectId: { label: ['主体ID', 'Subject ID'], filter: true, form: false, list: false },
    subjectName: { label: ['姓名/账号', 'Name'], search: 'like', form: false, list: { width: 140 } },
    policyVersion: { label: ['政策版本', 'Version'], search: true, form: false, list: { width: 100 } },
    acceptedAt: timeColumn(['同意时间', 'Accepted at'], { search: 'range' }),
    ip: { label: ['IP', 'IP'], search: 'like', form: false, list: { width: 130 } },
    channel: optionsSearch(['渠道', 'Channel'], CONSENT_CHANNEL_OPTIONS, 90, { form: false }),
    userAgent: { label: ['客户端', 'Client'], form: false, list: { width: 200, ellipsis: true } },
  },
});

const PRIVACY_REQUEST_KINDS = ['export', 'correct', 'delete'] as const;

export const PRIVACY_REQUEST_KIND_OPTIONS = labelledOptions(PRIVACY_REQUEST_KINDS, {
  export: ['导出本人数据', 'Export own data'],
  correct: ['更正', 'Correction'],
  delete: ['删除/匿名化', 'Deletion'],
});

/** A person's request about their own data; staff file one for a driver who asked through the app or in person. */
export const privacyRequestBody = z.object({
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: '请选择申请类型' }),
  subjectType: z.enum(SUBJECT_TYPES, { error: '请选择主体类型' }),
  subjectId: requiredText('请选择申请人', 32),
  detail: z.string().trim().max(1000).optional(),
});
export type PrivacyRequestBody = z.infer<typeof privacyRequestBody>;

/** 个人信息申请: the requests of people about their own data, for the privacy staff. */
export const privacyRequestResource = resource({
  path: '/privacy/request',
  permission: 'compliance:privacy:request',
  title: ['个人信息申请', 'Personal data requests'],
  actions: ['export'],
  defaultSort: newestFirst,
  fields: {
    kind: optionsSearch(['申请类型', 'Kind'], PRIVACY_REQUEST_KIND_OPTIONS, 130, { form: false }),
    subjectType: optionsSearch(['主体类型', 'Subject type'], SUBJECT_TYPE_OPTIONS, 100, { form: false }),
    subjectId: { label: ['主体ID', 'Subject ID'], filter: true, form: false, list: false },
    subjectName: { label: ['申请人', 'Person'], search: 'like', form: false, list: { width: 120 } },
    state: optionsSearch(['状态', 'State'], PRIVACY_REQUEST_STATE_OPTIONS, 90, { tag: true, form: false }),
    detail: { label: ['申请内容', 'Request'], form: false, list: { width: 200, ellipsis: true } },
    result: { label: ['处理结果', 'Outcome'], form: false, list: { width: 260, ellipsis: true } },
    retainUntil: { label: ['保留至', 'Retained until'], kind: 'date', form: false, list: { width: 110 } },
    requestedBy: { label: ['提交人', 'Filed by'], form: false, list: { width: 100 } },
    createTime: created,
    handledBy: { label: ['处理人', 'Handled by'], form: false, list: { width: 100 } },
    handledAt: timeColumn(['处理时间', 'Handled at']),
  },
});
