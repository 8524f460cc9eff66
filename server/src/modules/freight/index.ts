import { NO_PENDING_COUNTS, type PendingCounts, partyScopeOf } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import { grantsOf } from '../../platform/access/grants.ts';
import type { AppContext, CounterScope } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { appRoutes } from './apps.ts';
import { bankRoutes } from './banks.ts';
import { bindingRoutes } from './bindings.ts';
import { cardRoutes } from './cards.ts';

export { checkCardHolder } from './cards.ts';

import { customerPlaceRoutes } from './customerPlaces.ts';
import { customerRegistrationRoutes } from './customerRegistration.ts';
import { customerRoutes } from './customers.ts';
import { customerUserRoutes } from './customerUsers.ts';
import { enterpriseAppRoutes } from './enterpriseApps.ts';
import { openApiRoutes } from './openApi.ts';
import { partyRoutes } from './parties.ts';
import { hyCaptain, hyDriver, hyDriverBank } from './partySchema.ts';
import { hyAgent } from './schema.ts';
import { shippingModule } from './shipping.ts';
import { registerFreightWithSystem } from './systemHooks.ts';
import { webhookRoutes } from './webhooks.ts';

// What other modules may use of freight (modules meet only through their index).
export { findCustomer, updateCustomerSettlement } from './customerSettlement.ts';
export {
  addNoteHistory,
  agentPayeeCards,
  certificateRefusals,
  changePayStatus,
  driverPayeeCards,
  lockNotes,
  type NoteRow,
  type PayeeCard,
  type PayStatusChange,
} from './notePayment.ts';
export type { Actor } from './noteTransitions.ts';
export { actorOf } from './requestActor.ts';
export { chinaToday } from './shippingMoney.ts';
export { settlementDue } from './shippingNotes.ts';
export {
  hyOrder,
  hyShippingNote,
  hyShippingNoteHistory,
  hyTrackPoint,
  hyVehiclePosition,
} from './shippingSchema.ts';

/** The freight business: parties and, registered below them, the modules that use them. */
export function freightModule(app: FastifyInstance, ctx: AppContext): void {
  registerFreightWithSystem();
  customerRegistrationRoutes(app, ctx);
  customerRoutes(app, ctx);
  customerUserRoutes(app, ctx);
  customerPlaceRoutes(app, ctx);
  partyRoutes(app, ctx);
  cardRoutes(app, ctx);
  bindingRoutes(app, ctx);
  bankRoutes(app, ctx);
  shippingModule(app, ctx);
  appRoutes(app, ctx);
  enterpriseAppRoutes(app, ctx);
  webhookRoutes(ctx);
  openApiRoutes(app, ctx);

  // Pending counts; every module that owns one of the tables adds its counter to ctx.counters.
  app.get('/hydriver/hyDriver/getDsXx', { config: { access: 'login' } }, async (request) => {
    const session = sessionOf(request);
    const scope: CounterScope = {
      tenantId: session.tenantId,
      codes: (await grantsOf(ctx.db, session.user.id)).codes,
      party: partyScopeOf(session.user.userType),
      partyId: session.user.cid,
    };
    const counts: PendingCounts = { ...NO_PENDING_COUNTS };
    const parts = await Promise.all(ctx.counters.map((provider) => provider(scope)));
    for (const part of parts) Object.assign(counts, part);
    return ok(counts);
  });
}

// What other modules may use of the freight business (the regulator outbox reads its records).
export { hyAppMessage, hyAppVersion } from './appSchema.ts';
export {
  latestPublished,
  recipientsOf,
  refreshCounts as recountAppMessages,
  seedAppJobs,
  sendAppMessage,
  sendDueMessages,
  versionCheckOf,
} from './apps.ts';
export { hyTransportContract } from './contractSchema.ts';
export {
  type ApprovalRequest,
  emitFreightEvent,
  type FreightEvent,
  onApproving,
  onFreightEvent,
  onOrderCreating,
} from './events.ts';
export {
  hyCaptain,
  hyCarrier,
  hyDriver,
  hyDriverBank,
  hyDriverVehicle,
  hyReviewLog,
  hyVehicle,
} from './partySchema.ts';

import { sessionOf } from '../../platform/http/signedIn.ts';

export { rebuildPositions } from './positions.ts';
export { setNoteReportStatus } from './reportStatus.ts';
export { hyAgent, hyCustomer } from './schema.ts';

/** Tables with encrypted personal-number columns (re-encrypted at start and on key rotation). */
export const FREIGHT_PII_TABLES = [hyDriver, hyCaptain, hyDriverBank, hyAgent];
/** The daily certificate expiry job's schedule row, added by the server's start and the seed command. */
export { seedCertificateExpiryJob } from './expiry.ts';
export { SimulatedVehiclePlatform } from './vehiclePlatform/simulated.ts';
export { checkVehicleNet, netStateOf } from './vehiclePlatform.ts';
