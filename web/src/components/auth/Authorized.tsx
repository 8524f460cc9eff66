// Permission gating: a button not in the list is hidden, or disabled for type 2 permissions, over the contracts rules.
import { type AuthList, hasButtonPermission, hasPermission } from '@freight/contracts';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useCallback } from 'react';
import { usePermissions } from '../../stores/permissions';

export interface AuthorizedOptions {
  /** `meta.permissionList` of the current route (menu level, compared by prefix). */
  routePermissions?: AuthList;
}

/** `{ canShow(action), canUse(action) }`: button-list show/hide and type 2 enable/disable checks. */
export function useAuthorized(options: AuthorizedOptions = {}) {
  const auth = usePermissions((s) => s.auth);
  const allAuth = usePermissions((s) => s.allAuth);
  const loaded = usePermissions((s) => s.loaded);
  const { routePermissions } = options;
  const canShow = useCallback(
    (action?: string | null) => hasButtonPermission(action, auth, allAuth),
    [auth, allAuth],
  );
  const canUse = useCallback(
    (action?: string | null) =>
      hasPermission(action, { authList: loaded ? auth : null, allAuthList: allAuth, routePermissions }),
    [auth, allAuth, loaded, routePermissions],
  );
  return { canShow, canUse };
}

interface Props extends AuthorizedOptions {
  /** One code, or several separated by commas in the stored list. */
  action?: string | null;
  /** 'hide' (default) removes the child; 'disable' (type 2) disables it. */
  mode?: 'hide' | 'disable';
  children: ReactNode;
  fallback?: ReactNode;
}

export function Authorized({ action, mode = 'hide', routePermissions, children, fallback = null }: Props) {
  const { canShow, canUse } = useAuthorized({ routePermissions });
  if (mode === 'hide') return <>{canShow(action) ? children : fallback}</>;
  if (canUse(action)) return <>{children}</>;
  if (isValidElement(children))
    return cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true });
  return <>{fallback}</>;
}
