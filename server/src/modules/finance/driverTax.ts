import {
  DEFAULT_DRIVER_TAX_RATES,
  PAY_STATUS,
  PAYMENT_STATE,
  SHIPPING_STATUS,
  TAX_BATCH_STATE,
  TAX_STATE,
} from '@freight/contracts';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { hyConfig } from '../apps/index.ts';
import { hyDriver, hyDriverBank, hyShippingNote } from '../freight/index.ts';
import { type FinActor, type Finance, tablesChanged } from './context.ts';
import { finBankPayment } from './schema.ts';
import type { TaxAnswer, TaxAuthorityAdapter, TaxFiling } from './taxAuthority/adapter.ts';
import { finTaxBatch, finTaxRecord } from './taxSchema.ts';

// Tax on drivers' behalf: collect each driver's month of paid waybills into the tax list, send the
// pending ones in a batch through the tax authority adapter, and fill each record from its answer. A failed
// record is corrected (identity or card) and resent; a driver without the tax entrustment is blocked.

export type TaxRecordRow = typeof finTaxRecord.$inferSelect;

/** The configured rates (basis points); the defaults where not configured. */
export async function driverTaxRates(db: DbOrTx, tenantId: number) {
  const rows = await db
    .select()
    .from(hyConfig)
    .where(
      and(
        inArray(hyConfig.tenantId, [0, tenantId]),
        inArray(hyConfig.configKey, [
          'driver_invoice_tax_rate_bp',
          'driver_tax_surcharge_rate_bp',
          'driver_iit_rate_bp',
        ]),
      ),
    );
  rows.sort((a, b) => a.tenantId - b.tenantId);
  const cfg = new Map(rows.map((r) => [r.configKey, Number(r.configValue)]));
  const pick = (key: string, fallback: number) => {
    const v = cfg.get(key);
    return v !== undefined && Number.isInteger(v) && v >= 0 && v < 10_000 ? v : fallback;
  };
  return {
    vatBp: pick('driver_invoice_tax_rate_bp', DEFAULT_DRIVER_TAX_RATES.vatBp),
    surchargeBp: pick('driver_tax_surcharge_rate_bp', DEFAULT_DRIVER_TAX_RATES.surchargeBp),
    iitBp: pick('driver_iit_rate_bp', DEFAULT_DRIVER_TAX_RATES.iitBp),
  };
}

const monthStart = (period: string) => new Date(`${period}-01T00:00:00+08:00`);
const nextMonth = (period: string) => {
  const [y, m] = period.split('-').map(Number);
  const year = (y ?? 0) + ((m ?? 1) === 12 ? 1 : 0);
  const month = (m ?? 1) === 12 ? 1 : (m ?? 1) + 1;
  return new Date(`${year}-${String(month).padStart(2, '0')}-01T00:00:00+08:00`);
};

/**
 * Collects the period's paid waybills per driver into the tax list. Records already sent or accepted are kept;
 * pending, failed and blocked ones are refreshed.
 */
