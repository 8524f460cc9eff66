/** Org codes: three characters per level, a letter and two digits (A01…A99, B01…), child = parent + segment. */
export function nextSegment(used: string[]): string {
  let max = -1;
  for (const segment of used) {
    const m = /^([A-Z])(\d{2})$/.exec(segment);
    if (!m) continue;
    const n = (m[1].charCodeAt(0) - 65) * 99 + (Number(m[2]) - 1);
    max = Math.max(max, n);
  }
  const next = max + 1;
  if (next >= 26 * 99) throw new Error('no org code segment left at this level');
  const letter = String.fromCharCode(65 + Math.floor(next / 99));
  const digits = String((next % 99) + 1).padStart(2, '0');
  return `${letter}${digits}`;
}

export function childOrgCode(parentCode: string | null, siblingCodes: string[]): string {
  const prefix = parentCode ?? '';
  const segments = siblingCodes
    .filter((c) => c.startsWith(prefix) && c.length === prefix.length + 3)
    .map((c) => c.slice(prefix.length));
  return prefix + nextSegment(segments);
}
