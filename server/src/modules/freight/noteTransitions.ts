import {
  ACTIVE_SHIPPING_STATUSES,
  CORRECTABLE_SHIPPING_STATUSES,
  canTransition,
  type DispatchBody,
  ORDER_STATUS,
  REVIEW_STATE,
  SHIPPING_STATUS,
  SHIPPING_TRANSITIONS,
  type ShippingAction,
  STAFF_ONLY_NOTE_STEPS,
  settlementDueDate,
  USER_TYPE,
} from '@freight/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { bizError } from '../../platform/http/errors.ts';
import { emitFreightEvent } from './events.ts';
import { lockOrder, lockOwnedRow, recountOrder } from './orders.ts';
import { hyDriver, hyDriverVehicle, hyVehicle } from './partySchema.ts';
import { chinaToday, moneyInputsOf, noteMoneyColumns, recomputeNote } from './shippingMoney.ts';
import { nextNumber } from './shippingNumbers.ts';
import { hyOrder, hyShippingNote, hyShippingNoteHistory } from './shippingSchema.ts';
import {
  requireSignedCarrierContract,
  signCarrierContract,
  voidCarrierContract,
} from './transportContracts.ts';

// Every step of a waybill is one function here, run inside one transaction that locks the note row
// (SELECT … FOR UPDATE), checks the state machine and the parties, writes the note, its history row, the
// vehicle's transport state and the order's quantities (domain.md). Two concurrent steps on one note
// serialise on the lock: the second sees the first's result and is refused with a message.

type NoteRow = typeof hyShippingNote.$inferSelect;
/** What the steps need of the app: the database, and the dictionaries for state names in messages. */
export type NoteServices = Pick<AppContext, 'db' | 'dicts'>;

export interface Actor {
  username: string;
  userType: number;
  cid: string | null;
  tenantId: number;
}

/** Dispatching is staff work too, beside the waybill steps only staff take. */
const STAFF_ONLY: ReadonlySet<string> = new Set(['dispatch', ...STAFF_ONLY_NOTE_STEPS]);

/** Vehicle transport state after a step (transport_state: 0 idle, 1 loading, 2 in transit). */
const VEHICLE_STATE_AFTER: Partial<Record<ShippingAction, number>> = {
  accept: 1,
  load: 1,
  depart: 2,
  unload: 0,
  cancel: 0,
  refuse: 0,
  void: 0,
};

function requireActor(actor: Actor, action: string): void {
  if (STAFF_ONLY.has(action) && actor.userType !== USER_TYPE.system)
    throw bizError('该操作只能由平台运营人员办理');
}

const day = (value: string | null | undefined) => (value ? String(value).slice(0, 10) : null);

/** Certificates of the driver and vehicle (domain.md: block when expired) and their review states. */
async function checkParties(tx: DbOrTx, tenantId: number, driverId: string, vehicleId: string) {
  const [driver] = await tx
    .select()
    .from(hyDriver)
    .where(and(eq(hyDriver.id, driverId), eq(hyDriver.tenantId, tenantId)));
  const [vehicle] = await tx
    .select()
    .from(hyVehicle)
    .where(and(eq(hyVehicle.id, vehicleId), eq(hyVehicle.tenantId, tenantId)));
  if (!driver) throw bizError('司机不存在');
  if (!vehicle) throw bizError('车辆不存在');
  if (driver.state !== REVIEW_STATE.approved) throw bizError(`司机${driver.driverName}未审核通过`);
  if (driver.blacklisted) throw bizError(`司机${driver.driverName}已被列入黑名单`);
  if (vehicle.state !== REVIEW_STATE.approved) throw bizError(`车辆${vehicle.plateNo}未审核通过`);
  if (vehicle.blacklisted) throw bizError(`车辆${vehicle.plateNo}已被列入黑名单`);
  const today = chinaToday();
  const expired: Array<[string | null, string]> = [
    [day(driver.idCardValidTo), '司机身份证'],
    [day(driver.drivingValidTo), '司机驾驶证'],
    [day(driver.qualificationValidTo), '司机从业资格证'],
    [day(vehicle.licenseValidTo), '车辆行驶证'],
    [day(vehicle.roadTransportValidTo), '车辆道路运输证'],
  ];
  for (const [validTo, name] of expired) if (validTo && validTo < today) throw bizError(`${name}已过期`);
  return { driver, vehicle };
}

