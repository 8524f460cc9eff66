import { HEADER_AUTO_HIDE_SCROLL_PX } from '@freight/contracts';
import { useEffect, useState } from 'react';

/** Hide-on-scroll: past 100 px, scrolling down hides the fixed header, scrolling up shows it. */
export function useHeaderAutoHide(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    let ticking = false;
    const onScroll = () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => {
        const y = window.scrollY;
        setHidden(y > HEADER_AUTO_HIDE_SCROLL_PX && y > last);
        last = y;
        ticking = false;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}
