import { index, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { expiresIndex } from '../db/businessTable.ts';
import { idRef, tenantIdColumn, tstz } from '../db/columns.ts';

/** Sessions: only the SHA-256 of the token is kept, so a database leak yields no usable token. */
export const sysUserToken = pgTable(
  'sys_user_token',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: idRef('user_id').notNull(),
    tenantId: tenantIdColumn(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
    createdAt: tstz('created_at').defaultNow().notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('sys_user_token_user_idx').on(t.userId), expiresIndex('sys_user_token', t)],
);

export const sysCaptcha = pgTable(
  'sys_captcha',
  {
    checkKey: varchar('check_key', { length: 64 }).primaryKey(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [expiresIndex('sys_captcha', t)],
);

export const sysLoginFailure = pgTable(
  'sys_login_failure',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    failedAt: tstz('failed_at').defaultNow().notNull(),
  },
  (t) => [
    index('sys_login_failure_user_idx').on(t.username, t.failedAt),
    index('sys_login_failure_ip_idx').on(t.ip, t.failedAt),
  ],
);
