import { createHash } from 'node:crypto';
import { SIM_INSURER_CODE } from '@freight/contracts';
import { bizError } from '../../platform/http/errors.ts';

// The insurer is an outside party behind an adapter. The simulated insurer ships with the product
// and is deterministic: the policy number is derived from the request id (a retried request gets the same
// policy, as a real insurer's idempotent API answers), and it refuses — documented in docs/decisions.md —
// dangerous goods (cargo class 0200 石油、天然气及制品) and insured values above 5 000 000 yuan.

export interface InsureRequest {
  /** Our idempotency key: the insurer's request id. */
  requestId: string;
  shippingNoteNumber: string;
  cargoType: string;
  goodsName: string | null;
  insuredValueFen: number;
  premiumFen: number;
  route: string;
}

export interface InsurerAdapter {
  /** insurance_company code of the insurer. */
  readonly code: string;
  insure(request: InsureRequest): Promise<{ policyNo: string }>;
  /** Cancels a policy before the cargo is loaded. */
  cancel(request: { policyNo: string; requestId: string }): Promise<void>;
}

/** Insured values above this the simulated insurer declines (fen). */
export const SIM_MAX_INSURED_FEN = 500_000_000;
/** Cargo classes the simulated insurer declines. */
export const SIM_DECLINED_CARGO = ['0200'];

export class SimulatedInsurer implements InsurerAdapter {
  readonly code = SIM_INSURER_CODE;

  async insure(request: InsureRequest): Promise<{ policyNo: string }> {
    if (SIM_DECLINED_CARGO.includes(request.cargoType))
      throw bizError('保险公司拒保：危险品（石油、天然气及制品）不在货运险承保范围内');
    if (request.insuredValueFen > SIM_MAX_INSURED_FEN)
      throw bizError('保险公司拒保：单票保额超过500万元，请线下询价');
    const digits = BigInt(`0x${createHash('sha256').update(request.requestId).digest('hex').slice(0, 15)}`)
      .toString()
      .padStart(12, '0')
      .slice(-12);
    return { policyNo: `${this.code}HY${digits}` };
  }

  async cancel(): Promise<void> {}
}
