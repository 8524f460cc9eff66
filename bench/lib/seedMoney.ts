import { finLedgerLine, finPosting, finWallet } from '@freight/server/src/modules/finance/schema.ts';
import { hyDriver, hyDriverBank } from '@freight/server/src/modules/freight/partySchema.ts';
import { hyShippingNote } from '@freight/server/src/modules/freight/shippingSchema.ts';
import type { Db } from '@freight/server/src/platform/db/client.ts';
import { stableId } from '@freight/server/src/seed/seed.ts';
import { sql } from 'drizzle-orm';
import { ROUTE_COLUMNS, ROUTE_VALUES } from './seedNotes.ts';

/** The wallet the ledger-list scenario reads: a fifth of all lines are its. */
export const BENCH_WALLET = 'benchwallet00000000000000000main';

export interface BulkLedgerResult {
  lines: number;
  walletLines: number;
  ms: number;
  pagePlan: string;
}

/**
 * `total` ledger lines (total / 2 postings of two lines each, every posting summing to zero) in INSERT …
 * SELECT over generate_series: the debit side on the bench wallet for a fifth of the postings, else on one of
 * 1 000 wallets; the credit side on 1 000 others. Running balances by a window function, then the wallets'
 * balances and line counts from their lines, so the books reconcile; then VACUUM (ANALYZE) and a checkpoint.
 */
export async function seedBulkLedger(db: Db, total: number): Promise<BulkLedgerResult> {
  const started = performance.now();
  const postings = Math.floor(total / 2);
  await db.execute(sql`
    insert into ${finPosting} (id, tenant_id, event, amount_fen, operator, create_time)
    select 'benchpost' || lpad(g::text, 12, '0'), 0, 'bench', 100 + g % 1000, 'bench',
           now() - make_interval(secs => g)
    from generate_series(1, ${postings}::int) as g`);
  await db.execute(sql`
    insert into ${finLedgerLine} (
      id, tenant_id, posting_id, wallet_id, owner_type, owner_id, type, amount_fen, balance_after_fen,
      memo, operator, create_time
    )
    select id, 0, posting_id, wallet_id, 2, wallet_id, 2, amount,
           sum(amount) over (partition by wallet_id order by create_time, id), '压测', 'bench', create_time
    from (
      select lpad(g::text, 12, '0') || 'benchlinea' as id, 'benchpost' || lpad(g::text, 12, '0') as posting_id,
             case when g % 5 = 0 then ${BENCH_WALLET} else 'benchwalletd' || lpad((g % 1000)::text, 6, '0') end
               as wallet_id,
             -(100 + g % 1000)::bigint as amount, now() - make_interval(secs => g) as create_time
      from generate_series(1, ${postings}::int) as g
      union all
      select lpad(g::text, 12, '0') || 'benchlineb', 'benchpost' || lpad(g::text, 12, '0'),
             'benchwalletc' || lpad((g % 1000)::text, 6, '0'), (100 + g % 1000)::bigint,
             now() - make_interval(secs => g)
      from generate_series(1, ${postings}::int) as g
    ) as l`);
  await db.execute(sql`
    insert into ${finWallet} (id, tenant_id, owner_type, owner_id, owner_name, balance_fen, line_count, create_by)
    select wallet_id, 0, 2, wallet_id, '压测账户', sum(amount_fen), count(*), 'bench'
    from ${finLedgerLine} where operator = 'bench' group by wallet_id`);
  await db.execute(sql`vacuum (analyze) ${finLedgerLine}`);
  await db.execute(sql`vacuum (analyze) ${finWallet}`);
  // Write the seed's dirty pages out now: a checkpoint falling inside the measured seconds (a few hundred MB
  // of freshly written lines) measures the bulk load's aftermath, not the list.
  await db.execute(sql`checkpoint`);
  const plan = (await db.execute(
    sql`explain (analyze, costs off) select * from ${finLedgerLine} where wallet_id = ${BENCH_WALLET}
        order by create_time desc, id desc limit 10`,
  )) as unknown as { rows: Array<Record<string, string>> };
  const [count] = (
    (await db.execute(
      sql`select line_count::int as n from ${finWallet} where id = ${BENCH_WALLET}`,
    )) as unknown as { rows: Array<{ n: number }> }
  ).rows;
  return {
    lines: postings * 2,
    walletLines: Number(count?.n ?? 0),
    ms: performance.now() - started,
    pagePlan: plan.rows.map((r) => Object.values(r)[0]).join('\n'),
  };
}

const HENGDA = stableId('customer', 'hengda-build');
const DRIVERS = 50;

/**
 * `count` audited notes of the per-trip customer 苏州恒达建材 on 50 drivers, each with an approved default card
 * of their own (the pay service checks it), money as the rules compute it for 32 t at 150.00 元/t with a 6 %
 * service fee. Returns their ids.
 */
export async function seedAuditedNotes(db: Db, count: number): Promise<string[]> {
  await db.execute(sql`
    insert into ${hyDriver} (id, tenant_id, driver_name, mobile, id_card, state, create_by)
    select 'benchpaydrv' || lpad(g::text, 6, '0'), 0, '压测司机' || g, '139' || lpad(g::text, 8, '0'),
           '32010219900101' || lpad(g::text, 4, '0'), 2, 'bench'
    from generate_series(1, ${DRIVERS}::int) as g`);
  await db.execute(sql`
    insert into ${hyDriverBank} (
      id, tenant_id, driver_id, driver_name, card_no, holder_name, holder_id_card, bank_code, bank_name,
      is_default, state, create_by
    )
    select 'benchpaycard' || lpad(g::text, 6, '0'), 0, 'benchpaydrv' || lpad(g::text, 6, '0'), '压测司机' || g,
           '622202' || lpad(g::text, 13, '0'), '压测司机' || g, '32010219900101' || lpad(g::text, 4, '0'),
           'ICBC', '中国工商银行', true, 2, 'bench'
    from generate_series(1, ${DRIVERS}::int) as g`);
  await db.execute(sql`
    insert into ${hyShippingNote} (
      id, tenant_id, shipping_note_number, order_id, customer_id, customer_name, driver_id, driver_name,
      vehicle_id, plate_no, goods_name, ${ROUTE_COLUMNS}, status, pay_status, planned_weight_g,
      load_weight_g, unload_weight_g, settle_weight_g, driver_unit_price_fen, driver_freight_fen, driver_fee,
      service_fee_mode, service_fee_value, service_fee, customer_fee, final_pay_fen, settle_mode, audit_time,
      due_date, create_by
    )
    select 'benchpaynote' || lpad(g::text, 8, '0'), 0, 'BP' || lpad(g::text, 12, '0'), 'benchpayorder',
           ${HENGDA}, '苏州恒达建材有限公司', 'benchpaydrv' || lpad((1 + g % ${DRIVERS})::text, 6, '0'),
           '压测司机' || (1 + g % ${DRIVERS}), 'benchpayveh' || lpad(g::text, 8, '0'), '苏E' || lpad(g::text, 5, '0'),
           '螺纹钢', ${ROUTE_VALUES}, 6, 0, 32000000, 32000000,
           32000000, 32000000, 15000, 480000, 480000, 1, 600, 28800, 508800, 480000, 1, now(), current_date,
           'bench'
    from generate_series(1, ${count}::int) as g`);
  const rows = (await db.execute(
    sql`select id from ${hyShippingNote} where id like 'benchpaynote%' order by id`,
  )) as unknown as { rows: Array<{ id: string }> };
  return rows.rows.map((r) => r.id);
}
