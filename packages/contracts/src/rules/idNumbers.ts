// Chinese personal and company identifiers checked by their check characters, so a typo is caught at
// the form instead of by the regulator report (domain.md: drivers, customers, carriers).

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** GB 11643: check character of the first 17 digits of a resident ID. */
export function residentIdCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('resident ID body must be 17 digits');
  const sum = ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(first17[i]), 0);
  return ID_CHECK_CHARS[sum % 11];
}

function ymd(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
}

/** Birth date 'YYYY-MM-DD' of a well-formed 18-character resident ID, or null if it is no real date. */
export function residentIdBirthDate(id: string): string | null {
  const text = id.trim();
  if (!/^\d{17}[\dXx]$/.test(text)) return null;
  const y = Number(text.slice(6, 10));
  const m = Number(text.slice(10, 12));
  const d = Number(text.slice(12, 14));
  const probe = new Date(Date.UTC(y, m - 1, d));
  const real =
    y >= 1900 && probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
  return real ? `${text.slice(6, 10)}-${text.slice(10, 12)}-${text.slice(12, 14)}` : null;
}

/** 18-character resident ID: area, real birth date not after `today`, and the GB 11643 check. */
export function isResidentId(id: string, today: Date = new Date()): boolean {
  const text = id.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(text)) return false;
  const birth = residentIdBirthDate(text);
  if (!birth || birth.replaceAll('-', '') > ymd(today)) return false;
  return residentIdCheckChar(text.slice(0, 17)) === text[17];
}

// GB 32100: 31 characters, no I, O, Z, S or V.
const CREDIT_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const CREDIT_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** GB 32100: check character of the first 17 characters of a unified social credit code. */
export function creditCodeCheckChar(first17: string): string {
  if (!/^[0-9A-HJ-NPQRTUWXY]{17}$/.test(first17))
    throw new RangeError('credit code body must be 17 valid characters');
  const sum = CREDIT_WEIGHTS.reduce((acc, weight, i) => acc + weight * CREDIT_CHARSET.indexOf(first17[i]), 0);
  return CREDIT_CHARSET[(31 - (sum % 31)) % 31];
}

/** Unified social credit code: 18 characters (positions 3-8 an area code) with the mod-31 check. */
export function isUnifiedSocialCreditCode(code: string): boolean {
  const text = code.trim().toUpperCase();
  if (!CREDIT_SHAPE.test(text)) return false;
  return creditCodeCheckChar(text.slice(0, 17)) === text[17];
}

/** Mainland mobile number: 11 digits, 1 then 3-9. */
export function isMobile(phone: string): boolean {
  return /^1[3-9]\d{9}$/.test(phone.trim());
}
