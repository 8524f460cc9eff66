/** The text with LIKE's wildcards (and the escape character) escaped, so a user's `%` or `_` match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching values that contain `value` literally. */
export function containing(value: string): string {
  return `%${escapeLike(value)}%`;
}