async function checkNoActiveTrip(tx: DbOrTx, driverId: string, vehicleId: string, exceptNoteId?: string) {
  const active = await tx
    .select({ id: hyShippingNote.id, driverId: hyShippingNote.driverId, vehicleId: hyShippingNote.vehicleId })
    .from(hyShippingNote)
    .where(
      and(
        inArray(hyShippingNote.status, [...ACTIVE_SHIPPING_STATUSES]),
        sql`(${hyShippingNote.vehicleId} = ${vehicleId} or ${hyShippingNote.driverId} = ${driverId})`,
      ),
    );
  const others = active.filter((n) => n.id !== exceptNoteId);
  if (others.some((n) => n.vehicleId === vehicleId)) throw bizError('该车辆已有进行中的运单');
  if (others.some((n) => n.driverId === driverId)) throw bizError('该司机已有进行中的运单');
}

/** A unique-index refusal (one active trip per vehicle and driver) raced past the check above. */
export function activeTripClash(error: unknown): Error | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint ?? String((error as Error)?.message ?? '');
  if (code !== '23505' && !String(constraint).includes('active_')) return null;
  if (String(constraint).includes('active_vehicle')) return bizError('该车辆已有进行中的运单');
  if (String(constraint).includes('active_driver')) return bizError('该司机已有进行中的运单');
  return null;
}

async function history(
  tx: DbOrTx,
  noteId: string,
  action: string,
  from: number | null,
  to: number,
  actor: Actor,
  remark?: string | null,
  data?: Record<string, unknown>,
) {
  await tx.insert(hyShippingNoteHistory).values({
    noteId,
    action,
    fromStatus: from,
    toStatus: to,
    operator: actor.username,
    remark: remark ?? null,
    data: data ?? null,
  });
}

/** The order's row lock, taken after the note's (dispatch takes the order's alone: no lock cycle). */
async function lockOrderRow(tx: DbOrTx, orderId: string): Promise<void> {
  await idsWhere(tx, hyOrder, eq(hyOrder.id, orderId)).for('update');
}

/** XXYY: XX the vehicle's index among the order's vehicles, YY this vehicle's leg within the order. */
async function serialFor(tx: DbOrTx, orderId: string, vehicleId: string): Promise<string> {
  const rows = await tx
    .select({ vehicleId: hyShippingNote.vehicleId })
    .from(hyShippingNote)
    .where(eq(hyShippingNote.orderId, orderId))
    .orderBy(asc(hyShippingNote.createTime), asc(hyShippingNote.shippingNoteNumber));
  const vehicles: string[] = [];
  for (const row of rows) if (!vehicles.includes(row.vehicleId)) vehicles.push(row.vehicleId);
  const index = vehicles.includes(vehicleId) ? vehicles.indexOf(vehicleId) : vehicles.length;
  const leg = rows.filter((row) => row.vehicleId === vehicleId).length;
  if (index > 99 || leg > 99) throw bizError('该货源的车辆或趟次超过99，无法编排运单序号');
  return `${String(index).padStart(2, '0')}${String(leg).padStart(2, '0')}`;
}

