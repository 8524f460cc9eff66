import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { checkPopupSelection, mapPopupRows, popupRowKey, validatePopupConfig } from './popup.ts';

describe('validatePopupConfig', () => {
  it('accepts a complete config with equal field counts', () => {
    expect(
      validatePopupConfig({ code: 'driver', orgFields: 'id,name', destFields: 'driverId,driverName' }),
    ).toBeNull();
  });
  it('requires code, orgFields and destFields', () => {
    expect(validatePopupConfig({ orgFields: 'a', destFields: 'b' })).toBe(MSG.popupMisconfigured);
    expect(validatePopupConfig({ code: 'x', orgFields: ' ', destFields: 'b' })).toBe(MSG.popupMisconfigured);
    expect(validatePopupConfig({ code: 'x', orgFields: 'a', destFields: null })).toBe(MSG.popupMisconfigured);
  });
  it('requires the same number of source and target fields', () => {
    expect(validatePopupConfig({ code: 'x', orgFields: 'a,b', destFields: 'c' })).toBe(
      MSG.popupFieldCountMismatch,
    );
  });
});

describe('checkPopupSelection', () => {
  it('needs exactly one row in single-select', () => {
    expect(checkPopupSelection([], false)).toBe(MSG.selectOneRecord);
    expect(checkPopupSelection([{ id: 1 }, { id: 2 }], false)).toBe(MSG.selectOneRecord);
    expect(checkPopupSelection([{ id: 1 }], false)).toBeNull();
  });
  it('takes any number of rows in multi-select', () => {
    expect(checkPopupSelection([{ id: 1 }, { id: 2 }], true)).toBeNull();
    expect(checkPopupSelection([], true)).toBeNull();
  });
});

describe('mapPopupRows', () => {
  it('maps one row field by field', () => {
    expect(mapPopupRows([{ id: 7, name: '张三' }], 'id,name', 'driverId, driverName')).toEqual({
      driverId: '7',
      driverName: '张三',
    });
  });
  it('joins several rows with commas and shows missing values as empty', () => {
    const rows = [{ name: 'a' }, { name: null }, { name: 'c' }];
    expect(mapPopupRows(rows, 'name', 'names')).toEqual({ names: 'a,,c' });
  });
  it('gives empty values for no rows', () => {
    expect(mapPopupRows([], 'name', 'names')).toEqual({ names: '' });
  });
});

describe('popupRowKey', () => {
  it('uses the id when present', () => {
    expect(popupRowKey({ id: 123, name: 'x' })).toBe('123');
  });
  it('runs the values together when there is no id', () => {
    expect(popupRowKey({ id: '', a: 'x', b: 2, c: null })).toBe('x2');
    expect(popupRowKey({ a: 'x', b: 'y' })).toBe('xy');
  });
  it('truncates to 50 characters', () => {
    expect(popupRowKey({ a: 'k'.repeat(80) })).toBe('k'.repeat(50));
    expect(popupRowKey({ id: '货'.repeat(60) })).toHaveLength(50);
  });
});
