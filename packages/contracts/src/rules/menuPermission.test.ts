import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../api.ts';
import { MSG } from '../messages.ts';
import { assertMenuList, filterMenusByPermission } from './menuPermission.ts';

function item(id: string, extra: Partial<MenuItem> = {}, permission?: string): MenuItem {
  return {
    id,
    path: `/${id}`,
    name: id,
    component: `views/${id}`,
    route: '1',
    meta: { title: id, keepAlive: false, internalOrExternal: false, permission },
    ...extra,
  };
}

describe('assertMenuList', () => {
  it('throws the exact message for an empty or missing list', () => {
    expect(() => assertMenuList([])).toThrow(new Error(MSG.emptyMenu));
    expect(() => assertMenuList(null)).toThrow(MSG.emptyMenu);
    expect(() => assertMenuList(undefined)).toThrow(MSG.emptyMenu);
  });
  it('accepts a non-empty list', () => {
    expect(() => assertMenuList([item('a')])).not.toThrow();
  });
});

describe('filterMenusByPermission', () => {
  it('always allows a route without permission meta', () => {
    expect(filterMenusByPermission([item('free')], []).map((m) => m.id)).toEqual(['free']);
  });
  it('keeps routes whose permission the user holds and drops the others', () => {
    const menu = [item('a', {}, 'p:a'), item('b', {}, 'p:b')];
    expect(filterMenusByPermission(menu, ['p:a']).map((m) => m.id)).toEqual(['a']);
  });
  it('skips items whose route flag is 0', () => {
    expect(filterMenusByPermission([item('x', { route: '0' }), item('y')], []).map((m) => m.id)).toEqual([
      'y',
    ]);
  });
  it('filters children recursively', () => {
    const deep = item('top', {
      children: [item('mid', { children: [item('leaf1', {}, 'p:1'), item('leaf2', {}, 'p:2')] })],
    });
    const [top] = filterMenusByPermission([deep], new Set(['p:2']));
    expect(top.children?.[0].children?.map((m) => m.id)).toEqual(['leaf2']);
    expect(top.hidden).toBeUndefined();
  });
  it('hides an item whose children are all hidden or filtered away', () => {
    const allHidden = item('a', { children: [item('a1', { hidden: true })] });
    const allDenied = item('b', { children: [item('b1', {}, 'p:no')] });
    const result = filterMenusByPermission([allHidden, allDenied], []);
    expect(result.map((m) => m.hidden)).toEqual([true, true]);
    expect(result[1].children).toEqual([]);
  });
  it('does not mutate the input', () => {
    const menu = [item('a', { children: [item('a1', { hidden: true })] })];
    const copy = structuredClone(menu);
    filterMenusByPermission(menu, []);
    expect(menu).toEqual(copy);
  });
});
