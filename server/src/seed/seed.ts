import { createHash } from 'node:crypto';
import { DEMO_PASSWORD, SIM_INSURER_CODE, USER_TYPE } from '@freight/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hyConfig, hySetting } from '../modules/apps/schema.ts';
import { finApprovalLimit } from '../modules/finance/schema.ts';
import { voucherAccounts } from '../modules/finance/vouchers.ts';
import { seedBanks } from '../modules/freight/banks.ts';
import { hyCaptain } from '../modules/freight/partySchema.ts';
import { hyAgent, hyCustomer, hyCustomerAdmin } from '../modules/freight/schema.ts';
import { insRate } from '../modules/insurance/schema.ts';
import { sysQuartzJob } from '../modules/system/adminSchema.ts';
import { DEFAULT_SMS_TEMPLATES } from '../modules/system/auth/smsTemplates.ts';
import { sysSmsTemplate } from '../modules/system/authSchema.ts';
import { seedDivisions } from '../modules/system/division/seed.ts';
import {
  sysAnnouncement,
  sysDepart,
  sysDict,
  sysDictItem,
  sysPermission,
  sysRole,
  sysRolePermission,
  sysTenant,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from '../modules/system/schema.ts';
import { hashPassword } from '../platform/auth/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { DICTIONARIES } from './dictionaries.ts';
import { MENU_NAMES_EN } from './menuNamesEn.ts';
import { MENU_TREE, type MenuSeed } from './menus.ts';

/** Ids derived from natural keys, so every seed run finds the rows an earlier run made. */
export const stableId = (kind: string, key: string) =>
  createHash('sha256').update(`${kind}:${key}`).digest('hex').slice(0, 32);

type PermissionInsert = typeof sysPermission.$inferInsert;

/** A row the seed writes: who created it is always the system. */
type SystemRow<T extends PgTable> = Omit<T['$inferInsert'], 'createBy'>;

/**
 * Inserts rows created by the system, given or made one from each item; a row already there (perhaps edited
 * since) is kept as it is.
 */
export async function insertBySystem<T extends PgTable>(
  db: Db,
  table: T,
  rows: SystemRow<T>[],
): Promise<void>;
export async function insertBySystem<T extends PgTable, I>(
  db: Db,
  table: T,
  items: readonly I[],
  rowOf: (item: I, index: number) => SystemRow<T>,
): Promise<void>;
export async function insertBySystem<T extends PgTable>(
  db: Db,
  table: T,
  items: readonly unknown[],
  rowOf: (item: unknown, index: number) => SystemRow<T> = (row) => row as SystemRow<T>,
): Promise<void> {
  const values = items.map((item, i) => ({ ...rowOf(item, i), createBy: 'system' }) as T['$inferInsert']);
  await db.insert(table).values(values).onConflictDoNothing();
}

function flattenMenus(tree: MenuSeed[]): PermissionInsert[] {
  const rows: PermissionInsert[] = [];
  const walk = (items: MenuSeed[], parentId: string | null, depth: number) => {
    items.forEach((item, index) => {
      const id = stableId('menu', item.path);
      rows.push({
        id,
        parentId,
        name: item.name,
        nameEn: MENU_NAMES_EN[item.name] ?? null,
        url: item.url ?? item.path,
        component: item.url && item.external ? null : (item.component ?? null),
        componentName: null,
        redirect: item.redirect ?? null,
        menuType: depth === 0 ? 0 : 1,
        perms: item.perms ?? null,
        permsType: '1',
        sortNo: index + 1,
        icon: item.icon ?? null,
        route: item.route ?? true,
        leaf: !item.children?.length,
        keepAlive: item.keepAlive ?? true,
        hidden: item.hidden ?? false,
        internalOrExternal: item.external ?? false,
        status: '1',
        createBy: 'system',
      });
      item.buttons?.forEach((button, b) => {
        rows.push({
          id: stableId('button', button.perms),
          parentId: id,
          name: button.name,
          nameEn: MENU_NAMES_EN[button.name] ?? null,
          menuType: 2,
          perms: button.perms,
          permsType: '1',
          sortNo: b + 1,
          status: '1',
          createBy: 'system',
        });
      });
      if (item.children) walk(item.children, id, depth + 1);
    });
  };
  walk(tree, null, 0);
  return rows;
}

export const ALL_MENU_ROWS = flattenMenus(MENU_TREE);

const ROLES = [
  { code: 'admin', name: '系统管理员', description: '平台系统人员，拥有全部权限' },
  { code: 'customer', name: '货主', description: '货主员工' },
  { code: 'customer_admin', name: '货主管理员', description: '管理一个或多个货主' },
  { code: 'agent', name: '经纪人', description: '经纪人' },
  { code: 'captain', name: '车队长', description: '车队长：管理自己车队的司机和车辆，承接车队长订单' },
  {
    code: 'operations',
    name: '运营专员',
    description: '平台运营人员：审核司机车辆货主，调度订单运单，处理投诉',
  },
  { code: 'finance', name: '财务', description: '平台财务：钱包、账单、调账审批、付款复核' },
  { code: 'cashier', name: '出纳', description: '平台出纳：执行已复核的付款' },
] as const;

/** Agents and captains (brokers) see the same pages: their drivers, vehicles, orders and waybills. */
const BROKER_MENUS = [
  '/dashboard/analysis',
  '/dashboard/workplace',
  '/dashboard/monitor',
  '/order/list',
  '/shipping/list',
  '/wlhy/hydriver/HyDriverList',
  '/wlhy/hyvehicle/HyVehicleList',
  '/compliance/verification',
  '/map/realtime',
  '/isps/userAnnouncement',
  '/account/center',
  '/account/settings',
];

/** A shipper's menus; the shipper's admin also keeps the shipper's users and enterprise apps. */
const shipperMenus = (admin: boolean): string[] => [
  '/dashboard/analysis',
  '/dashboard/workplace',
  '/dashboard/monitor',
  '/shipping/list',
  '/shipping/contract',
  '/shipping/track',
  '/compliance/insurance',
  '/map/realtime',
  '/order/list',
  '/customer/address',
  '/customer/route',
  ...(admin ? ['/customer/user'] : []),
  '/customer/wallet',
  '/plateform/bill',
  '/plateform/invoice',
  '/statistics/list',
  '/statistics/report',
  ...(admin ? ['/apps/enterprise'] : []),
  '/isps/userAnnouncement',
  '/account/center',
  '/account/settings',
];

/** Menu paths (and their buttons) each non-admin role holds; a parent group comes with any child. */
const ROLE_MENUS: Record<Exclude<(typeof ROLES)[number]['code'], 'admin'>, string[]> = {
  customer: shipperMenus(false),
  customer_admin: shipperMenus(true),
  // Platform operations staff run the freight: parties and their review, orders, notes, tracks and
  // complaints; money (finance), regulator reporting and system administration stay with other roles.
  operations: [
    '/dashboard/analysis',
    '/dashboard/workplace',
    '/dashboard/monitor',
    '/order/list',
    '/customer/address',
    '/customer/route',
    '/plateform/cost/paylist',
    '/shipping/list',
    '/shipping/paylist',
    '/shipping/prepaylist',
    '/shipping/advancelist',
    '/shipping/contract',
    '/shipping/audit',
    '/shipping/history',
    '/shipping/track',
    '/shipping/daoda',
    '/shipping/complaint',
    '/shipping/evaluation',
    '/wlhy/hydriver/HyDriverList',
    '/wlhy/hydriverbank/HyDriverBankList',
    '/wlhy/hyvehicle/HyVehicleList',
    '/wlhy/hycarrier/HyCarrierList',
    '/wlhy/hycaptain/HyCaptainList',
    '/wlhy/hybank/HyBankList',
    '/compliance/verification',
    '/customer/manager',
    '/customer/user',
    '/customer/agent',
    '/risk/list',
    '/risk/warning',
    // Operations confirm the warnings that become violations, and decide the carriers' appeals.
    '/risk/violation',
    '/plateform/invoice',
    '/compliance/insurance',
    '/map/realtime',
    '/map/track',
    '/statistics/list',
    '/statistics/report',
    '/statistics/business',
    '/screen/data',
    '/isps/userAnnouncement',
    '/account/center',
    '/account/settings',
  ],
  // Finance reviews payouts, keeps wallets, bills and adjustments; the cashier executes reviewed payouts.
  finance: [
    '/dashboard/analysis',
    '/dashboard/workplace',
    '/shipping/list',
    '/shipping/paylist',
    '/shipping/prepaylist',
    '/shipping/advancelist',
    '/customer/wallet',
    '/plateform/cost/paylist',
    '/plateform/payout',
    '/plateform/cost/list',
    '/plateform/wallet',
    '/plateform/walletConfig',
    '/plateform/bill',
    '/plateform/adjustment',
    '/plateform/invoice',
    '/plateform/tax',
    '/plateform/etc',
    '/plateform/gas',
    '/plateform/voucher',
    '/plateform/voucherAccount',
    '/compliance/insurance',
    '/compliance/insuranceRate',
    '/report/tax',
    '/risk/loss',
    '/statistics/list',
    '/statistics/report',
    '/statistics/business',
    '/screen/finance',
    '/isps/userAnnouncement',
    '/account/center',
    '/account/settings',
  ],
  cashier: [
    '/dashboard/analysis',
    '/dashboard/workplace',
    '/shipping/paylist',
    '/customer/wallet',
    '/plateform/cost/paylist',
    '/plateform/payout',
    '/plateform/wallet',
    '/isps/userAnnouncement',
    '/account/center',
    '/account/settings',
  ],
  agent: BROKER_MENUS,
  // The violations of the fleet's waybills: a deduction's notice and its appeal.
  captain: [...BROKER_MENUS, '/risk/violation'],
};

/**
 * Agents and captains register and keep their own drivers and vehicles; reviews, deletion, bulk import,
 * whole personal numbers and order deletion are platform duties.
 */
const BROKER_EXCLUDED_BUTTONS = [
  'shipping:track:pull',
  'driver:review',
  'driver:delete',
  'driver:batch_delete',
  'driver:import',
  'driver:sensitive',
  'vehicle:review',
  'vehicle:delete',
  'vehicle:batch_delete',
  'vehicle:import',
  'vehicle:sensitive',
  'order:delete',
  'order:batch_delete',
  'order:import',
  // Checks are asked by the platform; a broker reads its own drivers' and vehicles' results.
  'compliance:verification:recheck',
  'compliance:verification:override',
  'compliance:verification:liveness',
  // A broker appeals a deduction; staff decide the appeal.
  'risk:violation:decide',
];

/** Money buttons of platform staff that customer users do not get with the wallet and bill pages. */
const CUSTOMER_EXCLUDED = [
  // Driver tax is the platform's (its saved report names no customer; a shipper could not run it anyway).
  'statistics:report:tax',
  'customer:wallet:recharge',
  'customer:wallet:approve',
  'customer:wallet:freeze',
  'finance:bill:add',
  'finance:bill:send',
  'finance:bill:adjust',
  'finance:bill:pay',
  'finance:bill:close',
  // A shipper applies for its invoices; issuing, rejecting, delivering and red letters are the platform's.
  'finance:invoice:issue',
  'finance:invoice:reject',
  'finance:invoice:deliver',
  'finance:invoice:redLetter',
  // A shipper reads, downloads and verifies its contracts; the platform signs them.
  'shipping:contract:sign',
  'shipping:contract:clause',
  // A shipper insures and cancels its own waybills' cargo; claims are reported by the platform.
  'compliance:insurance:claim',
];
/** Buttons a role does not get with its pages: operations see what is due for payment, finance pays it. */
const TRACK_SOURCE_BUTTONS = [
  ...['list', 'add', 'edit', 'delete'].map((a) => `shipping:track:source:${a}`),
  // Pulling from the national vehicle platform writes track points too.
  'shipping:track:pull',
];
const ROLE_EXCLUDED_BUTTONS: Partial<Record<keyof typeof ROLE_MENUS, string[]>> = {
  // Operations submit payout requests (待付款); finance reviews them and the cashier pays.
  operations: [
    'shipping:pay:pay',
    'shipping:prepay:pay',
    'shipping:advance:pay',
    // Tax reports are finance's.
    'statistics:report:tax',
    // Approving over a failed identity or certificate check is a senior role's decision.
    'compliance:verification:override',
  ],
  finance: ['finance:payout:execute'],
  cashier: [
    'finance:payout:submit',
    'finance:payout:review',
    'finance:payout:limit',
    'shipping:pay:pay',
    'customer:wallet:recharge',
    'customer:wallet:approve',
    'customer:wallet:freeze',
    'finance:wallet:import',
  ],
  // Shippers read tracks; the sources that write them are platform business.
  customer: [...CUSTOMER_EXCLUDED, ...TRACK_SOURCE_BUTTONS],
  customer_admin: [...CUSTOMER_EXCLUDED, ...TRACK_SOURCE_BUTTONS],
  agent: BROKER_EXCLUDED_BUTTONS,
  captain: BROKER_EXCLUDED_BUTTONS,
};

/** Cargo class, rate in 万分之, minimum premium in fen (1900 其他 serves every class without a rate). */
const DEFAULT_INSURANCE_RATES: Array<[string, number, number]> = [
  ['1900', 3, 500],
  ['0100', 2, 500],
  ['0400', 2, 500],
  ['1100', 3, 500],
  ['1200', 5, 1000],
  ['1701', 8, 1000],
];

/** Default payout approval limits per role (fin_approval_limit); a role without a row has no limit. */
const APPROVAL_LIMITS = [
  { roleCode: 'finance', step: 'review', maxFen: 100_000_000 },
  { roleCode: 'cashier', step: 'execute', maxFen: 50_000_000 },
];

const PLATFORM_SETTINGS: Record<string, string> = {
  web_platform_name: '智运通网络货运平台',
  platform_logo_light: '/brand/logo-light.svg',
  platform_logo_dark: '/brand/logo-dark.svg',
  logo_title: '智运通',
  vehicle_track_switch: '1',
  bg: '/brand/login-bg.svg',
  footer_address: '江苏省南京市建邺区江东中路 108 号',
  footer_customer_service: '400-820-2026',
  footer_company_name: '南京智运通供应链科技有限公司',
  footer_company_name_link: 'https://beian.miit.gov.cn/',
  footer_web_record_number: '苏ICP备2026000001号-1',
  footer_ICP_number: '苏B2-20260001',
  gd_web: '',
  gd_web_security: '',
};

/** Business configuration: value and what it means; all of these are numbers. */
const CONFIG: Record<string, [string, string]> = {
  service_rate_bp: ['600', '默认服务费率（万分比）'],
  invoice_tax_rate_bp: ['900', '运输服务增值税率（万分比）'],
  driver_invoice_tax_rate_bp: ['100', '代开司机发票征收率（万分比）'],
  oil_card_max_ratio_bp: ['3000', '油卡占运费上限（万分比）'],
  loss_default_allowance_per_mille: ['3', '默认合理损耗（千分比）'],
  password_max_age_days: ['90', '密码最长有效天数'],
};

const DEPARTS = [
  { orgCode: 'A01', name: '智运通平台', parent: null },
  { orgCode: 'A01A01', name: '运营部', parent: 'A01' },
  { orgCode: 'A01A02', name: '财务部', parent: 'A01' },
  { orgCode: 'A01A03', name: '风控部', parent: 'A01' },
] as const;

const CUSTOMERS = [
  {
    key: 'east-steel',
    name: '华东钢铁贸易有限公司',
    creditCode: '91320000MA1MX0C45P',
    contact: '王建国',
    mobile: '13851234567',
    settleMode: 3,
    creditDays: 30,
    state: 2,
  },
  {
    key: 'luxi-chem',
    name: '鲁西化工物流有限公司',
    creditCode: '91371500MA3C4QBK5D',
    contact: '刘海涛',
    mobile: '13905351234',
    settleMode: 2,
    creditDays: 7,
    state: 2,
  },
  {
    key: 'hengda-build',
    name: '苏州恒达建材有限公司',
    creditCode: '91320506MA1P7C3E9D',
    contact: '陈晓梅',
    mobile: '13962112345',
    settleMode: 1,
    creditDays: 0,
    state: 2,
  },
  {
    key: 'hefei-grain',
    name: '合肥丰收粮油贸易有限公司',
    creditCode: '91340100MA2U8D7G2W',
    contact: '周立群',
    mobile: '13805511234',
    settleMode: 1,
    creditDays: 0,
    state: 1,
  },
] as const;

/** System data every installation needs (tenant, dictionaries, menus, roles, settings). Safe to run on every start. */
export async function seedSystem(db: Db): Promise<void> {
  await insertBySystem(db, sysTenant, [{ id: 0, name: '平台', status: 1 }]);
  await seedDivisions(db);

  for (const dict of DICTIONARIES) {
    const dictId = stableId('dict', dict.code);
    await insertBySystem(db, sysDict, [
      {
        id: dictId,
        dictCode: dict.code,
        dictName: dict.name,
        dictNameEn: dict.nameEn,
      },
    ]);
    await insertBySystem(db, sysDictItem, dict.items, ([value, text, textEn, color], i) => ({
      id: stableId('dict-item', `${dict.code}:${value}`),
      dictId,
      itemValue: value,
      itemText: text,
      itemTextEn: textEn,
      itemColor: color ?? null,
      sortOrder: i + 1,
    }));
  }

  for (let i = 0; i < ALL_MENU_ROWS.length; i += 200) {
    await db
      .insert(sysPermission)
      .values(ALL_MENU_ROWS.slice(i, i + 200))
      // A database seeded before English names existed gets them; a name an admin set is kept.
      .onConflictDoUpdate({
        target: sysPermission.id,
        set: { nameEn: sql`coalesce(${sysPermission.nameEn}, excluded.name_en)` },
      });
  }

  await insertBySystem(db, sysRole, ROLES, (role) => ({
    id: stableId('role', role.code),
    roleCode: role.code,
    roleName: role.name,
    description: role.description,
  }));
  // The system staff role holds every permission, including ones a newer version adds.
  const adminRoleId = stableId('role', 'admin');
  const everyPermission = await db.select({ id: sysPermission.id }).from(sysPermission);
  for (let i = 0; i < everyPermission.length; i += 200) {
    await db
      .insert(sysRolePermission)
      .values(everyPermission.slice(i, i + 200).map((p) => ({ roleId: adminRoleId, permissionId: p.id })))
      .onConflictDoNothing();
  }
  const byPath = new Map(ALL_MENU_ROWS.filter((r) => r.menuType !== 2).map((r) => [r.url as string, r]));
  for (const [roleCode, paths] of Object.entries(ROLE_MENUS)) {
    const ids = new Set<string>();
    for (const path of paths) {
      const row = byPath.get(path);
      if (!row?.id) continue;
      ids.add(row.id);
      if (row.parentId) ids.add(row.parentId);
      const excluded = ROLE_EXCLUDED_BUTTONS[roleCode as keyof typeof ROLE_MENUS] ?? [];
      for (const button of ALL_MENU_ROWS)
        if (
          button.menuType === 2 &&
          button.parentId === row.id &&
          button.id &&
          !excluded.includes(String(button.perms))
        )
          ids.add(button.id);
    }
    const roleId = stableId('role', roleCode);
    await db
      .insert(sysRolePermission)
      .values([...ids].map((permissionId) => ({ roleId, permissionId })))
      .onConflictDoNothing();
  }

  await insertBySystem(db, sysDepart, DEPARTS, (depart) => ({
    id: stableId('depart', depart.orgCode),
    orgCode: depart.orgCode,
    departName: depart.name,
    parentId: depart.parent ? stableId('depart', depart.parent) : null,
    orgType: depart.parent ? '2' : '1',
    orgCategory: depart.parent ? '2' : '1',
    departOrder: 0,
  }));

  await insertBySystem(db, hySetting, Object.entries(PLATFORM_SETTINGS), ([settingKey, settingValue]) => ({
    settingKey,
    settingValue,
  }));
  await insertBySystem(db, hyConfig, Object.entries(CONFIG), ([configKey, [configValue, description]]) => ({
    configKey,
    valueType: 'number',
    configValue,
    description,
  }));

  // Message templates of the verification codes; an edited template is never overwritten.
  await insertBySystem(db, sysSmsTemplate, DEFAULT_SMS_TEMPLATES, (t) => ({
    id: stableId('sms-template', t.templateCode),
    templateCode: t.templateCode,
    templateName: t.templateName,
    templateContent: t.templateContent,
    templateType: '1',
    templateTestJson: '{"code":"123456"}',
  }));

  // The banks driver cards are opened at.
  await seedBanks(db);

  // The 科目 mapping of the accounting vouchers (凭证科目), edited on its screen.
  await voucherAccounts(db, 0);

  // Default cargo-insurance premium rates (万分之), edited on the 保险费率 screen.
  await insertBySystem(db, insRate, DEFAULT_INSURANCE_RATES, ([cargoType, rateBp, minPremiumFen]) => ({
    id: stableId('ins-rate', cargoType),
    cargoType,
    insurerCode: SIM_INSURER_CODE,
    rateBp,
    minPremiumFen,
  }));

  await db
    .insert(finApprovalLimit)
    .values(APPROVAL_LIMITS.map((l) => ({ ...l, updateBy: 'system' })))
    .onConflictDoNothing();

  // The scheduled jobs of the code; an administrator's later changes (cron, status) are kept.
  await insertBySystem(db, sysQuartzJob, SYSTEM_JOBS, (job) => ({
    id: stableId('quartz-job', job.jobClassName),
    ...job,
  }));
}

/** purgeExpiredSessions runs every hour, the log seal and archive on their own; the others wait for an administrator. */
const SYSTEM_JOBS = [
  {
    jobClassName: 'purgeExpiredSessions',
    cronExpression: '0 0 * * * ?',
    parameter: '{}',
    description: '每小时清理过期的令牌、验证码和登录失败记录',
    status: 0,
  },
  {
    jobClassName: 'refreshCounters',
    cronExpression: '0 */5 * * * ?',
    parameter: '{}',
    description: '每5分钟计算顶栏待办计数',
    status: -1,
  },
  {
    jobClassName: 'sendQueuedMessages',
    cronExpression: '0 * * * * ?',
    parameter: '{"batchSize":100}',
    description: '每分钟发送队列中的消息',
    status: -1,
  },
  {
    jobClassName: 'sealLogs',
    cronExpression: '30 * * * * ?',
    parameter: '{}',
    description: '每分钟把新日志接入当月的哈希链',
    status: 0,
  },
  {
    jobClassName: 'archiveLogs',
    cronExpression: '0 30 2 * * ?',
    parameter: '{}',
    description: '每天把在线期（至少6个月）之前的日志月份压缩归档',
    status: 0,
  },
];

interface DemoUser {
  username: string;
  realname: string;
  userType: number;
  role: string;
  cid?: string;
  departs?: string[];
  phone: string;
}

/** The demo accounts of the developers' guide (password Freight#2026) and the parties they belong to. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  await insertBySystem(db, hyCustomer, CUSTOMERS, (c) => ({
    id: stableId('customer', c.key),
    customerName: c.name,
    creditCode: c.creditCode,
    contactName: c.contact,
    contactMobile: c.mobile,
    settleMode: c.settleMode,
    creditDays: c.creditDays,
    state: c.state,
    invoiceTitle: c.name,
    invoiceTaxNo: c.creditCode,
  }));
  /** An approved agent's or captain's identity and fee rule. */
  const commissioned = (idCard: string, mobile: string, feeMode: number, feeValue: number) => ({
    idCard,
    mobile,
    feeMode,
    feeValue,
    state: 2,
  });
  const agentId = stableId('agent', 'agent01');
  await insertBySystem(db, hyAgent, [
    { id: agentId, agentName: '赵志强', ...commissioned('320102198503154714', '13770881234', 2, 5000) },
  ]);
  const captainId = stableId('captain', 'captain01');
  await insertBySystem(db, hyCaptain, [
    { id: captainId, captainName: '孙立军', ...commissioned('320106198207112419', '13912345678', 1, 300) },
  ]);

  const users: DemoUser[] = [
    {
      username: 'admin',
      realname: '平台管理员',
      userType: USER_TYPE.system,
      role: 'admin',
      departs: ['A01', 'A01A01'],
      phone: '13800000001',
    },
    {
      username: 'operations01',
      realname: '刘婷',
      userType: USER_TYPE.system,
      role: 'operations',
      departs: ['A01A01'],
      phone: '13800000002',
    },
    {
      username: 'shipper_admin',
      realname: '王建国',
      userType: USER_TYPE.customerAdmin,
      role: 'customer_admin',
      cid: stableId('customer', 'east-steel'),
      phone: '13851234567',
    },
    {
      username: 'shipper',
      realname: '陈晓梅',
      userType: USER_TYPE.customer,
      role: 'customer',
      cid: stableId('customer', 'hengda-build'),
      phone: '13962112345',
    },
    {
      username: 'agent01',
      realname: '赵志强',
      userType: USER_TYPE.agent,
      role: 'agent',
      cid: agentId,
      phone: '13770881234',
    },
    {
      username: 'captain01',
      realname: '孙立军',
      userType: USER_TYPE.captain,
      role: 'captain',
      cid: captainId,
      phone: '13912345678',
    },
  ];
  const existing = new Set(
    (
      await db
        .select({ username: sysUser.username })
        .from(sysUser)
        .where(
          inArray(
            sysUser.username,
            users.map((u) => u.username),
          ),
        )
    ).map((u) => u.username),
  );
  const password = existing.size < users.length ? await hashPassword(DEMO_PASSWORD) : '';
  for (const user of users) {
    const id = stableId('user', user.username);
    if (!existing.has(user.username)) {
      await db.insert(sysUser).values({
        id,
        username: user.username,
        realname: user.realname,
        password,
        passwordChangedAt: new Date(),
        userType: user.userType,
        cid: user.cid ?? null,
        phone: user.phone,
        orgCode: user.departs?.[0] ?? null,
        status: 1,
        createBy: 'system',
      });
    }
    await db
      .insert(sysUserRole)
      .values({ userId: id, roleId: stableId('role', user.role) })
      .onConflictDoNothing();
    for (const orgCode of user.departs ?? []) {
      await db
        .insert(sysUserDepart)
        .values({ userId: id, depId: stableId('depart', orgCode) })
        .onConflictDoNothing();
    }
  }
  const shipperAdminId = stableId('user', 'shipper_admin');
  for (const key of ['east-steel', 'luxi-chem']) {
    await db
      .insert(hyCustomerAdmin)
      .values({ userId: shipperAdminId, customerId: stableId('customer', key) })
      .onConflictDoNothing();
  }

  const [welcome] = await db
    .select({ id: sysAnnouncement.id })
    .from(sysAnnouncement)
    .where(eq(sysAnnouncement.id, stableId('annt', 'welcome')));
  if (!welcome) {
    const now = new Date();
    await db.insert(sysAnnouncement).values([
      {
        id: stableId('annt', 'welcome'),
        titile: '平台上线通知',
        msgContent:
          '<p>智运通网络货运平台后台已上线。运单、司机、车辆、货主、结算与监管上报均在此办理。</p><p>如有问题请联系客服 <b>400-820-2026</b>。</p>',
        msgAbstract: '平台后台已上线',
        sender: '平台管理员',
        priority: 'H',
        msgCategory: '1',
        msgType: 'ALL',
        sendStatus: '1',
        sendTime: now,
        createBy: 'admin',
      },
      {
        id: stableId('annt', 'report-rule'),
        titile: '监管上报规则更新',
        msgContent:
          '<p>自本月起，电子运单须在卸货签收后 24 小时内上报省级监测系统，资金流水单在每笔支付完成后上报。</p>',
        msgAbstract: '运单与资金流水上报时限',
        sender: '风控部',
        priority: 'M',
        msgCategory: '2',
        msgType: 'ALL',
        sendStatus: '1',
        sendTime: new Date(now.getTime() - 3_600_000),
        openType: 'url',
        openPage: '/shipping/list',
        createBy: 'admin',
      },
    ]);
  }
}