export async function collectDriverTax(fin: Finance, actor: FinActor, period: string) {
  const notes = await fin.db
    .select({
      id: hyShippingNote.id,
      driverId: hyShippingNote.driverId,
      driverFee: hyShippingNote.driverFee,
    })
    .from(hyShippingNote)
    .where(
      ofTenant(
        hyShippingNote,
        actor.tenantId,
        eq(hyShippingNote.status, SHIPPING_STATUS.completed),
        eq(hyShippingNote.payStatus, PAY_STATUS.paid),
        gte(hyShippingNote.completeTime, monthStart(period)),
        lt(hyShippingNote.completeTime, nextMonth(period)),
      ),
    )
    .orderBy(asc(hyShippingNote.id));
  if (notes.length === 0) throw bizError(`${period}没有已支付完成的运单`);
  const byDriver = new Map<string, typeof notes>();
  for (const n of notes) byDriver.set(n.driverId, [...(byDriver.get(n.driverId) ?? []), n]);
  const driverIds = [...byDriver.keys()];
  const drivers = new Map(
    (await fin.db.select().from(hyDriver).where(inArray(hyDriver.id, driverIds))).map((d) => [d.id, d]),
  );
  const cards = new Map(
    (
      await fin.db
        .select()
        .from(hyDriverBank)
        .where(and(inArray(hyDriverBank.driverId, driverIds), eq(hyDriverBank.isDefault, true)))
    ).map((c) => [c.driverId, c.cardNo]),
  );
  const serials = new Map<string, string[]>();
  for (const p of await fin.db
    .select({ noteId: finBankPayment.noteId, serial: finBankPayment.bankSerialNo })
    .from(finBankPayment)
    .where(
      and(
        inArray(
          finBankPayment.noteId,
          notes.map((n) => n.id),
        ),
        eq(finBankPayment.state, PAYMENT_STATE.paid),
      ),
    ))
    if (p.noteId && p.serial) serials.set(p.noteId, [...(serials.get(p.noteId) ?? []), p.serial]);
  let written = 0;
  let blocked = 0;
  await fin.db.transaction(async (tx) => {
    for (const [driverId, mine] of byDriver) {
      const driver = drivers.get(driverId);
      const [existing] = await tx
        .select()
        .from(finTaxRecord)
        .where(
          ofTenant(
            finTaxRecord,
            actor.tenantId,
            eq(finTaxRecord.period, period),
            eq(finTaxRecord.driverId, driverId),
          ),
        )
        .for('update');
      if (existing && (existing.state === TAX_STATE.sent || existing.state === TAX_STATE.accepted)) continue;
      const blockReason = driver?.taxEntrusted ? null : '司机未签署委托代征协议（委托代征标志未开启）';
      if (blockReason) blocked++;
      const values = {
        driverName: driver?.driverName ?? null,
        idCard: existing?.state === TAX_STATE.failed ? existing.idCard : (driver?.idCard ?? null),
        cardNo: existing?.state === TAX_STATE.failed ? existing.cardNo : (cards.get(driverId) ?? null),
        noteCount: mine.length,
        freightFen: mine.reduce((t, n) => t + n.driverFee, 0),
        noteIds: mine.map((n) => n.id).join(','),
        bankSerialNos: mine.flatMap((n) => serials.get(n.id) ?? []).join(','),
        state: blockReason
          ? TAX_STATE.blocked
          : existing?.state === TAX_STATE.failed
            ? TAX_STATE.failed
            : TAX_STATE.pending,
        blockReason,
        updateBy: actor.username,
        updateTime: new Date(),
      };
      if (existing) await tx.update(finTaxRecord).set(values).where(eq(finTaxRecord.id, existing.id));
      else
        await tx
          .insert(finTaxRecord)
          .values({ tenantId: actor.tenantId, period, driverId, ...values, createBy: actor.username });
      written++;
    }
  });
  tablesChanged(fin, 'fin_tax_record');
  return { drivers: byDriver.size, written, blocked };
}

/** Corrects a failed record's identity or card; it becomes pending, to be resent. */
export async function correctDriverTax(
  fin: Finance,
  actor: FinActor,
  input: { id: string; idCard?: string | undefined; cardNo?: string | undefined },
) {
  const [row] = await fin.db
    .update(finTaxRecord)
    .set({
      ...(input.idCard ? { idCard: input.idCard } : {}),
      ...(input.cardNo ? { cardNo: input.cardNo } : {}),
      state: TAX_STATE.pending,
      updateBy: actor.username,
      updateTime: new Date(),
    })
    .where(
      and(
        eq(finTaxRecord.id, input.id),
        eq(finTaxRecord.tenantId, actor.tenantId),
        inArray(finTaxRecord.state, [TAX_STATE.failed, TAX_STATE.pending]),
      ),
    )
    .returning();
  if (!row) {
    const [found] = await fin.db
      .select()
      .from(finTaxRecord)
      .where(and(eq(finTaxRecord.id, input.id), eq(finTaxRecord.tenantId, actor.tenantId)));
    if (!found) throw recordNotFound();
    throw bizError('只有失败或待发送的记录可以更正');
  }
  tablesChanged(fin, 'fin_tax_record');
  return row;
}

const batchNo = (period: string) => `SS${period.replace('-', '')}${newId().slice(0, 10).toUpperCase()}`;

/**
 * Sends records through the tax authority in one batch: the period's pending ones, or the chosen ones (a
 * resend of corrected or failed records). Each record is marked sent before the call and filled from its answer.
 */
