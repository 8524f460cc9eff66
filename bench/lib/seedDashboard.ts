import { hyShippingNote } from '@freight/server/src/modules/freight/shippingSchema.ts';
import type { Db } from '@freight/server/src/platform/db/client.ts';
import { sql } from 'drizzle-orm';

export const DASHBOARD_CUSTOMERS = 100;
const CITIES = [
  '南京市',
  '上海市',
  '苏州市',
  '杭州市',
  '合肥市',
  '武汉市',
  '郑州市',
  '济南市',
  '宁波市',
  '徐州市',
];

/**
 * `total` waybills of tenant 0 for the dashboard bench, in INSERT … SELECT statements of 100 000 over
 * generate_series: created over the last 365 days (about 2 700 a day, today's included), 100 customers, each
 * on one of 90 routes and with one of 30 agents (a third without), money per tonne as the money rules compute it.
 * A waybill's state follows its age as a fleet's do: today's are on the road (dispatched … signed), the last
 * three days' unloaded … audited, older ones completed, 3 % cancelled. A waybill on an active trip has a driver
 * and vehicle of its own (one active trip per vehicle and driver is a unique index).
 */
export async function seedDashboardNotes(db: Db, total: number): Promise<{ notes: number; ms: number }> {
  const started = performance.now();
  const cities = sql.raw(`array[${CITIES.map((c) => `'${c}'`).join(',')}]::text[]`);
  const chunk = 100_000;
  for (let first = 1; first <= total; first += chunk) {
    const last = Math.min(total, first + chunk - 1);
    await db.execute(sql`
      insert into ${hyShippingNote} (
        id, tenant_id, shipping_note_number, serial_number, order_id, order_no, customer_id, customer_name,
        agent_id, driver_id, driver_name, vehicle_id, plate_no, goods_name, load_city, load_address, unload_city,
        unload_address, status, planned_weight_g, load_weight_g, unload_weight_g, settle_weight_g, loss_weight_g,
        driver_unit_price_fen, driver_freight_fen, driver_fee, service_fee, agent_fee, customer_fee, settle_mode,
        unload_time, create_by, create_time
      )
      select
        'dashnote' || lpad(g::text, 12, '0'), 0, 'DN' || lpad(g::text, 12, '0'), '0000',
        'dashord' || lpad((g / 20)::text, 13, '0'), 'DO' || lpad((g / 20)::text, 12, '0'),
        'dashcus' || lpad(c::text, 13, '0'), '货主' || c,
        case when c % 3 = 0 then null else 'dashagt' || lpad((c % 30)::text, 13, '0') end,
        case when s between 0 and 3 then 'dashdra' || lpad(g::text, 13, '0')
             else 'dashdrv' || lpad((g % 20000)::text, 13, '0') end,
        '司机' || (g % 20000),
        case when s between 0 and 3 then 'dashvha' || lpad(g::text, 13, '0')
             else 'dashveh' || lpad((g % 20000)::text, 13, '0') end,
        '苏A' || lpad((g % 100000)::text, 5, '0'), '螺纹钢',
        (${cities})[1 + c % 10], '装货地址', (${cities})[1 + (c / 10 + c % 10 + 1) % 10], '卸货地址',
        s, 32000000,
        case when s >= 2 then w end,
        case when s >= 4 then w - 100000 + g % 100000 end,
        case when s >= 4 then least(w, w - 100000 + g % 100000) end,
        case when s >= 4 then greatest(0, 100000 - g % 100000) end,
        15000,
        case when s >= 4 then least(w, w - 100000 + g % 100000)::bigint * 15000 / 1000000 else 0 end,
        case when s >= 4 then least(w, w - 100000 + g % 100000)::bigint * 15000 / 1000000 else 0 end,
        case when s >= 4 then least(w, w - 100000 + g % 100000)::bigint * 15000 * 6 / 100000000 else 0 end,
        case when s >= 4 and c % 3 <> 0 then 5000 else 0 end,
        case when s >= 4 then least(w, w - 100000 + g % 100000)::bigint * 15000 * 106 / 100000000 else 0 end,
        1 + c % 3,
        case when s >= 4 then created + interval '20 hours' end,
        'bench', created
      from generate_series(${first}::int, ${last}::int) as g,
        lateral (select g % ${DASHBOARD_CUSTOMERS} as c, 32000000 + g % 200000 as w,
          now() - make_interval(secs => (g::bigint * 7919) % 31536000) as created) as k,
        lateral (select case
          when k.created > now() - interval '1 day' then (g % 6)::smallint
          when k.created > now() - interval '3 days' then (4 + g % 3)::smallint
          when g % 33 = 0 then (-1)::smallint
          else 7::smallint end as s) as st
    `);
  }
  await db.execute(sql`vacuum (analyze) ${hyShippingNote}`);
  return { notes: total, ms: performance.now() - started };
}
