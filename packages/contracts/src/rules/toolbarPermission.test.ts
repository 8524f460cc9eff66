import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../api.ts';
import { hiddenToolbarButtons, missingPrefixedCodes } from './toolbarPermission.ts';

const entry = (action: string, type: '1' | '2' = '1', status?: '0' | '1'): PermissionEntry => ({
  action,
  type,
  status,
  describe: action,
});

const allAuth = [
  entry('order:add', '1', '1'),
  entry('order:batch_delete', '1', '1'),
  entry('order:save', '1', '1'),
  entry('order:export', '1', '1'),
  entry('bill:add', '1', '1'),
];

describe('missingPrefixedCodes', () => {
  it('lists enabled codes under the prefix the user lacks', () => {
    expect(missingPrefixedCodes('order:', [entry('order:add')], allAuth)).toEqual([
      'batch_delete',
      'save',
      'export',
    ]);
  });
  it('is empty without a prefix', () => {
    expect(missingPrefixedCodes('', [], allAuth)).toEqual([]);
  });
  it('skips system codes switched off (status 0) and type 2 codes', () => {
    const all = [entry('order:add', '1', '0'), entry('order:save', '2', '1')];
    expect(missingPrefixedCodes('order:', [], all)).toEqual([]);
  });
  it('reads comma lists on both sides and lists each code once', () => {
    const all = [
      entry('order:add,order:save', '1', '1'),
      entry('order:save', '1', '1'),
      entry('order:', '1', '1'),
    ];
    expect(missingPrefixedCodes('order:', [entry('x,order:add')], all)).toEqual(['save']);
  });
  it('copes with missing lists', () => {
    expect(missingPrefixedCodes('order:', null, undefined)).toEqual([]);
  });
});

describe('hiddenToolbarButtons', () => {
  it('hides remove for a missing batch_delete code and add for a missing add code', () => {
    expect(hiddenToolbarButtons('order:', [entry('order:save')], allAuth)).toEqual(['add', 'remove']);
  });
  it('hides nothing when the user holds every code', () => {
    const auth = [entry('order:add,order:batch_delete,order:save')];
    expect(hiddenToolbarButtons('order:', auth, allAuth)).toEqual([]);
  });
  it('ignores codes that govern no toolbar button', () => {
    expect(
      hiddenToolbarButtons('order:', [entry('order:add,order:batch_delete,order:save')], allAuth),
    ).not.toContain('export');
  });
});
