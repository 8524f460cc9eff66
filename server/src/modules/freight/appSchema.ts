import { boolean, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, idRef, tenantIdColumn, tstz } from '../../platform/db/columns.ts';

/** APP版本: a release of the driver app. One version code per platform; the app asks for the latest published. */
export const hyAppVersion = pgTable(
  'hy_app_version',
  {
    id: idColumn(),
    /** android / ios (dictionary app_platform). */
    platform: varchar('platform', { length: 10 }).notNull(),
    versionCode: integer('version_code').notNull(),
    versionName: varchar('version_name', { length: 30 }).notNull(),
    /** The stored Android package (upload path). */
    packagePath: varchar('package_path', { length: 255 }),
    /** iOS: the App Store link; Android: an outside mirror, if any. */
    downloadUrl: varchar('download_url', { length: 500 }),
    releaseNotes: text('release_notes'),
    /** Apps below this version code must update (force). */
    minVersionCode: integer('min_version_code').notNull().default(0),
    published: boolean('published').notNull().default(false),
    publishTime: tstz('publish_time'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('hy_app_version_code_uidx').on(t.platform, t.versionCode)],
);

/**
 * APP消息: a message to an audience, sent at once or at its send time by the scheduled job, delivered as an
 * announcement (the header bell's); the counts follow its deliveries and reads.
 */
export const hyAppMessage = pgTable(
  'hy_app_message',
  {
    id: idColumn(),
    tenantId: tenantIdColumn(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** all / driver / shipper / customer (dictionary app_audience). */
    audience: varchar('audience', { length: 16 }).notNull(),
    customerId: idRef('customer_id'),
    customerName: varchar('customer_name', { length: 200 }),
    /** When to send; null: at once. */
    sendTime: tstz('send_time'),
    /** 0 scheduled, 1 sent (dictionary app_message_state). */
    state: smallint('state').notNull().default(0),
    sentTime: tstz('sent_time'),
    /** The announcement that carried it. */
    announcementId: idRef('announcement_id'),
    deliveredCount: integer('delivered_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    index('hy_app_message_due_idx').on(t.state, t.sendTime),
    index('hy_app_message_annt_idx').on(t.announcementId),
  ],
);
