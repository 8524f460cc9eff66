import {
  DEFAULT_DRIVER_TAX_RATES,
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
import type { AppContext } from '../../platform/context.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { financeAction } from './actionRoutes.ts';
import type { FinActor, Finance } from './context.ts';
import { collectDriverTax, correctDriverTax, driverTaxRates, sendDriverTax } from './driverTax.ts';
import { generateIncomeReport, reviewIncomeReport, sendIncomeReport } from './incomeReport.ts';
import { perApp } from './perApp.ts';
import type { TaxAuthorityAdapter } from './taxAuthority/adapter.ts';
import { SimulatedTaxAuthority } from './taxAuthority/simulatedTaxAuthority.ts';
import { finIncomeReport, finIncomeReportLine, finTaxBatch, finTaxRecord } from './taxSchema.ts';

// 完税列表 (/plateform/tax) and 税务数据同步 (/report/tax): the lists through the declarations, the
// collection of a month, the batch sent to the tax authority, the correction and the resend.

const authorities = perApp<SimulatedTaxAuthority>('tax routes');

/** The simulated tax authority of an app (tests make filings fail through it). */
export const taxAuthorityOf = authorities.of;

export function taxRoutes(app: FastifyInstance, ctx: AppContext, fin: Finance): void {
  const sim = new SimulatedTaxAuthority({
    delayMs: Math.max(0, Number(process.env.TAX_SIM_DELAY_MS ?? 100) || 0),
    failureRate: Math.min(1, Math.max(0, Number(process.env.TAX_SIM_FAILURE_RATE ?? 0) || 0)),
    rates: DEFAULT_DRIVER_TAX_RATES,
  });
  authorities.keep(ctx, sim);
  const adapter: TaxAuthorityAdapter = sim;
  const _r = app.withTypeProvider<ZodTypeProvider>();

  bindResource(app, ctx, taxRecordResource, finTaxRecord);
  bindResource(app, ctx, taxBatchResource, finTaxBatch);
  bindResource(app, ctx, incomeReportResource, finIncomeReport);
  bindResource(app, ctx, incomeReportLineResource, finIncomeReportLine);

  // 平台收入季度报送 (国务院令第810号): generate from the ledger, review (a second person), send, resend.
  financeAction(
    app,
    '/report/tax/income/generate',
    'report:income:generate',
    incomeGenerateBody,
    (actor, input) => generateIncomeReport(fin, actor, input.quarter),
    (report) =>
      `${report.quarter}收入报告已生成：司机${report.driverCount}人，经纪人${report.agentCount}人，待复核`,
  );
  financeAction(
    app,
    '/report/tax/income/review',
    'report:income:review',
    incomeReportIdBody,
    (actor, input) => reviewIncomeReport(fin, actor, input.id),
    (report) => `${report.quarter}收入报告已复核，可以报送`,
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
    financeAction(
      app,
      `/report/tax/income/${action}`,
      `report:income:${action}`,
      incomeReportIdBody,
      (actor, input) => sendIncomeReport(fin, adapter, actor, input.id, again),
      answered,
    );

  financeAction(
    app,
    '/plateform/tax/collect',
    'finance:tax:collect',
    taxCollectBody,
    (actor, input) => collectDriverTax(fin, actor, input.period),
    (result, input) =>
      `${input.period}：${result.drivers}名司机，更新${result.written}条，阻断${result.blocked}条`,
  );
  financeAction(
    app,
    '/plateform/tax/correct',
    'finance:tax:correct',
    taxCorrectBody,
    (actor, input) => correctDriverTax(fin, actor, input),
    () => '已更正，待重新发送',
  );
  // A batch to the tax authority: the whole period, or the records named again.
  const send = async (actor: FinActor, input: { period?: string; ids?: string[] }) => {
    // The simulated authority assesses at the configured rates.
    sim.settings.rates = await driverTaxRates(fin.db, actor.tenantId);
    return sendDriverTax(fin, adapter, actor, input);
  };
  for (const [action, sent, pick] of [
    ['send', '已发送', (input: { period?: string; ids?: string[] }) => ({ period: input.period })],
    ['resend', '已重新发送', (input: { period?: string; ids?: string[] }) => ({ ids: input.ids })],
  ] as const)
    financeAction(
      app,
      `/report/tax/${action}`,
      `report:tax:${action}`,
      action === 'send' ? taxSendBody : taxResendBody,
      (actor, input) => send(actor, pick(input)),
      (result) =>
        `批次${result.batchNo}${sent}${result.records}条：成功${result.accepted}，失败${result.failed}`,
    );
}
