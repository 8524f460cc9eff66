import {
  type EInvoiceAdapter,
  type EInvoiceRequest,
  type EInvoiceResult,
  EInvoiceTimeout,
  type RedLetterResult,
} from './adapter.ts';

// The simulated tax service shipped with the product: issues a 20-digit 数电票 number after a delay, fails a
// share of requests with the tax service's codes, and loses a share of answers (the caller times out though the
// invoice was issued: only `query` finds out). Requests are deduplicated by request no., as the real service's.

export interface SimTaxSettings {
  /** How long issuing takes (ms). */
  delayMs: number;
  /** Share of requests refused (0..1). */
  failureRate: number;
  /** Share of answers lost after issuing (0..1): the caller sees a timeout. */
  timeoutRate: number;
  /** How long the caller waits for an answer (ms). */
  callTimeoutMs: number;
}

export const SIM_TAX_DEFAULTS: SimTaxSettings = {
  delayMs: 300,
  failureRate: 0,
  timeoutRate: 0,
  callTimeoutMs: 10_000,
};

const FAILURES = [
  { code: 'E1001', message: '购买方纳税人识别号校验不通过' },
  { code: 'E2003', message: '开票额度不足' },
];

interface Issued {
  request: EInvoiceRequest;
  result: EInvoiceResult;
  /** How many times the service issued under this request no. (always 1: resends are deduplicated). */
  issues: number;
}

export class SimulatedTaxService implements EInvoiceAdapter {
  settings: SimTaxSettings;
  private readonly records = new Map<string, Issued>();
  private readonly pending = new Map<string, Promise<EInvoiceResult>>();
  private serial = 0;
  /** The next requests' forced outcomes (tests): a failure code, or a lost answer. */
  private readonly forced: Array<'fail' | 'timeout'> = [];

  constructor(settings: Partial<SimTaxSettings> = {}) {
    this.settings = { ...SIM_TAX_DEFAULTS, ...settings };
  }

  /** Makes the next request fail, or lose its answer after issuing. */
  force(outcome: 'fail' | 'timeout'): void {
    this.forced.push(outcome);
  }

  /** How many invoices were issued under a request no. */
  issuesOf(requestNo: string): number {
    return this.records.get(requestNo)?.issues ?? 0;
  }

  private nextNumber(): string {
    this.serial += 1;
    const yy = String(new Date().getFullYear() % 100).padStart(2, '0');
    // yy + area (32 江苏) + channel 2 + a 15-digit serial = 20 digits.
    const tail =
      `${Date.now() % 1_000_000_000}`.padStart(9, '0') + String(this.serial % 1_000_000).padStart(6, '0');
    return `${yy}322${tail}`;
  }

  async issue(request: EInvoiceRequest): Promise<EInvoiceResult> {
    const known = this.records.get(request.requestNo);
    if (known) return known.result;
    const forced = this.forced.shift();
    let work = this.pending.get(request.requestNo);
    if (!work) {
      work = (async () => {
        await new Promise((resolve) => setTimeout(resolve, this.settings.delayMs));
        const fail = forced === 'fail' || (!forced && Math.random() < this.settings.failureRate);
        const failure = FAILURES[Math.floor(Math.random() * FAILURES.length)] ?? FAILURES[0];
        const result: EInvoiceResult =
          fail && failure
            ? { status: 'failed', code: failure.code, message: failure.message }
            : { status: 'issued', invoiceNo: this.nextNumber(), issuedAt: new Date() };
        this.records.set(request.requestNo, { request, result, issues: result.status === 'issued' ? 1 : 0 });
        this.pending.delete(request.requestNo);
        return result;
      })();
      this.pending.set(request.requestNo, work);
    }
    const lost = forced === 'timeout' || (!forced && Math.random() < this.settings.timeoutRate);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new EInvoiceTimeout(request.requestNo)),
        lost ? this.settings.delayMs + 5 : this.settings.callTimeoutMs,
      );
    });
    try {
      const result = await Promise.race([work, timeout]);
      if (lost) throw new EInvoiceTimeout(request.requestNo);
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  async query(requestNo: string): Promise<EInvoiceResult> {
    const known = this.records.get(requestNo);
    if (known) return known.result;
    if (this.pending.has(requestNo)) return { status: 'processing' };
    return { status: 'unknown' };
  }

  async redLetter(request: {
    invoiceNo: string;
    requestNo: string;
    reason: string;
    amountFen: number;
  }): Promise<RedLetterResult> {
    const original = [...this.records.values()].find(
      (r) => r.result.status === 'issued' && r.result.invoiceNo === request.invoiceNo,
    );
    // A number this process never issued (a restart): the simulated service accepts it as its own.
    if (!original && !/^\d{20}$/.test(request.invoiceNo))
      return { status: 'failed', code: 'E3001', message: '蓝字发票不存在' };
    this.serial += 1;
    return {
      status: 'confirmed',
      confirmNo: `HZ${request.invoiceNo.slice(0, 12)}${String(this.serial).padStart(6, '0')}`,
      redInvoiceNo: this.nextNumber(),
    };
  }
}
