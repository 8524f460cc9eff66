import {
  bindVehicleBody,
  blacklistBody,
  captainMemberBody,
  collectionAgreementBody,
  maskValue,
} from '@freight/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound, unauthorized } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { hyCaptain, hyCollectionAgreement, hyDriver, hyDriverVehicle, hyVehicle } from './partySchema.ts';

const id32 = z.string().min(1).max(32);

export const BINDING_MSG = {
  missing: '司机或车辆不存在',
  captainMissing: '车队长不存在',
  notMember: '该司机不属于此车队长',
  otherCaptain: '该司机或车辆已属于其他车队长，请先解除',
} as const;

/** The tenant's driver or vehicle with its captain, if it exists. */
async function partyOf(tx: DbOrTx, table: typeof hyDriver | typeof hyVehicle, id: string, tenantId: number) {
  const [row] = await tx
    .select({ id: table.id, captainId: table.captainId })
    .from(table)
    .where(and(eq(table.id, id), eq(table.tenantId, tenantId)));
  return row;
}

async function captainOf(tx: DbOrTx, id: string, tenantId: number) {
  const [row] = await idsWhere(tx, hyCaptain, eq(hyCaptain.id, id), eq(hyCaptain.tenantId, tenantId));
  if (!row) throw bizError(BINDING_MSG.captainMissing);
  return row;
}

/**
 * Relations between parties: driver ↔ vehicle (many-to-many, one default per driver), a
 * captain's drivers and vehicles, collection agreements, and the driver blacklist.
 */
