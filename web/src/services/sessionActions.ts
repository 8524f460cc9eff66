// Session life cycle: permission loading after login, logout that always completes.
import { assertMenuList } from '@freight/contracts';
import { usePermissions } from '../stores/permissions';
import { useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';
import { authApi } from './authApi';
import { feedback } from './feedback';
import { platformApi } from './platformApi';
import { showFailure } from './request';

/** Fetches menu and permissions of the token; throws MSG.emptyMenu when the menu is empty. */
export async function loadPermissions(): Promise<void> {
  const result = await authApi.permissions();
  assertMenuList(result?.menu);
  usePermissions.getState().setPermissions(result);
  // The configuration object is stored for business pages; its failure is not fatal.
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

/** Set when logout sent the browser to the CAS logout: the login page then does not bounce back into CAS. */
export const SSO_LOGGED_OUT = 'SSO_LOGGED_OUT';

let leavingForSsoLogout = false;
/**
 * True in the document that is on its way to the CAS logout. Callers of logout navigate to the login page
 * meanwhile; that page must leave SSO_LOGGED_OUT for the one the browser opens on its way back from CAS.
 */
export const isLeavingForSsoLogout = () => leavingForSsoLogout;

/**
 * Calls /sys/logout and completes even when it fails (the error is shown). `keepRememberKey` (an expired
 * session) keeps this browser's remember-me key so the login page can sign in again with it.
 */
export async function logout(options: { keepRememberKey?: boolean } = {}): Promise<void> {
  const hadToken = Boolean(useSession.getState().token);
  let casLogoutUrl: string | undefined;
  try {
    if (hadToken) {
      const env = await authApi.logout(!options.keepRememberKey);
      if (!env.success && env.message) feedback.message.error(env.message);
      casLogoutUrl = env.result?.casLogoutUrl;
    }
  } catch (err) {
    // HTTP failures were already announced by the request layer.
    showFailure(err);
  } finally {
    clearLocalSession();
    // A session from CAS single sign-on ends at the CAS server too.
    if (casLogoutUrl) {
      sessionStorage.setItem(SSO_LOGGED_OUT, '1');
      leavingForSsoLogout = true;
      const service = `${window.location.origin}/user/login`;
      window.location.assign(`${casLogoutUrl}?service=${encodeURIComponent(service)}`);
    }
  }
}

/** Logout of an expired session (the 401 dialog): the remember-me key survives it. */
export const expiredLogout = () => logout({ keepRememberKey: true });

/** The login URL that brings the user back to `wanted`. */
export function loginUrlFor(wanted: string): string {
  return `/user/login?redirect=${encodeURIComponent(wanted)}`;
}

/** Only same-site absolute paths are followed after login (no open redirect). */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/user/login')) return fallback;
  return value;
}
