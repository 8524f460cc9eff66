// The demo's 完税列表 and 税务数据同步: the month of the latest paid waybills collected per driver by the tax
// service, and half of its pending records sent to the simulated tax authority in one batch, so that the lists
// show accepted, pending and blocked records and a batch to open. A second run leaves a collected month alone.
import { DEFAULT_DRIVER_TAX_RATES, PAY_STATUS, SHIPPING_STATUS, TAX_STATE } from '@freight/contracts';
import { and, asc, eq, max } from 'drizzle-orm';
import {
  collectDriverTax,
  type Finance,
  finTaxRecord,
  SimulatedBank,
  SimulatedTaxAuthority,
  SYSTEM_ACTOR,
  sendDriverTax,
  silentLog,
} from '../../modules/finance/index.ts';
import { hyShippingNote } from '../../modules/freight/index.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import type { DemoSeeder } from './types.ts';

/** `2026-11` of a moment, in China time. */
const monthOf = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);

export const driverTaxSeeder: DemoSeeder = {
  name: 'driverTax',
  async run(db) {
    const rows = { records: 0, batches: 0 };
    const [latest] = await db
      .select({ at: max(hyShippingNote.completeTime) })
      .from(hyShippingNote)
      .where(
        and(
          eq(hyShippingNote.tenantId, 0),
          eq(hyShippingNote.status, SHIPPING_STATUS.completed),
          eq(hyShippingNote.payStatus, PAY_STATUS.paid),
        ),
      );
    if (!latest?.at) return rows;
    const period = monthOf(latest.at);
    const [collected] = await idsWhere(
      db,
      finTaxRecord,
      eq(finTaxRecord.tenantId, 0),
      eq(finTaxRecord.period, period),
    ).limit(1);
    if (collected) return rows;
    const fin: Finance = { db, bank: new SimulatedBank(db, { delayMs: 0 }), log: silentLog };
    const actor = SYSTEM_ACTOR(0, 'demo');
    const { written } = await collectDriverTax(fin, actor, period);
    const pending = await idsWhere(
      db,
      finTaxRecord,
      eq(finTaxRecord.tenantId, 0),
      eq(finTaxRecord.period, period),
      eq(finTaxRecord.state, TAX_STATE.pending),
    ).orderBy(asc(finTaxRecord.id));
    const toSend = pending.slice(0, Math.ceil(pending.length / 2)).map((r) => r.id);
    if (toSend.length > 0) {
      const authority = new SimulatedTaxAuthority({
        delayMs: 0,
        failureRate: 0,
        rates: DEFAULT_DRIVER_TAX_RATES,
      });
      await sendDriverTax(fin, authority, actor, { ids: toSend });
    }
    return { records: written, batches: toSend.length > 0 ? 1 : 0 };
  },
};
