// The logged-in session: stored 7 days in localStorage, mirrored in a zustand store.
import {
  DEFAULT_TENANT_ID,
  type DictMap,
  type LoginResult,
  USER_TYPE,
  type UserInfo,
} from '@freight/contracts';
import { create } from 'zustand';
import { localCache, STORAGE_KEYS } from './storage';

export interface SessionState {
  token: string | null;
  username: string | null;
  userInfo: UserInfo | null;
  userType: number | null;
  cid: string | null;
  tenantId: string;
  cfg: Record<string, unknown> | null;
  dictItems: DictMap;
  /** Stores the login answer (token, user, dictionaries, userType, cid for 7 days). */
  login: (result: LoginResult) => void;
  setUserInfo: (info: UserInfo) => void;
  setDictItems: (dicts: DictMap) => void;
  setCfg: (cfg: Record<string, unknown>) => void;
  /** Forgets token, user and dictionary cache. */
  clear: () => void;
}

function readInitial() {
  return {
    token: localCache.get<string>(STORAGE_KEYS.token),
    username: localCache.get<string>(STORAGE_KEYS.username),
    userInfo: localCache.get<UserInfo>(STORAGE_KEYS.userInfo),
    userType: localCache.get<number>(STORAGE_KEYS.userType),
    cid: localCache.get<string>(STORAGE_KEYS.cid),
    tenantId: localCache.get<string>(STORAGE_KEYS.tenantId) ?? DEFAULT_TENANT_ID,
    cfg: localCache.get<Record<string, unknown>>(STORAGE_KEYS.cfg),
    dictItems: localCache.get<DictMap>(STORAGE_KEYS.dictItems) ?? {},
  };
}

export const useSession = create<SessionState>((set) => ({
  ...readInitial(),
  login: (r) => {
    localCache.set(STORAGE_KEYS.token, r.token);
    localCache.set(STORAGE_KEYS.username, r.userInfo.username);
    localCache.set(STORAGE_KEYS.userInfo, r.userInfo);
    localCache.set(STORAGE_KEYS.dictItems, r.sysAllDictItems ?? {});
    localCache.set(STORAGE_KEYS.userType, r.userType);
    localCache.set(STORAGE_KEYS.cid, r.cid);
    set({
      token: r.token,
      username: r.userInfo.username,
      userInfo: r.userInfo,
      dictItems: r.sysAllDictItems ?? {},
      userType: r.userType,
      cid: r.cid,
    });
  },
  setUserInfo: (info) => {
    localCache.set(STORAGE_KEYS.userInfo, info);
    set({ userInfo: info });
  },
  setDictItems: (dicts) => {
    localCache.set(STORAGE_KEYS.dictItems, dicts);
    set({ dictItems: dicts });
  },
  setCfg: (cfg) => {
    localCache.set(STORAGE_KEYS.cfg, cfg);
    set({ cfg });
  },
  clear: () => {
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.username,
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.dictItems,
      STORAGE_KEYS.userType,
      STORAGE_KEYS.cid,
      STORAGE_KEYS.cfg,
    ]) {
      localCache.remove(key);
    }
    set({ token: null, username: null, userInfo: null, userType: null, cid: null, cfg: null, dictItems: {} });
  },
}));

/** Whether the signed-in user is a customer's staff (who see only their customer's rows). */
export function useCustomerUser(): boolean {
  return useSession((s) => s.userType === USER_TYPE.customer || s.userType === USER_TYPE.customerAdmin);
}

/** Token as read by the request layer outside React. */
export function currentToken(): string | null {
  return useSession.getState().token;
}
