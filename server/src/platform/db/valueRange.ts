import type { AnyColumn } from 'drizzle-orm';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Whole-number column types and the values they hold (bigint within what a JS number carries exactly). */
const INTEGER_RANGES: Record<string, [number, number]> = {
  smallint: [-32_768, 32_767],
  smallserial: [1, 32_767],
  integer: [-2_147_483_648, 2_147_483_647],
  serial: [1, 2_147_483_647],
  bigint: [-MAX_SAFE, MAX_SAFE],
  bigserial: [1, MAX_SAFE],
};

/**
 * Why a number does not fit the column's SQL type, in Chinese (a fraction in a whole-number column, a value
 * past its range or its numeric precision), or null when it fits. Checked before SQL: the database would
 * refuse it with a failed statement instead.
 */
export function numberFault(column: AnyColumn, n: number): string | null {
  if (!Number.isFinite(n)) return '不是有效的数字';
  const type = column.getSQLType().toLowerCase();
  const range = INTEGER_RANGES[type];
  if (range) {
    if (!Number.isInteger(n)) return '必须是整数';
    if (n < range[0] || n > range[1]) return `超出允许范围（${range[0]}～${range[1]}）`;
    return null;
  }
  const numeric = /^numeric\((\d+)(?:,\s*(\d+))?\)$/.exec(type);
  if (numeric) {
    const digits = Number(numeric[1]) - Number(numeric[2] ?? 0);
    if (Math.abs(n) >= 10 ** digits) return `超出允许范围（整数部分最多${digits}位）`;
  }
  if (type === 'real' && Math.abs(n) > 3.4e38) return '超出允许范围';
  return null;
}

/**
 * Dates PostgreSQL and the driver agree on: years 1 to 9999. Outside them `toISOString` writes a signed
 * six-digit year (`-000001-01-01`, `+010000-01-01`) that PostgreSQL does not read.
 */
export function dateInRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999;
}
