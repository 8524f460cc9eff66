import { describe, expect, it } from 'vitest';
import { formatFen, formatYuan, yuanToFen } from './money.ts';

describe('formatFen', () => {
  it.each<[what: string, fen: Parameters<typeof formatFen>[0], expected: string]>([
    // Thousands separators and two decimals.
    ['a large amount', 12345678, '123,456.78'],
    ['zero', 0, '0.00'],
    ['a few fen', 5, '0.05'],
    ['one yuan', 100, '1.00'],
    ['just under a thousand', 99999, '999.99'],
    ['a thousand', 100000, '1,000.00'],
    // Negatives.
    ['a large negative', -12345678, '-123,456.78'],
    ['a few fen negative', -5, '-0.05'],
    ['negative zero', -0, '0.00'],
    // Bigint and integer text beyond the safe range.
    ['a bigint', 123456789012345678901n, '1,234,567,890,123,456,789.01'],
    ['padded negative text', ' -100 ', '-1.00'],
    ['text with a plus sign', '+250', '2.50'],
    // Nothing for missing values.
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['empty text', '', ''],
  ])('formats %s', (_what, fen, expected) => {
    expect(formatFen(fen)).toBe(expected);
  });
  it.each([1.5, Number.NaN, 2 ** 60, '1.5'])('throws on fractional or unsafe fen %s', (fen) => {
    expect(() => formatFen(fen)).toThrow(RangeError);
  });
});

describe('yuanToFen', () => {
  it.each<[what: string, yuan: number | string, expected: bigint | null]>([
    // Text and numbers exactly.
    ['text', '1234.56', 123456n],
    ['text with a separator', '1,234.5', 123450n],
    ['a binary-inexact sum', 0.1 + 0.2, 30n],
    ['text without the integer part', '.5', 50n],
    ['text ending in the point', '7.', 700n],
    // Half away from zero at the third decimal.
    ['1.005 up', 1.005, 101n],
    ['1.0049 down', '1.0049', 100n],
    ['-1.005 away from zero', '-1.005', -101n],
    ['0.999 up to a yuan', '0.999', 100n],
    // Exponent forms of numbers.
    ['a large exponent', 1e21, 100000000000000000000000n],
    ['a tiny exponent', 1e-7, 0n],
    ['a small exponent rounding up', 5e-3, 1n],
    // Null for non-numbers.
    ['letters', 'abc', null],
    ['empty text', '', null],
    ['a lone point', '.', null],
    ['a lone minus', '-', null],
    ['two points', '1.2.3', null],
    ['exponent text', '1e3', null],
    ['infinity', Number.POSITIVE_INFINITY, null],
    ['NaN', Number.NaN, null],
  ])('converts %s', (_what, yuan, expected) => {
    expect(yuanToFen(yuan)).toBe(expected);
  });
});

describe('formatYuan', () => {
  it.each<[yuan: Parameters<typeof formatYuan>[0], expected: string]>([
    [1234567.891, '1,234,567.89'],
    ['-9876.5', '-9,876.50'],
    [0, '0.00'],
    // Nothing for empty or unreadable input.
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['n/a', ''],
  ])('formats %s as %j', (yuan, expected) => {
    expect(formatYuan(yuan)).toBe(expected);
  });
});
