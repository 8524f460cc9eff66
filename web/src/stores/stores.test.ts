import { HOME_PATH, MSG } from '@freight/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { pendingBadgeCount } from '../components/header/pendingLinks';
import { applyColorWeak, useSettings } from './settings';
import { localCache } from './storage';
import { KEEP_ALIVE_CAP, useTabs } from './tabs';

describe('expiring local cache', () => {
  it('returns values until they expire', () => {
    localCache.set('k', 'v', 1000);
    expect(localCache.get('k')).toBe('v');
    localCache.set('old', 'v', -1);
    expect(localCache.get('old')).toBeNull();
    expect(localStorage.getItem('old')).toBeNull();
  });
});

describe('tabs store', () => {
  beforeEach(() => useTabs.getState().reset());
  const open = (path: string) => useTabs.getState().open({ path, title: path, fullPath: `${path}?q=1` });

  it('keeps home first and refuses to close home or the last tab', () => {
    open('/a');
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual([HOME_PATH, '/a']);
    expect(useTabs.getState().close(HOME_PATH).refused).toBe(MSG.homeTabFixed);
    expect(useTabs.getState().close('/a').refused).toBeNull();
    expect(useTabs.getState().close(HOME_PATH).refused).toBe(MSG.homeTabFixed);
  });
  it('runs context-menu commands and bumps the version on refresh', () => {
    open('/a');
    open('/b');
    open('/c');
    expect(useTabs.getState().command('closeOthers', '/b')).toBe('/b');
    expect(useTabs.getState().tabs.map((t) => t.path)).toEqual([HOME_PATH, '/b']);
    useTabs.getState().command('refresh', '/b');
    expect(useTabs.getState().versions['/b']).toBe(1);
    expect(useTabs.getState().tabs[1].fullPath).toBe('/b?q=1');
  });
  it('caps the kept-alive pages', () => {
    for (let i = 0; i < KEEP_ALIVE_CAP + 3; i++) open(`/p${i}`);
    expect(useTabs.getState().alive).toHaveLength(KEEP_ALIVE_CAP);
    expect(useTabs.getState().alive).not.toContain('/p0');
  });
});

describe('settings store', () => {
  it('applies dependency rules and persists', () => {
    useSettings.getState().reset();
    useSettings.getState().change('fixedHeader', true);
    useSettings.getState().change('autoHideHeader', true);
    useSettings.getState().change('fixedHeader', false);
    expect(useSettings.getState().settings.autoHideHeader).toBe(false);
    useSettings.getState().change('layout', 'topmenu');
    expect(useSettings.getState().settings.fixSiderbar).toBe(false);
    expect(JSON.parse(localStorage.getItem('APP_THEME_SETTINGS') ?? '{}').layout).toBe('topmenu');
  });
  it('applies colour-weak on the body', () => {
    applyColorWeak(true);
    expect(document.body.style.filter).toBe('invert(80%)');
    applyColorWeak(false);
    expect(document.body.style.filter).toBe('');
  });
});

describe('bell badge', () => {
  it('counts non-zero categories, not items', () => {
    expect(pendingBadgeCount({ sijiCount: 5, cheCount: 0, huozhuCount: 2, dianfuZq: 9 })).toBe(3);
    expect(pendingBadgeCount(null)).toBe(0);
  });
});
