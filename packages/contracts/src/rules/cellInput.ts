// Editable-table cell input rules.
import { cellText } from './cellText.ts';

// A number cell accepts only a signed decimal.
const SIGNED_DECIMAL = /^-?\d+\.?\d*$/;

export function isSignedDecimalInput(text: string): boolean {
  return SIGNED_DECIMAL.test(text);
}

/** While typing, '' and a lone '-' are allowed steps towards a signed decimal. */
export function isNumberCellDraft(text: string): boolean {
  return text === '' || text === '-' || isSignedDecimalInput(text);
}

/** On blur an invalid number cell is reset to empty. */
export function normalizeNumberCellOnBlur(text: string): string {
  return isSignedDecimalInput(text) ? text : '';
}

/** Tag cells put a semicolon after every two characters; re-formatting is idempotent. */
export function formatTagCell(text: string): string {
  const chars = Array.from(text.replaceAll(';', ''));
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += 2) groups.push(chars.slice(i, i + 2).join(''));
  return groups.join(';');
}

export interface TableRow {
  id: string;
  [field: string]: unknown;
}

/**
 * A column may require uniqueness within the table. True when no row other than `rowId`
 * holds the same value; an empty value is not checked.
 */
export function isUniqueInColumn(
  rows: readonly TableRow[],
  field: string,
  value: unknown,
  rowId: string,
): boolean {
  const text = cellText(value);
  if (text === '') return true;
  return !rows.some((row) => row.id !== rowId && cellText(row[field]) === text);
}

/** The column's own uniqueness message, or a default naming the column. */
export function duplicateCellMessage(title: string, message?: string): string {
  return message || `${title}不能重复`;
}
