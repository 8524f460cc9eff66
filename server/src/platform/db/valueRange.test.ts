import { bigint, integer, numeric, pgTable, real, smallint, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { dateInRange, numberFault } from './valueRange.ts';

const t = pgTable('t', {
  small: smallint(),
  int: integer(),
  fen: bigint({ mode: 'number' }),
  money: numeric({ precision: 12, scale: 2 }),
  ratio: real(),
  text: varchar({ length: 10 }),
});

describe('values against their column types', () => {
  it('refuses fractions and out-of-range values in whole-number columns', () => {
    expect(numberFault(t.small, 1)).toBeNull();
    expect(numberFault(t.small, 5e-324)).toBe('必须是整数');
    expect(numberFault(t.small, -32_769)).toMatch(/超出允许范围/);
    expect(numberFault(t.int, 2 ** 31)).toMatch(/超出允许范围/);
    expect(numberFault(t.int, -(2 ** 31))).toBeNull();
    expect(numberFault(t.fen, 2 ** 53)).toMatch(/超出允许范围/);
    expect(numberFault(t.fen, 1e20)).toMatch(/超出允许范围/);
    expect(numberFault(t.fen, 9_007_199_254_740_991)).toBeNull();
    expect(numberFault(t.int, Number.NaN)).toBe('不是有效的数字');
  });

  it('refuses numbers past a numeric column precision, and nothing in other columns', () => {
    expect(numberFault(t.money, 9_999_999_999.99)).toBeNull();
    expect(numberFault(t.money, 1e10)).toMatch(/整数部分最多10位/);
    expect(numberFault(t.ratio, 1e39)).toMatch(/超出允许范围/);
    expect(numberFault(t.text, 1e300)).toBeNull();
  });

  it('keeps dates within years 1 to 9999', () => {
    expect(dateInRange(new Date('2026-05-01T00:00:00Z'))).toBe(true);
    expect(dateInRange(new Date('0001-01-01T00:00:00Z'))).toBe(true);
    expect(dateInRange(new Date('-000001-01-01T00:00:00Z'))).toBe(false);
    expect(dateInRange(new Date('+010000-01-01T00:00:00Z'))).toBe(false);
    expect(dateInRange(new Date('0000-00-00'))).toBe(false);
  });
});
