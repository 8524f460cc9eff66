// The text of a table cell's value, as the cell rules compare and join it: nothing for a missing value.
// Internal to the rules (not exported from the package).

/** A cell's value as text: '' for null or undefined, else its string form. */
export function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
