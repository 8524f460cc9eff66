import { z } from 'zod';
import { MSG } from './messages.ts';
import { strongPassword } from './password.ts';

// Shapes of the calls, shared by the server routes and the console.

export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  column: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const loginBody = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(128),
  captcha: z.string().max(16).optional(),
  checkKey: z.string().max(64).optional(),
  remember_me: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
  color?: string;
  /** The text in the console's English mode. */
  textEn?: string;
}
export type DictMap = Record<string, DictItem[]>;

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  orgCode: string | null;
  phone: string | null;
  email: string | null;
  userType: number;
  cid: string | null;
  /** The console language the user saved (null: not chosen; the browser's choice stays). */
  language?: 'zh-CN' | 'en-US' | null;
}

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
  parentId: string | null;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  sysAllDictItems: DictMap;
  userType: number;
  cid: string | null;
  departs: Depart[];
  /** 0 none, 1 one (set automatically), 2 several (the console asks). */
  multi_depart: 0 | 1 | 2;
  /** The privacy policy this user has not accepted yet: the console asks before going on. */
  privacyConsent?: PrivacyConsentPrompt | null;
}

/** A published privacy-policy version a party user is asked to accept. */
export interface PrivacyConsentPrompt {
  version: string;
  title: string;
  content: string;
  publishedAt: string | null;
}

export interface MenuMeta {
  title: string;
  /** The title in English mode (sys_permission.name_en); absent shows `title`. */
  titleEn?: string;
  icon?: string;
  url?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName?: string;
  target?: string;
  hidden?: boolean;
  hideTab?: boolean;
  /** Permission code needed to see this route (absent = always allowed). */
  permission?: string;
  permissionList?: PermissionEntry[];
}

export interface MenuItem {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string;
  route: '0' | '1';
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuItem[];
}

export interface PermissionEntry {
  action: string;
  describe: string;
  /** "1" hide when missing, "2" disable when missing. */
  type: '1' | '2';
  status?: '0' | '1';
}

export interface PermissionResult {
  menu: MenuItem[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  /** Every permission code the user holds (menus and buttons), used by route guards. */
  codes: string[];
}

export interface PlatformSettings {
  web_platform_name: string;
  platform_logo_light: string;
  platform_logo_dark: string;
  logo_title: string;
  vehicle_track_switch: string;
  bg: string;
  footer_address: string;
  footer_customer_service: string;
  footer_company_name: string;
  footer_company_name_link: string;
  footer_web_record_number: string;
  footer_ICP_number: string;
  gd_web: string;
  /** AMap's security code (安全密钥), set beside the key for the JS API. */
  gd_web_security: string;
}

export interface CustomerOption {
  customerId: string;
  customerName: string;
  isUsed: 0 | 1;
}

export interface PendingCounts {
  sijiCount: number;
  cheCount: number;
  huozhuCount: number;
  yuejieZhangQi: number;
  pijieZhangQi: number;
  tangjieZhangQi: number;
  dianfuZq: number;
}

/** The counters with nothing pending: the answer before any counter adds its figure. */
export const NO_PENDING_COUNTS: Readonly<PendingCounts> = {
  sijiCount: 0,
  cheCount: 0,
  huozhuCount: 0,
  yuejieZhangQi: 0,
  pijieZhangQi: 0,
  tangjieZhangQi: 0,
  dianfuZq: 0,
};

export interface Announcement {
  id: string;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  sender: string | null;
  sendTime: string | null;
  createTime: string;
  priority: 'L' | 'M' | 'H';
  msgCategory: '1' | '2';
  openType: 'url' | 'component' | null;
  openPage: string | null;
  busId: string | null;
  readFlag?: '0' | '1';
}

export interface AnnouncementsByUser {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

export const updatePasswordBody = z
  .object({
    username: z.string().min(1, MSG.noLoginUser),
    oldpassword: z.string().min(1, MSG.oldPasswordRequired),
    password: strongPassword,
    confirmpassword: z.string().min(1, MSG.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmpassword, {
    message: MSG.passwordMismatch,
    path: ['confirmpassword'],
  });
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

export const selectDepartBody = z.object({
  orgCode: z.string().min(1, '请选择部门').max(64),
  username: z.string().max(64).optional(),
});

export const selectCustomerBody = z.object({ customerId: z.string().min(1).max(32) });

export const annIdBody = z.object({ anntId: z.string().min(1).max(32) });

export interface LoginInfo {
  todayVisitCount: number;
  todayIp: number;
  totalVisitCount: number;
}

export interface VisitDay {
  ymd: string;
  tian: string;
  visit: number;
  ip: number;
}
