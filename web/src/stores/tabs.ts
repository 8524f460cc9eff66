// Multi-tab bar state: route-keyed tabs, the rules come from @freight/contracts.
// `alive` is the LRU of pages kept mounted (hidden with display:none) so switching tabs keeps state.
import {
  applyTabCommand,
  closeTab,
  HOME_PATH,
  openTab,
  type Tab,
  type TabCommand,
  touchLru,
} from '@freight/contracts';
import { create } from 'zustand';
import { sessionCache } from './storage';

/** At most this many pages stay mounted; older ones remount when revisited. */
export const KEEP_ALIVE_CAP = 12;
const STORE_KEY = 'MULTI_TAB_STATE';

export interface TabEntry extends Tab {
  /** Last full path (with query) seen on this tab, used when the tab is clicked. */
  fullPath: string;
}

interface Persisted {
  tabs: TabEntry[];
}

export interface TabsState {
  tabs: TabEntry[];
  active: string;
  alive: string[];
  /** Bumped by refresh: the page's React key changes, so it remounts. */
  versions: Record<string, number>;
  open: (tab: TabEntry) => void;
  /** Returns the refusal message, or null with the new active tab applied. */
  close: (path: string) => { refused: string | null; active: string };
  command: (command: TabCommand, path: string) => string;
  reset: () => void;
}

function toEntries(tabs: Tab[], previous: TabEntry[]): TabEntry[] {
  return tabs.map((t) => ({ ...t, fullPath: previous.find((p) => p.path === t.path)?.fullPath ?? t.path }));
}

function persist(tabs: TabEntry[]): void {
  sessionCache.set<Persisted>(STORE_KEY, { tabs });
}

function initialTabs(): TabEntry[] {
  const stored = sessionCache.get<Persisted>(STORE_KEY)?.tabs;
  const valid = Array.isArray(stored) ? stored.filter((t) => typeof t?.path === 'string') : [];
  return valid.length ? valid : [{ path: HOME_PATH, title: '首页', fullPath: HOME_PATH }];
}

export const useTabs = create<TabsState>((set, get) => ({
  tabs: initialTabs(),
  active: '',
  alive: [],
  versions: {},
  open: (tab) => {
    const { tabs, alive } = get();
    const next = toEntries(openTab(tabs, tab), tabs).map((t) =>
      t.path === tab.path ? { ...t, fullPath: tab.fullPath } : t,
    );
    const lru = touchLru(alive, tab.path, KEEP_ALIVE_CAP);
    persist(next);
    set({ tabs: next, active: tab.path, alive: lru.keys });
  },
  close: (path) => {
    const { tabs, active, alive } = get();
    const result = closeTab(tabs, path, active);
    if (!result.ok) return { refused: result.message, active };
    const next = toEntries(result.tabs, tabs);
    persist(next);
    set({ tabs: next, active: result.active, alive: alive.filter((k) => k !== path) });
    return { refused: null, active: result.active };
  },
  command: (command, path) => {
    const { tabs, active, alive, versions } = get();
    const result = applyTabCommand(command, tabs, path, active);
    const next = toEntries(result.tabs, tabs);
    const kept = new Set(next.map((t) => t.path));
    persist(next);
    set({
      tabs: next,
      active: result.active,
      alive: alive.filter((k) => kept.has(k)),
      versions: command === 'refresh' ? { ...versions, [path]: (versions[path] ?? 0) + 1 } : versions,
    });
    return result.active;
  },
  reset: () => {
    sessionCache.remove(STORE_KEY);
    set({
      tabs: [{ path: HOME_PATH, title: '首页', fullPath: HOME_PATH }],
      active: '',
      alive: [],
      versions: {},
    });
  },
}));

/** Where a tab navigates to when clicked. */
export function tabHref(tabs: readonly TabEntry[], path: string): string {
  return tabs.find((t) => t.path === path)?.fullPath ?? path;
}
