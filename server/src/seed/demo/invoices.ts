// Demo invoices, made through the invoice service and the simulated tax service: for the first
// customers with paid waybills, one invoice each over their paid waybills: issued and delivered, issued, or
// waiting to be issued — so 发票管理 shows every common state and the waybill list its invoice column.
import { INVOICE_KIND } from '@freight/contracts';
import { SimulatedBank } from '../../modules/finance/bank/simulatedBank.ts';
import { type Finance, SYSTEM_ACTOR, silentLog } from '../../modules/finance/context.ts';
import { SimulatedTaxService } from '../../modules/finance/einvoice/simulatedTaxService.ts';
import { finInvoice } from '../../modules/finance/invoiceSchema.ts';
import {
  applyInvoice,
  deliverInvoice,
  invoiceCandidates,
  issueInvoice,
} from '../../modules/finance/invoices.ts';
import { approvedCustomers } from './approved.ts';
import type { DemoSeeder } from './types.ts';

const actor = SYSTEM_ACTOR(0, 'demo');

export const invoiceSeeder: DemoSeeder = {
  name: 'invoices',
  async run(db) {
    const rows = { invoices: 0, issued: 0 };
    const [existing] = await db.select({ id: finInvoice.id }).from(finInvoice).limit(1);
    if (existing) return rows;
    const fin: Finance = { db, bank: new SimulatedBank(db, { delayMs: 0 }), log: silentLog };
    const tax = new SimulatedTaxService({ delayMs: 0 });
    const customers = await approvedCustomers(db);
    // Each customer with paid waybills gets one invoice over them: the first issued and delivered, the next
    // issued, the one after waiting to be issued, and so on.
    let i = 0;
    for (const customer of customers) {
      const candidates = await invoiceCandidates(fin, actor, customer.id);
      if (candidates.length === 0) continue;
      const step = i++ % 3;
      const invoice = await applyInvoice(fin, actor, {
        noteIds: candidates.slice(0, 5).map((c) => c.id),
        kind: customer.invoiceTaxNo && step === 0 ? INVOICE_KIND.special : INVOICE_KIND.normal,
      });
      rows.invoices++;
      if (step === 2) continue;
      const { invoice: issued } = await issueInvoice(fin, tax, actor, invoice.id);
      if (issued.state !== 3) continue;
      rows.issued++;
      if (step === 0) await deliverInvoice(fin, actor, invoice.id, customer.contactMobile ?? '13800000000');
    }
    return rows;
  },
};
