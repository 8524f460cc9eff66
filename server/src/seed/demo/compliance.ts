// The demo's identity and certificate checks: every demo driver, vehicle, carrier and bank card is
// checked through the compliance service with the simulated provider shipped in the product, as registration
// and binding would have; the cards that passed their four-factor check are marked verified.

import { markVerifiedCards, verifyAll } from '../../modules/compliance/index.ts';
import { hyDriverBank } from '../../modules/freight/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { DemoSeeder } from './types.ts';

export const complianceSeeder: DemoSeeder = {
  name: 'compliance',
  async run(db: Db, ctx) {
    const checks = await verifyAll(db, 'demo', ctx.now);
    const cards = await db.select({ id: hyDriverBank.id }).from(hyDriverBank);
    await markVerifiedCards(
      db,
      cards.map((c) => c.id),
    );
    return { verifications: checks };
  },
};
