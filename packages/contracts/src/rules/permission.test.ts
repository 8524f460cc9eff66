import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../api.ts';
import {
  entryHolds,
  hasButtonPermission,
  hasPermission,
  type PermissionContext,
  splitActions,
} from './permission.ts';

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
  it.each<[what: string, action: string | undefined, context: PermissionContext, granted: boolean]>([
    ['grants when nothing is requested', '', { authList: [] }, true],
    ['grants when no action is named', undefined, { authList: [] }, true],
    ['grants when no auth list is stored', 'order:pay', {}, true],
    ['grants when the stored auth list is null', 'order:pay', { authList: null }, true],
    [
      'grants when the current route list holds the action by prefix',
      'order:pay',
      { authList: [], routePermissions: [disable('order:')] },
      true,
    ],
    [
      'grants when the current route list holds the action itself',
      'order:pay',
      { authList: [], routePermissions: [disable('order:pay')] },
      true,
    ],
    [
      'does not grant by route when the route entry is not a prefix',
      'order:pay',
      { authList: [], routePermissions: [disable('bill:')] },
      false,
    ],
    [
      'grants when the auth list holds it and all-permissions does not disable it',
      'order:pay',
      { authList: [disable('order:pay')], allAuthList: [disable('order:pay', '1')] },
      true,
    ],
    [
      'grants when an auth entry lists it among others',
      'order:pay',
      { authList: [disable('a,order:pay')] },
      true,
    ],
    [
      'refuses when the all-permissions list marks it disabled',
      'order:pay',
      { authList: [disable('order:pay')], allAuthList: [disable('order:pay', '0')] },
      false,
    ],
    ['refuses when the auth list lacks it', 'order:pay', { authList: [disable('order:audit')] }, false],
  ])('%s', (_what, action, context, granted) => {
    expect(hasPermission(action, context)).toBe(granted);
  });
});
