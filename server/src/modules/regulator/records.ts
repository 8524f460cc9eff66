import { REPORT_TYPES, type ReportType } from '@freight/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import {
  hyCarrier,
  hyCustomer,
  hyDriver,
  hyDriverVehicle,
  hyShippingNote,
  hyVehicle,
} from '../freight/index.ts';
import { waybillInsurance } from './insuranceHook.ts';
import {
  type BuildResult,
  buildDriver,
  buildFundFlow,
  buildVehicle,
  buildWaybill,
  type CodeTables,
  type FundFlowInput,
  isLightVehicle,
  type PlatformIdentity,
} from './messages/index.ts';
import type { AnyMessage } from './messages/types.ts';
import { plateAreaCode } from './plateArea.ts';

// A message's content is built when it is sent, from the records as they are then: a correction made after a
// field-validation failure is what the resend carries. Fund flows carry their input (the money module's).

const DEFAULT_TRANSPORT_TYPE = '1';
const DEFAULT_BUSINESS_TYPE = '1002996';

export type Built = BuildResult<AnyMessage> | { ok: false; missing: string };

async function driverContent(db: DbOrTx, id: string, codes: CodeTables): Promise<Built> {
  const [driver] = await db.select().from(hyDriver).where(eq(hyDriver.id, id));
  if (!driver) return { ok: false, missing: '司机已不存在' };
  const bound = await db
    .select({ grossMassKg: hyVehicle.grossMassKg })
    .from(hyDriverVehicle)
    .innerJoin(hyVehicle, eq(hyVehicle.id, hyDriverVehicle.vehicleId))
    .where(eq(hyDriverVehicle.driverId, id));
  return buildDriver(
    {
      driverName: driver.driverName,
      idCard: driver.idCard,
      drivingClass: driver.drivingClass,
      drivingIssuer: driver.drivingIssuer,
      drivingValidFrom: driver.drivingValidFrom,
      drivingValidTo: driver.drivingValidTo,
      qualificationNo: driver.qualificationNo,
      mobile: driver.mobile,
      lightVehiclesOnly: bound.length > 0 && bound.every((v) => isLightVehicle(v.grossMassKg)),
    },
    codes,
  );
}

async function vehicleContent(db: DbOrTx, id: string, codes: CodeTables): Promise<Built> {
  const [v] = await db.select().from(hyVehicle).where(eq(hyVehicle.id, id));
  if (!v) return { ok: false, missing: '车辆已不存在' };
  return buildVehicle(
    {
      plateNo: v.plateNo,
      plateColor: v.plateColor,
      vehicleType: v.vehicleType,
      owner: v.owner,
      useCharacter: v.useCharacter,
      vin: v.vin,
      licenseIssuer: v.licenseIssuer,
      registerDate: v.registerDate,
      issueDate: v.issueDate,
      energyType: v.energyType,
      ratedLoadKg: v.ratedLoadKg,
      grossMassKg: v.grossMassKg,
      roadTransportNo: v.roadTransportNo,
      trailerPlateNo: v.trailerPlateNo,
      areaCode: plateAreaCode(v.plateNo),
    },
    codes,
  );
}

