// Whether a path the user's menu does not route is a screen of the product they lack the permission for
// (403 inside the layout) or no screen at all (404).
import { useEffect, useState } from 'react';
import { api } from '../services/request';

export type PathAccess = 'routed' | 'checking' | 'denied' | 'unknown';

export function usePathAccess(unroutedPath: string | null): PathAccess {
  const [answer, setAnswer] = useState<{ path: string; exists: boolean } | null>(null);
  useEffect(() => {
    if (!unroutedPath) return;
    let live = true;
    api
      .get<{ exists: boolean }>('/sys/permission/pathExists', { path: unroutedPath })
      .then((result) => live && setAnswer({ path: unroutedPath, exists: result.exists }))
      .catch(() => live && setAnswer({ path: unroutedPath, exists: false }));
    return () => {
      live = false;
    };
  }, [unroutedPath]);
  if (!unroutedPath) return 'routed';
  if (answer?.path !== unroutedPath) return 'checking';
  return answer.exists ? 'denied' : 'unknown';
}
