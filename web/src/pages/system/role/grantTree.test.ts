import { describe, expect, it } from 'vitest';
import { checkState, type TreeLinks, toggleGrant } from './grantTree';

// system ─┬─ users ─┬─ user:add
//         │         └─ user:edit
//         └─ roles
const links: TreeLinks = {
  parentOf: new Map([
    ['system', null],
    ['users', 'system'],
    ['user:add', 'users'],
    ['user:edit', 'users'],
    ['roles', 'system'],
  ]),
  childrenOf: new Map([
    ['system', ['users', 'roles']],
    ['users', ['user:add', 'user:edit']],
    ['user:add', []],
    ['user:edit', []],
    ['roles', []],
  ]),
};

describe('grant tree', () => {
  it('checking a parent grants its whole subtree and its parents', () => {
    const granted = toggleGrant(links, [], 'users', true);
    expect(granted.sort()).toEqual(['system', 'user:add', 'user:edit', 'users']);
    expect(checkState(links, granted)).toEqual({
      checked: expect.arrayContaining(['users', 'user:add', 'user:edit']),
      halfChecked: ['system'],
    });
  });

  it('checking one button half-checks the menus above it', () => {
    const granted = toggleGrant(links, [], 'user:edit', true);
    expect(granted.sort()).toEqual(['system', 'user:edit', 'users']);
    const state = checkState(links, granted);
    expect(state.checked).toEqual(['user:edit']);
    expect(state.halfChecked.sort()).toEqual(['system', 'users']);
  });

  it('unchecking the last granted child takes away the menus left empty', () => {
    const one = toggleGrant(links, [], 'user:edit', true);
    expect(toggleGrant(links, one, 'user:edit', false)).toEqual([]);
  });

  it('unchecking a parent takes its subtree and keeps a sibling granted', () => {
    const all = toggleGrant(links, [], 'system', true);
    const left = toggleGrant(links, all, 'users', false);
    expect(left.sort()).toEqual(['roles', 'system']);
    expect(checkState(links, left)).toEqual({ checked: ['roles'], halfChecked: ['system'] });
  });
});