async function waybillContent(
  db: DbOrTx,
  id: string,
  codes: CodeTables,
  platform: PlatformIdentity,
  sendTime: Date,
): Promise<Built> {
  const [note] = await db.select().from(hyShippingNote).where(eq(hyShippingNote.id, id));
  if (!note) return { ok: false, missing: '运单已不存在' };
  const [[driver], [vehicle], [customer], [carrier], [vehicles]] = await Promise.all([
    db.select().from(hyDriver).where(eq(hyDriver.id, note.driverId)),
    db.select().from(hyVehicle).where(eq(hyVehicle.id, note.vehicleId)),
    db
      .select({ name: hyCustomer.customerName, creditCode: hyCustomer.creditCode })
      .from(hyCustomer)
      .where(eq(hyCustomer.id, note.customerId)),
    note.carrierId
      ? db.select().from(hyCarrier).where(eq(hyCarrier.id, note.carrierId))
      : Promise.resolve([undefined]),
    db
      .select({ count: sql<number>`count(distinct ${hyShippingNote.vehicleId})::int` })
      .from(hyShippingNote)
      .where(and(eq(hyShippingNote.orderId, note.orderId), gte(hyShippingNote.status, 0))),
  ]);
  // A licensed carrier company carries under its permit, its contract signed by the driver; otherwise the
  // driver is the actual carrier under the vehicle's road-transport certificate.
  const actualCarrier = carrier
    ? {
        name:
          carrier.carrierType === 2
            ? carrier.carrierName
            : `${carrier.carrierName}（${note.driverName ?? ''}）`,
        id: carrier.creditCode,
        businessLicense: carrier.permitNo,
        areaCode: plateAreaCode(vehicle?.plateNo),
      }
    : {
        name: driver?.driverName ?? note.driverName,
        id: driver?.idCard ?? null,
        businessLicense: vehicle?.roadTransportNo ?? null,
        areaCode: plateAreaCode(vehicle?.plateNo),
      };
  const place = (province: string | null, city: string, district: string | null, address: string) =>
    [province, city === province ? '' : city, district, address].filter(Boolean).join('');
  return buildWaybill(
    {
      platform,
      sendTime,
      orderNo: note.orderNo,
      shippingNoteNumber: note.shippingNoteNumber,
      serialNumber: note.serialNumber,
      vehicleAmount: Math.max(1, Number(vehicles?.count ?? 1)),
      transportTypeCode: DEFAULT_TRANSPORT_TYPE,
      businessTypeCode: DEFAULT_BUSINESS_TYPE,
      consignmentTime: note.acceptTime ?? note.dispatchTime,
      despatchTime: note.departTime ?? note.loadTime,
      receiptTime: note.signTime ?? note.unloadTime,
      consignor: { name: customer?.name ?? note.customerName, id: customer?.creditCode ?? null },
      consignee: { name: note.unloadContact ?? customer?.name ?? note.customerName },
      loading: {
        place: place(note.loadProvince, note.loadCity, note.loadDistrict, note.loadAddress),
        divisionCode: note.loadAreaCode,
      },
      unloading: {
        place: place(note.unloadProvince, note.unloadCity, note.unloadDistrict, note.unloadAddress),
        divisionCode: note.unloadAreaCode,
      },
      freightFen: note.customerFee,
      vehicle: {
        plateNo: vehicle?.plateNo ?? note.plateNo,
        plateColor: vehicle?.plateColor ?? null,
        grossMassKg: vehicle?.grossMassKg ?? null,
      },
      drivers: [{ name: driver?.driverName ?? note.driverName, idCard: driver?.idCard ?? null }],
      goods: {
        name: note.goodsName,
        cargoType: note.cargoType,
        weightG: note.loadWeightG ?? note.plannedWeightG,
      },
      actualCarrier,
      insurance: await waybillInsurance(db, note.id),
      remark: null,
    },
    codes,
  );
}

/** The content of a message as of now, or what keeps it from being built. */
export async function contentOf(
  db: DbOrTx,
  message: { type: string; businessId: string; payload: unknown },
  codes: CodeTables,
  platform: PlatformIdentity,
  sendTime: Date,
): Promise<Built> {
  switch (message.type as ReportType) {
    case REPORT_TYPES.driver:
      return driverContent(db, message.businessId, codes);
    case REPORT_TYPES.vehicle:
      return vehicleContent(db, message.businessId, codes);
    case REPORT_TYPES.waybill:
      return waybillContent(db, message.businessId, codes, platform, sendTime);
    case REPORT_TYPES.fundFlow:
      return buildFundFlow(message.payload as FundFlowInput, codes, sendTime);
    default:
      return { ok: false, missing: `不支持的报文类型 ${message.type}` };
  }
}

/** The messages that must be accepted before this one: its driver and vehicle, or the waybills it pays. */
export async function prerequisitesOf(
  db: DbOrTx,
  message: { type: string; businessId: string; payload: unknown },
): Promise<Array<{ type: ReportType; businessId: string; businessNo: string | null }>> {
  if (message.type === REPORT_TYPES.waybill) {
    const [note] = await db
      .select({
        driverId: hyShippingNote.driverId,
        driverName: hyShippingNote.driverName,
        vehicleId: hyShippingNote.vehicleId,
        plateNo: hyShippingNote.plateNo,
      })
      .from(hyShippingNote)
      .where(eq(hyShippingNote.id, message.businessId));
    if (!note) return [];
    return [
      { type: REPORT_TYPES.driver, businessId: note.driverId, businessNo: note.driverName },
      { type: REPORT_TYPES.vehicle, businessId: note.vehicleId, businessNo: note.plateNo },
    ];
  }
  if (message.type === REPORT_TYPES.fundFlow) {
    const notes = (message.payload as FundFlowInput | null)?.notes ?? [];
    return notes.map((n) => ({
      type: REPORT_TYPES.waybill,
      businessId: n.noteId,
      businessNo: n.shippingNoteNumber,
    }));
  }
  return [];
}

/** Business numbers of drivers and vehicles, for the outbox's search column. */
export async function partyNo(db: DbOrTx, entity: 'driver' | 'vehicle', id: string): Promise<string | null> {
  if (entity === 'driver') {
    const [d] = await db.select({ name: hyDriver.driverName }).from(hyDriver).where(eq(hyDriver.id, id));
    return d?.name ?? null;
  }
  const [v] = await db.select({ plate: hyVehicle.plateNo }).from(hyVehicle).where(eq(hyVehicle.id, id));
  return v?.plate ?? null;
}
