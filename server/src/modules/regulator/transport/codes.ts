import type { ReportVariant } from '@freight/contracts';
import type { Verdict } from './types.ts';

// Result codes of each variant (reference-freight.md §1.8). Fujian's list is documented in full; Tianjin and
// Gansu document 00000 and 20000, Shaanxi 0000 and 1003; their other codes are the ones the product's fake
// servers answer (kept in one place, so a province's real list is one edit away).

export interface VariantCodes {
  ok: string;
  tokenExpired: string;
  loginFailed: string;
  duplicateReference: string;
  wrongType: string;
  queue: string;
  envelope: string;
  fieldInvalid: string;
  keyDecrypt: string;
  bodyDecrypt: string;
  bodyParse: string;
  server: string;
  signature: string;
}

const APPLY_TOKEN: VariantCodes = {
  ok: '00000',
  tokenExpired: '20000',
  loginFailed: '10001',
  fieldInvalid: '30001',
  duplicateReference: '30002',
  wrongType: '30003',
  keyDecrypt: '40001',
  bodyDecrypt: '40001',
  bodyParse: '40002',
  envelope: '40004',
  signature: '40004',
  server: '50000',
  queue: '50001',
};

export const VARIANT_CODES: Record<ReportVariant, VariantCodes> = {
  fujian: {
    ok: '1001',
    tokenExpired: '2001',
    loginFailed: '2002',
    duplicateReference: '3001',
    wrongType: '3002',
    queue: '3003',
    envelope: '3004',
    fieldInvalid: '3005',
    keyDecrypt: '3006',
    bodyDecrypt: '3007',
    bodyParse: '3008',
    signature: '3004',
    server: '9001',
  },
  tianjin: APPLY_TOKEN,
  gansu: APPLY_TOKEN,
  shaanxi: {
    ok: '0000',
    tokenExpired: '1003',
    loginFailed: '1001',
    signature: '1002',
    fieldInvalid: '2001',
    duplicateReference: '2002',
    wrongType: '2003',
    keyDecrypt: '2004',
    bodyDecrypt: '2004',
    bodyParse: '2004',
    envelope: '2005',
    server: '5000',
    queue: '5001',
  },
};

/** What an answer code means to the outbox, given the channel's success codes. */
export function verdictOf(variant: ReportVariant, code: string, successCodes: readonly string[]): Verdict {
  const codes = VARIANT_CODES[variant];
  if (successCodes.includes(code)) return 'accepted';
  if (code === codes.tokenExpired) return 'tokenExpired';
  if (code === codes.duplicateReference) return 'duplicateReference';
  if (code === codes.fieldInvalid) return 'invalid';
  if (code === codes.queue || code === codes.server) return 'retry';
  return 'rejected';
}
