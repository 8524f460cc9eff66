// Text fields of the request bodies: trimmed, bounded text with the same messages wherever it is asked for.
// Internal to the contracts (not exported from the package).
import { z } from 'zod';

/** Text that may be left out: trimmed, at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** Text that must be given: `missing` when it is absent or blank; at most `max` characters. */
export const requiredText = (missing: string, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max);

/** A code that must be given (`missing`) and match `pattern` (else `malformed`); at most `max` characters. */
export const requiredCode = (missing: string, max: number, pattern: RegExp, malformed: string) =>
  requiredText(missing, max).regex(pattern, malformed);
