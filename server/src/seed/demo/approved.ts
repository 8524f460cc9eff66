import { REVIEW_STATE } from '@freight/contracts';
import { asc, eq } from 'drizzle-orm';
import { hyCustomer } from '../../modules/freight/schema.ts';
import type { Db } from '../../platform/db/client.ts';

/** The demo's approved customers, in a fixed order so every seeder walks them alike. */
export function approvedCustomers(db: Db): Promise<Array<typeof hyCustomer.$inferSelect>> {
  return db
    .select()
    .from(hyCustomer)
    .where(eq(hyCustomer.state, REVIEW_STATE.approved))
    .orderBy(asc(hyCustomer.id));
}
