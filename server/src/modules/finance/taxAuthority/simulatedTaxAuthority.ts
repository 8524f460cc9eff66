import { driverTaxes, isResidentId } from '@freight/contracts';
import type { TaxAnswer, TaxAuthorityAdapter, TaxFiling } from './adapter.ts';

// The simulated tax authority shipped with the product: checks each filing (a valid resident ID, a bank card,
// freight above zero), assesses the taxes at the configured rates and answers a 20-digit invoice no. and a
// certificate no.; a share of filings (or the next ones, for tests) fail with the authority's codes.

export interface SimTaxAuthoritySettings {
  delayMs: number;
  failureRate: number;
  rates: { vatBp: number; surchargeBp: number; iitBp: number };
}

export class SimulatedTaxAuthority implements TaxAuthorityAdapter {
  settings: SimTaxAuthoritySettings;
  private serial = 0;
  private readonly answered = new Map<string, TaxAnswer>();
  private readonly forced: string[] = [];

  constructor(settings: SimTaxAuthoritySettings) {
    this.settings = settings;
  }

  /** Makes the next filing fail (tests). */
  failNext(): void {
    this.forced.push('fail');
  }

  private answer(f: TaxFiling): TaxAnswer {
    if (!isResidentId(f.idCard))
      return { filingNo: f.filingNo, status: 'failed', code: 'T1001', message: '纳税人身份证号码校验不通过' };
    if (!/^\d{12,30}$/.test(f.cardNo))
      return { filingNo: f.filingNo, status: 'failed', code: 'T1002', message: '收款银行卡号无效' };
    if (this.forced.shift() || Math.random() < this.settings.failureRate)
      return {
        filingNo: f.filingNo,
        status: 'failed',
        code: 'T2001',
        message: '纳税人登记信息与身份信息不一致',
      };
    this.serial += 1;
    const seq =
      `${Date.now() % 1_000_000_000}`.padStart(9, '0') + String(this.serial % 1_000_000).padStart(6, '0');
    return {
      filingNo: f.filingNo,
      status: 'accepted',
      invoiceNo: `${f.period.slice(2, 4)}321${seq}`,
      ...driverTaxes(f.freightFen, this.settings.rates),
      certificateNo: `WS${f.period.replace('-', '')}${seq}`,
    };
  }

  async submit(batch: { batchNo: string; filings: TaxFiling[] }): Promise<TaxAnswer[]> {
    await new Promise((resolve) => setTimeout(resolve, this.settings.delayMs));
    return batch.filings.map((f) => {
      const known = this.answered.get(f.filingNo);
      if (known) return known;
      const answer = this.answer(f);
      this.answered.set(f.filingNo, answer);
      return answer;
    });
  }
}
