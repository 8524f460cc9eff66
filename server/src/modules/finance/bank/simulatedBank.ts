import { createHash, randomInt } from 'node:crypto';
import { BANK_FAILURE, BANK_FAILURE_TEXT } from '@freight/contracts';
import { and, asc, eq, gte, lt, lte } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { finSimBankTxn } from '../schema.ts';
import {
  type BankAdapter,
  type BankNotice,
  type BankResult,
  BankUnavailable,
  type PayOutRequest,
  type RechargeRequest,
  type SignedCallback,
  type StatementEntry,
} from './adapter.ts';
import { signCallback, verifySignature } from './signature.ts';

/** How the simulated bank behaves; the defaults (demo and tests) pay every request within a second. */
export interface SimBankSettings {
  /** Milliseconds from accepting a pay-out to its outcome and callback; 0 answers at once. */
  delayMs: number;
  /** Share (0…1) of pay-outs that fail, with a code drawn from `failureCodes`. */
  failureRate: number;
  failureCodes: string[];
  /** Card numbers that always fail with the given code (for demos and tests). */
  failCards: Record<string, string>;
  /** Push callbacks; off, only queries learn the outcome. */
  callbacks: boolean;
}

export const DEFAULT_SIM_SETTINGS: SimBankSettings = {
  delayMs: 200,
  failureRate: 0,
  failureCodes: [BANK_FAILURE.wrongCard, BANK_FAILURE.frozenAccount, BANK_FAILURE.timeout],
  failCards: {},
  callbacks: true,
};

/** A callback the platform did not take is posted again, up to this many times in all, further apart each time. */
const CALLBACK_ATTEMPTS = 5;
const CALLBACK_RETRY_MS = 500;

/** The shared secret of the simulated bank's callbacks (a real adapter reads its own from settings). */
export const SIM_CALLBACK_SECRET = 'sim-bank-callback-secret';
const CHANNEL = 'sim';
const OUT = 1;
const IN = 2;

