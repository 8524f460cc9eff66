import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { hyShippingNote } from '../freight/index.ts';

// The waybill figures straight from the rows, without the daily statistics: what the dashboard's and
// 统计分析's totals must equal. The API tests and the dashboard benchmark both compare the pages with it.

const DAY_MS = 86_400_000;

/** The figures of the live waybills created from day `first` through day `last` (China time), by direct SQL. */
export async function directNoteFigures(db: DbOrTx, first: string, last: string, where?: SQL) {
  const [row] = await db
    .select({
      waybills: sql<number>`count(*)::int`,
      freight: sql<number>`coalesce(sum(customer_fee), 0)::bigint`,
      service: sql<number>`coalesce(sum(service_fee), 0)::bigint`,
      agent: sql<number>`coalesce(sum(agent_fee), 0)::bigint`,
      grams: sql<number>`coalesce(sum(coalesce(settle_weight_g, planned_weight_g)), 0)::bigint`,
      arrived: sql<number>`(count(*) filter (where unload_time is not null))::int`,
    })
    .from(hyShippingNote)
    .where(
      and(
        gte(hyShippingNote.status, 0),
        gte(hyShippingNote.createTime, new Date(`${first}T00:00:00+08:00`)),
        lt(hyShippingNote.createTime, new Date(new Date(`${last}T00:00:00+08:00`).getTime() + DAY_MS)),
        where,
      ),
    );
  return {
    waybills: Number(row?.waybills),
    freightFen: Number(row?.freight),
    serviceFeeFen: Number(row?.service),
    agentFeeFen: Number(row?.agent),
    tonnage: Math.round(Number(row?.grams) / 1000) / 1000,
    arrived: Number(row?.arrived),
  };
}
