// The end of every way in: store the session, keep or drop the remember-me key, then
// continue to the redirect path — also across a trip to a CAS server or a third-party provider.
import { HOME_PATH, type LoginResult, MSG } from '@freight/contracts';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { rememberKey } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { safeRedirect } from '../../services/sessionActions';
import { applyUserLanguage } from '../../services/userLanguage';
import { usePermissions } from '../../stores/permissions';
import { useSession } from '../../stores/session';

const TRIP_REDIRECT = 'LOGIN_TRIP_REDIRECT';

/** Keeps the redirect path while the browser visits a provider that cannot carry it back. */
export function stashRedirect(redirect: string | null): void {
  if (redirect) sessionStorage.setItem(TRIP_REDIRECT, redirect);
  else sessionStorage.removeItem(TRIP_REDIRECT);
}

export function useCompleteLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');

  return useCallback(
    (result: LoginResult & { rememberKey?: string }, options: { remember?: boolean } = {}) => {
      const target = safeRedirect(redirect ?? sessionStorage.getItem(TRIP_REDIRECT), HOME_PATH);
      sessionStorage.removeItem(TRIP_REDIRECT);
      usePermissions.getState().clear();
      useSession.getState().login(result);
      // The language the user saved (header or 个人设置) follows them to every browser.
      void applyUserLanguage(result.userInfo).catch(() => undefined);
      // A login with the box unticked forgets an older key of this browser; a rotated key replaces it.
      if (result.rememberKey) rememberKey.set(result.rememberKey);
      else if (options.remember === false) rememberKey.set(null);
      feedback.message.success(MSG.loginOk);
      navigate(target, { replace: true });
    },
    [navigate, redirect],
  );
}