/** Dispatch (派单): a note for one driver and vehicle from a published order. */
export async function dispatchNote(ctx: NoteServices, actor: Actor, body: DispatchBody): Promise<NoteRow> {
  requireActor(actor, 'dispatch');
  try {
    return await ctx.db.transaction(async (tx) => {
      const order = await lockOrder(tx, actor, body.orderId);
      if (order.status !== ORDER_STATUS.published) {
        const text = ctx.dicts.text('order_status', order.status) ?? String(order.status);
        throw bizError(`货源当前状态为「${text}」，不能派单`);
      }
      if (order.validTo && order.validTo.getTime() < Date.now()) throw bizError('货源已过有效期');
      if (order.validFrom && order.validFrom.getTime() > Date.now()) throw bizError('货源尚未到有效期');
      const { driver, vehicle } = await checkParties(tx, actor.tenantId, body.driverId, body.vehicleId);
      const [bound] = await tx
        .select({ driverId: hyDriverVehicle.driverId })
        .from(hyDriverVehicle)
        .where(and(eq(hyDriverVehicle.driverId, driver.id), eq(hyDriverVehicle.vehicleId, vehicle.id)));
      if (!bound) throw bizError(`司机${driver.driverName}未绑定车辆${vehicle.plateNo}`);
      await checkNoActiveTrip(tx, driver.id, vehicle.id);
      const remaining = order.plannedWeightG - order.dispatchedWeightG;
      if (remaining <= 0) throw bizError('货源已全部派完');
      const rated = vehicle.ratedLoadKg ? vehicle.ratedLoadKg * 1000 : remaining;
      const weight = body.plannedWeightG ?? Math.min(remaining, rated);
      if (weight > remaining) throw bizError('派单重量超过货源剩余量');
      const shippingNoteNumber = await nextNumber(tx, 'shipping_note_no');
      if (shippingNoteNumber.length > 20) throw bizError('运单号超过20位，请调整填值规则 shipping_note_no');
      const serialNumber = await serialFor(tx, order.id, vehicle.id);
      const otherDeductionFen = body.otherDeductionFen ?? 0;
      const [note] = await tx
        .insert(hyShippingNote)
        .values({
          tenantId: actor.tenantId,
          shippingNoteNumber,
          serialNumber,
          orderId: order.id,
          orderNo: order.orderNo,
          orderMode: order.orderMode,
          customerId: order.customerId,
          customerName: order.customerName,
          driverId: driver.id,
          driverName: driver.driverName,
          driverMobile: driver.mobile,
          vehicleId: vehicle.id,
          plateNo: vehicle.plateNo,
          agentId: order.agentId,
          captainId: order.captainId ?? driver.captainId ?? vehicle.captainId,
          goodsName: order.goodsName,
          cargoType: order.cargoType,
          loadProvince: order.loadProvince,
          loadCity: order.loadCity,
          loadDistrict: order.loadDistrict,
          loadAreaCode: order.loadAreaCode,
          loadAddress: order.loadAddress,
          loadLng: order.loadLng,
          loadLat: order.loadLat,
          loadContact: order.loadContact,
          loadPhone: order.loadPhone,
          unloadProvince: order.unloadProvince,
          unloadCity: order.unloadCity,
          unloadDistrict: order.unloadDistrict,
          unloadAreaCode: order.unloadAreaCode,
          unloadAddress: order.unloadAddress,
          unloadLng: order.unloadLng,
          unloadLat: order.unloadLat,
          unloadContact: order.unloadContact,
          unloadPhone: order.unloadPhone,
          loadWindowFrom: order.loadWindowFrom,
          loadWindowTo: order.loadWindowTo,
          unloadWindowFrom: order.unloadWindowFrom,
          unloadWindowTo: order.unloadWindowTo,
          status: SHIPPING_STATUS.dispatched,
          plannedWeightG: weight,
          // the money inputs, snapshotted: later edits of the order do not change this note
          priceMode: order.priceMode,
          driverUnitPriceFen: order.driverUnitPriceFen,
          settleWeightBasis: order.settleWeightBasis,
          lossAllowanceMode: order.lossAllowanceMode,
          lossAllowanceValue: order.lossAllowanceValue,
          lossUnitPriceFen: order.lossUnitPriceFen,
          lossDeductWhole: order.lossDeductWhole,
          serviceFeeMode: order.serviceFeeMode,
          serviceFeeValue: order.serviceFeeValue,
          agentFeeMode: order.agentFeeMode,
          agentFeeValue: order.agentFeeValue,
          fuelCardMode: order.fuelCardMode,
          fuelCardValue: order.fuelCardValue,
          etcMode: order.etcMode,
          etcValue: order.etcValue,
          etcRule: order.etcRule,
          prepayMode: order.prepayMode,
          prepayValue: order.prepayValue,
          settleMode: order.settleMode,
          creditDays: order.creditDays,
          ...noteMoneyColumns(moneyInputsOf(order, otherDeductionFen), weight, weight),
          remark: body.remark ?? null,
          createBy: actor.username,
        })
        .returning();
      await history(tx, note.id, 'dispatch', null, SHIPPING_STATUS.dispatched, actor, body.remark, {
        plannedWeightG: weight,
      });
      await recountOrder(tx, order.id);
      // Risk rules judge the dispatch in its transaction: a blocking rule refuses it (超载).
      await emitFreightEvent(ctx.db, tx, {
        kind: 'noteStep',
        action: 'dispatch',
        note,
        before: null,
        operator: actor.username,
        read: { order, driver, vehicle },
      });
      return note;
    });
  } catch (error) {
    throw activeTripClash(error) ?? error;
  }
}

