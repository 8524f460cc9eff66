// Demo orders (货源) and shipping notes (运单) of issue 8: Nanjing → Shanghai steel orders of the approved demo
// shippers, notes in every lifecycle state on approved drivers and their bound vehicles, money computed by the
// same rules the steps use, order quantities summed from their notes, and a GPS point a minute along the road
// for every note that left the yard.
import {
  computeNoteMoney,
  PLATFORM_TIME_ZONE,
  REVIEW_STATE,
  SHIPPING_STATUS,
  settlementDueDate,
} from '@freight/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { hyDriver, hyDriverVehicle, hyVehicle } from '../../modules/freight/partySchema.ts';
import { hyCustomer } from '../../modules/freight/schema.ts';
import { moneyInputsOf } from '../../modules/freight/shippingMoney.ts';
import { hyOrder, hyShippingNote, hyTrackPoint } from '../../modules/freight/shippingSchema.ts';
import type { Db } from '../../platform/db/client.ts';
import { stableId } from '../seed.ts';
import { Random } from './random.ts';
import type { DemoContext, DemoSeeder } from './types.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const BATCH = 500;
export const SHIPPING_PER_SCALE = { orders: 12, notesPerOrder: 6 } as const;

/** The two cities every demo note runs between (WGS-84 points of the two works). */
const LOAD = {
  province: '江苏省',
  city: '南京市',
  district: '栖霞区',
  code: '320113',
  address: '南京钢铁厂东门',
  lng: 118.9089,
  lat: 32.1186,
};
const UNLOAD = {
  province: '上海市',
  city: '上海市',
  district: '宝山区',
  code: '310113',
  address: '宝山钢铁码头3号库',
  lng: 121.4891,
  lat: 31.4053,
};
/** Waypoints of the G42 motorway between them (Zhenjiang, Changzhou, Wuxi, Suzhou), for a track that bends. */
const ROAD: Array<[number, number]> = [
  [LOAD.lng, LOAD.lat],
  [119.4249, 32.1877],
  [119.9741, 31.8112],
  [120.3119, 31.4912],
  [120.6196, 31.3179],
  [121.1657, 31.3896],
  [UNLOAD.lng, UNLOAD.lat],
];
const GOODS = ['螺纹钢', '热轧卷板', '冷轧卷', '线材', '钢坯', '镀锌板'];

/** Every state a note can be in, in the share the demo shows them (most notes finished). */
const STATES = [
  SHIPPING_STATUS.dispatched,
  SHIPPING_STATUS.accepted,
  SHIPPING_STATUS.loaded,
  SHIPPING_STATUS.inTransit,
  SHIPPING_STATUS.unloaded,
  SHIPPING_STATUS.signed,
  SHIPPING_STATUS.audited,
  SHIPPING_STATUS.audited,
  SHIPPING_STATUS.completed,
  SHIPPING_STATUS.cancelled,
  SHIPPING_STATUS.void,
  SHIPPING_STATUS.refused,
];
const ACTIVE = new Set<number>([0, 1, 2, 3]);

/** A point `f` (0…1) of the way along the road, by length of its segments. */
function along(f: number): [number, number] {
  const lengths = ROAD.slice(1).map((p, i) => Math.hypot(p[0] - ROAD[i][0], p[1] - ROAD[i][1]));
  let rest = Math.min(1, Math.max(0, f)) * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i++) {
    if (rest <= lengths[i] || i === lengths.length - 1) {
      const t = lengths[i] === 0 ? 0 : Math.min(1, rest / lengths[i]);
      return [ROAD[i][0] + (ROAD[i + 1][0] - ROAD[i][0]) * t, ROAD[i][1] + (ROAD[i + 1][1] - ROAD[i][1]) * t];
    }
    rest -= lengths[i];
  }
  return ROAD[ROAD.length - 1];
}

const chinaDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE }).format(new Date(ms));

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

