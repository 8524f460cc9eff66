// The tax authority behind one interface (domain.md: outside parties are adapters): a batch of drivers' months
// goes in, one answer per record comes back — the invoice issued on the driver's behalf with the taxes withheld
// and the certificate no., or a failure with its code. The product ships the simulated authority.

export interface TaxFiling {
  /** Ours, unique per record and send: the authority deduplicates on it. */
  filingNo: string;
  period: string;
  driverName: string;
  idCard: string;
  cardNo: string;
  noteCount: number;
  freightFen: number;
  bankSerialNos: string[];
}

export type TaxAnswer =
  | {
      filingNo: string;
      status: 'accepted';
      invoiceNo: string;
      vatFen: number;
      surchargeFen: number;
      iitFen: number;
      certificateNo: string;
    }
  | { filingNo: string; status: 'failed'; code: string; message: string };

/** A quarter's income report of the platform (国务院令第810号): each driver's and agent's identity and income. */
export interface IncomeReportFiling {
  /** Ours, unique per report and send: the authority deduplicates on it. */
  reportNo: string;
  quarter: string;
  incomeFen: number;
  lines: Array<{
    lineNo: number;
    payeeKind: 'driver' | 'agent';
    name: string;
    idCard: string;
    mobile: string;
    incomeFen: number;
    paymentCount: number;
  }>;
}

export type IncomeReportAnswer =
  | { reportNo: string; status: 'accepted'; receiptNo: string }
  | { reportNo: string; status: 'failed'; code: string; message: string };

export interface TaxAuthorityAdapter {
  submit(batch: { batchNo: string; filings: TaxFiling[] }): Promise<TaxAnswer[]>;
  /** Sends a quarter's income report: the authority accepts it whole (a receipt no.) or refuses it with a code. */
  submitIncomeReport(report: IncomeReportFiling): Promise<IncomeReportAnswer>;
}