export interface StepInput {
  id: string;
  reason?: string;
  remark?: string | null;
  loadWeightG?: number;
  loadPhoto?: string;
  unloadWeightG?: number;
  unloadPhoto?: string;
  receiptPhoto?: string | null;
  otherDeductionFen?: number;
}

function lockNote(tx: DbOrTx, actor: Actor, id: string): Promise<NoteRow> {
  return lockOwnedRow(tx, hyShippingNote, id, actor);
}

function statusText(ctx: NoteServices, status: number): string {
  return ctx.dicts.text('shipping_status', status) ?? String(status);
}

/** One lifecycle step of a note (accept, refuse, cancel, load, depart, unload, sign, audit, void). */
export async function transitionNote(
  ctx: NoteServices,
  actor: Actor,
  action: ShippingAction,
  input: StepInput,
): Promise<NoteRow> {
  requireActor(actor, action);
  const step = SHIPPING_TRANSITIONS[action];
  return ctx.db.transaction(async (tx) => {
    const note = await lockNote(tx, actor, input.id);
    if (!canTransition(action, note.status))
      throw bizError(`运单当前状态为「${statusText(ctx, note.status)}」，不能${step.label}`);
    const now = new Date();
    let changes: Partial<typeof hyShippingNote.$inferInsert> = {};
    let data: Record<string, unknown> | undefined;
    switch (action) {
      case 'accept': {
        // domain.md: accepted only with valid certificates and an idle vehicle
        await checkParties(tx, actor.tenantId, note.driverId, note.vehicleId);
        await checkNoActiveTrip(tx, note.driverId, note.vehicleId, note.id);
        // The accept is the carrier's signing act: its transport contract is made and signed with it.
        const contract = await signCarrierContract(ctx.db, tx, note, actor, now);
        changes = { acceptTime: now, contractNo: contract.contractNo };
        break;
      }
      case 'refuse':
      case 'cancel':
      case 'void':
        changes = { closeTime: now, closeReason: input.reason ?? null };
        await voidCarrierContract(tx, note.id, actor.username);
        data = { reason: input.reason };
        break;
      case 'load': {
        // The law: no loading without the signed electronic transport contract with the carrier.
        await requireSignedCarrierContract(tx, note);
        const loadWeightG = input.loadWeightG as number;
        changes = {
          loadWeightG,
          loadPhoto: input.loadPhoto,
          loadTime: now,
          ...recomputeNote(note, { loadWeightG, unloadWeightG: loadWeightG }),
        };
        data = { loadWeightG, loadPhoto: input.loadPhoto };
        break;
      }
      case 'depart':
        changes = { departTime: now };
        break;
      case 'unload': {
        const unloadWeightG = input.unloadWeightG as number;
        changes = {
          unloadWeightG,
          unloadPhoto: input.unloadPhoto,
          unloadTime: now,
          ...recomputeNote(note, { unloadWeightG }),
        };
        data = { unloadWeightG, unloadPhoto: input.unloadPhoto };
        break;
      }
      case 'sign':
        changes = { signTime: now, receiptPhoto: input.receiptPhoto ?? note.receiptPhoto };
        break;
      case 'audit': {
        // The money is frozen from here on (weight corrections are refused after audit).
        const auditDay = chinaToday(now);
        changes = {
          auditTime: now,
          auditBy: actor.username,
          dueDate: settlementDueDate(note.settleMode, note.creditDays, auditDay),
          // the electronic waybill becomes due for the regulator once audited
          reportStatus: note.reportStatus === 0 ? 1 : note.reportStatus,
        };
        data = { driverFee: note.driverFee, customerFee: note.customerFee };
        break;
      }
    }
    const [stored] = await tx
      .update(hyShippingNote)
      .set({ ...changes, status: step.to, updateBy: actor.username, updateTime: now })
      .where(and(eq(hyShippingNote.id, note.id), eq(hyShippingNote.status, note.status)))
      .returning();
    if (!stored) throw bizError('运单状态已变化，请刷新后重试');
    await history(tx, note.id, action, note.status, step.to, actor, input.reason ?? input.remark, data);
    const vehicleState = VEHICLE_STATE_AFTER[action];
    if (vehicleState !== undefined && (ACTIVE_SHIPPING_STATUSES as readonly number[]).includes(note.status))
      await tx
        .update(hyVehicle)
        .set({ transportState: vehicleState })
        .where(eq(hyVehicle.id, note.vehicleId));
    // Quantities change when a note leaves the plan (cancel, refuse, void) or completes (sign).
    if (action === 'cancel' || action === 'refuse' || action === 'void' || action === 'sign') {
      await lockOrderRow(tx, note.orderId);
      await recountOrder(tx, note.orderId);
    }
    // The electronic waybill is due for the regulator from the audit (the money is final then).
    if (action === 'audit') await emitFreightEvent(ctx.db, tx, { kind: 'noteAudited', note: stored });
    await emitFreightEvent(ctx.db, tx, {
      kind: 'noteStep',
      action,
      note: stored,
      before: note,
      operator: actor.username,
    });
    return stored;
  });
}

