import { useSyncExternalStore } from 'react';

// antd's xs breakpoint. Grid.useBreakpoint answers only after the first render, and a ProTable keeps the
// column pinning of its first render, so the list reads the media query itself.
const PHONE_QUERY = '(max-width: 575.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is phone-narrow, right from the first render. */
export function usePhoneScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