export const shippingSeeder: DemoSeeder = {
  name: 'shipping',
  async run(db: Db, ctx: DemoContext) {
    const now = ctx.now.getTime();
    const customers = await db
      .select()
      .from(hyCustomer)
      .where(eq(hyCustomer.state, REVIEW_STATE.approved))
      .orderBy(asc(hyCustomer.id))
      .limit(20);
    // Approved drivers with an approved default vehicle: one trip at a time each.
    const crews = await db
      .select({
        driverId: hyDriver.id,
        driverName: hyDriver.driverName,
        driverMobile: hyDriver.mobile,
        vehicleId: hyVehicle.id,
        plateNo: hyVehicle.plateNo,
      })
      .from(hyDriverVehicle)
      .innerJoin(hyDriver, eq(hyDriver.id, hyDriverVehicle.driverId))
      .innerJoin(hyVehicle, eq(hyVehicle.id, hyDriverVehicle.vehicleId))
      .where(
        and(
          eq(hyDriverVehicle.isDefault, true),
          eq(hyDriver.state, REVIEW_STATE.approved),
          eq(hyVehicle.state, REVIEW_STATE.approved),
        ),
      )
      .orderBy(asc(hyDriver.id))
      .limit(400);
    if (customers.length === 0 || crews.length === 0) return { orders: 0, notes: 0, trackPoints: 0 };
    // Crews already on an active trip (a note seeded before, or made by hand) are left alone.
    const busy = new Set(
      (
        await db
          .select({ vehicleId: hyShippingNote.vehicleId })
          .from(hyShippingNote)
          .where(inArray(hyShippingNote.status, [...ACTIVE]))
      ).map((r) => r.vehicleId),
    );

    const orders: Array<typeof hyOrder.$inferInsert> = [];
    const notes: Array<typeof hyShippingNote.$inferInsert> = [];
    const points: Array<typeof hyTrackPoint.$inferInsert> = [];
    let crewAt = 0;
    const orderCount = SHIPPING_PER_SCALE.orders * ctx.scale;
    for (let o = 0; o < orderCount; o++) {
      const random = Random.of(`order:${o}`);
      const customer = customers[o % customers.length];
      const created = now - random.int(2, 60) * DAY_MS - random.int(0, 23) * HOUR_MS;
      const order: typeof hyOrder.$inferInsert = {
        id: stableId('demo-order', String(o)),
        orderNo: `HY${chinaDay(created).replaceAll('-', '')}${String(o).padStart(4, '0')}`,
        customerId: customer.id,
        customerName: customer.customerName,
        orderMode: 1,
        status: o % 6 === 5 ? 3 : 1,
        goodsName: GOODS[o % GOODS.length],
        cargoType: '0400',
        loadProvince: LOAD.province,
        loadCity: LOAD.city,
        loadDistrict: LOAD.district,
        loadAreaCode: LOAD.code,
        loadAddress: LOAD.address,
        loadLng: LOAD.lng,
        loadLat: LOAD.lat,
        unloadProvince: UNLOAD.province,
        unloadCity: UNLOAD.city,
        unloadDistrict: UNLOAD.district,
        unloadAreaCode: UNLOAD.code,
        unloadAddress: UNLOAD.address,
        unloadLng: UNLOAD.lng,
        unloadLat: UNLOAD.lat,
        plannedWeightG: SHIPPING_PER_SCALE.notesPerOrder * 32_000_000,
        priceMode: 1,
        driverUnitPriceFen: random.pick([12_000, 13_500, 15_000, 16_800]),
        settleWeightBasis: 3,
        lossAllowanceMode: o % 2 === 0 ? 1 : 2,
        lossAllowanceValue: o % 2 === 0 ? 200_000 : 3,
        lossUnitPriceFen: 400_000,
        lossDeductWhole: false,
        serviceFeeMode: customer.serviceFeeMode,
        serviceFeeValue: customer.serviceFeeMode <= 2 ? customer.serviceRateBp : customer.serviceFeeFen,
        agentFeeMode: 2,
        agentFeeValue: 0,
        fuelCardMode: o % 3 === 0 ? 1 : 0,
        fuelCardValue: o % 3 === 0 ? 2_000 : 0,
        etcMode: 0,
        etcValue: 0,
        prepayMode: o % 4 === 0 ? 2 : 0,
        prepayValue: o % 4 === 0 ? 100_000 : 0,
        settleMode: customer.settleMode,
        creditDays: customer.creditDays,
        validFrom: new Date(created),
        validTo: new Date(now + 30 * DAY_MS),
        createBy: 'demo',
        createTime: new Date(created),
      };
      const inputs = moneyInputsOf(order as Parameters<typeof moneyInputsOf>[0]);
      const estimate = computeNoteMoney(inputs, {
        loadWeightG: order.plannedWeightG,
        unloadWeightG: order.plannedWeightG,
      });
      Object.assign(order, {
        driverFee: estimate.driverFee,
        serviceFee: estimate.serviceFee,
        agentFee: estimate.agentFee,
        customerFee: estimate.customerFee,
      });
      let dispatched = 0;
      let completed = 0;
      let dispatchedCount = 0;
      let completedCount = 0;
      for (let k = 0; k < SHIPPING_PER_SCALE.notesPerOrder; k++) {
        const index = o * SHIPPING_PER_SCALE.notesPerOrder + k;
        const status = STATES[index % STATES.length];
        let crew = crews[crewAt++ % crews.length];
        // One active trip per vehicle and driver: skip crews in use (give up on this note if none is free).
        if (ACTIVE.has(status)) {
          let tries = 0;
          while (busy.has(crew.vehicleId) && tries++ < crews.length) crew = crews[crewAt++ % crews.length];
          if (busy.has(crew.vehicleId)) continue;
          busy.add(crew.vehicleId);
        }
        const noteRandom = Random.of(`note:${index}`);
        // Finished notes lie in the past; active ones started in the last hours.
        const dispatchAt = ACTIVE.has(status)
          ? now - (4 - status) * 2 * HOUR_MS - noteRandom.int(0, 59) * 60_000
          : created + (k + 1) * 6 * HOUR_MS;
        const at = (hours: number) => new Date(dispatchAt + hours * HOUR_MS);
        const reached = (s: number) => status >= s && status <= SHIPPING_STATUS.completed;
        const loadWeightG = 32_000_000 + noteRandom.int(-150, 250) * 1000;
        // Mostly a small loss within the allowance, now and then one beyond it.
        const unloadWeightG = loadWeightG - (index % 5 === 0 ? 320_000 : noteRandom.int(0, 120) * 1000);
        const money = computeNoteMoney(
          moneyInputsOf(order as Parameters<typeof moneyInputsOf>[0]),
          reached(4)
            ? { loadWeightG, unloadWeightG }
            : reached(2)
              ? { loadWeightG, unloadWeightG: loadWeightG }
              : { loadWeightG: 32_000_000, unloadWeightG: 32_000_000 },
        );
        const closed = status < 0;
        const auditAt = reached(6) ? at(20) : null;
        notes.push({
          id: stableId('demo-note', String(index)),
          shippingNoteNumber: `YD${order.orderNo?.slice(2, 10)}${String(index).padStart(6, '0')}`,
          serialNumber: `${String(k).padStart(2, '0')}00`,
          orderId: order.id as string,
          orderNo: order.orderNo,
          orderMode: 1,
          customerId: customer.id,
          customerName: customer.customerName,
          driverId: crew.driverId,
          driverName: crew.driverName,
          driverMobile: crew.driverMobile,
          vehicleId: crew.vehicleId,
          plateNo: crew.plateNo,
          goodsName: order.goodsName,
          cargoType: order.cargoType,
          loadProvince: LOAD.province,
          loadCity: LOAD.city,
          loadDistrict: LOAD.district,
          loadAreaCode: LOAD.code,
          loadAddress: LOAD.address,
          loadLng: LOAD.lng,
          loadLat: LOAD.lat,
          unloadProvince: UNLOAD.province,
          unloadCity: UNLOAD.city,
          unloadDistrict: UNLOAD.district,
          unloadAreaCode: UNLOAD.code,
          unloadAddress: UNLOAD.address,
          unloadLng: UNLOAD.lng,
          unloadLat: UNLOAD.lat,
          status,
          payStatus: 0,
          plannedWeightG: 32_000_000,
          loadWeightG: reached(2) ? loadWeightG : null,
          loadPhoto: reached(2) ? 'demo/weighbridge-load.jpg' : null,
          unloadWeightG: reached(4) ? unloadWeightG : null,
          unloadPhoto: reached(4) ? 'demo/weighbridge-unload.jpg' : null,
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
          prepayMode: order.prepayMode,
          prepayValue: order.prepayValue,
          settleMode: customer.settleMode,
          creditDays: customer.creditDays,
          otherDeductionFen: money.otherDeductionFen,
          settleWeightG: money.settleWeightG,
          lossWeightG: reached(4) ? money.lossWeightG : null,
          lossAllowanceG: reached(4) ? money.lossAllowanceG : null,
          lossDeductionFen: money.lossDeductionFen,
          driverFreightFen: money.driverFreightFen,
          driverFee: money.driverFee,
          serviceFee: money.serviceFee,
          agentFee: money.agentFee,
          customerFee: money.customerFee,
          fuelCardFen: money.fuelCardFen,
          etcFen: money.etcFen,
          prepayFen: money.prepayFen,
          finalPayFen: money.finalPayFen,
          contractNo: reached(1) ? `HT${String(index).padStart(10, '0')}` : null,
          dispatchTime: at(0),
          acceptTime: reached(1) ? at(0.5) : null,
          loadTime: reached(2) ? at(2) : null,
          departTime: reached(3) ? at(2.5) : null,
          unloadTime: reached(4) ? at(7.5) : null,
          signTime: reached(5) ? at(8) : null,
          auditTime: auditAt,
          auditBy: auditAt ? 'admin' : null,
          completeTime: reached(7) ? at(30) : null,
          closeTime: closed ? at(1) : null,
          closeReason:
            status === SHIPPING_STATUS.cancelled
              ? '货主取消发货'
              : status === SHIPPING_STATUS.void
                ? '重复派单，作废'
                : status === SHIPPING_STATUS.refused
                  ? '司机临时有事，拒单'
                  : null,
          dueDate: auditAt
            ? settlementDueDate(customer.settleMode, customer.creditDays, chinaDay(auditAt.getTime()))
            : null,
          createBy: 'demo',
          createTime: at(0),
        });
        if (!closed) {
          dispatched += 32_000_000;
          dispatchedCount++;
        }
        if (reached(5)) {
          completed += money.settleWeightG;
          completedCount++;
        }
        // The road from loading to unloading (or to where the truck is now), a point a minute.
        if (reached(2)) {
          const from = dispatchAt + 2 * HOUR_MS;
          const trip = 5.5 * HOUR_MS;
          const until = reached(4) ? from + trip : Math.min(now, from + trip);
          for (let t = from; t <= until; t += 60_000) {
            const f = (t - from) / trip;
            const [lng, lat] = along(f);
            const parked = t - from < 30 * 60_000; // loading and the weighbridge
            points.push({
              vehicleId: crew.vehicleId,
              gpsTime: new Date(t),
              lng: parked ? LOAD.lng : lng + noteRandom.int(-20, 20) / 100_000,
              lat: parked ? LOAD.lat : lat + noteRandom.int(-20, 20) / 100_000,
              speed: parked ? 0 : noteRandom.int(62, 88),
              direction: 100,
              source: 2,
            });
          }
        }
      }
      Object.assign(order, {
        dispatchedWeightG: dispatched,
        completedWeightG: completed,
        dispatchedCount,
        completedCount,
      });
      orders.push(order);
    }
    for (const rows of chunks(orders)) await db.insert(hyOrder).values(rows).onConflictDoNothing();
    for (const rows of chunks(notes)) await db.insert(hyShippingNote).values(rows).onConflictDoNothing();
    for (const rows of chunks(points)) await db.insert(hyTrackPoint).values(rows).onConflictDoNothing();
    return { orders: orders.length, notes: notes.length, trackPoints: points.length };
  },
};
