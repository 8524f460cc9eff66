import { useEffect } from 'react';
import { platformApi } from '../services/platformApi';
import { platformName, usePlatform } from '../stores/platform';

/** Loads platform settings once (no token needed) into the platform store. */
export function useLoadPlatformSettings(): void {
  useEffect(() => {
    const { status, setStatus, set } = usePlatform.getState();
    if (status !== 'idle') return;
    setStatus('loading');
    platformApi
      .settings()
      .then((s) => set(s))
      .catch(() => setStatus('error'));
  }, []);
}

export function usePlatformName(): string {
  return platformName(usePlatform((s) => s.settings));
}
