// The tax service that issues 数电票 behind one interface (domain.md: outside parties are adapters). The
// product ships the simulated tax service (simulatedTaxService.ts); a real one (a 乐企 direct connection or a
// service provider's API) implements the same interface and keeps the same promises: `requestNo` is
// deduplicated (a resend of the same request issues once), and `query` tells whether a request arrived.

export interface EInvoiceLine {
  /** 项目名称, e.g. *运输服务*国内道路货物运输服务. */
  itemName: string;
  amountFen: number;
  netFen: number;
  taxFen: number;
  taxRateBp: number;
  /** Freight invoices (公告2015年第99号): 起运地, 到达地, 车种车号, 货物. */
  loadPlace: string;
  unloadPlace: string;
  vehicle: string;
  goodsName: string;
}

export interface EInvoiceRequest {
  /** Ours, one per issuing attempt: the tax service deduplicates on it. */
  requestNo: string;
  /** 1 增值税专用发票, 2 普通发票 (both fully digital). */
  kind: number;
  buyer: { title: string; taxNo: string };
  seller: { title: string; taxNo: string };
  amountFen: number;
  netFen: number;
  taxFen: number;
  lines: EInvoiceLine[];
}

/** The tax service's answer about one request. */
export type EInvoiceResult =
  | { status: 'issued'; invoiceNo: string; issuedAt: Date }
  | { status: 'failed'; code: string; message: string }
  /** Received and still being issued: ask again later. */
  | { status: 'processing' }
  /** No record of the request no.: it never arrived, so sending it again issues once. */
  | { status: 'unknown' };

/** A red-letter confirmation (红字发票信息确认单) of a full reversal. */
export type RedLetterResult =
  | { status: 'confirmed'; confirmNo: string; redInvoiceNo: string }
  | { status: 'failed'; code: string; message: string };

/** The call got no answer in time: the request may or may not have been issued (ask with `query`). */
export class EInvoiceTimeout extends Error {
  constructor(requestNo: string) {
    super(`e-invoice request ${requestNo} timed out`);
    this.name = 'EInvoiceTimeout';
  }
}

export interface EInvoiceAdapter {
  /** Issues the invoice; resolves with its outcome or rejects with EInvoiceTimeout. */
  issue(request: EInvoiceRequest): Promise<EInvoiceResult>;
  /** What became of a request (never issues). */
  query(requestNo: string): Promise<EInvoiceResult>;
  /** Reverses an issued invoice in full. */
  redLetter(request: {
    invoiceNo: string;
    requestNo: string;
    reason: string;
    amountFen: number;
  }): Promise<RedLetterResult>;
}