export async function sendDriverTax(
  fin: Finance,
  adapter: TaxAuthorityAdapter,
  actor: FinActor,
  input: { period?: string; ids?: string[] },
) {
  const conditions = [eq(finTaxRecord.tenantId, actor.tenantId)];
  if (input.ids)
    conditions.push(
      inArray(finTaxRecord.id, input.ids),
      inArray(finTaxRecord.state, [TAX_STATE.pending, TAX_STATE.failed]),
    );
  else if (input.period)
    conditions.push(eq(finTaxRecord.period, input.period), eq(finTaxRecord.state, TAX_STATE.pending));
  const { batch, records } = await fin.db.transaction(async (tx) => {
    const records = await tx
      .select()
      .from(finTaxRecord)
      .where(and(...conditions))
      .orderBy(asc(finTaxRecord.id))
      .for('update');
    if (records.length === 0)
      throw bizError(input.ids ? '所选记录不是失败或待发送状态' : '没有待发送的完税记录');
    const [batch] = await tx
      .insert(finTaxBatch)
      .values({
        tenantId: actor.tenantId,
        batchNo: batchNo(records[0]?.period ?? '0000-00'),
        period: records[0]?.period ?? '',
        recordCount: records.length,
        freightFen: records.reduce((t, r) => t + r.freightFen, 0),
        state: TAX_BATCH_STATE.sent,
        createBy: actor.username,
      })
      .returning();
    if (!batch) throw new Error('batch not stored');
    for (const r of records)
      await tx
        .update(finTaxRecord)
        .set({ state: TAX_STATE.sent, batchId: batch.id, sendCount: r.sendCount + 1, updateTime: new Date() })
        .where(eq(finTaxRecord.id, r.id));
    return { batch, records };
  });
  const filings: TaxFiling[] = records.map((r) => ({
    filingNo: `${r.id}-${r.sendCount + 1}`,
    period: r.period,
    driverName: r.driverName ?? '',
    idCard: r.idCard ?? '',
    cardNo: r.cardNo ?? '',
    noteCount: r.noteCount,
    freightFen: r.freightFen,
    bankSerialNos: (r.bankSerialNos ?? '').split(',').filter(Boolean),
  }));
  let answers: TaxAnswer[];
  try {
    answers = await adapter.submit({ batchNo: batch.batchNo, filings });
  } catch (error) {
    fin.log.error({ err: error, batchNo: batch.batchNo }, 'tax authority did not answer');
    // No answer: the records stay sent; a resend of the same filing no. is answered once by the authority.
    await fin.db
      .update(finTaxRecord)
      .set({ state: TAX_STATE.failed, failCode: 'TIMEOUT', failMessage: '税务系统未应答，请重新发送' })
      .where(eq(finTaxRecord.batchId, batch.id));
    throw bizError('税务系统未应答，记录已标记失败，可重新发送');
  }
  const byFiling = new Map(answers.map((a) => [a.filingNo, a]));
  let accepted = 0;
  let failed = 0;
  await fin.db.transaction(async (tx) => {
    for (const r of records) {
      const a = byFiling.get(`${r.id}-${r.sendCount + 1}`);
      if (a?.status === 'accepted') {
        accepted++;
        await tx
          .update(finTaxRecord)
          .set({
            state: TAX_STATE.accepted,
            invoiceNo: a.invoiceNo,
            vatFen: a.vatFen,
            surchargeFen: a.surchargeFen,
            iitFen: a.iitFen,
            certificateNo: a.certificateNo,
            failCode: null,
            failMessage: null,
            updateTime: new Date(),
          })
          .where(eq(finTaxRecord.id, r.id));
      } else {
        failed++;
        await tx
          .update(finTaxRecord)
          .set({
            state: TAX_STATE.failed,
            failCode: a?.status === 'failed' ? a.code : 'NOANSWER',
            failMessage: a?.status === 'failed' ? a.message : '税务系统未返回该记录的结果',
            updateTime: new Date(),
          })
          .where(eq(finTaxRecord.id, r.id));
      }
    }
    await tx
      .update(finTaxBatch)
      .set({
        acceptedCount: accepted,
        failedCount: failed,
        state:
          failed === 0
            ? TAX_BATCH_STATE.accepted
            : accepted === 0
              ? TAX_BATCH_STATE.failed
              : TAX_BATCH_STATE.partlyFailed,
        answerTime: new Date(),
      })
      .where(eq(finTaxBatch.id, batch.id));
  });
  tablesChanged(fin, 'fin_tax_record', 'fin_tax_batch');
  return { batchId: batch.id, batchNo: batch.batchNo, records: records.length, accepted, failed };
}
