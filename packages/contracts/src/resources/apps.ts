import { z } from 'zod';
import { resource } from '../resource.ts';
import { chinaDateTime } from '../shipping.ts';
import { optionalText, requiredText } from '../textFields.ts';
import {
  countColumn,
  dictSearch,
  recordName,
  searchedTime,
  sortedColumn,
  switchColumn,
  timeColumn,
} from './fields.ts';
import { newestFirst, tenantRecords } from './listPresets.ts';

// 应用管理: APP版本 — the driver app's releases (an Android package uploaded to the file storage, an
// iOS store link), answered to the app by a public version check; APP消息 — messages to drivers, shippers, a
// customer's users or everyone, sent now or at a chosen time through the header bell's announcements.

/** Platforms (dictionary `app_platform`). */
export const APP_PLATFORMS = ['android', 'ios'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** Who a message goes to (dictionary `app_audience`). Drivers are reached through the carrier-side accounts. */
export const APP_AUDIENCES = ['all', 'driver', 'shipper', 'customer'] as const;
export type AppAudience = (typeof APP_AUDIENCES)[number];

/** A message's state (dictionary `app_message_state`). */
export const APP_MESSAGE_STATE = { scheduled: 0, sent: 1 } as const;

/** Upload folder of Android packages. */
export const APP_PACKAGE_BIZ = 'app/android';

const versionCode = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能小于0`)
    .max(2_000_000_000, `${label}过大`);

export const appVersionBody = z.object({
  platform: z.enum(APP_PLATFORMS, { error: '平台(platform)只能是android或ios' }),
  versionCode: versionCode('版本号'),
  versionName: requiredText('请输入版本名称', 30),
  packagePath: optionalText(255),
  downloadUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/\S+)?$/, '下载地址必须以http://或https://开头')
    .nullish(),
  releaseNotes: z.string().trim().max(500, '更新说明不能超过500字').nullish(),
  minVersionCode: versionCode('最低支持版本号').default(0),
  published: z.boolean().default(false),
});
export type AppVersionBody = z.infer<typeof appVersionBody>;

/** The public version check's query: `GET /apps/version/latest?platform=android&current=12`. */
export const appVersionCheckQuery = z.object({
  platform: z.enum(APP_PLATFORMS, { error: '平台(platform)只能是android或ios' }),
  current: z.coerce
    .number({ error: '当前版本号(current)必须是整数' })
    .int('当前版本号(current)必须是整数')
    .min(0, '当前版本号(current)不能小于0')
    .max(2_000_000_000, '当前版本号(current)过大'),
});

export interface AppVersionCheck {
  /** The latest published version of the platform, or null when none is published. */
  latest: {
    versionCode: number;
    versionName: string;
    releaseNotes: string | null;
    minVersionCode: number;
    downloadUrl: string | null;
    publishTime: string | null;
  } | null;
  /** The latest is newer than the caller's. */
  update: boolean;
  /** The caller's version is below the latest's minimum supported version: it must update. */
  force: boolean;
}

export const appMessageBody = z.object({
  title: requiredText('请输入标题', 100),
  content: z.string({ error: '请输入内容' }).trim().min(1, '请输入内容').max(500, '内容不能超过500字'),
  audience: z.enum(APP_AUDIENCES, { error: '接收对象(audience)只能是all、driver、shipper或customer' }),
  customerId: z.string().max(32).nullish(),
  /** Empty: sent at once; a time: sent by the scheduled job when it comes. */
  sendTime: z.preprocess((v) => (v === '' ? null : v), chinaDateTime.nullish()),
});
export type AppMessageBody = z.infer<typeof appMessageBody>;

export const appVersionResource = resource({
  path: '/apps/version',
  permission: 'apps:version',
  title: ['APP版本', 'App versions'],
  actions: ['add', 'edit', 'delete', 'export'],
  defaultSort: { field: 'versionCode', order: 'desc' },
  body: appVersionBody,
  fields: {
    platform: dictSearch(['平台', 'Platform'], 'app_platform', 90, { tag: true, required: true }),
    versionCode: sortedColumn(['版本号', 'Version code'], 'number', 90, {
      required: true,
      help: ['整数，每次发布递增', 'An integer, higher for every release'],
    }),
    versionName: {
      label: ['版本名称', 'Version name'],
      required: true,
      search: 'like',
      list: { width: 110 },
      placeholder: ['如 2.3.0', 'e.g. 2.3.0'],
    },
    minVersionCode: sortedColumn(['最低支持版本号', 'Minimum version code'], 'number', 130, {
      help: ['低于此版本号的APP必须强制更新', 'Apps below this version code must update'],
    }),
    published: switchColumn(['已发布', 'Published'], 80, { search: true }),
    packagePath: {
      label: ['安卓安装包', 'Android package'],
      list: { width: 160, ellipsis: true },
      wide: true,
      help: ['安卓版本上传APK安装包', 'Upload the APK for Android'],
    },
    downloadUrl: {
      label: ['下载地址', 'Download link'],
      list: { width: 200, ellipsis: true },
      wide: true,
      placeholder: ['iOS填写App Store链接', 'For iOS: the App Store link'],
    },
    releaseNotes: {
      label: ['更新说明', 'Release notes'],
      kind: 'textarea',
      wide: true,
      list: { width: 240, ellipsis: true },
    },
    publishTime: timeColumn(['发布时间', 'Published at'], { list: { width: 160 } }),
    createTime: timeColumn(['创建时间', 'Created'], { search: 'range', list: { width: 160 } }),
  },
});

export const appMessageResource = resource({
  path: '/apps/message',
  permission: 'apps:message',
  title: ['APP消息', 'App messages'],
  ...tenantRecords,
  body: appMessageBody,
  fields: {
    title: recordName(['标题', 'Title'], { width: 200, ellipsis: true }),
    audience: dictSearch(['接收对象', 'Audience'], 'app_audience', 110, { tag: true, required: true }),
    customerId: {
      label: ['货主', 'Customer'],
      filter: true,
      list: false,
      help: ['接收对象为“指定货主”时必填', 'Required when the audience is one customer'],
    },
    customerName: { label: ['货主', 'Customer'], form: false, list: { width: 160 } },
    state: dictSearch(['状态', 'State'], 'app_message_state', 90, { tag: true, form: false }),
    deliveredCount: countColumn(['送达', 'Delivered'], 80),
    readCount: countColumn(['已读', 'Read'], 80),
    sendTime: searchedTime(['定时发送', 'Send at'], 160, {
      help: ['不填则保存后立即发送', 'Empty: sent as soon as it is saved'],
    }),
    content: {
      label: ['内容', 'Content'],
      kind: 'textarea',
      required: true,
      wide: true,
      list: { width: 240, ellipsis: true },
    },
    sentTime: timeColumn(['发送时间', 'Sent at'], { list: { width: 160 } }),
    createBy: { label: ['创建人', 'Created by'], form: false, list: { width: 100 } },
    createTime: timeColumn(['创建时间', 'Created'], { list: false }),
  },
});

// 企业应用: API credentials of a shipper's own systems for the open API (`/openapi/v1`), signed with
// HMAC-SHA256; waybill changes are pushed to the app's webhook, signed the same way.

/** What an enterprise app may do (dictionary `openapi_scope`). */
export const OPENAPI_SCOPES = ['orders:write', 'waybills:read', 'tracks:read'] as const;
export type OpenApiScope = (typeof OPENAPI_SCOPES)[number];

/** The open API's base below the server's base path. */
export const OPENAPI_BASE = '/openapi/v1';

/** Headers of a signed open API call (lower case, as Node gives them). */
export const OPENAPI_HEADERS = {
  appKey: 'x-app-key',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** Headers of a webhook delivery. */
export const WEBHOOK_HEADERS = {
  appKey: 'x-app-key',
  event: 'x-webhook-event',
  id: 'x-webhook-id',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;

/** The most a call's timestamp may be off the server's clock (and how long a nonce is remembered). */
export const OPENAPI_SKEW_MS = 5 * 60_000;

const listOf = (value: unknown): unknown =>
  typeof value === 'string'
    ? value
        .split(/[\s,;，；]+/)
        .map((v) => v.trim())
        .filter(Boolean)
    : value;

const ipEntry = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$|^[0-9a-fA-F:]+(\/\d{1,3})?$/;

export const enterpriseAppBody = z.object({
  appName: requiredText('请输入应用名称', 60),
  /** Platform staff choose the customer; a customer's own users always write their own (the server sets it). */
  customerId: z.string().max(32).nullish(),
  scopes: z.preprocess(
    listOf,
    z
      .array(z.enum(OPENAPI_SCOPES, { error: '权限范围只能是orders:write、waybills:read或tracks:read' }))
      .min(1, '请至少选择一个权限范围')
      .max(OPENAPI_SCOPES.length),
  ),
  /** Addresses or CIDR blocks the app may call from; empty: any. */
  ipAllowList: z.preprocess(
    listOf,
    z
      .array(z.string().regex(ipEntry, 'IP白名单格式不正确（如 10.0.0.8 或 10.0.0.0/24）'))
      .max(50, 'IP白名单最多50条')
      .default([]),
  ),
  rateLimitPerMinute: z.coerce
    .number({ error: '每分钟调用上限必须是整数' })
    .int('每分钟调用上限必须是整数')
    .min(1, '每分钟调用上限至少为1')
    .max(100_000, '每分钟调用上限不能超过100000')
    .default(600),
  webhookUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/\S+)?$/, '回调地址必须以http://或https://开头')
    .nullish(),
  enabled: z.boolean().default(true),
  remark: optionalText(255),
});
export type EnterpriseAppBody = z.infer<typeof enterpriseAppBody>;

/** What the add and the secret rotation answer, once: the secret is never readable again. */
export interface EnterpriseAppCredentials {
  id: string;
  appKey: string;
  appSecret: string;
}

export const enterpriseAppResource = resource({
  path: '/apps/enterprise',
  permission: 'apps:enterprise',
  title: ['企业应用', 'Enterprise apps'],
  actions: ['add', 'edit', 'delete'],
  scope: { tenant: true, customer: 'customerId' },
  defaultSort: newestFirst,
  body: enterpriseAppBody,
  fields: {
    appName: recordName(['应用名称', 'App name'], { width: 160, ellipsis: true }),
    appKey: {
      label: ['App Key', 'App key'],
      form: false,
      search: true,
      list: { width: 290, copyable: true },
    },
    secretHint: {
      label: ['密钥末四位', 'Secret (last 4)'],
      form: false,
      list: { width: 110 },
    },
    customerId: {
      label: ['货主', 'Customer'],
      filter: true,
      list: false,
      help: ['平台人员为货主创建；货主账号创建的应用属于本货主', 'Customer users create apps of their own'],
    },
    customerName: { label: ['货主', 'Customer'], form: false, search: 'like', list: { width: 160 } },
    scopes: {
      label: ['权限范围', 'Scopes'],
      required: true,
      wide: true,
      list: { width: 260 },
    },
    ipAllowList: {
      label: ['IP白名单', 'IP allow-list'],
      kind: 'textarea',
      wide: true,
      list: { width: 160, ellipsis: true },
      help: ['每行一个IP或网段（如 10.0.0.0/24），不填则不限', 'One address or CIDR a line; empty: any'],
    },
    rateLimitPerMinute: sortedColumn(['每分钟调用上限', 'Calls a minute'], 'number', 130),
    webhookUrl: {
      label: ['回调地址', 'Webhook URL'],
      wide: true,
      list: { width: 200, ellipsis: true },
      help: ['运单状态变化时推送（签名同开放接口）', 'Waybill changes are posted here, signed'],
    },
    enabled: switchColumn(['启用', 'Enabled'], 80, { search: true }),
    lastUsedAt: timeColumn(['最近调用', 'Last used'], { list: { width: 160 } }),
    remark: { label: ['备注', 'Remark'], wide: true, list: false },
    createTime: timeColumn(['创建时间', 'Created'], { search: 'range', list: { width: 160 } }),
  },
});
