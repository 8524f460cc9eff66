import {
  INCOME_REPORT_STATE,
  incomeGenerateBody,
  incomeReportIdBody,
  incomeReportLineResource,
  incomeReportResource,
  taxBatchResource,
  taxCollectBody,
  taxCorrectBody,
  taxRecordResource,
  taxResendBody,
  taxSendBody,
} from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import type { Finance } from './context.ts';
import { collectDriverTax, correctDriverTax, driverTaxRates, sendDriverTax } from './driverTax.ts';
import { generateIncomeReport, reviewIncomeReport, sendIncomeReport } from './incomeReport.ts';
import type { TaxAuthorityAdapter } from './taxAuthority/adapter.ts';
import { SimulatedTaxAuthority } from './taxAuthority/simulatedTaxAuthority.ts';
import { finIncomeReport, finIncomeReportLine, finTaxBatch, finTaxRecord } from './taxSchema.ts';
import { finActorOf } from './walletRoutes.ts';

// 完税列表 (/plateform/tax) and 税务数据同步 (/report/tax): the lists through the declarations, the
// collection of a month, the batch sent to the tax authority, the correction and the resend.

const authorities = new WeakMap<AppContext, SimulatedTaxAuthority>();

/** The simulated tax authority of an app (tests make filings fail through it). */
export function taxAuthorityOf(ctx: AppContext): SimulatedTaxAuthority {
  const found = authorities.get(ctx);
  if (!found) throw new Error('tax routes not registered');
  return found;
}

export function taxRoutes(app: FastifyInstance, ctx: AppContext, fin: Finance): void {
  const sim = new SimulatedTaxAuthority({
    delayMs: Math.max(0, Number(process.env.TAX_SIM_DELAY_MS ?? 100) || 0),
    failureRate: Math.min(1, Math.max(0, Number(process.env.TAX_SIM_FAILURE_RATE ?? 0) || 0)),
    rates: { vatBp: 100, surchargeBp: 1200, iitBp: 50 },
  });
  authorities.set(ctx, sim);
  const adapter: TaxAuthorityAdapter = sim;
  const r = app.withTypeProvider<ZodTypeProvider>();

  bindResource(app, ctx, taxRecordResource, finTaxRecord);
  bindResource(app, ctx, taxBatchResource, finTaxBatch);
  bindResource(app, ctx, incomeReportResource, finIncomeReport);
  bindResource(app, ctx, incomeReportLineResource, finIncomeReportLine);

  // 平台收入季度报送 (国务院令第810号): generate from the ledger, review (a second person), send, resend.
  r.post(
    '/report/tax/income/generate',
    { config: { access: perm('report:income:generate') }, schema: { body: incomeGenerateBody } },
    async (request) => {
      const report = await generateIncomeReport(fin, finActorOf(request), request.body.quarter);
      return ok(
        report,
        `${report.quarter}收入报告已生成：司机${report.driverCount}人，经纪人${report.agentCount}人，待复核`,
      );
    },
  );
  r.post(
    '/report/tax/income/review',
    { config: { access: perm('report:income:review') }, schema: { body: incomeReportIdBody } },
    async (request) => {
      const report = await reviewIncomeReport(fin, finActorOf(request), request.body.id);
      return ok(report, `${report.quarter}收入报告已复核，可以报送`);
    },
  );
  const answered = (report: {
    quarter: string;
    state: number;
    receiptNo: string | null;
    failMessage: string | null;
  }) =>
    report.state === INCOME_REPORT_STATE.accepted
      ? `${report.quarter}收入报告报送成功，回执号${report.receiptNo ?? ''}`
      : `${report.quarter}收入报告报送失败：${report.failMessage ?? ''}`;
  // /report/tax/income/send and /resend (a report sent before, sent again), each with its own permission.
  for (const [action, again] of [
    ['send', false],
    ['resend', true],
  ] as const)
    r.post(
      `/report/tax/income/${action}`,
      { config: { access: perm(`report:income:${action}`) }, schema: { body: incomeReportIdBody } },
      async (request) => {
        const report = await sendIncomeReport(fin, adapter, finActorOf(request), request.body.id, again);
        return ok(report, answered(report));
      },
    );

  r.post(
    '/plateform/tax/collect',
    { config: { access: perm('finance:tax:collect') }, schema: { body: taxCollectBody } },
    async (request) => {
      const result = await collectDriverTax(fin, finActorOf(request), request.body.period);
      return ok(
        result,
        `${request.body.period}：${result.drivers}名司机，更新${result.written}条，阻断${result.blocked}条`,
      );
    },
  );
  r.post(
    '/plateform/tax/correct',
    { config: { access: perm('finance:tax:correct') }, schema: { body: taxCorrectBody } },
    async (request) =>
      ok(await correctDriverTax(fin, finActorOf(request), request.body), '已更正，待重新发送'),
  );
  const send = async (
    actorTenant: number,
    input: { period?: string; ids?: string[] },
    request: Parameters<typeof finActorOf>[0],
  ) => {
    // The simulated authority assesses at the configured rates.
    sim.settings.rates = await driverTaxRates(fin.db, actorTenant);
    return sendDriverTax(fin, adapter, finActorOf(request), input);
  };
  r.post(
    '/report/tax/send',
    { config: { access: perm('report:tax:send') }, schema: { body: taxSendBody } },
    async (request) => {
      const result = await send(finActorOf(request).tenantId, { period: request.body.period }, request);
      return ok(
        result,
        `批次${result.batchNo}已发送${result.records}条：成功${result.accepted}，失败${result.failed}`,
      );
    },
  );
  r.post(
    '/report/tax/resend',
    { config: { access: perm('report:tax:resend') }, schema: { body: taxResendBody } },
    async (request) => {
      const result = await send(finActorOf(request).tenantId, { ids: request.body.ids }, request);
      return ok(
        result,
        `批次${result.batchNo}已重新发送${result.records}条：成功${result.accepted}，失败${result.failed}`,
      );
    },
  );
}
