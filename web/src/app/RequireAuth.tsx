// Guard of every non-public route: no token -> login with redirect; first navigation after
// login loads menu and permissions, then continues; a failed load logs out and returns to login.
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FullPageSpin } from '../components/status/FullPageSpin';
import { isPageLeaving, showFailure } from '../services/request';
import { loadPermissions, loginUrlFor, logout } from '../services/sessionActions';
import { usePermissions } from '../stores/permissions';
import { useSession } from '../stores/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const loaded = usePermissions((s) => s.loaded);
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const wanted = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (!token || loaded || loading) return;
    setLoading(true);
    loadPermissions()
      .catch(async (err: unknown) => {
        // A load cut off by leaving the page is no failure: logging out then would end the session the
        // next page is about to use.
        if (isPageLeaving()) return;
        showFailure(err);
        await logout();
        navigate(loginUrlFor(wanted), { replace: true });
      })
      .finally(() => setLoading(false));
  }, [token, loaded, loading, navigate, wanted]);

  if (!token) return <Navigate to={loginUrlFor(wanted)} replace />;
  if (!loaded) return <FullPageSpin tip={t('page.permissionLoading')} />;
  return <>{children}</>;
}

/**
 * A logged-in user opening the login page goes to the dashboard. Only a token present when the page
 * opened counts: a token that arrives from the login form is followed by the form's own navigation to its
 * `redirect`, which this guard must not overtake.
 */
export function RedirectIfAuthed({ children, to }: { children: ReactNode; to: string }) {
  const [authedOnArrival] = useState(() => Boolean(useSession.getState().token));
  if (authedOnArrival) return <Navigate to={to} replace />;
  return <>{children}</>;
}
