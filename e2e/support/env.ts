// Shared constants of the browser tests: server address, demo accounts, where files go.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
/** Screenshots the issue asks for, and the logged-in storage states (git-ignored). */
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Per port: runs on other ports (another server, another database) keep their own sessions. */
export const AUTH_DIR = path.join(ARTIFACTS_DIR, `.auth-${PORT}`);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const API_BASE = '/jeecg-boot';

/** Demo accounts of the seed (server/src/seed/seed.ts); all share one password. */
export const USERS = {
  admin: 'admin',
  /** Platform operations staff (role operations): freight work, no finance or system administration. */
  operations: 'operations01',
  shipperAdmin: 'shipper_admin',
  shipper: 'shipper',
  agent: 'agent01',
  captain: 'captain01',
} as const;
export type DemoUser = (typeof USERS)[keyof typeof USERS];
export const PASSWORD = 'Freight#2026';

export function authFile(user: DemoUser): string {
  return path.join(AUTH_DIR, `${user}.json`);
}

/** A browser context with nobody logged in. */
export const LOGGED_OUT = { cookies: [], origins: [] };

export const HOME_PATH = '/dashboard/analysis';
/** A built-in page that loads no data of its own: the cheapest way into the main layout. */
export const LIGHT_PAGE = '/account/center';
export const LOGIN_PATH = '/user/login';

/** Messages the console must show word for word (validation and request errors). */
export const TEXT = {
  forbidden: '拒绝访问',
  systemTip: '系统提示',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  expiredTitle: '登录已过期',
  expiredContent: '很抱歉，登录已过期，请重新登录',
  expiredButton: '重新登录',
  emptyMenu: 'getPermissionList: permissions must be a non-null array !',
  customerSwitched: '已切换指定货主',
  noDepartment: '您尚未设置部门信息!',
  cacheRefreshed: '刷新缓存完成！',
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  policy: '密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!',
  confirmRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
} as const;
