import { describe, expect, it } from 'vitest';
import { formatFen, formatYuan, yuanToFen } from './money.ts';

describe('formatFen', () => {
  it('formats with thousands separators and two decimals', () => {
    expect(formatFen(12345678)).toBe('123,456.78');
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(100)).toBe('1.00');
    expect(formatFen(99999)).toBe('999.99');
    expect(formatFen(100000)).toBe('1,000.00');
  });
  it('formats negatives', () => {
    expect(formatFen(-12345678)).toBe('-123,456.78');
    expect(formatFen(-5)).toBe('-0.05');
    expect(formatFen(-0)).toBe('0.00');
  });
  it('takes bigint and integer text beyond the safe range', () => {
    expect(formatFen(123456789012345678901n)).toBe('1,234,567,890,123,456,789.01');
    expect(formatFen(' -100 ')).toBe('-1.00');
    expect(formatFen('+250')).toBe('2.50');
  });
  it('shows nothing for missing values', () => {
    expect(formatFen(null)).toBe('');
    expect(formatFen(undefined)).toBe('');
    expect(formatFen('')).toBe('');
  });
  it('throws on fractional or unsafe fen', () => {
    expect(() => formatFen(1.5)).toThrow(RangeError);
    expect(() => formatFen(Number.NaN)).toThrow(RangeError);
    expect(() => formatFen(2 ** 60)).toThrow(RangeError);
    expect(() => formatFen('1.5')).toThrow(RangeError);
  });
});

describe('yuanToFen', () => {
  it('converts text and numbers exactly', () => {
    expect(yuanToFen('1234.56')).toBe(123456n);
    expect(yuanToFen('1,234.5')).toBe(123450n);
    expect(yuanToFen(0.1 + 0.2)).toBe(30n);
    expect(yuanToFen('.5')).toBe(50n);
    expect(yuanToFen('7.')).toBe(700n);
  });
  it('rounds half away from zero at the third decimal', () => {
    expect(yuanToFen(1.005)).toBe(101n);
    expect(yuanToFen('1.0049')).toBe(100n);
    expect(yuanToFen('-1.005')).toBe(-101n);
    expect(yuanToFen('0.999')).toBe(100n);
  });
  it('handles exponent forms of numbers', () => {
    expect(yuanToFen(1e21)).toBe(100000000000000000000000n);
    expect(yuanToFen(1e-7)).toBe(0n);
    expect(yuanToFen(5e-3)).toBe(1n);
  });
  it('returns null for non-numbers', () => {
    for (const bad of ['abc', '', '.', '-', '1.2.3', '1e3']) expect(yuanToFen(bad), bad).toBeNull();
    expect(yuanToFen(Number.POSITIVE_INFINITY)).toBeNull();
    expect(yuanToFen(Number.NaN)).toBeNull();
  });
});

describe('formatYuan', () => {
  it('formats yuan numbers and text', () => {
    expect(formatYuan(1234567.891)).toBe('1,234,567.89');
    expect(formatYuan('-9876.5')).toBe('-9,876.50');
    expect(formatYuan(0)).toBe('0.00');
  });
  it('shows nothing for empty or unreadable input', () => {
    expect(formatYuan(null)).toBe('');
    expect(formatYuan(undefined)).toBe('');
    expect(formatYuan('')).toBe('');
    expect(formatYuan('n/a')).toBe('');
  });
});
