// Session life cycle (spec §4): permission loading after login, logout that always completes.
import { assertMenuList } from '@freight/contracts';
import { usePermissions } from '../stores/permissions';
import { useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';
import { authApi } from './authApi';
import { feedback } from './feedback';
import { platformApi } from './platformApi';
import { errorText, isHttpFailure } from './request';

/** Fetches menu and permissions of the token; throws MSG.emptyMenu when the menu is empty. */
export async function loadPermissions(): Promise<void> {
  const result = await authApi.permissions();
  assertMenuList(result?.menu);
  usePermissions.getState().setPermissions(result);
  // The configuration object is stored for business pages (spec §7); its failure is not fatal.
  platformApi
    .config()
    .then((cfg) => useSession.getState().setCfg(cfg ?? {}))
    .catch(() => undefined);
}

/** Clears token, menu, dictionary cache and tabs locally. */
export function clearLocalSession(): void {
  useSession.getState().clear();
  usePermissions.getState().clear();
  useTabs.getState().reset();
}

/** Calls /sys/logout and completes even when it fails (the error is shown). */
export async function logout(): Promise<void> {
  const hadToken = Boolean(useSession.getState().token);
  try {
    if (hadToken) {
      const env = await authApi.logout();
      if (!env.success && env.message) feedback.message.error(env.message);
    }
  } catch (err) {
    // HTTP failures were already announced by the request layer.
    if (!isHttpFailure(err)) feedback.message.error(errorText(err));
  } finally {
    clearLocalSession();
  }
}

/** The login URL that brings the user back to `wanted` (spec §2). */
export function loginUrlFor(wanted: string): string {
  return `/user/login?redirect=${encodeURIComponent(wanted)}`;
}

/** Only same-site absolute paths are followed after login (no open redirect). */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/user/login')) return fallback;
  return value;
}
