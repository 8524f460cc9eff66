/**
 * Online form benchmark, `npm run bench:online`: a form designed and synced through the designer's API (a
 * carrier blacklist with an index on region and creation time), BENCH_ONLINE_ROWS (1 000 000) rows loaded
 * into its table in the `onl` schema, then its generated list (`getData`, 10 rows of one region, newest
 * first, with the total) at BENCH_CONNECTIONS (50) for BENCH_DURATION (20) s — target p99 < 50 ms on
 * PostgreSQL, the bar of the hand-written lists.
 *
 * Env: BENCH_DATABASE_URL (or DATABASE_URL: the server the bench's database is kept on),
 *      BENCH_ONLINE_DATABASE (freight_bench_online_<rows>): the database, kept between runs, so the rows are
 *      loaded once; a later run reuses it when it holds the synced form and all its rows (the keys of its
 *      personal numbers are kept in bench/results/), BENCH_ONLINE_RESEED=1 drops and loads it again,
 *      BENCH_ONLINE_COMPARE (1: bench:api's ledger list, BENCH_ONLINE_ROWS lines loaded once, is measured
 *      right after as the bar, with the server's CPU a request of both), BENCH_ONLINE_ROWS, BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP (5), BENCH_ENFORCE (1: exit 2 when
 *      the target is missed). Without a PostgreSQL URL the run uses PGlite and 100 000 rows (not enforced).
 * Exit codes: 0 ok, 1 failed run, 2 target missed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CGFORM_SCHEMA } from '@freight/contracts';
import { finWallet } from '@freight/server/src/modules/finance/schema.ts';
import { onlCgformHead } from '@freight/server/src/modules/online/cgformSchema.ts';
import { eq, sql } from 'drizzle-orm';
import { envNumber } from './lib/env.ts';
import { type LoadSummary, runGetLoad, summarize } from './lib/load.ts';
import { evaluateTargets, exitCodeOf, formatTargets, machineLine, measurement } from './lib/report.ts';
import { LEDGER_LIST_SCENARIO_NAME, ONLINE_LIST_SCENARIO, onlineTargets } from './lib/scenarios.ts';
import { BENCH_WALLET, seedBulkLedger } from './lib/seedMoney.ts';
import { type BenchServer, login, startBenchServer } from './lib/server.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
const settings = {
  rows: Math.round(envNumber('BENCH_ONLINE_ROWS', databaseUrl ? 1_000_000 : 100_000)),
  connections: Math.round(envNumber('BENCH_CONNECTIONS', 50)),
  durationSeconds: envNumber('BENCH_DURATION', 20),
  warmupSeconds: envNumber('BENCH_WARMUP', 5, { allowZero: true }),
  enforce: process.env.BENCH_ENFORCE !== '0',
  reseed: process.env.BENCH_ONLINE_RESEED === '1',
  // The ledger list measured right after, as the bar (its lines loaded once into the kept database).
  compare: process.env.BENCH_ONLINE_COMPARE !== '0',
};
const keptName = process.env.BENCH_ONLINE_DATABASE || `freight_bench_online_${settings.rows}`;
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
const PASSWORD = 'Freight#2026';
const TABLE = 'bench_carrier_blacklist';
const REGIONS = 100;

async function call<T>(server: BenchServer, token: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${server.config.basePath}${route}`, {
    method,
    headers: { 'x-access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { success: boolean; message: string; result: T };
  if (!envelope.success) throw new Error(`${method} ${route}: ${envelope.message}`);
  return envelope.result;
}

const field = (dbFieldName: string, dbFieldTxt: string, extra: Record<string, unknown> = {}) => ({
  dbFieldName,
  dbFieldTxt,
  dbType: 'string',
  dbLength: 64,
  dbIsNull: 1,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  ...extra,
});

/** The form as an administrator designs it, synced; its id. */
async function designForm(server: BenchServer, token: string): Promise<string> {
  const { id } = await call<{ id: string }>(server, token, 'POST', '/online/cgform/api/addAll', {
    head: { tableName: TABLE, tableTxt: '承运商黑名单(压测)', tableType: 1 },
    fields: [
      field('carrier_name', '承运商名称', { dbIsNull: 0, isQuery: 1, queryMode: 'like', orderNum: 1 }),
      field('region', '区域', { dbLength: 16, isQuery: 1, queryMode: 'single', orderNum: 2 }),
      field('reason', '原因', { dbLength: 200, orderNum: 3 }),
      field('penalty', '罚款', { dbType: 'BigDecimal', dbLength: 12, dbPointLength: 2, orderNum: 4 }),
      field('listed_on', '列入日期', { dbType: 'Date', orderNum: 5 }),
    ],
    indexs: [{ indexName: 'region_idx', indexField: 'region,create_time', indexType: 'normal' }],
  });
  await call(server, token, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`);
  return id;
}

/** Rows straight into the synced table (the API would take hours for a million), then fresh statistics. */
async function loadRows(server: BenchServer, total: number): Promise<number> {
  const began = performance.now();
  const table = sql`${sql.identifier(CGFORM_SCHEMA)}.${sql.identifier(TABLE)}`;
  for (let from = 1; from <= total; from += 100_000) {
    const to = Math.min(total, from + 99_999);
    await server.db.execute(sql`
      insert into ${table} (id, create_by, create_time, tenant_id, carrier_name, region, reason, penalty, listed_on)
      select md5('bench' || i), 'bench', now() - i * interval '7 seconds', 0, '承运商' || i,
             'R' || (i % ${REGIONS}), '虚假运单', (i % 5000) * 1.5, date '2026-01-01' + (i % 300)
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  await server.db.execute(sql`analyze ${table}`);
  // The mark a later run reuses the rows by: set only once all of them are in.
  await server.db.execute(sql.raw(`comment on table ${CGFORM_SCHEMA}.${TABLE} is '${loadedMark(total)}'`));
  return performance.now() - began;
}

const loadedMark = (total: number) => `bench:online ${total} rows loaded`;

/** The form an earlier run designed and loaded with `total` rows, if it is all there. */
async function loadedForm(server: BenchServer, total: number): Promise<string | undefined> {
  const found = (await server.db.execute(sql`
    select h.id from ${onlCgformHead} h
    where h.table_name = ${TABLE} and h.synced is not null
      and obj_description(to_regclass(${`${CGFORM_SCHEMA}.${TABLE}`}), 'pg_class') = ${loadedMark(total)}`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  return found.rows[0]?.id;
}

/** The server on the kept database, with the form and its rows: loaded by this run or an earlier one. */
async function serverWithRows(): Promise<{ server: BenchServer; id: string }> {
  const start = (reset: boolean) =>
    startBenchServer({
      adminUrl: databaseUrl,
      poolSize: 20,
      keep: databaseUrl
        ? { name: keptName, keysDir: `${resultsDir}online-keys-${keptName}`, reset }
        : undefined,
    });
  let server = await start(settings.reseed);
  if (!server.fresh) {
    const id = await loadedForm(server, settings.rows);
    if (id) {
      console.log(`${server.location}: form ${TABLE} with ${settings.rows} rows reused`);
      return { server, id };
    }
    console.log(`${server.location} holds no complete load: dropped and loaded again`);
    await server.close();
    server = await start(true);
  }
  try {
    const token = await login(server, 'admin', PASSWORD);
    const id = await designForm(server, token);
    const ms = await loadRows(server, settings.rows);
    console.log(
      `${server.kind}: form ${TABLE} synced, ${settings.rows} rows loaded in ${(ms / 1000).toFixed(1)} s`,
    );
    return { server, id };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** CPU seconds of this process's main thread (the server's; the load generator runs in a worker), on Linux. */
function mainThreadCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

interface Measured {
  summary: LoadSummary;
  /** Server main-thread CPU per completed request, ms (undefined off Linux). */
  cpuMs: number | undefined;
}

async function measure(server: BenchServer, token: string, route: string): Promise<Measured> {
  const load = (seconds: number) =>
    runGetLoad(`${server.baseUrl}${route}`, token, settings.connections, seconds);
  if (settings.warmupSeconds > 0) await load(settings.warmupSeconds);
  const before = mainThreadCpuSeconds();
  const raw = await load(settings.durationSeconds);
  const after = mainThreadCpuSeconds();
  const summary = summarize(`${server.baseUrl}${route}`, [raw]);
  const cpuMs =
    before === undefined || after === undefined || raw.totalCompletedRequests === 0
      ? undefined
      : ((after - before) * 1000) / raw.totalCompletedRequests;
  return { summary, cpuMs };
}

const describe = (name: string, { summary, cpuMs }: Measured) =>
  `${name} at ${settings.connections} connections: ${summary.requests} requests, ${summary.rps.toFixed(0)} req/s, ` +
  `p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, errors ${summary.non2xx + summary.mismatches + summary.errors}` +
  (cpuMs === undefined ? '' : `, server CPU ${cpuMs.toFixed(2)} ms a request`);

/**
 * The hand-written list the target is the bar of (bench:api's ledger list, one wallet of 1 000 000 lines), in
 * the same database: its lines are loaded once, like the form's rows.
 */
async function ledgerRoute(server: BenchServer): Promise<string> {
  const [wallet] = await server.db
    .select({ lines: finWallet.lineCount })
    .from(finWallet)
    .where(eq(finWallet.id, BENCH_WALLET));
  if (!wallet?.lines) {
    const seeded = await seedBulkLedger(server.db, settings.rows);
    console.log(`ledger: ${seeded.lines} lines loaded in ${(seeded.ms / 1000).toFixed(1)} s`);
  }
  return `${server.config.basePath}/wallet/ledger/list?walletId=${BENCH_WALLET}&pageNo=1&pageSize=10`;
}

async function main(): Promise<number> {
  console.log(machineLine('bench:online'));
  const { server, id } = await serverWithRows();
  try {
    const token = await login(server, 'admin', PASSWORD);
    const route = `${server.config.basePath}/online/cgform/api/getData/${id}?region=R42&pageNo=1&pageSize=10`;
    const first = await call<{ total: number; records: unknown[] }>(
      server,
      token,
      'GET',
      route.slice(server.config.basePath.length),
    );
    console.log(`one region: ${first.total} rows, page of ${first.records.length}`);
    const plan = (await server.db.execute(
      sql`explain (analyze, costs off) select * from ${sql.identifier(CGFORM_SCHEMA)}.${sql.identifier(TABLE)}
          where tenant_id = 0 and region = 'R42' order by create_time desc, id desc limit 10`,
    )) as unknown as { rows: Array<Record<string, string>> };
    console.log(`list page plan:\n${plan.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
    const ledger = settings.compare ? await ledgerRoute(server) : undefined;
    const online = await measure(server, token, route);
    console.log(describe(ONLINE_LIST_SCENARIO, online));
    // Right after, in the same process and conditions: the machine's load moves the absolute figures.
    if (ledger)
      console.log(
        describe(
          `${LEDGER_LIST_SCENARIO_NAME} (the bar, for comparison)`,
          await measure(server, token, ledger),
        ),
      );
    const { summary } = online;
    const measured = measurement(
      { name: ONLINE_LIST_SCENARIO, method: 'GET', path: route, baseline: false },
      summary,
      0,
    );
    const failed = summary.non2xx + summary.mismatches + summary.errors > 0;
    const outcomes = evaluateTargets(onlineTargets, failed ? [] : [measured], server.kind);
    console.log(`\nTargets:\n\n${formatTargets(outcomes)}`);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      `${resultsDir}online.json`,
      `${JSON.stringify({ date: new Date().toISOString(), kind: server.kind, settings, measurement: measured, cpuMsPerRequest: online.cpuMs, targets: outcomes }, null, 2)}\n`,
    );
    if (failed) {
      console.error('the list answered errors under load');
      return 1;
    }
    return exitCodeOf(outcomes, settings.enforce, 'online form');
  } finally {
    await server.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('\nbench:online FAILED:', error);
    process.exitCode = 1;
  },
);
