import { SAMPLE_ORDER_PLACES } from '@freight/contracts';
import { hyShippingNote, hyTrackPoint } from '@freight/server/src/modules/freight/shippingSchema.ts';
import type { Db } from '@freight/server/src/platform/db/client.ts';
import { sql } from 'drizzle-orm';

export interface BulkNotesResult {
  notes: number;
  points: number;
  /** The customer and status the list scenario filters by, and how many notes match. */
  customerId: string;
  status: number;
  matching: number;
  /** The note whose track (one day of 10 s points) the track scenario queries. */
  trackNoteId: string;
  /** EXPLAIN ANALYZE of the list's total and of its page, as the resource runs them. */
  countPlan: string;
  pagePlan: string;
  ms: number;
}

/** The route every bench waybill runs (Nanjing steel works to the Baoshan dock): its columns and its values. */
export const ROUTE_COLUMNS = sql.raw('load_city, load_address, unload_city, unload_address');
const { loadCity, loadAddress, unloadCity, unloadAddress } = SAMPLE_ORDER_PLACES;
export const ROUTE_VALUES = sql.raw(
  [loadCity, loadAddress, unloadCity, unloadAddress].map((value) => `'${value}'`).join(', '),
);

export const BENCH_CUSTOMERS = 100;
/** The lifecycle states a note can be in (shipping_status). */
const STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, -1, -2, -3];
const TRACK_VEHICLE = 'benchveh000000000001';
const TRACK_NOTE = 'benchtrk000000000001';
const DAY_S = 86_400;
const POINT_EVERY_S = 10;

/**
 * `total` shipping notes of tenant 0 in one INSERT … SELECT over generate_series: 100 customers, every
 * lifecycle state, creation times spread over a year, money consistent with a per-tonne price (driver fee =
 * price × settle weight, service fee 6 %). Notes on an active trip (states 0–3) get a driver and vehicle of
 * their own (one active trip per vehicle and driver is a unique index); finished ones share 20 000 vehicles.
 * Then one note loaded yesterday 00:00 and unloaded 24 h later, with a point every 10 s of its vehicle
 * (8 640 points along a line Nanjing → Shanghai), for the one-day track query.
 */
export async function seedBulkNotes(db: Db, total: number): Promise<BulkNotesResult> {
  const started = performance.now();
  const statuses = sql.raw(`array[${STATUSES.join(',')}]::smallint[]`);
  await db.execute(sql`
    insert into ${hyShippingNote} (
      id, tenant_id, shipping_note_number, serial_number, order_id, order_no, customer_id, customer_name,
      driver_id, driver_name, vehicle_id, plate_no, goods_name, ${ROUTE_COLUMNS}, status, planned_weight_g,
      load_weight_g, unload_weight_g, settle_weight_g,
      driver_unit_price_fen, driver_freight_fen, driver_fee, service_fee, customer_fee, settle_mode,
      create_by, create_time
    )
    select
      'benchnote' || lpad(g::text, 11, '0'),
      0,
      'BN' || lpad(g::text, 12, '0'),
      '0000',
      'benchord' || lpad((g / 20)::text, 12, '0'),
      'BO' || lpad((g / 20)::text, 12, '0'),
      'benchcus' || lpad((g % ${BENCH_CUSTOMERS})::text, 12, '0'),
      '货主' || (g % ${BENCH_CUSTOMERS}),
      case when s between 0 and 3 then 'benchdra' || lpad(g::text, 12, '0')
           else 'benchdrv' || lpad((g % 20000)::text, 12, '0') end,
      '司机' || (g % 20000),
      case when s between 0 and 3 then 'benchvha' || lpad(g::text, 12, '0')
           else 'benchveh' || lpad((g % 20000 + 2)::text, 12, '0') end,
      '苏A' || lpad((g % 100000)::text, 5, '0'),
      '螺纹钢',
      ${ROUTE_VALUES},
      s,
      32000000,
      case when s >= 2 then 32000000 + g % 200000 end,
      case when s >= 4 then 31900000 + g % 100000 end,
      case when s >= 4 then least(32000000 + g % 200000, 31900000 + g % 100000) end,
      15000,
      case when s >= 4 then least(32000000 + g % 200000, 31900000 + g % 100000)::bigint * 15000 / 1000000 else 0 end,
      case when s >= 4 then least(32000000 + g % 200000, 31900000 + g % 100000)::bigint * 15000 / 1000000 else 0 end,
      case when s >= 4 then least(32000000 + g % 200000, 31900000 + g % 100000)::bigint * 15000 * 6 / 100000000 else 0 end,
      case when s >= 4 then least(32000000 + g % 200000, 31900000 + g % 100000)::bigint * 15000 * 106 / 100000000 else 0 end,
      1 + g % 3,
      'bench',
      now() - make_interval(secs => (g::bigint * 7919) % 31536000)
    from generate_series(1, ${total}::int) as g,
      lateral (select (${statuses})[1 + (g / 7) % ${STATUSES.length}] as s) as st
  `);
  const dayStart = sql`date_trunc('day', now()) - interval '1 day'`;
  await db.execute(sql`
    insert into ${hyShippingNote} (
      id, tenant_id, shipping_note_number, order_id, customer_id, driver_id, vehicle_id, plate_no,
      ${ROUTE_COLUMNS}, status, planned_weight_g, load_time, unload_time, create_by, create_time
    ) values (
      ${TRACK_NOTE}, 0, 'BNTRACK0000000001', 'benchord-track', 'benchcus-track', 'benchdrv-track',
      ${TRACK_VEHICLE}, '苏A00000', ${ROUTE_VALUES}, 4, 32000000,
      ${dayStart}, ${dayStart} + interval '1 day', 'bench', ${dayStart}
    )
  `);
  const pointCount = DAY_S / POINT_EVERY_S;
  await db.execute(sql`
    insert into ${hyTrackPoint} (vehicle_id, gps_time, lng, lat, speed, source, tenant_id)
    select ${TRACK_VEHICLE}, ${dayStart} + make_interval(secs => i * ${POINT_EVERY_S}),
      118.9089 + 2.5802 * i / ${pointCount} + 0.01 * sin(i / 40.0),
      32.1186 - 0.7133 * i / ${pointCount} + 0.01 * cos(i / 55.0),
      case when i % 720 < 30 then 0 else 60 + i % 30 end, 2, 0
    from generate_series(0, ${pointCount - 1}::int) as i
  `);
  await db.execute(sql`vacuum (analyze) ${hyShippingNote}`);
  await db.execute(sql`vacuum (analyze) ${hyTrackPoint}`);

  const customerId = `benchcus${'7'.padStart(12, '0')}`;
  const status = 6;
  const where = sql`tenant_id = 0 and customer_id = ${customerId} and status = ${status}`;
  const plan = async (query: ReturnType<typeof sql>) => {
    const rows = (await db.execute(sql`explain (analyze, costs off) ${query}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    return rows.rows.map((r) => Object.values(r)[0]).join('\n');
  };
  const countPlan = await plan(sql`select count(*) from ${hyShippingNote} where ${where}`);
  const pagePlan = await plan(
    sql`select * from ${hyShippingNote} where ${where} order by create_time desc limit 10`,
  );
  const counted = (await db.execute(
    sql`select count(*)::int as n from ${hyShippingNote} where ${where}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return {
    notes: total + 1,
    points: pointCount,
    customerId,
    status,
    matching: Number(counted.rows[0]?.n ?? 0),
    trackNoteId: TRACK_NOTE,
    countPlan,
    pagePlan,
    ms: performance.now() - started,
  };
}
