import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditedTable, codedTable, linkTable } from '../../platform/db/businessTable.ts';
import {
  auditColumns,
  bilingualColumns,
  createTimeColumn,
  delFlagColumn,
  fileRef,
  idRef,
  roleColumns,
  tenantIdColumn,
  tstz,
} from '../../platform/db/columns.ts';
import { rolePermissionTable } from './rolePermissionTable.ts';

export const sysTenant = pgTable('sys_tenant', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  beginDate: tstz('begin_date'),
  endDate: tstz('end_date'),
  /** 1 active, 0 frozen. */
  status: smallint('status').notNull().default(1),
  ...auditColumns(),
});

export const sysUser = auditedTable(
  'sys_user',
  {
    username: varchar('username', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 100 }).notNull(),
    /** argon2id hash (PHC string); never serialised. */
    password: varchar('password', { length: 255 }).notNull(),
    passwordChangedAt: tstz('password_changed_at'),
    avatar: fileRef('avatar'),
    birthday: date('birthday'),
    sex: smallint('sex').default(0),
    email: varchar('email', { length: 100 }),
    phone: varchar('phone', { length: 20 }),
    /** Current department (org code). */
    orgCode: varchar('org_code', { length: 64 }),
    /** 1 normal, 2 frozen. */
    status: smallint('status').notNull().default(1),
    delFlag: delFlagColumn(),
    workNo: varchar('work_no', { length: 100 }),
    post: varchar('post', { length: 100 }),
    telephone: varchar('telephone', { length: 45 }),
    /** 1 member, 2 leader. */
    userIdentity: smallint('user_identity').default(1),
    /** Tenants the user may act in ("1,2"); 0 (the platform tenant) is implied. */
    relTenantIds: varchar('rel_tenant_ids', { length: 256 }),
    /** 1 system staff, 2 customer, 3 agent, 6 customer admin. */
    userType: smallint('user_type').notNull().default(1),
    /** Current customer (userType 2/6) or own agent id (agent). */
    cid: varchar('cid', { length: 32 }),
    /** The console language the user saved: zh-CN or en-US (null: not chosen). */
    language: varchar('language', { length: 8 }),
  },
  (t) => [
    uniqueIndex('sys_user_username_uidx').on(t.username),
    index('sys_user_org_idx').on(t.orgCode),
    index('sys_user_create_time_idx').on(t.createTime),
  ],
);

export const sysRole = auditedTable(
  'sys_role',
  {
    ...roleColumns(200),
    tenantId: tenantIdColumn(),
  },
  (t) => [uniqueIndex('sys_role_code_uidx').on(t.roleCode)],
);

export const sysUserRole = linkTable(
  'sys_user_role',
  { userId: 'user_id', roleId: 'role_id' },
  { reverseIndex: 'sys_user_role_role_idx' },
);

/**
 * 个人设置 › 消息通知: the message categories (NOTIFY_CATEGORIES) a user muted; a muted category is neither
 * pushed live to the user nor counted in their bell. No row: every category is delivered.
 */
export const sysUserNotifyMute = pgTable(
  'sys_user_notify_mute',
  {
    userId: idRef('user_id').notNull(),
    category: varchar('category', { length: 32 }).notNull(),
    createTime: createTimeColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category] }),
    index('sys_user_notify_mute_category_idx').on(t.category),
  ],
);

/** Menus (type 0 top, 1 sub) and buttons (type 2) with their permission codes. */
export const sysPermission = auditedTable(
  'sys_permission',
  {
    parentId: idRef('parent_id'),
    ...bilingualColumns('name', 100),
    url: varchar('url', { length: 255 }),
    component: varchar('component', { length: 255 }),
    componentName: varchar('component_name', { length: 100 }),
    redirect: varchar('redirect', { length: 255 }),
    menuType: smallint('menu_type').notNull(),
    perms: varchar('perms', { length: 255 }),
    /** "1" hide when not granted, "2" disable. */
    permsType: varchar('perms_type', { length: 10 }).default('1'),
    sortNo: doublePrecision('sort_no').default(0),
    alwaysShow: boolean('always_show').notNull().default(false),
    icon: varchar('icon', { length: 100 }),
    route: boolean('is_route').notNull().default(true),
    leaf: boolean('is_leaf').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    hideTab: boolean('hide_tab').notNull().default(false),
    description: varchar('description', { length: 255 }),
    /** "1" enabled, "0" disabled. */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    delFlag: delFlagColumn(),
    ruleFlag: smallint('rule_flag').notNull().default(0),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
  },
  (t) => [
    index('sys_permission_parent_idx').on(t.parentId),
    index('sys_permission_component_idx').on(t.component),
  ],
);

export const sysRolePermission = rolePermissionTable('sys_role_permission', {});

