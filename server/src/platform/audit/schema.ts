import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditedTable } from '../db/businessTable.ts';
import { createTimeColumn, idColumn, idRef, tstz } from '../db/columns.ts';

export const LOG_TYPE = { login: 1, operate: 2 } as const;
/** operate_type of the reference: 1 query, 2 add, 3 edit, 4 delete, 5 import, 6 export. */
export const OPERATE_TYPE = { query: 1, add: 2, edit: 3, delete: 4, import: 5, export: 6 } as const;

export const sysLog = pgTable(
  'sys_log',
  {
    id: idColumn(),
    logType: smallint('log_type').notNull(),
    logContent: varchar('log_content', { length: 1000 }),
    operateType: smallint('operate_type'),
    userid: varchar('userid', { length: 32 }),
    username: varchar('username', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    method: varchar('method', { length: 16 }),
    requestUrl: varchar('request_url', { length: 500 }),
    requestParam: text('request_param'),
    statusCode: integer('status_code'),
    success: smallint('success').notNull().default(1),
    costTime: integer('cost_time'),
    createTime: createTimeColumn(),
    /**
     * The month of the hash chain (yyyymm, China time), its place in that chain and the hashes: set when
     * the row is sealed (logChain.ts), within a minute of being written. Null until then.
     */
    monthKey: integer('month_key'),
    chainSeq: integer('chain_seq'),
    prevHash: varchar('prev_hash', { length: 64 }),
    rowHash: varchar('row_hash', { length: 64 }),
  },
  (t) => [
    uniqueIndex('sys_log_chain_uidx').on(t.monthKey, t.chainSeq),
    index('sys_log_unsealed_idx').on(t.createTime).where(sql`${t.rowHash} is null`),
    index('sys_log_type_time_idx').on(t.logType, t.createTime),
    index('sys_log_user_idx').on(t.username),
    // The log screen's default order and the paged export of every log (newest first, id as tie-break).
    index('sys_log_time_id_idx').on(t.createTime, t.id),
  ],
);

/** A version of a business record after each add or edit. */
export const sysDataLog = auditedTable(
  'sys_data_log',
  {
    dataTable: varchar('data_table', { length: 64 }).notNull(),
    dataId: idRef('data_id').notNull(),
    dataContent: text('data_content').notNull(),
    dataVersion: integer('data_version').notNull(),
  },
  (t) => [uniqueIndex('sys_data_log_version_uidx').on(t.dataTable, t.dataId, t.dataVersion)],
);

/**
 * One month of the log: the head of its hash chain (last sequence and hash, so a removed tail is
 * noticed) and, once archived, the compressed file it lives in and that file's SHA-256.
 */
export const sysLogMonth = pgTable('sys_log_month', {
  monthKey: integer('month_key').primaryKey(),
  lastSeq: integer('last_seq').notNull().default(0),
  lastHash: varchar('last_hash', { length: 64 }),
  archiveFile: varchar('archive_file', { length: 255 }),
  archiveSha256: varchar('archive_sha256', { length: 64 }),
  archivedRows: integer('archived_rows'),
  archivedAt: tstz('archived_at'),
});
