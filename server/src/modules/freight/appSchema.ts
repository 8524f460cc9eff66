import { boolean, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditedTable, tenantLogTable, tenantTable } from '../../platform/db/businessTable.ts';
import { claimColumns, createTimeColumn, fileRef, idRef, tstz } from '../../platform/db/columns.ts';
import { customerColumns, optionalCustomerColumns } from '../../platform/db/freightColumns.ts';

/** APP版本: a release of the driver app. One version code per platform; the app asks for the latest published. */
export const hyAppVersion = auditedTable(
  'hy_app_version',
  {
    /** android / ios (dictionary app_platform). */
    platform: varchar('platform', { length: 10 }).notNull(),
    versionCode: integer('version_code').notNull(),
    versionName: varchar('version_name', { length: 30 }).notNull(),
    /** The stored Android package (upload path). */
    packagePath: fileRef('package_path'),
    /** iOS: the App Store link; Android: an outside mirror, if any. */
    downloadUrl: varchar('download_url', { length: 500 }),
    releaseNotes: text('release_notes'),
    /** Apps below this version code must update (force). */
    minVersionCode: integer('min_version_code').notNull().default(0),
    published: boolean('published').notNull().default(false),
    publishTime: tstz('publish_time'),
  },
  (t) => [uniqueIndex('hy_app_version_code_uidx').on(t.platform, t.versionCode)],
);

/**
 * APP消息: a message to an audience, sent at once or at its send time by the scheduled job, delivered as an
 * announcement (the header bell's); the counts follow its deliveries and reads.
 */
export const hyAppMessage = tenantTable(
  'hy_app_message',
  {
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** all / driver / shipper / customer (dictionary app_audience). */
    audience: varchar('audience', { length: 16 }).notNull(),
    ...optionalCustomerColumns(),
    /** When to send; null: at once. */
    sendTime: tstz('send_time'),
    /** 0 scheduled, 1 sent (dictionary app_message_state). */
    state: smallint('state').notNull().default(0),
    sentTime: tstz('sent_time'),
    /** The announcement that carried it. */
    announcementId: idRef('announcement_id'),
    deliveredCount: integer('delivered_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
  },
  (t) => [
    index('hy_app_message_due_idx').on(t.state, t.sendTime),
    index('hy_app_message_annt_idx').on(t.announcementId),
  ],
);

/**
 * 企业应用: an app key and secret of a customer's own system for the open API. The secret is kept encrypted
 * with the data-source key (not hashed): verifying an HMAC signature needs the secret itself.
 */
export const hyEnterpriseApp = tenantTable(
  'hy_enterprise_app',
  {
    appName: varchar('app_name', { length: 60 }).notNull(),
    ...customerColumns(),
    appKey: varchar('app_key', { length: 40 }).notNull(),
    /** The secret, encrypted (AES-GCM with the data-source key); never sent back. */
    secretCipher: text('secret_cipher').notNull(),
    secretHint: varchar('secret_hint', { length: 8 }),
    /** Granted scopes, comma separated (orders:write, waybills:read, tracks:read). */
    scopes: varchar('scopes', { length: 200 }).notNull(),
    /** Allowed addresses or CIDR blocks, one a line; empty: any. */
    ipAllowList: text('ip_allow_list'),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    webhookUrl: varchar('webhook_url', { length: 500 }),
    enabled: boolean('enabled').notNull().default(true),
    lastUsedAt: tstz('last_used_at'),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('hy_enterprise_app_key_uidx').on(t.appKey),
    index('hy_enterprise_app_customer_idx').on(t.tenantId, t.customerId),
  ],
);

/** Nonces of signed open API calls, remembered for the skew window: a replay hits the unique key. */
export const hyOpenapiNonce = pgTable(
  'hy_openapi_nonce',
  {
    appId: idRef('app_id').notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    createTime: createTimeColumn(),
  },
  (t) => [
    uniqueIndex('hy_openapi_nonce_uidx').on(t.appId, t.nonce),
    index('hy_openapi_nonce_time_idx').on(t.createTime),
  ],
);

/**
 * Webhook outbox: one delivery per app and event, written in the transaction of the waybill step; the sender
 * claims due rows (a lease keeps instances apart) and retries failures with backoff.
 */
export const hyWebhookDelivery = tenantLogTable(
  'hy_webhook_delivery',
  {
    appId: idRef('app_id').notNull(),
    event: varchar('event', { length: 40 }).notNull(),
    /** The JSON body sent, exactly as signed. */
    payload: text('payload').notNull(),
    /** pending / sending / sent / failed. */
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').defaultNow(),
    ...claimColumns(),
    lastStatus: integer('last_status'),
    lastError: varchar('last_error', { length: 500 }),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('hy_webhook_delivery_due_idx').on(t.state, t.nextAttemptAt),
    index('hy_webhook_delivery_app_idx').on(t.appId, t.createTime),
  ],
);
