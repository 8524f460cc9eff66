import type { MenuItem } from '../api.ts';
import { MSG } from '../messages.ts';

// Menu rules.

/** An empty or missing menu list makes permission loading fail with this exact message. */
export function assertMenuList(
  list: readonly MenuItem[] | null | undefined,
): asserts list is readonly MenuItem[] {
  if (!Array.isArray(list) || list.length === 0) throw new Error(MSG.emptyMenu);
}

function filterLevel(items: readonly MenuItem[], held: ReadonlySet<string>): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    // Items whose route flag is "0" get no route.
    if (item.route === '0') continue;
    // A route without permission meta is always allowed.
    const needed = item.meta?.permission;
    if (needed && !held.has(needed)) continue;
    if (item.children === undefined) {
      out.push({ ...item });
      continue;
    }
    const children = filterLevel(item.children, held);
    // A menu item whose children are all hidden is hidden.
    const anyShown = children.some((child) => !child.hidden);
    out.push(anyShown ? { ...item, children } : { ...item, children, hidden: true });
  }
  return out;
}

/**
 * Menu routes filtered by the user's permission codes against each route's meta permission,
 * children recursively. Returns new objects; the input is left untouched.
 */
export function filterMenusByPermission(menu: readonly MenuItem[], codes: Iterable<string>): MenuItem[] {
  return filterLevel(menu, new Set(codes));
}
