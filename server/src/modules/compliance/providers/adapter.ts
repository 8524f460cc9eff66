import type { OcrKind } from '@freight/contracts';

// Identity and certificate authorities behind one interface (architecture: outside parties are adapters). The
// product ships the simulated provider (simulated.ts); a real client (公安 identity service, a bank-card
// verification gateway, the transport authority's certificate lookups, an OCR service) implements the same
// interface.

export type CertificateKind = 'qualification' | 'roadTransport' | 'transportPermit';
export type { OcrKind };

export interface ProviderAnswer {
  result: 'pass' | 'fail';
  reason: string;
}

/** An answer that arrives after the ask (polled or called back), for a request id the provider was given. */
export interface LateAnswer extends ProviderAnswer {
  requestId: string;
}

/** The provider did not answer in time: the check stays pending and is asked again, never passed. */
export class VerificationTimeout extends Error {
  constructor(reason = 'timeout') {
    super(`verification provider did not answer: ${reason}`);
    this.name = 'VerificationTimeout';
  }
}

export interface IdTwoFactorAsk {
  requestId: string;
  name: string;
  idCard: string;
  /** The driver app's face-liveness result; null when none was reported (back-office registration). */
  liveness: boolean | null;
}

export interface BankFourFactorAsk {
  requestId: string;
  name: string;
  idCard: string;
  cardNo: string;
  mobile: string;
}

export interface CertificateAsk {
  requestId: string;
  kind: CertificateKind;
  number: string;
  /** The holder as registered (driver name, plate, carrier name). */
  holder: string;
}

export interface VerificationProvider {
  /** Recorded on every check as `provider`. */
  readonly name: string;
  idTwoFactor(ask: IdTwoFactorAsk): Promise<ProviderAnswer>;
  bankFourFactor(ask: BankFourFactorAsk): Promise<ProviderAnswer>;
  certificate(ask: CertificateAsk): Promise<ProviderAnswer>;
  /** The fields read from an uploaded image, named as the forms name them. */
  ocr(kind: OcrKind, image: string): Promise<Record<string, string>>;
  /** Answers that have arrived for asked requests (may hold ids the platform never asked: they are ignored). */
  poll(requestIds: string[]): Promise<LateAnswer[]>;
}
