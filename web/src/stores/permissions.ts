// Menu and authority lists of the current token: kept in sessionStorage and in memory.
import type { MenuItem, PermissionEntry, PermissionResult } from '@freight/contracts';
import { create } from 'zustand';
import { STORAGE_KEYS, sessionCache } from './storage';

export interface PermissionState {
  /** True once the menu was fetched for this page load (first navigation after login). */
  loaded: boolean;
  menu: MenuItem[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  codes: string[];
  setPermissions: (result: PermissionResult) => void;
  clear: () => void;
}

export const usePermissions = create<PermissionState>((set) => ({
  loaded: false,
  menu: sessionCache.get<MenuItem[]>(STORAGE_KEYS.menu) ?? [],
  auth: sessionCache.get<PermissionEntry[]>(STORAGE_KEYS.auth) ?? [],
  allAuth: sessionCache.get<PermissionEntry[]>(STORAGE_KEYS.allAuth) ?? [],
  codes: sessionCache.get<string[]>(STORAGE_KEYS.codes) ?? [],
  setPermissions: (r) => {
    sessionCache.set(STORAGE_KEYS.menu, r.menu);
    sessionCache.set(STORAGE_KEYS.auth, r.auth ?? []);
    sessionCache.set(STORAGE_KEYS.allAuth, r.allAuth ?? []);
    sessionCache.set(STORAGE_KEYS.codes, r.codes ?? []);
    set({ loaded: true, menu: r.menu, auth: r.auth ?? [], allAuth: r.allAuth ?? [], codes: r.codes ?? [] });
  },
  clear: () => {
    for (const key of [STORAGE_KEYS.menu, STORAGE_KEYS.auth, STORAGE_KEYS.allAuth, STORAGE_KEYS.codes]) {
      sessionCache.remove(key);
    }
    set({ loaded: false, menu: [], auth: [], allAuth: [], codes: [] });
  },
}));
