// Whole numbers of the request bodies: required, whole and bounded, each refusal with its own message.
// Internal to the contracts (not exported from the package).
import { z } from 'zod';

/** What a whole number's refusals say when it is absent or not a number (`missing`) and when it has a fraction. */
export interface WholeNumberMessages {
  missing: string;
  notWhole: string;
}

/** A whole number that must be given, from `min` to `max`, each bound refused with its own message. */
export const boundedInteger = (
  messages: WholeNumberMessages,
  [min, belowMin]: readonly [number, string],
  [max, aboveMax]: readonly [number, string],
) => z.number({ error: messages.missing }).int(messages.notWhole).min(min, belowMin).max(max, aboveMax);

/** The refusals of an amount of `label` in fen. */
export const fenMessages = (label: string): WholeNumberMessages => ({
  missing: `${label}必须是数字（分）`,
  notWhole: `${label}必须是整数（分）`,
});
