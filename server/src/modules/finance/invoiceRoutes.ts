import {
  day,
  formatFen,
  invoiceApplyBody,
  invoiceDeliverBody,
  invoiceIdBody,
  invoiceNoteResource,
  invoiceRedLetterBody,
  invoiceRejectBody,
  invoiceResource,
} from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { PDF_TYPE, sendAttachment } from '../../platform/http/fileReplies.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { finActorOf, financeAction } from './actionRoutes.ts';
import type { FinActor, Finance } from './context.ts';
import type { EInvoiceAdapter } from './einvoice/adapter.ts';
import { type SimTaxSettings, SimulatedTaxService } from './einvoice/simulatedTaxService.ts';
import { renderInvoicePdf } from './invoicePdf.ts';
import { finInvoice, finInvoiceNote } from './invoiceSchema.ts';
import {
  applyInvoice,
  deliverInvoice,
  invoiceCandidates,
  invoiceHistory,
  invoiceLines,
  invoiceOf,
  invoiceTotals,
  issueInvoice,
  redLetterInvoice,
  rejectInvoice,
  resolveIssuing,
  submitInvoice,
} from './invoices.ts';
import { perApp } from './perApp.ts';

// 发票管理: the list and lines through the one declaration, the application, the moves of the state
// machine, the PDF, the history, the footer's totals, and the job resolving invoices left issuing.

export const INVOICE_JOB = 'resolveIssuingInvoices';

const einvoices = perApp<{ adapter: EInvoiceAdapter; sim: SimulatedTaxService | null }>('invoice routes');

/** The e-invoice adapter of an app (tests drive the simulated tax service through it). */
export const einvoiceOf = einvoices.of;

/** The simulated tax service's settings from the environment (its defaults issue within a second). */
function simTaxSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<SimTaxSettings> {
  const out: Partial<SimTaxSettings> = {};
  const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  const delay = num(env.EINVOICE_SIM_DELAY_MS);
  if (delay !== undefined && Number.isFinite(delay)) out.delayMs = Math.max(0, delay);
  const failure = num(env.EINVOICE_SIM_FAILURE_RATE);
  if (failure !== undefined && Number.isFinite(failure)) out.failureRate = Math.min(1, Math.max(0, failure));
  const timeout = num(env.EINVOICE_SIM_TIMEOUT_RATE);
  if (timeout !== undefined && Number.isFinite(timeout)) out.timeoutRate = Math.min(1, Math.max(0, timeout));
  const wait = num(env.EINVOICE_CALL_TIMEOUT_MS);
  if (wait !== undefined && Number.isFinite(wait)) out.callTimeoutMs = Math.max(100, wait);
  return out;
}

const period = z.object({
  customerId: z.string().trim().max(32).optional(),
  // Calendar days (2026-02-30 and 6887-33-37 have the shape but no day).
  from: day.transform((v) => v ?? undefined),
  to: day.transform((v) => v ?? undefined),
});

