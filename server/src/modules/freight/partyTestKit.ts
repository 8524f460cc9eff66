// Helpers of the party API tests: valid identifiers, calls, and a user holding chosen codes.
import { creditCodeCheckChar, luhnCheckDigit, residentIdCheckChar } from '@freight/contracts';
import { xlsx } from '../../test/kit.ts';

export { api } from '../../test/harness.ts';
export {
  caller,
  compareVersions,
  fileForm,
  type Method,
  upload,
  userIdOf,
  userWithCodes,
} from '../../test/kit.ts';
/** An 18-character resident ID with its check character. */
export const idCard = (body17: string) => body17 + residentIdCheckChar(body17);
/** A Luhn-valid card number. */
export const card = (payload: string) => payload + luhnCheckDigit(payload);
/** A unified social credit code with its check character. */
export const creditCode = (body17: string) => body17 + creditCodeCheckChar(body17);
/** A day relative to today, 'YYYY-MM-DD' (China time is ahead of UTC, so ±1 day margins suffice). */
export const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An import file: the header row, then `rows`, on the sheet the templates use. */
export function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  return xlsx([header, ...rows], '导入');
}
