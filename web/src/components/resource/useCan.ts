// Button permission check for resource screens: `can('driver:add')`.
import { hasButtonPermission } from '@freight/contracts';
import { useCallback } from 'react';
import { usePermissions } from '../../stores/permissions';

export function useCan(): (code: string | undefined) => boolean {
  const auth = usePermissions((s) => s.auth);
  const allAuth = usePermissions((s) => s.allAuth);
  return useCallback((code) => hasButtonPermission(code, auth, allAuth), [auth, allAuth]);
}
