import { describe, expect, it } from 'vitest';
import {
  applySettingChange,
  DEFAULT_THEME_SETTINGS,
  normalizeThemeSettings,
  parseStoredSettings,
  THEME_COLORS,
  type ThemeSettings,
} from './themeSettings.ts';

const defaults: ThemeSettings = { ...DEFAULT_THEME_SETTINGS };
const top: ThemeSettings = { ...defaults, layout: 'topmenu', fixSiderbar: false };

// The defaults and the colours are data; what can go wrong is their agreeing with the drawer's rules.
describe('defaults and colours', () => {
  it('defaults already obey the drawer dependencies and survive a round trip through storage', () => {
    expect(normalizeThemeSettings(defaults)).toEqual(defaults);
    expect(parseStoredSettings(JSON.stringify(DEFAULT_THEME_SETTINGS))).toEqual(defaults);
    expect(Object.isFrozen(DEFAULT_THEME_SETTINGS)).toBe(true);
  });
  it('the default colour is the one marked default, and every colour can be chosen', () => {
    const marked = THEME_COLORS.filter((c) => c.zh.includes('默认'));
    expect(marked.map((c) => c.color)).toEqual([DEFAULT_THEME_SETTINGS.primaryColor]);
    for (const { color } of THEME_COLORS)
      expect(applySettingChange(defaults, 'primaryColor', color).primaryColor).toBe(color);
  });
});

describe('applySettingChange', () => {
  it('sets a plain value', () => {
    expect(applySettingChange(defaults, 'navTheme', 'light').navTheme).toBe('light');
    expect(applySettingChange(defaults, 'primaryColor', '#722ED1').primaryColor).toBe('#722ED1');
  });
  it('turning off fixed header turns off hide-on-scroll', () => {
    const on = { ...defaults, fixedHeader: true, autoHideHeader: true };
    expect(applySettingChange(on, 'fixedHeader', false)).toMatchObject({
      fixedHeader: false,
      autoHideHeader: false,
    });
  });
  it('hide-on-scroll stays off without a fixed header and turns on with one', () => {
    expect(applySettingChange(defaults, 'autoHideHeader', true).autoHideHeader).toBe(false);
    const fixed = applySettingChange(defaults, 'fixedHeader', true);
    expect(applySettingChange(fixed, 'autoHideHeader', true).autoHideHeader).toBe(true);
  });
  it('switching layout resets fixed side menu to off', () => {
    expect(applySettingChange(defaults, 'layout', 'topmenu').fixSiderbar).toBe(false);
    const sideFixed = applySettingChange(top, 'layout', 'sidemenu');
    expect(sideFixed).toMatchObject({ layout: 'sidemenu', fixSiderbar: false });
  });
  it('re-choosing the same layout keeps fixed side menu', () => {
    expect(applySettingChange(defaults, 'layout', 'sidemenu').fixSiderbar).toBe(true);
  });
  it('fixed side menu cannot be turned on for the top menu', () => {
    expect(applySettingChange(top, 'fixSiderbar', true).fixSiderbar).toBe(false);
    expect(applySettingChange({ ...defaults, fixSiderbar: false }, 'fixSiderbar', true).fixSiderbar).toBe(
      true,
    );
  });
  it('fluid width only for the top menu', () => {
    expect(applySettingChange(defaults, 'contentWidth', 'Fluid').contentWidth).toBe('Fixed');
    const fluid = applySettingChange(top, 'contentWidth', 'Fluid');
    expect(fluid.contentWidth).toBe('Fluid');
    expect(applySettingChange(fluid, 'layout', 'sidemenu').contentWidth).toBe('Fixed');
  });
  it('ignores a value of the wrong shape', () => {
    expect(applySettingChange(defaults, 'primaryColor', 'red')).toEqual(defaults);
  });
  it('does not mutate its input', () => {
    const input = { ...defaults };
    applySettingChange(input, 'layout', 'topmenu');
    expect(input).toEqual(defaults);
  });
});

describe('normalizeThemeSettings', () => {
  it('repairs every broken dependency at once', () => {
    const broken: ThemeSettings = { ...defaults, layout: 'topmenu', fixSiderbar: true, autoHideHeader: true };
    expect(normalizeThemeSettings(broken)).toMatchObject({ fixSiderbar: false, autoHideHeader: false });
  });
});

describe('parseStoredSettings', () => {
  it('falls back to defaults for garbage', () => {
    for (const input of [undefined, null, 42, '{not json', '[1]', []])
      expect(parseStoredSettings(input)).toEqual(defaults);
  });
  it('reads valid JSON text and objects', () => {
    const stored = { ...top, navTheme: 'light', contentWidth: 'Fluid', multipage: false };
    expect(parseStoredSettings(JSON.stringify(stored))).toEqual(stored);
    expect(parseStoredSettings(stored)).toEqual(stored);
  });
  it('falls back field by field', () => {
    const parsed = parseStoredSettings({ navTheme: 'pink', primaryColor: '#13C2C2', colorWeak: 'yes' });
    expect(parsed).toEqual({ ...defaults, primaryColor: '#13C2C2' });
  });
  it('applies the dependencies to stored values', () => {
    expect(parseStoredSettings({ layout: 'sidemenu', contentWidth: 'Fluid', autoHideHeader: true })).toEqual(
      defaults,
    );
  });
});