export function bindingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tenantOf = (request: { session: { tenantId: number } | null }) => {
    if (!request.session) throw unauthorized();
    return request.session.tenantId;
  };

  // ---- driver ↔ vehicle -------------------------------------------------------------------------------

  r.post(
    '/hydriver/hyDriver/bindVehicle',
    permitted('driver:edit', { body: bindVehicleBody }),
    async (request) => {
      const tenantId = tenantOf(request);
      const { driverId, vehicleId, isDefault } = request.body;
      await db.transaction(async (tx) => {
        const driver = await partyOf(tx, hyDriver, driverId, tenantId);
        const vehicle = await partyOf(tx, hyVehicle, vehicleId, tenantId);
        if (!driver || !vehicle) throw bizError(BINDING_MSG.missing);
        // A driver's first vehicle is the default one; a default moves rather than doubles.
        const existing = await tx
          .select({ vehicleId: hyDriverVehicle.vehicleId, isDefault: hyDriverVehicle.isDefault })
          .from(hyDriverVehicle)
          .where(eq(hyDriverVehicle.driverId, driverId));
        const others = existing.filter((b) => b.vehicleId !== vehicleId);
        const makeDefault = isDefault === true || !others.some((b) => b.isDefault);
        if (makeDefault)
          await tx
            .update(hyDriverVehicle)
            .set({ isDefault: false })
            .where(eq(hyDriverVehicle.driverId, driverId));
        await tx
          .insert(hyDriverVehicle)
          .values({ driverId, vehicleId, isDefault: makeDefault })
          .onConflictDoUpdate({
            target: [hyDriverVehicle.driverId, hyDriverVehicle.vehicleId],
            set: { isDefault: makeDefault },
          });
      });
      return okMessage('绑定成功');
    },
  );

  r.delete(
    '/hydriver/hyDriver/unbindVehicle',
    permitted('driver:edit', { querystring: z.object({ driverId: id32, vehicleId: id32 }) }),
    async (request) => {
      const tenantId = tenantOf(request);
      const { driverId, vehicleId } = request.query;
      await db.transaction(async (tx) => {
        if (!(await partyOf(tx, hyDriver, driverId, tenantId))) throw bizError(BINDING_MSG.missing);
        const [removed] = await tx
          .delete(hyDriverVehicle)
          .where(and(eq(hyDriverVehicle.driverId, driverId), eq(hyDriverVehicle.vehicleId, vehicleId)))
          .returning({ isDefault: hyDriverVehicle.isDefault });
        if (!removed) throw bizError('未找到该绑定');
        if (removed.isDefault) {
          // The longest-bound remaining vehicle becomes the default.
          const [next] = await tx
            .select({ vehicleId: hyDriverVehicle.vehicleId })
            .from(hyDriverVehicle)
            .where(eq(hyDriverVehicle.driverId, driverId))
            .orderBy(asc(hyDriverVehicle.createTime))
            .limit(1);
          if (next)
            await tx
              .update(hyDriverVehicle)
              .set({ isDefault: true })
              .where(
                and(eq(hyDriverVehicle.driverId, driverId), eq(hyDriverVehicle.vehicleId, next.vehicleId)),
              );
        }
      });
      return okMessage('解绑成功');
    },
  );

  /** The bindings of a driver (its vehicles) or of a vehicle (its drivers); an unknown one is refused. */
  const bindingList = (
    path: string,
    code: string,
    key: 'driverId' | 'vehicleId',
    list: (id: string, tenantId: number) => Promise<unknown[]>,
  ) =>
    r.get(path, permitted(code, { querystring: z.object({ [key]: id32 }) }), async (request) => {
      const tenantId = tenantOf(request);
      const id = request.query[key];
      const own = await partyOf(db, key === 'driverId' ? hyDriver : hyVehicle, id, tenantId);
      if (!own) throw bizError(BINDING_MSG.missing);
      return ok(await list(id, tenantId));
    });

  bindingList('/hydriver/hyDriver/vehicles', 'driver:list', 'driverId', (driverId, tenantId) =>
    db
      .select({
        id: hyVehicle.id,
        plateNo: hyVehicle.plateNo,
        plateColor: hyVehicle.plateColor,
        vehicleType: hyVehicle.vehicleType,
        state: hyVehicle.state,
        transportState: hyVehicle.transportState,
        isDefault: hyDriverVehicle.isDefault,
        bindTime: hyDriverVehicle.createTime,
      })
      .from(hyDriverVehicle)
      .innerJoin(hyVehicle, eq(hyVehicle.id, hyDriverVehicle.vehicleId))
      .where(and(eq(hyDriverVehicle.driverId, driverId), eq(hyVehicle.tenantId, tenantId)))
      .orderBy(desc(hyDriverVehicle.isDefault), asc(hyDriverVehicle.createTime)),
  );

  bindingList('/hyvehicle/hyVehicle/drivers', 'vehicle:list', 'vehicleId', (vehicleId, tenantId) =>
    db
      .select({
        id: hyDriver.id,
        driverName: hyDriver.driverName,
        mobile: hyDriver.mobile,
        state: hyDriver.state,
        isDefault: hyDriverVehicle.isDefault,
        bindTime: hyDriverVehicle.createTime,
      })
      .from(hyDriverVehicle)
      .innerJoin(hyDriver, eq(hyDriver.id, hyDriverVehicle.driverId))
      .where(and(eq(hyDriverVehicle.vehicleId, vehicleId), eq(hyDriver.tenantId, tenantId)))
      .orderBy(asc(hyDriverVehicle.createTime)),
  );

  // ---- blacklist ----------------------------------------------------------------------------------------

  r.post(
    '/hydriver/hyDriver/blacklist',
    permitted('driver:edit', { body: blacklistBody }),
    async (request) => {
      const tenantId = tenantOf(request);
      const updated = await db
        .update(hyDriver)
        .set({
          blacklisted: request.body.blacklisted,
          blacklistReason: request.body.blacklisted ? request.body.reason : null,
          updateBy: request.session?.user.username,
          updateTime: new Date(),
        })
        .where(and(eq(hyDriver.id, request.body.id), eq(hyDriver.tenantId, tenantId)))
        .returning({ id: hyDriver.id });
      if (!updated.length) throw recordNotFound();
      tablesWritten(db, hyDriver);
      return okMessage(request.body.blacklisted ? '已加入黑名单' : '已移出黑名单');
    },
  );

  // ---- a captain's fleet ---------------------------------------------------------------------------------

  r.get(
    '/captain/hyCaptain/members',
    permitted('captain:list', { querystring: z.object({ captainId: id32 }) }),
    async (request) => {
      const tenantId = tenantOf(request);
      const { captainId } = request.query;
      await captainOf(db, captainId, tenantId);
      const [drivers, vehicles, agreements] = await Promise.all([
        db
          .select({
            id: hyDriver.id,
            driverName: hyDriver.driverName,
            mobile: hyDriver.mobile,
            idCard: hyDriver.idCard,
            state: hyDriver.state,
          })
          .from(hyDriver)
          .where(and(eq(hyDriver.captainId, captainId), eq(hyDriver.tenantId, tenantId)))
          .orderBy(asc(hyDriver.driverName)),
        db
          .select({
            id: hyVehicle.id,
            plateNo: hyVehicle.plateNo,
            plateColor: hyVehicle.plateColor,
            state: hyVehicle.state,
          })
          .from(hyVehicle)
          .where(and(eq(hyVehicle.captainId, captainId), eq(hyVehicle.tenantId, tenantId)))
          .orderBy(asc(hyVehicle.plateNo)),
        db
          .select()
          .from(hyCollectionAgreement)
          .where(
            and(eq(hyCollectionAgreement.captainId, captainId), eq(hyCollectionAgreement.tenantId, tenantId)),
          ),
      ]);
      const byDriver = new Map(agreements.map((a) => [a.driverId, a]));
      return ok({
        // A popup shows personal numbers as the lists do.
        drivers: drivers.map((d) => ({
          ...d,
          mobile: maskValue('mobile', d.mobile),
          idCard: maskValue('idCard', d.idCard),
          agreement: byDriver.get(d.id) ?? null,
        })),
        vehicles,
      });
    },
  );

  const member =
    (kind: 'driver' | 'vehicle', action: 'add' | 'remove') =>
    async (request: {
      session: { tenantId: number } | null;
      body: { captainId: string; memberId: string };
    }) => {
      const tenantId = tenantOf(request);
      const { captainId, memberId } = request.body;
      await db.transaction(async (tx) => {
        await captainOf(tx, captainId, tenantId);
        const row = await partyOf(tx, kind === 'driver' ? hyDriver : hyVehicle, memberId, tenantId);
        if (!row) throw bizError(BINDING_MSG.missing);
        if (action === 'add' && row.captainId && row.captainId !== captainId)
          throw bizError(BINDING_MSG.otherCaptain);
        if (action === 'remove' && row.captainId !== captainId) throw bizError(BINDING_MSG.notMember);
        const captain = action === 'add' ? captainId : null;
        if (kind === 'driver') {
          await tx.update(hyDriver).set({ captainId: captain }).where(eq(hyDriver.id, memberId));
          // Leaving the fleet ends the driver's collection agreement with this captain.
          if (action === 'remove')
            await tx
              .delete(hyCollectionAgreement)
              .where(
                and(
                  eq(hyCollectionAgreement.captainId, captainId),
                  eq(hyCollectionAgreement.driverId, memberId),
                ),
              );
        } else {
          await tx.update(hyVehicle).set({ captainId: captain }).where(eq(hyVehicle.id, memberId));
        }
      });
      tablesWritten(db, kind === 'driver' ? hyDriver : hyVehicle);
      return okMessage(action === 'add' ? '已加入车队' : '已移出车队');
    };
  const memberOpts = permitted('captain:edit', { body: captainMemberBody });
  r.post('/captain/hyCaptain/addDriver', memberOpts, member('driver', 'add'));
  r.post('/captain/hyCaptain/removeDriver', memberOpts, member('driver', 'remove'));
  r.post('/captain/hyCaptain/addVehicle', memberOpts, member('vehicle', 'add'));
  r.post('/captain/hyCaptain/removeVehicle', memberOpts, member('vehicle', 'remove'));

  r.post(
    '/captain/hyCaptain/agreement',
    permitted('captain:edit', { body: collectionAgreementBody }),
    async (request) => {
      const tenantId = tenantOf(request);
      const { captainId, driverId, ...agreement } = request.body;
      await db.transaction(async (tx) => {
        await captainOf(tx, captainId, tenantId);
        const driver = await partyOf(tx, hyDriver, driverId, tenantId);
        if (!driver) throw bizError(BINDING_MSG.missing);
        if (driver.captainId !== captainId) throw bizError(BINDING_MSG.notMember);
        const values = {
          agreementNo: agreement.agreementNo ?? null,
          agreementImg: agreement.agreementImg,
          validFrom: agreement.validFrom ?? null,
          validTo: agreement.validTo ?? null,
        };
        await tx
          .insert(hyCollectionAgreement)
          .values({ tenantId, captainId, driverId, ...values, createBy: request.session?.user.username })
          .onConflictDoUpdate({
            target: [hyCollectionAgreement.captainId, hyCollectionAgreement.driverId],
            set: { ...values, updateBy: request.session?.user.username, updateTime: new Date() },
          });
      });
      return okMessage('代收运费协议已保存');
    },
  );

  r.delete(
    '/captain/hyCaptain/agreement',
    permitted('captain:edit', { querystring: z.object({ captainId: id32, driverId: id32 }) }),
    async (request) => {
      const tenantId = tenantOf(request);
      const removed = await db
        .delete(hyCollectionAgreement)
        .where(
          and(
            eq(hyCollectionAgreement.captainId, request.query.captainId),
            eq(hyCollectionAgreement.driverId, request.query.driverId),
            eq(hyCollectionAgreement.tenantId, tenantId),
          ),
        )
        .returning({ id: hyCollectionAgreement.id });
      if (!removed.length) throw recordNotFound();
      return okMessage('代收运费协议已解除');
    },
  );
}
