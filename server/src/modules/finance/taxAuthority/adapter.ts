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

export interface TaxAuthorityAdapter {
  submit(batch: { batchNo: string; filings: TaxFiling[] }): Promise<TaxAnswer[]>;
}