/** Weight or deduction correction before audit (审核前修正): recomputes the money, records before/after. */
export async function correctNote(
  ctx: NoteServices,
  actor: Actor,
  input: StepInput & { reason: string },
): Promise<NoteRow> {
  requireActor(actor, 'correct');
  return ctx.db.transaction(async (tx) => {
    const note = await lockNote(tx, actor, input.id);
    if (!(CORRECTABLE_SHIPPING_STATUSES as readonly number[]).includes(note.status))
      throw bizError(`运单当前状态为「${statusText(ctx, note.status)}」，不能修正重量（审核后金额已冻结）`);
    if (input.unloadWeightG !== undefined && note.status < SHIPPING_STATUS.unloaded)
      throw bizError('运单尚未卸货，不能修正卸货重量');
    const loadWeightG = input.loadWeightG ?? note.loadWeightG;
    const unloadWeightG = input.unloadWeightG ?? note.unloadWeightG;
    const money = recomputeNote(note, {
      loadWeightG,
      unloadWeightG: unloadWeightG ?? loadWeightG,
      otherDeductionFen: input.otherDeductionFen,
    });
    const [stored] = await tx
      .update(hyShippingNote)
      .set({ loadWeightG, unloadWeightG, ...money, updateBy: actor.username, updateTime: new Date() })
      .where(eq(hyShippingNote.id, note.id))
      .returning();
    await history(tx, note.id, 'correct', note.status, note.status, actor, input.reason, {
      before: {
        loadWeightG: note.loadWeightG,
        unloadWeightG: note.unloadWeightG,
        otherDeductionFen: note.otherDeductionFen,
        driverFee: note.driverFee,
        customerFee: note.customerFee,
      },
      after: {
        loadWeightG,
        unloadWeightG,
        otherDeductionFen: money.otherDeductionFen,
        driverFee: money.driverFee,
        customerFee: money.customerFee,
      },
    });
    if (note.status >= SHIPPING_STATUS.signed) {
      await lockOrderRow(tx, note.orderId);
      await recountOrder(tx, note.orderId);
    }
    return stored;
  });
}
