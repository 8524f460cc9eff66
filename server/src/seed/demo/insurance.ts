// The demo's 货运险: a few waybills not yet loaded are insured through the insurance service (the premium is
// posted to the ledger as in the product), at the default rates the system seed configures.
import { SHIPPING_STATUS, USER_TYPE } from '@freight/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { SimulatedBank } from '../../modules/finance/bank/simulatedBank.ts';
import { type Finance, silentLog } from '../../modules/finance/context.ts';
import { hyShippingNote } from '../../modules/freight/shippingSchema.ts';
import { SimulatedInsurer } from '../../modules/insurance/insurer.ts';
import { insure } from '../../modules/insurance/policies.ts';
import type { Db } from '../../platform/db/client.ts';
import type { DemoSeeder } from './types.ts';

const PER_SCALE = 8;

export const insuranceSeeder: DemoSeeder = {
  name: 'insurance',
  async run(db: Db, ctx) {
    const fin: Finance = { db, bank: new SimulatedBank(db, { delayMs: 0 }), log: silentLog };
    const deps = { fin, insurer: new SimulatedInsurer() };
    const notes = await db
      .select({ id: hyShippingNote.id, customerFee: hyShippingNote.customerFee })
      .from(hyShippingNote)
      .where(
        and(
          eq(hyShippingNote.tenantId, 0),
          eq(hyShippingNote.createBy, 'demo'),
          inArray(hyShippingNote.status, [SHIPPING_STATUS.dispatched, SHIPPING_STATUS.accepted]),
        ),
      )
      .orderBy(asc(hyShippingNote.id))
      .limit(PER_SCALE * ctx.scale);
    const actor = { username: 'demo', userType: USER_TYPE.system, cid: null, tenantId: 0 };
    let insured = 0;
    for (const note of notes) {
      try {
        await insure(deps, actor, {
          noteId: note.id,
          // The cargo's value: about twenty times its freight, at least 50 000 yuan.
          insuredValueFen: Math.max(5_000_000, note.customerFee * 20),
          idempotencyKey: `demo-insure-${note.id}`,
        });
        insured++;
      } catch {
        // A shipper whose wallet cannot pay the premium keeps the waybill uninsured, as in the product.
      }
    }
    return { policies: insured };
  },
};
