import { bigint, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditedTable, type Columns, codedTable } from '../../platform/db/businessTable.ts';
import {
  createTimeColumn,
  delFlagColumn,
  idColumn,
  idRef,
  lastWriteTimeColumn,
  tenantIdColumn,
  tstz,
} from '../../platform/db/columns.ts';

/** Scheduled jobs (reference sys_quartz_job): `job_class_name` holds a key of the job registry in code. */
export const sysQuartzJob = auditedTable(
  'sys_quartz_job',
  {
    /** Key of a job registered in code (e.g. purgeExpiredSessions). */
    jobClassName: varchar('job_class_name', { length: 100 }).notNull(),
    cronExpression: varchar('cron_expression', { length: 100 }).notNull(),
    /** Parameters as JSON text, checked against the job's own schema. */
    parameter: varchar('parameter', { length: 2000 }),
    description: varchar('description', { length: 255 }),
    /** 0 running, -1 stopped. */
    status: smallint('status').notNull().default(-1),
    delFlag: delFlagColumn(),
  },
  (t) => [index('sys_quartz_job_status_idx').on(t.status)],
);

/** One row per run (or per missed trigger) of a scheduled job. */
export const sysQuartzJobLog = pgTable(
  'sys_quartz_job_log',
  {
    id: idColumn(),
    jobId: idRef('job_id').notNull(),
    jobClassName: varchar('job_class_name', { length: 100 }).notNull(),
    /** The cron trigger this run belongs to; null for a manual run. Unique per job: a trigger runs once. */
    fireTime: tstz('fire_time'),
    /** 'cron', 'manual' or 'misfire'. */
    trigger: varchar('trigger', { length: 10 }).notNull().default('cron'),
    startTime: tstz('start_time').notNull(),
    endTime: tstz('end_time'),
    durationMs: integer('duration_ms'),
    /** 1 ok, 0 failed, null running. */
    success: smallint('success'),
    message: varchar('message', { length: 2000 }),
    error: varchar('error', { length: 2000 }),
    /** Host and pid of the server that ran it. */
    instance: varchar('instance', { length: 100 }),
  },
  (t) => [
    uniqueIndex('sys_quartz_job_log_fire_uidx').on(t.jobId, t.fireTime),
    index('sys_quartz_job_log_job_idx').on(t.jobId, t.startTime),
  ],
);

/** Category tree (reference sys_category): pid '0' for roots, codes A01, A01A01… */
export const sysCategory = auditedTable(
  'sys_category',
  {
    pid: varchar('pid', { length: 32 }).notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 100 }).notNull(),
    /** '1' has children, '0' leaf. */
    hasChild: varchar('has_child', { length: 3 }).notNull().default('0'),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
  },
  (t) => [uniqueIndex('sys_category_code_uidx').on(t.code), index('sys_category_pid_idx').on(t.pid)],
);

/** A rule's name, and the code it is found by (unique). */
const ruleNameColumns = () => ({
  ruleName: varchar('rule_name', { length: 100 }).notNull(),
  ruleCode: varchar('rule_code', { length: 100 }).notNull(),
});

/** A table of rules: each rule's name and code (unique) first, then the rule's own columns. */
const ruleTable = <TName extends string, TColumns extends Columns>(name: TName, columns: TColumns) =>
  auditedTable(name, { ...ruleNameColumns(), ...columns }, (t) => [
    uniqueIndex(`${name}_code_uidx`).on(t.ruleCode),
  ]);

/** Code check rules: rule_json = ordered [{digits, pattern, message}]. */
export const sysCheckRule = ruleTable('sys_check_rule', {
  ruleJson: varchar('rule_json', { length: 4000 }).notNull(),
  ruleDescription: varchar('rule_description', { length: 500 }),
});

/** Fill rules (value generators): rule_class is a key of the generator registry in code. */
export const sysFillRule = ruleTable('sys_fill_rule', {
  ruleClass: varchar('rule_class', { length: 100 }).notNull(),
  ruleParams: varchar('rule_params', { length: 2000 }),
});

/** Counters behind serial generators: one row per rule and period, bumped atomically. */
export const sysFillRuleCounter = pgTable('sys_fill_rule_counter', {
  counterKey: varchar('counter_key', { length: 200 }).primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
  updateTime: lastWriteTimeColumn(),
});

/** Data sources; db_password is AES-256-GCM ciphertext, never returned. */
export const sysDataSource = codedTable('sys_data_source', {
  remark: varchar('remark', { length: 200 }),
  /** postgresql | mysql | mariadb */
  dbType: varchar('db_type', { length: 20 }).notNull(),
  dbHost: varchar('db_host', { length: 255 }).notNull(),
  dbPort: integer('db_port').notNull(),
  dbName: varchar('db_name', { length: 100 }).notNull(),
  dbUsername: varchar('db_username', { length: 100 }).notNull(),
  dbPassword: text('db_password'),
  /** What reports may read there: `schema.table` or `schema.*` entries (reportTablesOf); empty: nothing. */
  reportTables: varchar('report_tables', { length: 2000 }),
  sysOrgCode: varchar('sys_org_code', { length: 64 }),
  tenantId: tenantIdColumn(),
});

/** Gateway routes: live reverse-proxy routes under /gateway/<router_id>/… */
export const sysGatewayRoute = auditedTable(
  'sys_gateway_route',
  {
    routerId: varchar('router_id', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    uri: varchar('uri', { length: 500 }).notNull(),
    /** JSON array of path patterns ("/api/**"); empty = every path. */
    predicates: varchar('predicates', { length: 2000 }),
    filters: varchar('filters', { length: 2000 }),
    /** Leading path segments removed before forwarding. */
    stripPrefix: smallint('strip_prefix').notNull().default(0),
    retryable: smallint('retryable').notNull().default(0),
    persistable: smallint('persistable').notNull().default(1),
    showApi: smallint('show_api').notNull().default(1),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('sys_gateway_route_router_uidx').on(t.routerId)],
);

/**
 * Who uploaded a stored file, and for which party: reads of private files are allowed to the uploader, the
 * uploader's party (a customer's staff) and platform staff. Stored names are random, never derived from
 * ids, dates of a record or the uploader's file name.
 */
export const sysFile = pgTable(
  'sys_file',
  {
    path: varchar('path', { length: 255 }).primaryKey(),
    /** The upload's `biz` folder (driver, customer, weighbridge, avatar …). */
    biz: varchar('biz', { length: 100 }).notNull(),
    originalName: varchar('original_name', { length: 255 }),
    uploaderId: idRef('uploader_id'),
    uploaderType: smallint('uploader_type'),
    /** The uploader's party (customer, agent or captain id) when the uploader is not platform staff. */
    partyId: idRef('party_id'),
    tenantId: tenantIdColumn(),
    createTime: createTimeColumn(),
  },
  (t) => [index('sys_file_party_idx').on(t.partyId)],
);
