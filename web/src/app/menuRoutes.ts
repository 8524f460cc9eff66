// Routes built from the server menu. Pure: the menu in, a flat route table out.
import { HOME_PATH, type MenuItem } from '@freight/contracts';
import { matchPath } from 'react-router';

export interface Crumb {
  path: string;
  title: string;
}

export interface ViewRoute {
  id: string;
  path: string;
  name: string;
  component: string;
  title: string;
  icon?: string;
  keepAlive: boolean;
  hideTab: boolean;
  hidden: boolean;
  /** External address of an iframe page or a new-window link. */
  url?: string;
  /** True: the link opens in a new browser tab (internalOrExternal). */
  openInNewWindow: boolean;
  /** Parents redirect to their `redirect` or first visible child. */
  redirect?: string;
  /** Ancestors, outermost first (the breadcrumb starts with home, added by the layout). */
  parents: Crumb[];
}

export function isExternalUrl(value: string | undefined | null): boolean {
  return typeof value === 'string' && /^https?:\/\//i.test(value.trim());
}

function normalizePath(path: string): string {
  if (isExternalUrl(path)) return path;
  const p = `/${path.trim().replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return p || '/';
}

function firstChildPath(children: MenuItem[] | undefined): string | undefined {
  if (!children?.length) return undefined;
  const visible = children.find((c) => !c.hidden && !c.meta?.hidden) ?? children[0];
  return visible.children?.length ? (firstChildPath(visible.children) ?? visible.path) : visible.path;
}

/** The menu title in the console language: English mode shows `titleEn` where the menu has one. */
export function menuTitle(item: MenuItem, language = 'zh-CN'): string {
  const meta = item.meta;
  if (language.startsWith('en') && meta?.titleEn) return meta.titleEn;
  return meta?.title || item.name;
}

/** Flattens the (already permission-filtered) menu into routes; items with route flag '0' are skipped. */
export function buildViewRoutes(menu: readonly MenuItem[], language = 'zh-CN'): ViewRoute[] {
  const out: ViewRoute[] = [];
  const walk = (items: readonly MenuItem[], parents: Crumb[]) => {
    for (const item of items) {
      if (item.route === '0') continue;
      const meta = item.meta ?? { title: item.name, keepAlive: false, internalOrExternal: false };
      const path = normalizePath(item.path);
      const url = isExternalUrl(meta.url) ? meta.url : isExternalUrl(item.path) ? item.path : undefined;
      const title = menuTitle(item, language);
      const hasChildren = Boolean(item.children?.length);
      out.push({
        id: item.id,
        path,
        name: item.name,
        component: item.component ?? '',
        title,
        icon: meta.icon,
        keepAlive: Boolean(meta.keepAlive),
        hideTab: Boolean(meta.hideTab),
        hidden: Boolean(item.hidden || meta.hidden),
        url,
        openInNewWindow: Boolean(url && meta.internalOrExternal),
        redirect: hasChildren
          ? normalizePath(item.redirect || firstChildPath(item.children) || path)
          : undefined,
        parents,
      });
      if (hasChildren) walk(item.children ?? [], [...parents, { path, title }]);
    }
  };
  walk(menu, []);
  return out;
}

export interface RouteMatch {
  route: ViewRoute;
  params: Record<string, string | undefined>;
}

/** The route of a pathname: exact paths first, then patterns with parameters. */
export function findViewRoute(routes: readonly ViewRoute[], pathname: string): RouteMatch | null {
  const wanted = normalizePath(pathname);
  const exact = routes.find((r) => r.path === wanted && !isExternalUrl(r.path));
  if (exact) return { route: exact, params: {} };
  for (const route of routes) {
    if (!route.path.includes(':') && !route.path.includes('*')) continue;
    const m = matchPath({ path: route.path, end: true }, wanted);
    if (m) return { route, params: m.params };
  }
  return null;
}

/** Built-in routes every logged-in user has, even when the menu lacks them. */
const builtInRoutes = (english: boolean): ViewRoute[] => [
  builtIn(HOME_PATH, 'dashboard/Analysis', english ? 'Home' : '首页', 'DashboardOutlined'),
  builtIn('/exception/403', 'exception/403', '403'),
  builtIn('/exception/404', 'exception/404', '404'),
  builtIn('/exception/500', 'exception/500', '500'),
  builtIn('/account/center', 'account/center/Index', english ? 'Account center' : '个人中心'),
];

export const BUILT_IN_ROUTES: ViewRoute[] = builtInRoutes(false);

function builtIn(path: string, component: string, title: string, icon?: string): ViewRoute {
  return {
    id: `builtin:${path}`,
    path,
    name: component,
    component,
    title,
    icon,
    keepAlive: true,
    hideTab: false,
    hidden: true,
    openInNewWindow: false,
    parents: [],
  };
}

/** Menu routes first (they win), then built-ins the menu does not define. */
export function withBuiltIns(routes: readonly ViewRoute[], language = 'zh-CN'): ViewRoute[] {
  const known = new Set(routes.map((r) => r.path));
  const builtIns = language.startsWith('en') ? builtInRoutes(true) : BUILT_IN_ROUTES;
  return [...routes, ...builtIns.filter((r) => !known.has(r.path))];
}
