// Local storage with an expiry, as the session lives 7 days (SESSION_TTL_MS).
import { SESSION_TTL_MS } from '@freight/contracts';

interface Stored<T> {
  value: T;
  expire: number | null;
}

export const STORAGE_KEYS = {
  token: 'Access-Token',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  dictItems: 'UI_CACHE_DB_DICT_DATA',
  userType: 'Login_UserType',
  cid: 'Login_Cid',
  tenantId: 'TENANT_ID',
  cfg: 'Login_Cfg',
  settings: 'APP_THEME_SETTINGS',
  collapsed: 'SIDEBAR_COLLAPSED',
  language: 'APP_LANGUAGE',
  menu: 'PERMISSION_MENU',
  auth: 'LOGIN_USER_BUTTON_AUTH',
  allAuth: 'SYS_BUTTON_AUTH',
  codes: 'PERMISSION_CODES',
} as const;

function now(): number {
  return Date.now();
}

/** Stores `value` as JSON; quota or privacy mode refuse it, and it then lives in memory only. */
function keep(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // refused: the caller's state in memory is what remains
  }
}

export const localCache = {
  set<T>(key: string, value: T, ttlMs: number | null = SESSION_TTL_MS): void {
    const entry: Stored<T> = { value, expire: ttlMs === null ? null : now() + ttlMs };
    keep(localStorage, key, entry);
  },
  get<T>(key: string): T | null {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    try {
      const entry = JSON.parse(raw) as Stored<T>;
      if (entry === null || typeof entry !== 'object' || !('value' in entry)) return null;
      if (entry.expire !== null && entry.expire < now()) {
        localStorage.removeItem(key);
        return null;
      }
      return entry.value;
    } catch {
      localStorage.removeItem(key);
      return null;
    }
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
};

export const sessionCache = {
  set<T>(key: string, value: T): void {
    keep(sessionStorage, key, value);
  },
  get<T>(key: string): T | null {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  remove(key: string): void {
    sessionStorage.removeItem(key);
  },
};
