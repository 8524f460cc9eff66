import { type CodeTables, FieldCheck, fenToYuan3, n14, textOf } from './rules.ts';
import type { BuildResult, FundFlowMessage } from './types.ts';

// WLHY_ZJ1001 fund-flow record (reference-freight.md §1.4): the payments to the actual carrier and the
// waybills they pay. Defined over a plain input so the money module can feed it (enqueueFundFlow).

export interface FundFlowPayment {
  /** Ministry payment-means code (payment_means), e.g. 32 bank transfer. */
  meansCode: string;
  /** Payee's name. */
  recipient: string;
  /** Card or account number. */
  account: string;
  /** Bank code (bank dictionary), optional. */
  bankCode?: string | null;
  /** The bank's / payment channel's serial number of the transfer. */
  bankSerialNo: string;
  amountFen: number;
  /** When the money moved (ISO text or Date). */
  time: string | Date;
}

export interface FundFlowInput {
  /** The payment record's number (unique per fund-flow record). */
  documentNumber: string;
  /** The actual carrier paid: name and ID / credit code. */
  carrierName: string;
  carrierId: string;
  vehicleNumber: string;
  vehiclePlateColor: string;
  /** The waybills this record pays (their ids, so the outbox can wait for their waybill reports). */
  notes: Array<{ noteId: string; shippingNoteNumber: string; serialNumber: string; freightFen: number }>;
  payments: FundFlowPayment[];
  remark?: string | null;
}

export function fundFlowMessageOf(input: FundFlowInput, sendTime: Date): FundFlowMessage {
  return {
    documentNumber: textOf(input.documentNumber),
    sendToProDateTime: n14(sendTime),
    carrier: textOf(input.carrierName),
    actualCarrierId: textOf(input.carrierId),
    vehicleNumber: textOf(input.vehicleNumber),
    vehiclePlateColorCode: textOf(input.vehiclePlateColor),
    shippingNoteList: input.notes.map((n) => ({
      shippingNoteNumber: textOf(n.shippingNoteNumber),
      serialNumber: textOf(n.serialNumber),
      totalMonetaryAmount: fenToYuan3(n.freightFen),
    })),
    financiallist: input.payments.map((p) => ({
      paymentMeansCode: textOf(p.meansCode),
      recipient: textOf(p.recipient),
      receiptAccount: textOf(p.account),
      bankCode: textOf(p.bankCode),
      sequenceCode: textOf(p.bankSerialNo),
      monetaryAmount: fenToYuan3(p.amountFen),
      dateTime: n14(p.time),
    })),
    remark: textOf(input.remark),
  };
}

export function validateFundFlow(m: FundFlowMessage, codes: CodeTables): FieldCheck {
  const c = new FieldCheck();
  c.an('documentNumber', m.documentNumber, 35);
  c.dateTime('sendToProDateTime', m.sendToProDateTime);
  c.an('carrier', m.carrier, 512);
  c.an('actualCarrierId', m.actualCarrierId, 50);
  c.an('vehicleNumber', m.vehicleNumber, 35);
  c.code('vehiclePlateColorCode', m.vehiclePlateColorCode, codes.plateColor, 'plate_color');
  c.nonEmpty('shippingNoteList', m.shippingNoteList);
  m.shippingNoteList.forEach((n, i) => {
    c.an(`shippingNoteList[${i}].shippingNoteNumber`, n.shippingNoteNumber, 20);
    c.pattern(`shippingNoteList[${i}].serialNumber`, n.serialNumber, /^\d{4}$/, 'an..4 XXYY');
    c.decimal(`shippingNoteList[${i}].totalMonetaryAmount`, n.totalMonetaryAmount);
  });
  c.nonEmpty('financiallist', m.financiallist);
  m.financiallist.forEach((p, i) => {
    const path = `financiallist[${i}]`;
    c.an(`${path}.paymentMeansCode`, p.paymentMeansCode, 3);
    c.code(`${path}.paymentMeansCode`, p.paymentMeansCode, codes.paymentMeans, 'payment_means');
    c.an(`${path}.recipient`, p.recipient, 512);
    c.an(`${path}.receiptAccount`, p.receiptAccount, 50);
    c.an(`${path}.bankCode`, p.bankCode, 11, { required: false });
    if (p.bankCode) c.code(`${path}.bankCode`, p.bankCode, codes.bank, 'bank');
    c.an(`${path}.sequenceCode`, p.sequenceCode, 50);
    c.decimal(`${path}.monetaryAmount`, p.monetaryAmount);
    c.dateTime(`${path}.dateTime`, p.dateTime);
  });
  c.an('remark', m.remark, 256, { required: false });
  return c;
}

export function buildFundFlow(
  input: FundFlowInput,
  codes: CodeTables,
  sendTime = new Date(),
): BuildResult<FundFlowMessage> {
  const message = fundFlowMessageOf(input, sendTime);
  const { errors } = validateFundFlow(message, codes);
  return errors.length ? { ok: false, errors } : { ok: true, message };
}

export function fundFlowKey(m: FundFlowMessage): string {
  return m.documentNumber ?? '';
}
