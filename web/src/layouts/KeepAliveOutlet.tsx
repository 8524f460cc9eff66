// Keeps visited tab pages mounted (hidden with display:none) so each keeps its filters, scroll and
// form input; the LRU in the tabs store bounds how many. Each page sees its own frozen location.
import { useLayoutEffect, useRef } from 'react';
import { type Location, Route, Routes, useLocation } from 'react-router';
import { findViewRoute, type ViewRoute } from '../app/menuRoutes';
import { PageActiveContext } from '../components/common/pageActive';
import { type TabEntry, useTabs } from '../stores/tabs';
import { PageHost } from './PageHost';

function locationOf(entry: TabEntry | undefined, key: string): Location {
  const full = entry?.fullPath ?? key;
  const url = new URL(full, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: `tab:${key}` };
}

/** Keys to render: the LRU plus the current page (before the store catches up). */
export function renderedKeys(alive: readonly string[], current: string, keepAlive: boolean): string[] {
  if (!keepAlive) return [current];
  return alive.includes(current) ? [...alive] : [...alive, current];
}

export function KeepAliveOutlet({
  routes,
  currentKey,
  keepAlive,
}: {
  routes: ViewRoute[];
  currentKey: string;
  keepAlive: boolean;
}) {
  const location = useLocation();
  const alive = useTabs((s) => s.alive);
  const tabs = useTabs((s) => s.tabs);
  const versions = useTabs((s) => s.versions);
  const scrolls = useRef(new Map<string, number>());
  const previous = useRef<string | null>(null);

  // Remember the scroll of the page being left; restore the one returned to, or top for a new page.
  useLayoutEffect(() => {
    const onScroll = () => {
      if (previous.current) scrolls.current.set(previous.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (previous.current === currentKey) return;
    previous.current = currentKey;
    window.scrollTo(0, keepAlive ? (scrolls.current.get(currentKey) ?? 0) : 0);
  }, [currentKey, keepAlive]);

  const keys = renderedKeys(alive, currentKey, keepAlive);
  return (
    <>
      {keys.map((key) => {
        const active = key === currentKey;
        const loc = active
          ? location
          : locationOf(
              tabs.find((t) => t.path === key),
              key,
            );
        const match = findViewRoute(routes, loc.pathname);
        if (!match) return null;
        return (
          <div
            key={`${key}#${versions[key] ?? 0}`}
            className="keep-alive-page"
            style={active ? undefined : { display: 'none' }}
            data-page-key={key}
            aria-hidden={!active}
          >
            <PageActiveContext.Provider value={active}>
              <Routes location={loc}>
                <Route path={match.route.path} element={<PageHost route={match.route} />} />
              </Routes>
            </PageActiveContext.Provider>
          </div>
        );
      })}
    </>
  );
}
