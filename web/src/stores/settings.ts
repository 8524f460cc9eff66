// Theme settings of the drawer: stored in localStorage and re-applied on load.
import {
  applySettingChange,
  DEFAULT_THEME_SETTINGS,
  parseStoredSettings,
  type ThemeSettings,
} from '@freight/contracts';
import { create } from 'zustand';
import { STORAGE_KEYS } from './storage';

function readSettings(): ThemeSettings {
  try {
    return parseStoredSettings(localStorage.getItem(STORAGE_KEYS.settings));
  } catch {
    return { ...DEFAULT_THEME_SETTINGS };
  }
}

function readCollapsed(): boolean {
  return localStorage.getItem(STORAGE_KEYS.collapsed) === 'true';
}

/** colour-weak mode: the filter Ant Design Pro uses, applied on boot and on change. */
export function applyColorWeak(on: boolean): void {
  document.body.style.filter = on ? 'invert(80%)' : '';
  document.body.classList.toggle('color-weak', on);
}

export interface SettingsState {
  settings: ThemeSettings;
  collapsed: boolean;
  /** Applies one change with its dependency rules; throws when it cannot be stored. */
  change: <K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) => void;
  reset: () => void;
  setCollapsed: (collapsed: boolean) => void;
}

function store(settings: ThemeSettings): void {
  localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(settings));
}

export const useSettings = create<SettingsState>((set, get) => ({
  settings: readSettings(),
  collapsed: readCollapsed(),
  change: (key, value) => {
    const next = applySettingChange(get().settings, key, value);
    store(next);
    if (key === 'colorWeak') applyColorWeak(next.colorWeak);
    set({ settings: next });
  },
  reset: () => {
    const next = { ...DEFAULT_THEME_SETTINGS };
    store(next);
    applyColorWeak(next.colorWeak);
    set({ settings: next });
  },
  setCollapsed: (collapsed) => {
    try {
      localStorage.setItem(STORAGE_KEYS.collapsed, String(collapsed));
    } catch {
      // remembered for this page only
    }
    set({ collapsed });
  },
}));
