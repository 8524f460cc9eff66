import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditedTable, expiresIndex } from '../../platform/db/businessTable.ts';
import { createTimeColumn, idRef, tstz } from '../../platform/db/columns.ts';

/** A single-use secret's life: when it was made, when it stops being accepted, and when it was used. */
const singleUseColumns = () => ({
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  createTime: createTimeColumn(),
});

/** Message templates (reference sys_sms_template); `${var}` placeholders in template_content. */
export const sysSmsTemplate = auditedTable(
  'sys_sms_template',
  {
    templateName: varchar('template_name', { length: 50 }).notNull(),
    templateCode: varchar('template_code', { length: 32 }).notNull(),
    /** 1 SMS, 2 mail, 3 WeChat. */
    templateType: varchar('template_type', { length: 1 }).notNull().default('1'),
    templateContent: varchar('template_content', { length: 1000 }).notNull(),
    templateTestJson: varchar('template_test_json', { length: 1000 }),
    /** Provider-side template code (e.g. Aliyun SMS_123456) for HTTP channels. */
    providerTemplateCode: varchar('provider_template_code', { length: 64 }),
    /** '1' in use, '0' off. */
    useStatus: varchar('use_status', { length: 1 }).notNull().default('1'),
  },
  (t) => [uniqueIndex('sys_sms_template_code_uidx').on(t.templateCode)],
);

/** The message queue (reference sys_sms): every message the platform sends, as sent or queued. */
export const sysSms = auditedTable(
  'sys_sms',
  {
    esTitle: varchar('es_title', { length: 100 }),
    /** 1 SMS, 2 mail, 3 WeChat. */
    esType: varchar('es_type', { length: 1 }).notNull().default('1'),
    esReceiver: varchar('es_receiver', { length: 50 }).notNull(),
    /** Template parameters as JSON. */
    esParam: varchar('es_param', { length: 1000 }),
    esContent: text('es_content'),
    esSendTime: tstz('es_send_time'),
    /** 0 queued, 1 sent, 2 failed, -1 not to be sent. */
    esSendStatus: smallint('es_send_status').notNull().default(0),
    esSendNum: integer('es_send_num').notNull().default(0),
    esResult: varchar('es_result', { length: 255 }),
    /**
     * A message carrying a live secret (a verification code): its parameters and text are stored with the
     * secret blanked out (the code's salted hash lives in sys_sms_code), and it is never queued or sent again.
     */
    secret: boolean('secret').notNull().default(false),
    remark: varchar('remark', { length: 500 }),
  },
  (t) => [index('sys_sms_receiver_idx').on(t.esReceiver, t.createTime)],
);

/**
 * Verification codes sent by SMS. Only a salted hash is kept; a six-digit code is guessable offline,
 * so the short life (10 min), single use and the per-code attempt cap are what protect it.
 */
export const sysSmsCode = pgTable(
  'sys_sms_code',
  {
    id: serial('id').primaryKey(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    /** 0 login, 1 register, 2 forgot password (smsmode). */
    purpose: smallint('purpose').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    salt: varchar('salt', { length: 32 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    ...singleUseColumns(),
  },
  (t) => [index('sys_sms_code_mobile_idx').on(t.mobile, t.createTime)],
);

/**
 * Remember-me keys: hashed, 30 days, rotated on every use. A used key stays (used_at set) until the
 * chain expires, so presenting it again is recognised as theft and ends the whole chain.
 */
export const sysRememberKey = pgTable(
  'sys_remember_key',
  {
    keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
    chainId: idRef('chain_id').notNull(),
    userId: idRef('user_id').notNull(),
    ...singleUseColumns(),
  },
  (t) => [index('sys_remember_key_chain_idx').on(t.chainId), index('sys_remember_key_user_idx').on(t.userId)],
);

/** A third-party (OIDC) identity bound to a local user. */
export const sysThirdAccount = auditedTable(
  'sys_third_account',
  {
    provider: varchar('provider', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: idRef('user_id').notNull(),
  },
  (t) => [
    uniqueIndex('sys_third_account_subject_uidx').on(t.provider, t.subject),
    index('sys_third_account_user_idx').on(t.userId),
  ],
);

/**
 * Short-lived single-use secrets of the login flows, by kind: `oidc_state` (with the PKCE verifier),
 * `third_code` (one-time login code), `pwd_change` (the token of a 406 answer), `pwd_reset`,
 * `cas_ticket` (tickets already validated, to refuse replays) and `cas_session` (sessions from CAS).
 * Only the SHA-256 of the secret is stored.
 */
export const sysAuthTicket = pgTable(
  'sys_auth_ticket',
  {
    hash: varchar('hash', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    userId: idRef('user_id'),
    data: varchar('data', { length: 2000 }),
    expiresAt: tstz('expires_at').notNull(),
    createTime: createTimeColumn(),
  },
  (t) => [expiresIndex('sys_auth_ticket', t)],
);
