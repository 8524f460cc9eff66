import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { listIndex, tenantRowTable, tenantTable } from '../../platform/db/businessTable.ts';
import { claimColumns, createTimeColumn, idColumn, idRef, tstz } from '../../platform/db/columns.ts';

// Regulator reporting: one channel row per province, the outbox of report messages and every
// attempt's request (without secrets) and answer.

export const hyReportChannel = tenantTable(
  'hy_report_channel',
  {
    channelName: varchar('channel_name', { length: 50 }).notNull(),
    province: varchar('province', { length: 20 }).notNull(),
    provinceCode: varchar('province_code', { length: 6 }).notNull(),
    /** fujian | tianjin | gansu | shaanxi: which adapter speaks to it. */
    variant: varchar('variant', { length: 16 }).notNull(),
    /** The one channel the platform reports to (one per tenant, held by a unique index). */
    enabled: boolean('enabled').notNull().default(false),
    environment: varchar('environment', { length: 8 }).notNull().default('test'),
    baseUrl: varchar('base_url', { length: 255 }).notNull(),
    loginPath: varchar('login_path', { length: 100 }),
    sendPath: varchar('send_path', { length: 100 }),
    account: varchar('account', { length: 64 }).notNull(),
    senderCode: varchar('sender_code', { length: 64 }),
    // Secrets, AES-256-GCM at rest with the platform key; never sent back, exported or logged.
    password: text('password'),
    sm2PublicKeySecret: text('sm2_public_key_secret'),
    sm2CipherMode: varchar('sm2_cipher_mode', { length: 8 }).notNull().default('C1C3C2'),
    aesSecret: text('aes_secret'),
    aesIvSecret: text('aes_iv_secret'),
    format: varchar('format', { length: 8 }).notNull().default('json'),
    tagCase: varchar('tag_case', { length: 8 }).notNull().default('camel'),
    successCodes: varchar('success_codes', { length: 50 }),
    /** Canonical type → the province's code, applied on the wire only. */
    codeMap: jsonb('code_map').$type<Record<string, string>>(),
    deadlineHours: integer('deadline_hours').notNull().default(24),
    platformName: varchar('platform_name', { length: 512 }).notNull(),
    platformCreditCode: varchar('platform_credit_code', { length: 18 }).notNull(),
    platformPermitNo: varchar('platform_permit_no', { length: 50 }).notNull(),
    /** A channel answered by the product's own fake provincial server (demo data). */
    simulated: boolean('simulated').notNull().default(false),
    /** The fake server's private key of a simulated channel (encrypted like the secrets above). */
    simulatorKeySecret: text('simulator_key_secret'),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [
    uniqueIndex('hy_report_channel_active_uidx').on(t.tenantId).where(sql`${t.enabled}`),
    listIndex('hy_report_channel_time_idx', t),
  ],
);

export const hyReportMessage = tenantRowTable(
  'hy_report_message',
  {
    /** Canonical type (WLHY_YD1001 …); the channel's code map renames it on the wire only. */
    type: varchar('type', { length: 16 }).notNull(),
    /** The driver, vehicle, note or payment the message reports. */
    businessId: idRef('business_id').notNull(),
    /** What a person searches by: note number, plate, driver name, fund document number. */
    businessNo: varchar('business_no', { length: 64 }),
    /** The channel it goes to; null until the sender assigns the active one. */
    channelId: idRef('channel_id'),
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at'),
    ...claimColumns(),
    lastCode: varchar('last_code', { length: 20 }),
    lastMessage: varchar('last_message', { length: 500 }),
    fieldErrors: jsonb('field_errors').$type<Array<{ path: string; rule: string; message?: string }>>(),
    /** Input that is not read from the product's records at send time (fund flow: the payments). */
    payload: jsonb('payload'),
    /** When the business record changed last while this message was open (a change after a send re-reports). */
    touchedAt: tstz('touched_at'),
    deadlineAt: tstz('deadline_at'),
    acceptedAt: tstz('accepted_at'),
    createTime: createTimeColumn(),
    updateTime: tstz('update_time'),
  },
  (t) => [
    // One open message per business record and type: a change while one is open is picked up by it.
    uniqueIndex('hy_report_message_open_uidx')
      .on(t.type, t.businessId)
      .where(sql`state in ('pending', 'sending', 'failed')`),
    index('hy_report_message_due_idx').on(t.state, t.nextAttemptAt),
    index('hy_report_message_claim_idx').on(t.claimedUntil).where(sql`state = 'sending'`),
    index('hy_report_message_business_idx').on(t.businessId, t.type),
    index('hy_report_message_list_idx').on(t.tenantId, t.createTime, t.id),
    listIndex('hy_report_message_state_idx', t, t.state),
  ],
);

export const hyReportAttempt = pgTable(
  'hy_report_attempt',
  {
    id: idColumn(),
    messageId: idRef('message_id').notNull(),
    channelId: idRef('channel_id'),
    attemptNo: integer('attempt_no').notNull(),
    referenceNumber: varchar('reference_number', { length: 36 }),
    /** accepted | failed | retry (backoff) | waiting (prerequisite not yet accepted). */
    outcome: varchar('outcome', { length: 10 }).notNull(),
    code: varchar('code', { length: 20 }),
    message: varchar('message', { length: 500 }),
    /** The message as sent, before encryption, and the envelope without token or keys. */
    request: jsonb('request'),
    response: jsonb('response'),
    durationMs: integer('duration_ms'),
    /** Requests of this attempt (a token refresh or a new reference number resends within it). */
    calls: smallint('calls').notNull().default(1),
    startedAt: tstz('started_at').defaultNow().notNull(),
  },
  (t) => [index('hy_report_attempt_message_idx').on(t.messageId, t.startedAt)],
);
