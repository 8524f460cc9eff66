import { driverTaxes, isResidentId } from '@freight/contracts';
import type {
  IncomeReportAnswer,
  IncomeReportFiling,
  TaxAnswer,
  TaxAuthorityAdapter,
  TaxFiling,
} from './adapter.ts';

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
  private readonly reports = new Map<string, IncomeReportAnswer>();

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
    if (this.failsNow())
      return {
        filingNo: f.filingNo,
        status: 'failed',
        code: 'T2001',
        message: '纳税人登记信息与身份信息不一致',
      };
    const seq = this.nextSeq();
    return {
      filingNo: f.filingNo,
      status: 'accepted',
      invoiceNo: `${f.period.slice(2, 4)}321${seq}`,
      ...driverTaxes(f.freightFen, this.settings.rates),
      certificateNo: `WS${f.period.replace('-', '')}${seq}`,
    };
  }

  /** A forced failure is due, or the configured chance of one comes up. */
  private failsNow(): boolean {
    return !!this.forced.shift() || Math.random() < this.settings.failureRate;
  }

  /** The next unique sequence number of an accepted answer (time, then a running serial). */
  private nextSeq(): string {
    this.serial += 1;
    return (
      `${Date.now() % 1_000_000_000}`.padStart(9, '0') + String(this.serial % 1_000_000).padStart(6, '0')
    );
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

  /**
   * A quarter's income report: every line needs a valid resident ID and a positive income, and the lines must
   * add up to the total; the answer of a report no. is given once (a resend of the same no. gets it again).
   */
  async submitIncomeReport(report: IncomeReportFiling): Promise<IncomeReportAnswer> {
    await new Promise((resolve) => setTimeout(resolve, this.settings.delayMs));
    const known = this.reports.get(report.reportNo);
    if (known) return known;
    const answer = this.assessIncome(report);
    this.reports.set(report.reportNo, answer);
    return answer;
  }

  private assessIncome(report: IncomeReportFiling): IncomeReportAnswer {
    const fail = (code: string, message: string): IncomeReportAnswer => ({
      reportNo: report.reportNo,
      status: 'failed',
      code,
      message,
    });
    const bad = report.lines.find((l) => !isResidentId(l.idCard));
    if (bad) return fail('T3001', `第${bad.lineNo}行（${bad.name}）身份证号码校验不通过`);
    const none = report.lines.find((l) => l.incomeFen <= 0);
    if (none) return fail('T3002', `第${none.lineNo}行（${none.name}）收入金额应大于0`);
    if (report.lines.reduce((t, l) => t + l.incomeFen, 0) !== report.incomeFen)
      return fail('T3003', '明细收入合计与报告收入合计不符');
    if (this.failsNow()) return fail('T3009', '涉税信息报送服务繁忙，请稍后重新报送');
    const seq = this.nextSeq();
    return {
      reportNo: report.reportNo,
      status: 'accepted',
      receiptNo: `SB${report.quarter.replace('-', '')}${seq}`,
    };
  }
}
