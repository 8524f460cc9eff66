import {
  agentResource,
  captainResource,
  carrierResource,
  driverResource,
  vehicleResource,
} from '@freight/contracts';
import { eq, exists, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AppContext, countsFor } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { emitFreightEvent } from './events.ts';
import { CERTIFIED_PARTIES, certificateExpiryJob, chinaDay, refuseLapsed } from './expiry.ts';
import {
  hyCaptain,
  hyCarrier,
  hyCollectionAgreement,
  hyDriver,
  hyDriverBank,
  hyDriverVehicle,
  hyVehicle,
} from './partySchema.ts';
import { pendingCountersOf, pendingCountsChanged } from './pendingCounters.ts';
import { registerReview, reviewOnWrite } from './review.ts';
import { hyAgent } from './schema.ts';
import { hyShippingNote } from './shippingSchema.ts';
import { netCheckBeforeApprove, vehiclePlatformRoutes, withNetCheck } from './vehiclePlatform.ts';

/** "Expires within N days" over the record's certificate dates: `?expiringWithinDays=30`. */
export function expiringWithin(columns: PgColumn[]) {
  return (raw: string): SQL | undefined => {
    const days = Number(raw);
    if (!Number.isInteger(days) || days < 0 || days > 3650) return undefined;
    const limit = chinaDay(new Date(), days);
    return or(...columns.map((c) => lte(c, limit)));
  };
}

/** A customer's users see the drivers and vehicles of their own waybills, nothing else. */
const onCustomerNotes = (noteColumn: PgColumn, own: PgColumn) => (customerId: string) =>
  exists(
    sql`(select 1 from ${hyShippingNote} where ${hyShippingNote.customerId} = ${customerId} and ${noteColumn} = ${own})`,
  );

const idOnly = z.object({ id: z.string().min(1).max(32) });
/** An edit body: the add body plus the record's id. */
export const withId = (schema: z.ZodType) => idOnly.and(schema);

/**
 * Drivers, vehicles, carriers, captains and agents: the standard actions of their declarations, review,
 * resubmission on edit, "expires within N days". Bindings live in bindings.ts, cards in cards.ts.
 */
