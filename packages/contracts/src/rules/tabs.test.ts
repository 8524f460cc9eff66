import { describe, expect, it } from 'vitest';
import { HOME_PATH } from '../constants.ts';
import { MSG } from '../messages.ts';
import {
  applyTabCommand,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  documentTitle,
  openTab,
  shouldShowTabs,
  type Tab,
  tabCommandOfKey,
  touchLru,
} from './tabs.ts';

const home: Tab = { path: HOME_PATH, title: '首页' };
const t = (path: string): Tab => ({ path, title: path.slice(1) });
const paths = (tabs: Tab[]) => tabs.map((tab) => tab.path);
const list = [home, t('/a'), t('/b'), t('/c')];

describe('openTab', () => {
  it('appends a new tab', () => {
    expect(paths(openTab([home], t('/a')))).toEqual([HOME_PATH, '/a']);
  });
  it('does not duplicate a path but refreshes its title', () => {
    const next = openTab(list, { path: '/b', title: 'B2' });
    expect(paths(next)).toEqual(paths(list));
    expect(next[2].title).toBe('B2');
  });
  it('keeps home first', () => {
    expect(paths(openTab([t('/a')], home))).toEqual([HOME_PATH, '/a']);
    expect(paths(openTab([t('/a'), home], t('/b')))).toEqual([HOME_PATH, '/a', '/b']);
  });
});

describe('closeTab', () => {
  it('refuses to close home', () => {
    expect(closeTab(list, HOME_PATH, '/a')).toEqual({ ok: false, reason: 'home', message: MSG.homeTabFixed });
  });
  it('refuses to close the last remaining tab', () => {
    expect(closeTab([t('/a')], '/a', '/a')).toEqual({ ok: false, reason: 'last', message: MSG.lastTab });
  });
  it('activates the right neighbour when closing the active tab', () => {
    const result = closeTab(list, '/b', '/b');
    expect(result).toEqual({ ok: true, tabs: [home, t('/a'), t('/c')], active: '/c' });
  });
  it('activates the new last tab when closing the active last tab', () => {
    expect(closeTab(list, '/c', '/c')).toMatchObject({ ok: true, active: '/b' });
  });
  it('keeps the active tab when closing another one', () => {
    expect(closeTab(list, '/a', '/c')).toMatchObject({
      ok: true,
      active: '/c',
      tabs: [home, t('/b'), t('/c')],
    });
  });
  it('leaves the list alone for an unknown path', () => {
    expect(closeTab(list, '/zz', '/a')).toEqual({ ok: true, tabs: list, active: '/a' });
  });
});

describe('context menu closes', () => {
  it('closeLeft keeps home and the target onwards', () => {
    expect(closeLeft(list, '/b', '/a')).toEqual({ tabs: [home, t('/b'), t('/c')], active: '/b' });
    expect(closeLeft(list, '/b', '/c').active).toBe('/c');
  });
  it('closeRight removes tabs after the target', () => {
    expect(closeRight(list, '/a', '/c')).toEqual({ tabs: [home, t('/a')], active: '/a' });
    expect(closeRight(list, HOME_PATH, HOME_PATH)).toEqual({ tabs: [home], active: HOME_PATH });
  });
  it('closeRight never removes home even if it is not first', () => {
    expect(paths(closeRight([t('/a'), home], '/a', '/a').tabs)).toEqual(['/a', HOME_PATH]);
  });
  it('closeOthers keeps home and the target', () => {
    expect(closeOthers(list, '/b', '/c')).toEqual({ tabs: [home, t('/b')], active: '/b' });
    expect(closeOthers(list, '/b', HOME_PATH).active).toBe(HOME_PATH);
  });
  it('does nothing for an unknown target', () => {
    expect(closeLeft(list, '/zz', '/a')).toEqual({ tabs: list, active: '/a' });
    expect(closeRight(list, '/zz', '/a')).toEqual({ tabs: list, active: '/a' });
    expect(closeOthers(list, '/zz', '/a')).toEqual({ tabs: list, active: '/a' });
  });
});

describe('tab menu keys', () => {
  it('maps keys 1 to 4', () => {
    expect(['1', '2', '3', '4', '5'].map(tabCommandOfKey)).toEqual([
      'closeLeft',
      'closeRight',
      'closeOthers',
      'refresh',
      undefined,
    ]);
  });
  it('applies each command', () => {
    expect(applyTabCommand('closeLeft', list, '/b', '/b').tabs).toEqual([home, t('/b'), t('/c')]);
    expect(applyTabCommand('closeRight', list, '/b', '/b').tabs).toEqual([home, t('/a'), t('/b')]);
    expect(applyTabCommand('closeOthers', list, '/b', '/b').tabs).toEqual([home, t('/b')]);
    expect(applyTabCommand('refresh', list, '/b', '/a')).toEqual({ tabs: list, active: '/b' });
  });
});

describe('tab bar and title', () => {
  it('hides tabs on /screen/ routes only', () => {
    expect(shouldShowTabs('/screen/finance')).toBe(false);
    expect(shouldShowTabs('/screens')).toBe(true);
    expect(shouldShowTabs(HOME_PATH)).toBe(true);
  });
  it('joins page title and platform name', () => {
    expect(documentTitle('运单列表', '网络货运平台')).toBe('运单列表 - 网络货运平台');
    expect(documentTitle('', '网络货运平台')).toBe('网络货运平台');
    expect(documentTitle('运单列表', undefined)).toBe('运单列表');
    expect(documentTitle(null, null)).toBe('');
  });
});

describe('touchLru', () => {
  it('moves a known key to the most recent end', () => {
    expect(touchLru(['a', 'b', 'c'], 'a', 5)).toEqual({ keys: ['b', 'c', 'a'], evicted: [] });
  });
  it('evicts the oldest beyond the cap', () => {
    expect(touchLru(['a', 'b', 'c'], 'd', 3)).toEqual({ keys: ['b', 'c', 'd'], evicted: ['a'] });
    expect(touchLru(['a', 'b', 'c', 'd'], 'e', 2)).toEqual({ keys: ['d', 'e'], evicted: ['a', 'b', 'c'] });
  });
  it('accepts an unlimited cap and rejects nonsense caps', () => {
    expect(touchLru(['a'], 'b', Number.POSITIVE_INFINITY)).toEqual({ keys: ['a', 'b'], evicted: [] });
    expect(() => touchLru([], 'a', 0)).toThrow(RangeError);
    expect(() => touchLru([], 'a', 1.5)).toThrow(RangeError);
  });
});
