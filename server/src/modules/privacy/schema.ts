import { boolean, date, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditedTable } from '../../platform/db/businessTable.ts';
import { idColumn, idRef, tstz } from '../../platform/db/columns.ts';

/** The person concerned, and their name when the row was written. */
const subjectColumns = () => ({
  /** 'user' (a console or app account, sys_user) or 'driver' (hy_driver, through the driver app). */
  subjectType: varchar('subject_type', { length: 10 }).notNull(),
  subjectId: idRef('subject_id').notNull(),
  subjectName: varchar('subject_name', { length: 100 }),
});

/** Privacy-policy versions; the newest published one is what every party user must have accepted. */
export const piPrivacyPolicy = auditedTable(
  'pi_privacy_policy',
  {
    version: varchar('version', { length: 20 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    published: boolean('published').notNull().default(false),
    publishedAt: tstz('published_at'),
  },
  (t) => [
    uniqueIndex('pi_privacy_policy_version_uidx').on(t.version),
    index('pi_privacy_policy_published_idx').on(t.published, t.publishedAt),
  ],
);

/** A person's acceptance of one policy version: who, which, when, from where (IP, channel, client). */
export const piConsent = pgTable(
  'pi_consent',
  {
    id: idColumn(),
    ...subjectColumns(),
    policyVersion: varchar('policy_version', { length: 20 }).notNull(),
    acceptedAt: tstz('accepted_at').defaultNow().notNull(),
    ip: varchar('ip', { length: 64 }),
    /** 'console' or 'app'. */
    channel: varchar('channel', { length: 10 }).notNull(),
    userAgent: varchar('user_agent', { length: 255 }),
  },
  (t) => [
    uniqueIndex('pi_consent_subject_version_uidx').on(t.subjectType, t.subjectId, t.policyVersion),
    index('pi_consent_time_idx').on(t.acceptedAt),
  ],
);

/** A person's request about their own data (export, correction, deletion) and how it ended. */
export const piRequest = auditedTable(
  'pi_request',
  {
    kind: varchar('kind', { length: 10 }).notNull(),
    ...subjectColumns(),
    /** 'pending', 'done' or 'refused'. */
    state: varchar('state', { length: 10 }).notNull().default('pending'),
    detail: varchar('detail', { length: 1000 }),
    result: varchar('result', { length: 1000 }),
    /** A refused deletion: the day the longest legal retention of the person's records ends. */
    retainUntil: date('retain_until'),
    requestedBy: varchar('requested_by', { length: 64 }),
    handledBy: varchar('handled_by', { length: 64 }),
    handledAt: tstz('handled_at'),
  },
  (t) => [
    index('pi_request_subject_idx').on(t.subjectType, t.subjectId),
    index('pi_request_time_idx').on(t.createTime),
  ],
);