export function partyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const counters = pendingCountersOf(ctx.db);
  const changed = async () => pendingCountsChanged(ctx);
  const [driverCerts, vehicleCerts] = CERTIFIED_PARTIES;
  // A registered or changed party: listeners (compliance's checks) act on it inside the write's transaction.
  const partyChanged = (tx: DbOrTx, entity: string, row: Record<string, unknown>) =>
    emitFreightEvent(ctx.db, tx, {
      kind: 'partyChanged',
      entity,
      id: String(row.id),
      tenantId: Number(row.tenantId ?? 0),
    });
  const vehicleReview = reviewOnWrite(
    'vehicle',
    hyVehicle,
    hyVehicle.id,
    hyVehicle.state,
    hyVehicle.tenantId,
  );

  bindResource(app, ctx, driverResource, hyDriver, {
    dataRuleComponent: 'wlhy/hydriver/HyDriverList',
    dataLog: true,
    filters: {
      expiringWithinDays: expiringWithin([
        hyDriver.idCardValidTo,
        hyDriver.drivingValidTo,
        hyDriver.qualificationValidTo,
      ]),
    },
    partyScope: { customer: onCustomerNotes(hyShippingNote.driverId, hyDriver.id) },
    beforeWrite: reviewOnWrite('driver', hyDriver, hyDriver.id, hyDriver.state, hyDriver.tenantId),
    async afterWrite(row, mode, tx) {
      await partyChanged(tx, 'driver', row);
      if (mode === 'edit')
        await tx
          .update(hyDriverBank)
          .set({ driverName: String(row.driverName) })
          .where(eq(hyDriverBank.driverId, String(row.id)));
    },
    // A driver's bindings, cards and agreements go with the driver.
    async afterDelete(rows, tx) {
      const ids = rows.map((r) => String(r.id));
      await tx.delete(hyDriverVehicle).where(inArray(hyDriverVehicle.driverId, ids));
      await tx.delete(hyDriverBank).where(inArray(hyDriverBank.driverId, ids));
      await tx.delete(hyCollectionAgreement).where(inArray(hyCollectionAgreement.driverId, ids));
    },
    onChange: changed,
  });
  registerReview(app, ctx, {
    path: driverResource.path,
    permission: driverResource.permission,
    entity: 'driver',
    table: hyDriver,
    id: hyDriver.id,
    state: hyDriver.state,
    tenantId: hyDriver.tenantId,
    beforeApprove: refuseLapsed(driverCerts),
  });

  const vehicles = bindResource(app, ctx, vehicleResource, hyVehicle, {
    dataRuleComponent: 'wlhy/hyvehicle/HyVehicleList',
    dataLog: true,
    filters: {
      expiringWithinDays: expiringWithin([hyVehicle.licenseValidTo, hyVehicle.roadTransportValidTo]),
    },
    partyScope: { customer: onCustomerNotes(hyShippingNote.vehicleId, hyVehicle.id) },
    // Registered or changed, the plate is checked with the national vehicle platform (入网).
    beforeWrite: async (values, mode, request, tx) =>
      withNetCheck(
        ctx,
        await vehicleReview(values, mode, request, tx),
        mode,
        tx,
        request.session?.tenantId ?? 0,
      ),
    afterWrite: (row, _mode, tx) => partyChanged(tx, 'vehicle', row),
    async afterDelete(rows, tx) {
      const ids = rows.map((r) => String(r.id));
      await tx.delete(hyDriverVehicle).where(inArray(hyDriverVehicle.vehicleId, ids));
    },
    onChange: changed,
  });
  registerReview(app, ctx, {
    path: vehicleResource.path,
    permission: vehicleResource.permission,
    entity: 'vehicle',
    table: hyVehicle,
    id: hyVehicle.id,
    state: hyVehicle.state,
    tenantId: hyVehicle.tenantId,
    beforeApprove: refuseLapsed(vehicleCerts),
    // A heavy truck or tractor not connected is refused: the regulator refuses its waybills.
    prepareApprove: (id, tenantId) => netCheckBeforeApprove(ctx, id, tenantId),
  });
  vehiclePlatformRoutes(app, ctx, (request) => vehicles.whereFor(request, {}));

  bindResource(app, ctx, carrierResource, hyCarrier, {
    dataLog: true,
    filters: { expiringWithinDays: expiringWithin([hyCarrier.permitValidTo]) },
    beforeWrite: reviewOnWrite('carrier', hyCarrier, hyCarrier.id, hyCarrier.state, hyCarrier.tenantId),
    afterWrite: (row, _mode, tx) => partyChanged(tx, 'carrier', row),
  });
  registerReview(app, ctx, {
    path: carrierResource.path,
    permission: carrierResource.permission,
    entity: 'carrier',
    table: hyCarrier,
    id: hyCarrier.id,
    state: hyCarrier.state,
    tenantId: hyCarrier.tenantId,
  });

  bindResource(app, ctx, captainResource, hyCaptain, {
    dataLog: true,
    beforeWrite: reviewOnWrite('captain', hyCaptain, hyCaptain.id, hyCaptain.state, hyCaptain.tenantId),
    // The fleet dissolves with its captain: members stay, their agreements with this captain end.
    async afterDelete(rows, tx) {
      const ids = rows.map((r) => String(r.id));
      await tx.update(hyDriver).set({ captainId: null }).where(inArray(hyDriver.captainId, ids));
      await tx.update(hyVehicle).set({ captainId: null }).where(inArray(hyVehicle.captainId, ids));
      await tx.delete(hyCollectionAgreement).where(inArray(hyCollectionAgreement.captainId, ids));
    },
  });
  registerReview(app, ctx, {
    path: captainResource.path,
    permission: captainResource.permission,
    entity: 'captain',
    table: hyCaptain,
    id: hyCaptain.id,
    state: hyCaptain.state,
    tenantId: hyCaptain.tenantId,
  });

  bindResource(app, ctx, agentResource, hyAgent, {
    dataLog: true,
    beforeWrite: reviewOnWrite('agent', hyAgent, hyAgent.id, hyAgent.state, hyAgent.tenantId),
  });
  registerReview(app, ctx, {
    path: agentResource.path,
    permission: agentResource.permission,
    entity: 'agent',
    table: hyAgent,
    id: hyAgent.id,
    state: hyAgent.state,
    tenantId: hyAgent.tenantId,
  });

  ctx.jobs.register(certificateExpiryJob(ctx));
  // Reviews are platform duties: only a holder of the review code is counted a pending review.
  ctx.counters.push(async (scope) => {
    const { sijiCount, cheCount } = await counters.get(scope.tenantId);
    return {
      sijiCount: countsFor(scope, `${driverResource.permission}:review`) ? sijiCount : 0,
      cheCount: countsFor(scope, `${vehicleResource.permission}:review`) ? cheCount : 0,
    };
  });
}
