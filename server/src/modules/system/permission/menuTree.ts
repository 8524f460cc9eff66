import { createHash } from 'node:crypto';
import type { MenuItem, PermissionEntry } from '@freight/contracts';
import type { PermissionRow } from '../accessDirectory.ts';

export const MENU_TYPE = { top: 0, sub: 1, button: 2 } as const;

const isExternal = (url: string | null) => !!url && /^(https?:)?\/\//.test(url);

/** Route name the console keys tabs and keep-alive by: component name, else the url as a name. */
function routeName(p: PermissionRow): string {
  if (p.componentName) return p.componentName;
  return (p.url ?? p.id).replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@');
}

function toNode(p: PermissionRow, buttons: PermissionEntry[]): MenuItem {
  const external = isExternal(p.url);
  const path = external
    ? `/${createHash('md5')
        .update(p.url ?? '')
        .digest('hex')}`
    : (p.url ?? '');
  const node: MenuItem = {
    id: p.id,
    path,
    name: routeName(p),
    component: p.component ?? 'layouts/RouteView',
    route: p.route ? '1' : '0',
    meta: {
      title: p.name,
      ...(p.nameEn ? { titleEn: p.nameEn } : {}),
      icon: p.icon ?? undefined,
      keepAlive: p.keepAlive,
      internalOrExternal: p.internalOrExternal,
      componentName: p.componentName ?? undefined,
      ...(external ? { url: p.url ?? undefined } : {}),
      ...(p.perms ? { permission: p.perms } : {}),
      ...(p.hideTab ? { hideTab: true } : {}),
      ...(buttons.length ? { permissionList: buttons } : {}),
    },
  };
  if (p.menuType === MENU_TYPE.top && p.redirect) node.redirect = p.redirect;
  if (p.hidden) {
    node.hidden = true;
    node.meta.hidden = true;
  }
  if (p.alwaysShow) node.alwaysShow = true;
  return node;
}

export function buttonEntry(p: PermissionRow, withStatus: boolean): PermissionEntry {
  const entry: PermissionEntry = {
    action: p.perms ?? '',
    describe: p.name,
    type: p.permsType === '2' ? '2' : '1',
  };
  if (withStatus) entry.status = p.status === '0' ? '0' : '1';
  return entry;
}

/** The menu tree from the user's granted permission rows (already sorted by sort_no). */
export function buildMenuTree(granted: PermissionRow[]): MenuItem[] {
  const menus = granted.filter((p) => p.menuType !== MENU_TYPE.button);
  const buttonsByParent = new Map<string, PermissionEntry[]>();
  for (const p of granted) {
    if (p.menuType !== MENU_TYPE.button || !p.parentId || !p.perms || p.status !== '1') continue;
    const list = buttonsByParent.get(p.parentId) ?? [];
    list.push(buttonEntry(p, false));
    buttonsByParent.set(p.parentId, list);
  }
  const ids = new Set(menus.map((m) => m.id));
  const children = new Map<string, PermissionRow[]>();
  const roots: PermissionRow[] = [];
  for (const m of menus) {
    if (m.parentId && ids.has(m.parentId)) {
      const list = children.get(m.parentId) ?? [];
      list.push(m);
      children.set(m.parentId, list);
    } else {
      // A menu granted without its group still shows, at the top level, rather than vanishing.
      roots.push(m);
    }
  }
  const build = (p: PermissionRow): MenuItem => {
    const node = toNode(p, buttonsByParent.get(p.id) ?? []);
    const kids = (children.get(p.id) ?? []).map(build);
    if (kids.length) {
      node.children = kids;
      // A menu whose children are all hidden is hidden.
      if (kids.every((k) => k.hidden)) {
        node.hidden = true;
        node.meta.hidden = true;
      }
    }
    return node;
  };
  return roots.map(build);
}
