import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../api.ts';
import { entryHolds, hasButtonPermission, hasPermission, splitActions } from './permission.ts';

const show = (action: string, status?: '0' | '1'): PermissionEntry => ({
  action,
  type: '1',
  status,
  describe: action,
});
const disable = (action: string, status?: '0' | '1'): PermissionEntry => ({
  action,
  type: '2',
  status,
  describe: action,
});

describe('splitActions', () => {
  it('splits comma lists and drops blanks', () => {
    expect(splitActions('user:add, user:edit,,')).toEqual(['user:add', 'user:edit']);
  });
  it('gives nothing for empty input', () => {
    expect(splitActions('')).toEqual([]);
    expect(splitActions(null)).toEqual([]);
    expect(splitActions(undefined)).toEqual([]);
  });
  it('entryHolds matches one code of a comma list exactly', () => {
    expect(entryHolds(show('a,b'), 'b')).toBe(true);
    expect(entryHolds(show('a,b'), 'a,b')).toBe(false);
    expect(entryHolds(show('ab'), 'a')).toBe(false);
  });
});

describe('hasButtonPermission', () => {
  it('keeps an element that asks for no action', () => {
    expect(hasButtonPermission(undefined, [], [])).toBe(true);
    expect(hasButtonPermission('', null, null)).toBe(true);
  });
  it('keeps the element when the user holds the action', () => {
    expect(hasButtonPermission('order:add', [show('order:add')], [show('order:add', '1')])).toBe(true);
  });
  it('finds the action inside a comma-separated entry', () => {
    expect(hasButtonPermission('order:edit', [show('order:add,order:edit')], [])).toBe(true);
  });
  it('removes the element when the user lacks the action', () => {
    expect(hasButtonPermission('order:delete', [show('order:add')], [show('order:delete', '1')])).toBe(false);
  });
  it('removes the element when no auth list is stored', () => {
    expect(hasButtonPermission('order:add', null, undefined)).toBe(false);
  });
  it('ignores type 2 entries of the user', () => {
    expect(hasButtonPermission('order:add', [disable('order:add')], [])).toBe(false);
  });
  it('keeps the element for everyone when the system entry has status 0 (rule off)', () => {
    expect(hasButtonPermission('order:add', [], [show('order:add', '0')])).toBe(true);
    expect(hasButtonPermission('order:add', null, [show('x,order:add', '0')])).toBe(true);
  });
  it('does not treat a type 2 system entry with status 0 as switched off', () => {
    expect(hasButtonPermission('order:add', [], [disable('order:add', '0')])).toBe(false);
  });
});

describe('hasPermission (type 2: disable, not hide)', () => {
  it('grants when nothing is requested', () => {
    expect(hasPermission('', { authList: [] })).toBe(true);
    expect(hasPermission(undefined, { authList: [] })).toBe(true);
  });
  it('grants when no auth list is stored', () => {
    expect(hasPermission('order:pay', {})).toBe(true);
    expect(hasPermission('order:pay', { authList: null })).toBe(true);
  });
  it('grants when the current route list holds the action by prefix', () => {
    const routePermissions = [disable('order:')];
    expect(hasPermission('order:pay', { authList: [], routePermissions })).toBe(true);
    expect(hasPermission('order:pay', { authList: [], routePermissions: [disable('order:pay')] })).toBe(true);
  });
  it('does not grant by route when the route entry is not a prefix', () => {
    expect(hasPermission('order:pay', { authList: [], routePermissions: [disable('bill:')] })).toBe(false);
  });
  it('grants when the auth list holds it and all-permissions does not disable it', () => {
    expect(
      hasPermission('order:pay', {
        authList: [disable('order:pay')],
        allAuthList: [disable('order:pay', '1')],
      }),
    ).toBe(true);
    expect(hasPermission('order:pay', { authList: [disable('a,order:pay')] })).toBe(true);
  });
  it('refuses when the all-permissions list marks it disabled', () => {
    expect(
      hasPermission('order:pay', {
        authList: [disable('order:pay')],
        allAuthList: [disable('order:pay', '0')],
      }),
    ).toBe(false);
  });
  it('refuses when the auth list lacks it', () => {
    expect(hasPermission('order:pay', { authList: [disable('order:audit')] })).toBe(false);
  });
});
