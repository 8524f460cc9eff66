// The demo's 运输合同: every accepted demo waybill got its carrier contract from its accept (the shipping
// seeder drives the notes through the product's steps); here their signing times follow the notes' backdated
// accept times, and each approved shipper gets its framework contract for the demo's year, signed through the
// same contract service.
import { REVIEW_STATE } from '@freight/contracts';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { hyTransportContract } from '../../modules/freight/contractSchema.ts';
import { hyCustomer } from '../../modules/freight/schema.ts';
import { hyShippingNote } from '../../modules/freight/shippingSchema.ts';
import { signFrameworkContract } from '../../modules/freight/transportContracts.ts';
import type { Db } from '../../platform/db/client.ts';
import type { DemoSeeder } from './types.ts';

const DEMO_ACTOR = { username: 'demo', tenantId: 0 };

export const contractsSeeder: DemoSeeder = {
  name: 'contracts',
  async run(db: Db, ctx) {
    const c = hyTransportContract;
    const n = hyShippingNote;
    // The carrier contracts were signed when their notes were accepted, before the notes' clocks were set back.
    const dated = await db
      .update(c)
      .set({ signTime: sql`${n.acceptTime}`, createTime: sql`${n.acceptTime}` })
      .from(n)
      .where(and(eq(c.noteId, n.id), eq(n.createBy, 'demo'), isNotNull(n.acceptTime)))
      .returning({ id: c.id });
    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(
      ctx.now,
    );
    const customers = await db
      .select({ id: hyCustomer.id })
      .from(hyCustomer)
      .where(and(eq(hyCustomer.state, REVIEW_STATE.approved), eq(hyCustomer.tenantId, 0)))
      .orderBy(asc(hyCustomer.id));
    let framework = 0;
    for (const customer of customers) {
      await signFrameworkContract(
        db,
        DEMO_ACTOR,
        { customerId: customer.id, periodFrom: `${year}-01-01`, periodTo: `${year}-12-31` },
        new Date(`${year}-01-01T09:00:00+08:00`),
      );
      framework++;
    }
    return { carrierContracts: dated.length, frameworkContracts: framework };
  },
};
