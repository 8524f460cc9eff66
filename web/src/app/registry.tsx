// View registry: the server menu's `component` string -> a lazily loaded page (architecture: web).
// `X` resolves to pages/X.tsx or pages/X/index.tsx; unknown names give the "page not available" panel.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { withChunkTimeout } from './chunkLoad';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

const pageModules = import.meta.glob<PageModule>([
  '../pages/**/*.tsx',
  '!../pages/**/*.test.tsx',
  '!../pages/**/components/**',
]);

/** Online-form and online-report list screens; those without a page in ONLINE_PAGES are not installed yet. */
export const ONLINE_COMPONENTS = [
  'modules/online/cgform/OnlCgformHeadList',
  'modules/online/cgform/auto/OnlCgformAutoList',
  'modules/online/cgform/auto/OnlCgformCopyList',
  'modules/online/cgform/auto/OnlCgformTreeList',
  'modules/online/cgform/auto/erp/OnlCgformErpList',
  'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList',
  'modules/online/cgreport/OnlCgreportHeadList',
  'modules/online/cgreport/auto/OnlCgreportAutoList',
] as const;

/** Online components whose console page exists: menu component string -> page under pages/. */
export const ONLINE_PAGES: Readonly<Record<string, string>> = {
  'modules/online/cgform/OnlCgformHeadList': 'online/CgformHeadList',
  'modules/online/cgform/auto/OnlCgformAutoList': 'online/CgformAutoList',
  'modules/online/cgform/auto/OnlCgformCopyList': 'online/CgformCopyList',
  'modules/online/cgform/auto/OnlCgformTreeList': 'online/CgformTreeList',
  'modules/online/cgform/auto/erp/OnlCgformErpList': 'online/CgformErpList',
  'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList': 'online/CgformInnerTableList',
  'modules/online/cgreport/OnlCgreportHeadList': 'online/ReportList',
  'modules/online/cgreport/auto/OnlCgreportAutoList': 'online/ReportAutoList',
};

export const ROUTE_VIEW = 'layouts/RouteView';
export const IFRAME_VIEW = 'layouts/IframePageView';

/** Strips slashes, a `views/` prefix and a file extension from a menu component string. */
export function normalizeComponent(component: string | null | undefined): string {
  return (component ?? '')
    .trim()
    .replace(/^\/+/, '')
    .replace(/^views\//, '')
    .replace(/\.(tsx|jsx|vue)$/, '')
    .replace(/\/+$/, '');
}

/** The glob key of a component, or null when no page file exists. */
export function resolvePageKey(component: string, keys: Iterable<string>): string | null {
  const given = normalizeComponent(component);
  const name = ONLINE_PAGES[given] ?? given;
  if (!name) return null;
  const set = keys instanceof Set ? (keys as Set<string>) : new Set(keys);
  for (const candidate of [`../pages/${name}.tsx`, `../pages/${name}/index.tsx`]) {
    if (set.has(candidate)) return candidate;
  }
  return null;
}

export type ViewKind = 'page' | 'online' | 'routeView' | 'iframe' | 'missing';

export function classifyComponent(component: string, keys: Iterable<string>): ViewKind {
  const name = normalizeComponent(component);
  if (name === ROUTE_VIEW) return 'routeView';
  if (name === IFRAME_VIEW) return 'iframe';
  if (resolvePageKey(name, keys)) return 'page';
  if ((ONLINE_COMPONENTS as readonly string[]).includes(name)) return 'online';
  return 'missing';
}

const pageKeys = new Set(Object.keys(pageModules));
const cache = new Map<string, LazyExoticComponent<ComponentType>>();

export function viewKind(component: string): ViewKind {
  return classifyComponent(component, pageKeys);
}

/** The lazy page of a component string, or null when there is no such page. */
export function lazyPage(component: string): LazyExoticComponent<ComponentType> | null {
  const key = resolvePageKey(component, pageKeys);
  if (!key) return null;
  let page = cache.get(key);
  if (!page) {
    const load = pageModules[key] as Loader;
    page = lazy(() => withChunkTimeout(load()));
    cache.set(key, page);
  }
  return page;
}
