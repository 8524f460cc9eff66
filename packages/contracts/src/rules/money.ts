// Money display (thousands separators, two decimals). Money is kept in integer fen
// (domain.md), so formatting works on bigint and never on floating-point arithmetic.

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?$/;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function fenToText(fen: bigint): string {
  const negative = fen < 0n;
  const abs = negative ? -fen : fen;
  const yuan = groupThousands((abs / 100n).toString());
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${yuan}.${cents}`;
}

/**
 * Integer fen as yuan text: 12345678 -> '123,456.78'. Accepts bigint and integer text too (PostgreSQL
 * bigint columns arrive as text). A fractional fen is a bug upstream, so it throws instead of rounding.
 */
export function formatFen(fen: number | bigint | string | null | undefined): string {
  if (fen === null || fen === undefined || fen === '') return '';
  if (typeof fen === 'bigint') return fenToText(fen);
  if (typeof fen === 'number') {
    if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be a safe integer: ${fen}`);
    return fenToText(BigInt(fen));
  }
  const text = fen.trim();
  if (!INTEGER_TEXT.test(text)) throw new RangeError(`fen must be an integer: ${fen}`);
  return fenToText(BigInt(text));
}

function plainNumberText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  if (!text.includes('e')) return text;
  // Past 2^53 every double is an integer, so BigInt is exact; tiny values only need 20 places.
  return Math.abs(value) >= 1 ? BigInt(value).toString() : value.toFixed(20);
}

/**
 * Yuan (number or decimal text, thousands commas allowed) to integer fen, rounding half away from
 * zero at the third decimal; null when it is not a number. Numbers go through their shortest text
 * form, so 1.005 rounds to 101 fen as a person expects.
 */
export function yuanToFen(value: number | string): bigint | null {
  const text = typeof value === 'number' ? plainNumberText(value) : value.trim().replaceAll(',', '');
  if (text === null) return null;
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const padded = fraction.padEnd(3, '0');
  const roundUp = padded[2] >= '5' ? 1n : 0n;
  const fen = BigInt(whole || '0') * 100n + BigInt(padded.slice(0, 2)) + roundUp;
  return sign === '-' ? -fen : fen;
}

/** Yuan amount as display text: '1234.5' -> '1,234.50'; empty or unreadable input shows as ''. */
export function formatYuan(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const fen = yuanToFen(value);
  return fen === null ? '' : fenToText(fen);
}
