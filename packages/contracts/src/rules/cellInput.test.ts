import { describe, expect, it } from 'vitest';
import {
  duplicateCellMessage,
  formatTagCell,
  isNumberCellDraft,
  isSignedDecimalInput,
  isUniqueInColumn,
  normalizeNumberCellOnBlur,
} from './cellInput.ts';

describe('number cell', () => {
  it('accepts signed decimals only', () => {
    for (const ok of ['0', '-1', '12.5', '-0.25', '3.']) expect(isSignedDecimalInput(ok), ok).toBe(true);
    for (const bad of ['', '-', '.5', '1.2.3', 'a1', '+1', '1e3'])
      expect(isSignedDecimalInput(bad), bad).toBe(false);
  });
  it('allows empty and a lone minus while typing', () => {
    expect(isNumberCellDraft('')).toBe(true);
    expect(isNumberCellDraft('-')).toBe(true);
    expect(isNumberCellDraft('-3.')).toBe(true);
    expect(isNumberCellDraft('3a')).toBe(false);
  });
  it('resets invalid input to empty on blur and keeps valid input', () => {
    expect(normalizeNumberCellOnBlur('-')).toBe('');
    expect(normalizeNumberCellOnBlur('abc')).toBe('');
    expect(normalizeNumberCellOnBlur('-12.50')).toBe('-12.50');
  });
});

describe('formatTagCell', () => {
  it('puts a semicolon after every two characters', () => {
    expect(formatTagCell('abcdef')).toBe('ab;cd;ef');
    expect(formatTagCell('abcde')).toBe('ab;cd;e');
    expect(formatTagCell('网络货运平')).toBe('网络;货运;平');
  });
  it('is idempotent and handles short input', () => {
    expect(formatTagCell('ab;cd;e')).toBe('ab;cd;e');
    expect(formatTagCell('a')).toBe('a');
    expect(formatTagCell('')).toBe('');
  });
});

describe('column uniqueness', () => {
  const rows = [
    { id: 'r1', plate: '京A12345' },
    { id: 'r2', plate: '沪B67890' },
    { id: 'r3', plate: null },
  ];
  it('finds a duplicate in another row', () => {
    expect(isUniqueInColumn(rows, 'plate', '京A12345', 'r2')).toBe(false);
  });
  it('ignores the row being edited', () => {
    expect(isUniqueInColumn(rows, 'plate', '京A12345', 'r1')).toBe(true);
  });
  it('accepts a new value and skips empty values', () => {
    expect(isUniqueInColumn(rows, 'plate', '粤C11111', 'r9')).toBe(true);
    expect(isUniqueInColumn(rows, 'plate', '', 'r1')).toBe(true);
    expect(isUniqueInColumn(rows, 'plate', null, 'r1')).toBe(true);
  });
  it('compares numbers and text alike', () => {
    expect(isUniqueInColumn([{ id: 'a', n: 1 }], 'n', '1', 'b')).toBe(false);
  });
  it('uses the column message or a default', () => {
    expect(duplicateCellMessage('车牌号', '车牌号已存在')).toBe('车牌号已存在');
    expect(duplicateCellMessage('车牌号')).toBe('车牌号不能重复');
  });
});