export const sysPermissionDataRule = auditedTable(
  'sys_permission_data_rule',
  {
    permissionId: idRef('permission_id').notNull(),
    ruleName: varchar('rule_name', { length: 50 }).notNull(),
    ruleColumn: varchar('rule_column', { length: 50 }).notNull(),
    ruleConditions: varchar('rule_conditions', { length: 50 }).notNull(),
    ruleValue: varchar('rule_value', { length: 300 }).notNull(),
    status: varchar('status', { length: 2 }).notNull().default('1'),
  },
  (t) => [index('sys_permission_data_rule_perm_idx').on(t.permissionId)],
);

export const sysDepart = auditedTable(
  'sys_depart',
  {
    parentId: idRef('parent_id'),
    departName: varchar('depart_name', { length: 100 }).notNull(),
    departNameEn: varchar('depart_name_en', { length: 500 }),
    departNameAbbr: varchar('depart_name_abbr', { length: 500 }),
    departOrder: integer('depart_order').default(0),
    description: text('description'),
    /** 1 company, 2 organisation, 3 post. */
    orgCategory: varchar('org_category', { length: 10 }).default('1'),
    /** 1 top level, 2 child. */
    orgType: varchar('org_type', { length: 10 }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    mobile: varchar('mobile', { length: 32 }),
    fax: varchar('fax', { length: 32 }),
    address: varchar('address', { length: 100 }),
    memo: varchar('memo', { length: 500 }),
    status: varchar('status', { length: 1 }).default('1'),
    delFlag: delFlagColumn(),
    tenantId: tenantIdColumn(),
  },
  (t) => [
    uniqueIndex('sys_depart_org_code_uidx').on(t.orgCode),
    index('sys_depart_parent_idx').on(t.parentId),
  ],
);

export const sysUserDepart = linkTable(
  'sys_user_depart',
  { userId: 'user_id', depId: 'dep_id' },
  { reverseIndex: 'sys_user_depart_dep_idx' },
);

export const sysPosition = codedTable('sys_position', {
  postRank: varchar('post_rank', { length: 2 }),
  companyId: varchar('company_id', { length: 255 }),
  tenantId: tenantIdColumn(),
});

export const sysDict = auditedTable(
  'sys_dict',
  {
    ...bilingualColumns('dictName', 100),
    dictCode: varchar('dict_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    delFlag: delFlagColumn(),
    /** 0 string values, 1 number values. */
    type: smallint('type').notNull().default(0),
  },
  (t) => [uniqueIndex('sys_dict_code_uidx').on(t.dictCode)],
);

export const sysDictItem = auditedTable(
  'sys_dict_item',
  {
    dictId: idRef('dict_id').notNull(),
    ...bilingualColumns('itemText', 100),
    itemValue: varchar('item_value', { length: 100 }).notNull(),
    itemColor: varchar('item_color', { length: 20 }),
    description: varchar('description', { length: 255 }),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('sys_dict_item_value_uidx').on(t.dictId, t.itemValue)],
);

export const sysAnnouncement = auditedTable(
  'sys_announcement',
  {
    /** Spelled so in the spec and the reference. */
    titile: varchar('titile', { length: 100 }).notNull(),
    msgContent: text('msg_content').notNull().default(''),
    msgAbstract: varchar('msg_abstract', { length: 500 }),
    startTime: tstz('start_time'),
    endTime: tstz('end_time'),
    sender: varchar('sender', { length: 100 }),
    priority: varchar('priority', { length: 1 }).notNull().default('L'),
    /** "1" notice, "2" system message. */
    msgCategory: varchar('msg_category', { length: 1 }).notNull().default('1'),
    /** ALL or USER. */
    msgType: varchar('msg_type', { length: 10 }).notNull().default('ALL'),
    userIds: text('user_ids'),
    /** 0 draft, 1 published, 2 revoked. */
    sendStatus: varchar('send_status', { length: 1 }).notNull().default('0'),
    sendTime: tstz('send_time'),
    cancelTime: tstz('cancel_time'),
    delFlag: delFlagColumn(),
    busType: varchar('bus_type', { length: 20 }),
    busId: varchar('bus_id', { length: 50 }),
    openType: varchar('open_type', { length: 20 }),
    openPage: varchar('open_page', { length: 255 }),
    tenantId: tenantIdColumn(),
  },
  (t) => [index('sys_announcement_status_idx').on(t.sendStatus, t.sendTime)],
);

export const sysAnnouncementSend = auditedTable(
  'sys_announcement_send',
  {
    anntId: idRef('annt_id').notNull(),
    userId: idRef('user_id').notNull(),
    readFlag: varchar('read_flag', { length: 1 }).notNull().default('0'),
    readTime: tstz('read_time'),
  },
  (t) => [
    uniqueIndex('sys_announcement_send_uidx').on(t.anntId, t.userId),
    index('sys_annt_send_user_idx').on(t.userId),
  ],
);
