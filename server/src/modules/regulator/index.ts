import { REPORT_TYPES } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { type hyShippingNote, onFreightEvent } from '../freight/index.ts';
import { channelRoutes, SecretBox } from './channels.ts';
import type { FakeRegulator } from './fake/fakeRegulator.ts';
import { reportJob } from './job.ts';
import type { FundFlowInput } from './messages/fundFlow.ts';
import { codeTablesFrom } from './messages/rules.ts';
import { enqueueReport, ensureReported } from './outbox.ts';
import { partyNo } from './records.ts';
import { messageRoutes } from './routes.ts';
import { type SenderDeps, type SendOptions, type SendSummary, sendDue } from './sender.ts';
import { startSimulatedChannels } from './simulator.ts';
import { ReportClient } from './transport/client.ts';

// Regulator reporting: report channels, the outbox of report messages written with the business
// events that make them due, the sender job, and the simulated provincial servers of the demo data.

const senders = new WeakMap<object, SenderDeps>();

export function regulatorModule(app: FastifyInstance, ctx: AppContext): void {
  const box = new SecretBox(ctx.db);
  const client = new ReportClient();
  const deps: SenderDeps = {
    db: ctx.db,
    box,
    client,
    codes: () => codeTablesFrom((dict) => ctx.dicts.items(dict).map((item) => String(item.value))),
  };
  senders.set(ctx.db, deps);

  let running: Promise<unknown> | null = null;
  /** A send run soon (after a resend, at start): runs never overlap in one instance; claims keep instances apart. */
  const kick = () => {
    if (running || !ctx.config.scheduler) return;
    running = sendDue(deps)
      .catch((error) => app.log.error({ err: error }, 'regulator send run failed'))
      .finally(() => {
        running = null;
      });
  };

  channelRoutes(app, ctx, box, client);
  messageRoutes(app, ctx, kick, deps.codes);
  ctx.jobs.register(reportJob(deps));

  onFreightEvent(ctx.db, async (tx, event) => {
    if (event.kind === 'noteAudited') {
      await enqueueWaybill(tx, event.note);
      return;
    }
    if (event.kind === 'noteStep') return;
    if (event.entity !== 'driver' && event.entity !== 'vehicle') return;
    await enqueueReport(tx, {
      tenantId: event.tenantId,
      type: event.entity === 'driver' ? REPORT_TYPES.driver : REPORT_TYPES.vehicle,
      businessId: event.id,
      businessNo: await partyNo(tx, event.entity, event.id),
    });
  });

  let fakes: FakeRegulator[] = [];
  app.addHook('onReady', async () => {
    fakes = await startSimulatedChannels(ctx.db, box, deps.codes());
    if (fakes.length) {
      app.log.info(`simulated regulator channel(s) on ${fakes.map((f) => f.url).join(', ')}`);
      kick();
    }
  });
  app.addHook('onClose', async () => {
    await running;
    await Promise.all(fakes.map((fake) => fake.close()));
  });
}

/** One send run now (tests, benches, the job): what was claimed and how it ended. */
export function sendReports(ctx: Pick<AppContext, 'db'>, options?: SendOptions): Promise<SendSummary> {
  const deps = senders.get(ctx.db);
  if (!deps) throw new Error('regulator module not registered on this database');
  return sendDue(deps, options);
}

/** The electronic waybill of an audited note, after its driver and vehicle (enqueued if never reported). */
export async function enqueueWaybill(tx: DbOrTx, note: typeof hyShippingNote.$inferSelect): Promise<void> {
  await ensureReported(tx, {
    tenantId: note.tenantId,
    type: REPORT_TYPES.driver,
    businessId: note.driverId,
    businessNo: note.driverName,
  });
  await ensureReported(tx, {
    tenantId: note.tenantId,
    type: REPORT_TYPES.vehicle,
    businessId: note.vehicleId,
    businessNo: note.plateNo,
  });
  await enqueueReport(tx, {
    tenantId: note.tenantId,
    type: REPORT_TYPES.waybill,
    businessId: note.id,
    businessNo: note.shippingNoteNumber,
    dueFrom: note.auditTime ?? undefined,
  });
}

/** A settled payment, as the money module records it: the fund-flow record it must report. */
export interface SettledPayment extends FundFlowInput {
  /** The payment record's id (the outbox's business id). */
  paymentId: string;
  tenantId: number;
  settledAt?: Date;
}

/**
 * Writes the fund-flow report of a settled payment in the caller's transaction (the money module calls it
 * with the settlement). It waits for the waybills it cites to be accepted; the notes' fund-report status
 * follows it.
 */
export async function enqueueFundFlow(tx: DbOrTx, payment: SettledPayment): Promise<void> {
  const { paymentId, tenantId, settledAt, ...input } = payment;
  await enqueueReport(tx, {
    tenantId,
    type: REPORT_TYPES.fundFlow,
    businessId: paymentId,
    businessNo: input.documentNumber,
    payload: input,
    dueFrom: settledAt,
  });
}

export {
  registerWaybillInsurance,
  type WaybillInsurance,
  type WaybillInsuranceLookup,
} from './insuranceHook.ts';
export { REPORT_JOB, seedReportJob } from './job.ts';
export type { FundFlowInput, FundFlowPayment } from './messages/fundFlow.ts';
export { messageCountsByState, OPEN_STATES } from './outbox.ts';
export { hyReportMessage } from './schema.ts';
