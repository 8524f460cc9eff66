import { BREAKPOINT_MOBILE, BREAKPOINT_MOBILE_SIDER_CLOSED } from '@freight/contracts';
import { useSyncExternalStore } from 'react';

function subscribe(query: string) {
  return (onChange: () => void) => {
    const mql = window.matchMedia(query);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  };
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribe(query),
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The layout breakpoints: below 1087.99px the menu moves into a drawer; below 767.99px it is a phone. */
export function useDevice(): { mobile: boolean; phone: boolean } {
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE}px)`);
  const phone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE_SIDER_CLOSED}px)`);
  return { mobile, phone };
}

/** The system's "reduce motion" setting: antd's open/close motions and chart animations are then skipped. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