const serial = () =>
  `SIM${new Date().toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;

type TxnRow = typeof finSimBankTxn.$inferSelect;

function resultOf(txn: TxnRow): BankResult {
  if (txn.status === 'processing') return { status: 'processing' };
  if (txn.status === 'paid') return { status: 'paid', bankSerialNo: txn.bankSerialNo, paidAt: txn.dueTime };
  const code = txn.failCode ?? BANK_FAILURE.wrongCard;
  return { status: 'failed', failCode: code, failReason: BANK_FAILURE_TEXT[code] ?? code };
}

/**
 * The partner bank as the product ships it for demos and tests: accepts pay-outs, decides each outcome at
 * once (success, or a failure by rate or by card), reveals it after `delayMs` through a signed callback and
 * to queries. Its memory is a table of its own written outside our transactions, so it survives a restart as
 * a real bank does; a request no. it has seen is never paid twice. A TIMEOUT failure is the bank not
 * answering the call: the payment still goes through (and its callback is lost), only a query tells.
 */
export class SimulatedBank implements BankAdapter {
  readonly channel = CHANNEL;
  settings: SimBankSettings;
  private handler: ((callback: SignedCallback) => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly redeliveries = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly db: Db,
    settings: Partial<SimBankSettings> = {},
  ) {
    this.settings = { ...DEFAULT_SIM_SETTINGS, ...settings };
  }

  configure(settings: Partial<SimBankSettings>): SimBankSettings {
    this.settings = { ...this.settings, ...settings };
    return this.settings;
  }

  setNoticeHandler(handler: (callback: SignedCallback) => Promise<void>): void {
    this.handler = handler;
  }

  virtualAccount(customerId: string): string {
    const digits = BigInt(`0x${createHash('sha256').update(customerId).digest('hex').slice(0, 15)}`)
      .toString()
      .padStart(16, '0')
      .slice(-16);
    return `95${digits}`;
  }

  async requestRecharge(request: RechargeRequest): Promise<BankResult> {
    const [row] = await this.db
      .insert(finSimBankTxn)
      .values({
        requestNo: request.requestNo,
        direction: IN,
        amountFen: request.amountFen,
        account: request.accountNo,
        accountName: request.payerName ?? null,
        status: 'paid',
        outcome: 'paid',
        bankSerialNo: serial(),
        dueTime: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    return resultOf(row ?? (await this.find(request.requestNo)) ?? ({} as TxnRow));
  }

  async payOut(request: PayOutRequest): Promise<BankResult> {
    const existing = await this.find(request.requestNo);
    if (existing) return resultOf(existing);
    const s = this.settings;
    let failCode: string | null = s.failCards[request.cardNo] ?? null;
    if (!failCode && s.failureRate > 0 && Math.random() < s.failureRate)
      failCode = s.failureCodes[randomInt(0, Math.max(1, s.failureCodes.length))] ?? BANK_FAILURE.wrongCard;
    const timeout = failCode === BANK_FAILURE.timeout;
    const outcome = failCode && !timeout ? 'failed' : 'paid';
    const instant = s.delayMs <= 0;
    const [row] = await this.db
      .insert(finSimBankTxn)
      .values({
        requestNo: request.requestNo,
        direction: OUT,
        amountFen: request.amountFen,
        account: request.cardNo,
        accountName: request.holderName,
        status: instant ? outcome : 'processing',
        outcome,
        // A timed-out call is remembered by its code: its callback is the one that gets lost.
        failCode,
        bankSerialNo: serial(),
        dueTime: new Date(Date.now() + Math.max(0, s.delayMs)),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return resultOf((await this.find(request.requestNo)) as TxnRow);
    if (timeout) throw new BankUnavailable();
    if (!instant) this.schedule(s.delayMs);
    return resultOf(row);
  }

  async queryPayment(requestNo: string): Promise<BankResult> {
    const txn = await this.find(requestNo);
    if (!txn) return { status: 'unknown' };
    if (txn.status === 'processing' && txn.dueTime.getTime() <= Date.now()) {
      const [done] = await this.db
        .update(finSimBankTxn)
        .set({ status: txn.outcome })
        .where(and(eq(finSimBankTxn.requestNo, requestNo), eq(finSimBankTxn.status, 'processing')))
        .returning();
      return resultOf(done ?? ((await this.find(requestNo)) as TxnRow));
    }
    return resultOf(txn);
  }

  async statement(day: string): Promise<StatementEntry[]> {
    const from = new Date(`${day}T00:00:00+08:00`);
    const to = new Date(from.getTime() + 86_400_000);
    const rows = await this.db
      .select()
      .from(finSimBankTxn)
      .where(
        and(
          eq(finSimBankTxn.status, 'paid'),
          gte(finSimBankTxn.createTime, from),
          lt(finSimBankTxn.createTime, to),
        ),
      )
      .orderBy(asc(finSimBankTxn.createTime));
    return rows.map((t) => ({
      bankSerialNo: t.bankSerialNo,
      tradeTime: t.dueTime,
      direction: t.direction === IN ? 1 : 2,
      amountFen: t.amountFen,
      counterpartyName: t.accountName,
      counterpartyAccount: t.account,
      memo: t.direction === IN ? '充值' : '代付',
    }));
  }

  verifyCallback(body: unknown): BankNotice[] | null {
    if (!verifySignature(SIM_CALLBACK_SECRET, body)) return null;
    return body.channel === CHANNEL ? body.notices : null;
  }

  /** A callback body signed as this bank signs (tests post it to the endpoint). */
  sign(notices: BankNotice[]): SignedCallback {
    return signCallback(SIM_CALLBACK_SECRET, CHANNEL, notices);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const retry of this.redeliveries) clearTimeout(retry);
    this.redeliveries.clear();
  }

  /** Resolves the due requests now and delivers their callbacks (tests and the demo use it too). */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = (async () => {
      try {
        for (;;) {
          const due = await this.db
            .select()
            .from(finSimBankTxn)
            .where(and(eq(finSimBankTxn.status, 'processing'), lte(finSimBankTxn.dueTime, new Date())))
            .orderBy(asc(finSimBankTxn.dueTime))
            .limit(2000);
          if (due.length === 0) break;
          const notices: BankNotice[] = [];
          for (const txn of due) {
            const [done] = await this.db
              .update(finSimBankTxn)
              .set({ status: txn.outcome })
              .where(and(eq(finSimBankTxn.requestNo, txn.requestNo), eq(finSimBankTxn.status, 'processing')))
              .returning();
            if (!done || done.failCode === BANK_FAILURE.timeout) continue;
            const result = resultOf(done);
            notices.push({
              kind: 'payment',
              requestNo: done.requestNo,
              status: result.status === 'paid' ? 'paid' : 'failed',
              bankSerialNo: result.status === 'paid' ? result.bankSerialNo : undefined,
              failCode: result.status === 'failed' ? result.failCode : undefined,
              failReason: result.status === 'failed' ? result.failReason : undefined,
              time: new Date().toISOString(),
            });
          }
          if (notices.length && this.settings.callbacks) await this.deliver(this.sign(notices), 1);
          if (due.length < 2000) break;
        }
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  /**
   * Posts a callback; one the platform did not take (its transaction failed) is posted again a little later,
   * as banks repeat unacknowledged notices. The platform answers a repeat as a duplicate.
   */
  private async deliver(callback: SignedCallback, attempt: number): Promise<void> {
    if (!this.handler || this.closed) return;
    try {
      await this.handler(callback);
    } catch {
      if (attempt >= CALLBACK_ATTEMPTS || this.closed) return;
      const retry = setTimeout(() => {
        this.redeliveries.delete(retry);
        void this.deliver(callback, attempt + 1);
      }, CALLBACK_RETRY_MS * attempt);
      this.redeliveries.add(retry);
    }
  }

  private schedule(delayMs: number): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (this.closed) return;
        void this.flush()
          .then(async () => {
            // Requests accepted while flushing fall due later: look again.
            const [next] = await this.db
              .select({ dueTime: finSimBankTxn.dueTime })
              .from(finSimBankTxn)
              .where(eq(finSimBankTxn.status, 'processing'))
              .orderBy(asc(finSimBankTxn.dueTime))
              .limit(1)
              .catch(() => []);
            if (next) this.schedule(Math.max(10, next.dueTime.getTime() - Date.now()));
          })
          .catch(() => undefined);
      },
      Math.max(10, delayMs),
    );
    this.timer.unref();
  }

  private async find(requestNo: string): Promise<TxnRow | undefined> {
    const [row] = await this.db.select().from(finSimBankTxn).where(eq(finSimBankTxn.requestNo, requestNo));
    return row;
  }
}
