// The partner bank behind one interface (domain.md: outside parties are adapters). The product ships the
// simulated bank (simulatedBank.ts); a real bank's adapter implements the same interface — see
// docs/bank-adapter.md for the contract it must keep.

/** The bank's answer about one request (a pay-out, or a recharge collected into a virtual account). */
export type BankResult =
  /** The bank holds the request and will answer by callback (or to a query). */
  | { status: 'processing' }
  | { status: 'paid'; bankSerialNo: string; paidAt: Date }
  | { status: 'failed'; failCode: string; failReason: string }
  /** The bank has no record of the request no.: it never arrived, so sending it again pays once. */
  | { status: 'unknown' };

export interface PayOutRequest {
  /** Ours, unique per payment: the bank deduplicates on it, so a resend never pays twice. */
  requestNo: string;
  amountFen: number;
  cardNo: string;
  holderName: string;
  holderIdCard?: string | null;
  bankCode?: string | null;
  memo?: string;
}

export interface RechargeRequest {
  requestNo: string;
  /** The customer's virtual escrow sub-account. */
  accountNo: string;
  amountFen: number;
  payerName?: string | null;
}

/** Money arrived in a customer's virtual account (the bank's recharge notification). */
export interface RechargeNotice {
  kind: 'recharge';
  accountNo: string;
  amountFen: number;
  bankSerialNo: string;
  requestNo?: string;
  payerName?: string | null;
  payerAccount?: string | null;
  time: string;
}

/** The outcome of a pay-out, by the request no. we sent it with. */
export interface PaymentOutcome {
  requestNo: string;
  status: 'paid' | 'failed';
  bankSerialNo?: string;
  failCode?: string;
  failReason?: string;
}

/** The outcome of a pay-out, in a callback. */
export interface PaymentNotice extends PaymentOutcome {
  kind: 'payment';
  time: string;
}

export type BankNotice = RechargeNotice | PaymentNotice;

/** A line of the bank's statement of the platform's accounts. */
export interface StatementEntry {
  bankSerialNo: string;
  tradeTime: Date;
  /** 1 money in, 2 money out. */
  direction: 1 | 2;
  amountFen: number;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  memo: string | null;
}

/** The body a bank posts to the callback endpoint: the notices and a signature over them. */
export interface SignedCallback {
  channel: string;
  timestamp: string;
  nonce: string;
  notices: BankNotice[];
  sign: string;
}

/** Thrown when the bank did not answer (network, timeout): the outcome is unknown until queried. */
export class BankUnavailable extends Error {
  constructor(message = '银行响应超时') {
    super(message);
    this.name = 'BankUnavailable';
  }
}

export interface BankAdapter {
  /** Channel code stored in the wallet configuration ('sim' for the simulated bank). */
  readonly channel: string;
  /** The customer's virtual escrow sub-account number: recharges are transfers into it. */
  virtualAccount(customerId: string): string;
  /** Collects a recharge into a virtual account; a real bank may answer 'processing' and notify later. */
  requestRecharge(request: RechargeRequest): Promise<BankResult>;
  /** Pays out to a card. Throws BankUnavailable when the bank does not answer. */
  payOut(request: PayOutRequest): Promise<BankResult>;
  /** The state of a request no. (resolves timeouts and lost callbacks). */
  queryPayment(requestNo: string): Promise<BankResult>;
  /** The statement of the platform's accounts for a day (YYYY-MM-DD, China time). */
  statement(day: string): Promise<StatementEntry[]>;
  /** The notices of a callback body whose signature holds, or null. */
  verifyCallback(body: unknown): BankNotice[] | null;
  /** Where the adapter delivers notices it pushes itself (the simulated bank's asynchronous callbacks). */
  setNoticeHandler(handler: (callback: SignedCallback) => Promise<void>): void;
  close(): void;
}
