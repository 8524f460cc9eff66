import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The page scroll resets to top on each navigation (public pages; tabs restore their own). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
