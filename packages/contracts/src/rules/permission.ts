import type { PermissionEntry } from '../api.ts';

// Button and action checks. The lists are what the permission call returns
// (`auth` for the user, `allAuth` for every button the system defines) and the current route's
// `meta.permissionList`.

export type AuthList = readonly PermissionEntry[] | null | undefined;

/** One entry's action may carry several codes separated by commas. */
export function splitActions(action: string | null | undefined): string[] {
  if (!action) return [];
  return action
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code.length > 0);
}

export function entryHolds(entry: PermissionEntry, action: string): boolean {
  return splitActions(entry.action).includes(action);
}

/**
 * An element marked with an action is removed unless the user's button-authority list holds
 * it. Type '2' entries disable rather than hide, so they play no part here. A system-level entry with
 * status '0' means the rule is switched off, so the element stays for everyone.
 */
export function hasButtonPermission(
  action: string | null | undefined,
  authList: AuthList,
  allAuthList: AuthList,
): boolean {
  if (!action) return true;
  const switchedOff = (allAuthList ?? []).some(
    (entry) => entry.type !== '2' && entry.status === '0' && entryHolds(entry, action),
  );
  if (switchedOff) return true;
  return (authList ?? []).some((entry) => entry.type !== '2' && entryHolds(entry, action));
}

export interface PermissionContext {
  /** `meta.permissionList` of the current route (menu level). */
  routePermissions?: AuthList;
  /** The stored `auth` list; null or undefined when nothing is stored. */
  authList?: AuthList;
  /** The stored `allAuth` list. */
  allAuthList?: AuthList;
}

/**
 * The type '2' check. Granted when the current route's list holds the action (menu-level
 * lists compare by prefix: an entry `order:` grants `order:add`), or when the stored auth list holds
 * it and the all-permissions list does not mark it disabled (status '0'). Nothing requested or no
 * auth list stored means granted.
 */
export function hasPermission(action: string | null | undefined, context: PermissionContext): boolean {
  if (!action) return true;
  const { authList, routePermissions, allAuthList } = context;
  if (!authList) return true;
  const byRoute = (routePermissions ?? []).some((entry) =>
    splitActions(entry.action).some((prefix) => action.startsWith(prefix)),
  );
  if (byRoute) return true;
  if (!authList.some((entry) => entryHolds(entry, action))) return false;
  return !(allAuthList ?? []).some((entry) => entry.status === '0' && entryHolds(entry, action));
}