export function invoiceRoutes(app: FastifyInstance, ctx: AppContext, fin: Finance): void {
  const sim = new SimulatedTaxService(simTaxSettingsFromEnv(process.env));
  const adapter: EInvoiceAdapter = sim;
  einvoices.keep(ctx, { adapter, sim });
  const r = app.withTypeProvider<ZodTypeProvider>();

  bindResource(app, ctx, invoiceResource, finInvoice);
  bindResource(app, ctx, invoiceNoteResource, finInvoiceNote);

  r.get(
    '/plateform/invoice/candidates',
    {
      config: { access: perm('finance:invoice:add') },
      schema: { querystring: z.object({ customerId: z.string().trim().max(32).optional() }) },
    },
    async (request) => ok(await invoiceCandidates(fin, finActorOf(request), request.query.customerId)),
  );
  const invoiceAction = <B extends z.ZodType, T>(
    action: string,
    permission: string,
    body: B,
    act: (actor: FinActor, input: z.output<B>) => Promise<T>,
    say: (answer: T, input: z.output<B>) => string,
  ) => financeAction(app, `/plateform/invoice/${action}`, `finance:invoice:${permission}`, body, act, say);
  invoiceAction(
    'apply',
    'add',
    invoiceApplyBody,
    (actor, input) => applyInvoice(fin, actor, input),
    (invoice) =>
      `开票申请${invoice.applyNo}已提交：${invoice.noteCount}个运单，价税合计${formatFen(invoice.amountFen)}元`,
  );
  invoiceAction(
    'submit',
    'add',
    invoiceIdBody,
    (actor, input) => submitInvoice(fin, actor, input.id),
    (invoice) => `开票申请${invoice.applyNo}已提交`,
  );
  r.post(
    '/plateform/invoice/issue',
    { config: { access: perm('finance:invoice:issue') }, schema: { body: invoiceIdBody } },
    async (request) => {
      const answer = await issueInvoice(fin, adapter, finActorOf(request), request.body.id);
      return ok(answer.invoice, answer.message);
    },
  );
  invoiceAction(
    'query',
    'issue',
    invoiceIdBody,
    async (actor, input) => {
      await resolveIssuing(fin, adapter, { id: input.id, actor });
      return invoiceOf(fin.db, actor, input.id);
    },
    (invoice) => (invoice.state === 2 ? '税务系统仍在开票，请稍后再查' : '已取得开票结果'),
  );
  invoiceAction(
    'reject',
    'reject',
    invoiceRejectBody,
    (actor, input) => rejectInvoice(fin, actor, input.id, input.reason),
    (invoice) => `开票申请${invoice.applyNo}已驳回`,
  );
  invoiceAction(
    'deliver',
    'deliver',
    invoiceDeliverBody,
    (actor, input) => deliverInvoice(fin, actor, input.id, input.to),
    (_invoice, input) => `发票已交付至${input.to}`,
  );
  invoiceAction(
    'redLetter',
    'redLetter',
    invoiceRedLetterBody,
    (actor, input) => redLetterInvoice(fin, adapter, actor, input.id, input.reason),
    (invoice) => `发票${invoice.invoiceNo}已红冲，红字确认单${invoice.redLetterNo}`,
  );
  r.get(
    '/plateform/invoice/history',
    {
      config: { access: perm('finance:invoice:list') },
      schema: { querystring: z.object({ id: z.string().trim().min(1).max(32) }) },
    },
    async (request) => ok(await invoiceHistory(fin.db, finActorOf(request), request.query.id)),
  );
  r.get(
    '/plateform/invoice/totals',
    { config: { access: perm('finance:invoice:list') }, schema: { querystring: period } },
    async (request) => ok(await invoiceTotals(fin.db, finActorOf(request), request.query)),
  );
  r.get(
    '/plateform/invoice/pdf',
    {
      config: { access: perm('finance:invoice:list'), audit: { operateType: 6, content: '下载发票' } },
      schema: { querystring: z.object({ id: z.string().trim().min(1).max(32) }) },
    },
    async (request, reply) => {
      const invoice = await invoiceOf(fin.db, finActorOf(request), request.query.id);
      if (!invoice.invoiceNo) throw bizError('发票尚未开具，没有PDF');
      const pdf = await renderInvoicePdf(invoice, await invoiceLines(fin.db, invoice.id));
      return sendAttachment(reply, PDF_TYPE, `发票${invoice.invoiceNo}.pdf`, pdf);
    },
  );

  ctx.jobs.register({
    key: INVOICE_JOB,
    title: '开票结果查询',
    description: '向税务系统查询开票中超过30秒的发票（未收到的请求按原请求号重发，不会重复开票）',
    params: z.object({}).strict(),
    async run() {
      return JSON.stringify(await resolveIssuing(fin, adapter, { olderThanMs: 30_000 }));
    },
  });
}
