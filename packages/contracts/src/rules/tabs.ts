import { HOME_PATH, TAB_MENU_KEYS } from '../constants.ts';
import { MSG } from '../messages.ts';

// Multi-tab rules. Pure list operations; the console keeps the list in a store.

export interface Tab {
  path: string;
  title: string;
}

export interface TabState {
  tabs: Tab[];
  /** Path of the active tab after the operation. */
  active: string;
}

export type TabRefusal = { ok: false; reason: 'home' | 'last'; message: string };
export type TabCloseResult = ({ ok: true } & TabState) | TabRefusal;

export type TabCommand = 'closeLeft' | 'closeRight' | 'closeOthers' | 'refresh';

/** Home always comes first. */
function homeFirst(tabs: Tab[]): Tab[] {
  const index = tabs.findIndex((tab) => tab.path === HOME_PATH);
  if (index <= 0) return tabs;
  return [tabs[index], ...tabs.slice(0, index), ...tabs.slice(index + 1)];
}

/** Adds a tab (or refreshes its cached title) without duplicating a path. */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const exists = tabs.some((t) => t.path === tab.path);
  const next = exists ? tabs.map((t) => (t.path === tab.path ? { ...tab } : t)) : [...tabs, { ...tab }];
  return homeFirst(next);
}

/** Home cannot be closed, nor the last remaining tab; else the right neighbour becomes active. */
export function closeTab(tabs: readonly Tab[], path: string, active: string): TabCloseResult {
  if (path === HOME_PATH) return { ok: false, reason: 'home', message: MSG.homeTabFixed };
  if (tabs.length <= 1) return { ok: false, reason: 'last', message: MSG.lastTab };
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index < 0) return { ok: true, tabs: [...tabs], active };
  const rest = tabs.filter((tab) => tab.path !== path);
  if (path !== active) return { ok: true, tabs: rest, active };
  return { ok: true, tabs: rest, active: rest[Math.min(index, rest.length - 1)].path };
}

function keepActive(tabs: Tab[], active: string, target: string): TabState {
  return { tabs, active: tabs.some((tab) => tab.path === active) ? active : target };
}

/** Closes the tabs left of `path`; home is never removed. */
export function closeLeft(tabs: readonly Tab[], path: string, active: string): TabState {
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index < 0) return { tabs: [...tabs], active };
  const kept = tabs.filter((tab, i) => i >= index || tab.path === HOME_PATH);
  return keepActive(kept, active, path);
}

export function closeRight(tabs: readonly Tab[], path: string, active: string): TabState {
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index < 0) return { tabs: [...tabs], active };
  const kept = tabs.filter((tab, i) => i <= index || tab.path === HOME_PATH);
  return keepActive(kept, active, path);
}

export function closeOthers(tabs: readonly Tab[], path: string, active: string): TabState {
  if (!tabs.some((tab) => tab.path === path)) return { tabs: [...tabs], active };
  const kept = tabs.filter((tab) => tab.path === path || tab.path === HOME_PATH);
  return keepActive(kept, active, path);
}

const COMMAND_OF_KEY: Readonly<Record<string, TabCommand>> = {
  [TAB_MENU_KEYS.closeLeft]: 'closeLeft',
  [TAB_MENU_KEYS.closeRight]: 'closeRight',
  [TAB_MENU_KEYS.closeOthers]: 'closeOthers',
  [TAB_MENU_KEYS.refresh]: 'refresh',
};

/** Context-menu keys 1 close left, 2 close right, 3 close others, 4 refresh. */
export function tabCommandOfKey(key: string): TabCommand | undefined {
  return COMMAND_OF_KEY[key];
}

/** Applies a context-menu command; refresh leaves the list alone and makes the target active. */
export function applyTabCommand(
  command: TabCommand,
  tabs: readonly Tab[],
  path: string,
  active: string,
): TabState {
  switch (command) {
    case 'closeLeft':
      return closeLeft(tabs, path, active);
    case 'closeRight':
      return closeRight(tabs, path, active);
    case 'closeOthers':
      return closeOthers(tabs, path, active);
    case 'refresh':
      return { tabs: [...tabs], active: path };
  }
}

/** A route starting /screen/ (large-screen views) hides the tabs. */
export function shouldShowTabs(path: string): boolean {
  return !path.startsWith('/screen/');
}

/** Document title is the page title plus the platform name. */
export function documentTitle(
  pageTitle: string | null | undefined,
  platformName: string | null | undefined,
): string {
  return [pageTitle, platformName].filter((part): part is string => !!part).join(' - ');
}

/**
 * Most-recently-used order of kept-alive pages: `key` moves to the end and the oldest beyond `cap`
 * are evicted, so a long session does not keep every page it ever opened alive.
 */
export function touchLru(
  keys: readonly string[],
  key: string,
  cap: number,
): { keys: string[]; evicted: string[] } {
  if (!(cap === Number.POSITIVE_INFINITY || (Number.isInteger(cap) && cap >= 1))) {
    throw new RangeError(`cap must be a positive integer: ${cap}`);
  }
  const next = [...keys.filter((k) => k !== key), key];
  const overflow = Math.max(0, next.length - cap);
  return { keys: next.slice(overflow), evicted: next.slice(0, overflow) };
}
