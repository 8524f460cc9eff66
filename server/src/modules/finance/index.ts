import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { changePayStatus, onFreightEvent, type PayStatusChange } from '../freight/index.ts';
import { ensureCustomerAccounts, lockSettlements, saveSettlements, walletKeysOf } from './accounts.ts';
import type { BankAdapter } from './bank/adapter.ts';
import { type SimBankSettings, SimulatedBank } from './bank/simulatedBank.ts';
import { resumePayments } from './bankPayments.ts';
import { billRoutes } from './billRoutes.ts';
import { Books } from './books.ts';
import type { Finance } from './context.ts';
import { etcRoutes } from './etcRoutes.ts';
import { fuelCardRoutes } from './fuelCards.ts';
import { invoiceRoutes } from './invoiceRoutes.ts';
import { financeJobs } from './jobs.ts';
import { lossRuleRoutes } from './lossRules.ts';
import { handleCallback, payRoutes } from './payRoutes.ts';
import { perApp } from './perApp.ts';
import { charge } from './postings.ts';
import { finBankPayment } from './schema.ts';
import { taxRoutes } from './taxRoutes.ts';
import { finIncomeReportLine, finTaxRecord } from './taxSchema.ts';
import { voucherRoutes } from './voucherRoutes.ts';
import { walletRoutes } from './walletRoutes.ts';

// Money: wallets and the double-entry ledger, recharges, payouts through the approval chain and the
// bank adapter, bills, adjustments, platform costs, bank statements, loss rules and the reconcile job.

export { finActorOf } from './actionRoutes.ts';
export { postDecidedDeduction, submitAdjustment } from './adjustments.ts';
export type { BankAdapter } from './bank/adapter.ts';
export { type SimBankSettings, SimulatedBank } from './bank/simulatedBank.ts';
export { resolvePayments, resumePayments, sendPayments } from './bankPayments.ts';
export { billStep, generateBill, payBill } from './bills.ts';
export type { FinActor, Finance } from './context.ts';
export { onMoneyMoved, SYSTEM_ACTOR, silentLog } from './context.ts';
export { collectDriverTax, sendDriverTax } from './driverTax.ts';
export { importEtcRecords, matchEtcRecords } from './etcRecords.ts';
export { finFuelCard, finFuelRecharge, finFuelStatement } from './fuelSchema.ts';
export { generateIncomeReport, quarterIncome } from './incomeReport.ts';
export { type PremiumPosting, postPremium, refundPremium } from './insurancePostings.ts';
export { einvoiceOf, INVOICE_JOB } from './invoiceRoutes.ts';
export { seedFinanceJobs } from './jobs.ts';
export { submitPayout } from './payouts.ts';
export { rechargeViaBank } from './recharge.ts';
export { checkLedger } from './reconcile.ts';
export { SimulatedTaxAuthority } from './taxAuthority/simulatedTaxAuthority.ts';
export { taxAuthorityOf } from './taxRoutes.ts';
export { keyedRequest, moneyTx, once } from './tx.ts';
export { buildVouchers, voucherAccounts } from './vouchers.ts';

/** Tables with encrypted personal-number columns (re-encrypted at start and on key rotation). */
export const FINANCE_PII_TABLES = [finBankPayment, finTaxRecord, finIncomeReportLine];

const instances = perApp<{ fin: Finance; sim: SimulatedBank | null }>('finance module');

/** The finance services of an app (tests drive the simulated bank through it). */
export const financeOf = instances.of;

/** The simulated bank's settings from the environment (the defaults pay everything within a second). */
function simSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<SimBankSettings> {
  const out: Partial<SimBankSettings> = {};
  if (env.BANK_SIM_DELAY_MS) out.delayMs = Math.max(0, Number(env.BANK_SIM_DELAY_MS) || 0);
  if (env.BANK_SIM_FAILURE_RATE)
    out.failureRate = Math.min(1, Math.max(0, Number(env.BANK_SIM_FAILURE_RATE) || 0));
  if (env.BANK_SIM_FAILURE_CODES) out.failureCodes = env.BANK_SIM_FAILURE_CODES.split(',').filter(Boolean);
  return out;
}

export function financeModule(app: FastifyInstance, ctx: AppContext): void {
  const sim = new SimulatedBank(ctx.db, simSettingsFromEnv(process.env));
  const bank: BankAdapter = sim;
  const fin: Finance = { db: ctx.db, bank, log: app.log };
  instances.keep(ctx, { fin, sim });
  bank.setNoticeHandler(async (callback) => {
    try {
      await handleCallback(fin, callback);
    } catch (error) {
      app.log.warn({ err: error }, 'bank callback not taken; the bank posts it again');
      throw error;
    }
  });
  app.addHook('onClose', async () => bank.close());

  // Per-trip (趟结) customers are charged at audit, inside the audit's transaction, when the wallet covers it;
  // otherwise the charge waits for the payment (which refuses while the wallet is short).
  onFreightEvent(ctx.db, async (tx, event) => {
    if (event.kind !== 'noteAudited' || event.note.settleMode !== 1) return;
    const note = event.note;
    await ensureCustomerAccounts(tx, bank, note.tenantId, [note.customerId]);
    const settlements = await lockSettlements(tx, [note]);
    const s = settlements.get(note.id);
    if (!s) return;
    const books = new Books(tx, note.tenantId, note.auditBy ?? 'system');
    await books.lock(walletKeysOf([note]));
    const changes: PayStatusChange[] = [];
    if (!charge(books, note, s, { mustAfford: false }, changes)) return;
    await books.flush();
    await saveSettlements(tx, [s]);
    await changePayStatus(tx, changes, note.auditBy ?? 'system');
  });

  walletRoutes(app, ctx, fin, sim);
  payRoutes(app, ctx, fin);
  billRoutes(app, ctx, fin);
  invoiceRoutes(app, ctx, fin);
  taxRoutes(app, ctx, fin);
  lossRuleRoutes(app, ctx);
  etcRoutes(app, ctx);
  fuelCardRoutes(app, ctx, fin);
  voucherRoutes(app, ctx);
  for (const job of financeJobs(fin)) ctx.jobs.register(job);

  // A restart resumes what was at the bank: unsent payments are sent, unanswered ones queried (never paid twice).
  app.addHook('onReady', async () => {
    try {
      await resumePayments(fin, 0);
    } catch (error) {
      app.log.error({ err: error }, 'resuming bank payments failed');
    }
  });
}
export { finInvoice } from './invoiceSchema.ts';
export { finBankPayment, finBill, finPayout, finWallet } from './schema.ts';
export { finTaxRecord } from './taxSchema.ts';
