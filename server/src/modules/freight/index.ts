import type { PendingCounts } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bankRoutes } from './banks.ts';
import { bindingRoutes } from './bindings.ts';
import { cardRoutes } from './cards.ts';
import { customerRoutes } from './customers.ts';
import { customerUserRoutes } from './customerUsers.ts';
import { partyRoutes } from './parties.ts';
import { shippingModule } from './shipping.ts';

/** The freight business: parties (issue 7) and, registered below them, the modules that use them. */
export function freightModule(app: FastifyInstance, ctx: AppContext): void {
  customerRoutes(app, ctx);
  customerUserRoutes(app, ctx);
  partyRoutes(app, ctx);
  cardRoutes(app, ctx);
  bindingRoutes(app, ctx);
  bankRoutes(app, ctx);
  shippingModule(app, ctx);

  // spec §3 pending counts; every module that owns one of the tables adds its counter to ctx.counters.
  app.get('/hydriver/hyDriver/getDsXx', { config: { access: 'login' } }, async (request) => {
    const tenantId = request.session?.tenantId ?? 0;
    const counts: PendingCounts = {
      sijiCount: 0,
      cheCount: 0,
      huozhuCount: 0,
      yuejieZhangQi: 0,
      pijieZhangQi: 0,
      tangjieZhangQi: 0,
      dianfuZq: 0,
    };
    const parts = await Promise.all(ctx.counters.map((provider) => provider({ tenantId })));
    for (const part of parts) Object.assign(counts, part);
    return ok(counts);
  });
}
