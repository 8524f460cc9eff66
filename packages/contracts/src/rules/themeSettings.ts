// Settings drawer and theme state.

export interface ThemeSettings {
  navTheme: 'dark' | 'light';
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  primaryColor: string;
  colorWeak: boolean;
  multipage: boolean;
}

/** Defaults. */
export const DEFAULT_THEME_SETTINGS: Readonly<ThemeSettings> = Object.freeze({
  navTheme: 'dark',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  fixSiderbar: true,
  autoHideHeader: false,
  primaryColor: '#1890FF',
  colorWeak: false,
  multipage: true,
});

export interface ThemeColor {
  key: 'red' | 'volcano' | 'dusk' | 'cyan' | 'green' | 'blue' | 'geekblue' | 'purple';
  color: string;
  zh: string;
}

/** The eight colours of the drawer, in its order. */
export const THEME_COLORS: readonly ThemeColor[] = [
  { key: 'red', color: '#F5222D', zh: '薄暮' },
  { key: 'volcano', color: '#FA541C', zh: '火山' },
  { key: 'dusk', color: '#FAAD14', zh: '日暮' },
  { key: 'cyan', color: '#13C2C2', zh: '明青' },
  { key: 'green', color: '#52C41A', zh: '极光绿' },
  { key: 'blue', color: '#1890FF', zh: '拂晓蓝（默认）' },
  { key: 'geekblue', color: '#2F54EB', zh: '极客蓝' },
  { key: 'purple', color: '#722ED1', zh: '酱紫' },
];

// Plain guards, not zod: this module loads with the login page, and even zod/mini's core adds ~20 KB gzipped
// to a page with a 250 KB budget for nine enum/boolean checks.
const oneOf =
  <T extends string>(...values: T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as string[]).includes(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

const FIELD_GUARDS: { [K in keyof ThemeSettings]: (value: unknown) => value is ThemeSettings[K] } = {
  navTheme: oneOf('dark', 'light'),
  layout: oneOf('sidemenu', 'topmenu'),
  contentWidth: oneOf('Fixed', 'Fluid'),
  fixedHeader: isBoolean,
  fixSiderbar: isBoolean,
  autoHideHeader: isBoolean,
  // Any hex colour: a stored custom colour must survive even if it is not one of the eight.
  primaryColor: (value): value is string => typeof value === 'string' && /^#[0-9A-Fa-f]{6}$/.test(value),
  colorWeak: isBoolean,
  multipage: isBoolean,
};

const SETTING_KEYS = Object.keys(FIELD_GUARDS) as (keyof ThemeSettings)[];

/** Brings settings into line with the drawer's dependencies. */
export function normalizeThemeSettings(settings: ThemeSettings): ThemeSettings {
  const next = { ...settings };
  // Hide-on-scroll only works on a fixed header.
  if (!next.fixedHeader) next.autoHideHeader = false;
  // Fixed side menu is disabled for the top menu.
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  // Fluid content width only exists for the top menu.
  if (next.layout === 'sidemenu') next.contentWidth = 'Fixed';
  return next;
}

/**
 * One drawer change with its dependencies: turning off fixed header turns off hide-on-scroll;
 * switching layout resets fixed side menu to off. A value the rules or the type forbid leaves the
 * settings as they were.
 */
export function applySettingChange<K extends keyof ThemeSettings>(
  settings: ThemeSettings,
  key: K,
  value: ThemeSettings[K],
): ThemeSettings {
  if (!FIELD_GUARDS[key](value)) return { ...settings };
  const next: ThemeSettings = { ...settings, [key]: value };
  if (key === 'layout' && value !== settings.layout) next.fixSiderbar = false;
  return normalizeThemeSettings(next);
}

function asObject(input: unknown): Record<string, unknown> | null {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return value as Record<string, unknown>;
}

/**
 * Reads settings kept in local storage, as JSON text or an already parsed value. Each field
 * falls back to its default on its own, so one bad or missing field does not reset the others.
 */
export function parseStoredSettings(stored: unknown): ThemeSettings {
  const source = asObject(stored) ?? {};
  const result: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const value = source[key];
    result[key] = FIELD_GUARDS[key](value) ? value : DEFAULT_THEME_SETTINGS[key];
  }
  return normalizeThemeSettings(result as unknown as ThemeSettings);
}
