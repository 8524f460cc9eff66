/**
 * Money benchmark, `npm run bench:money`:
 *   - batch pay of 1 000 audited waybills on PGlite: one pay request of 1 000 notes until every note is paid
 *     (4) by the simulated bank's callbacks — target < 10 s end to end;
 *   - with BENCH_DATABASE_URL (PostgreSQL): the ledger list of one wallet over 1 000 000 ledger lines at
 *     BENCH_CONNECTIONS (50) — p99 < 50 ms — and the reconcile (GET /wallet/ledger/check) over them — < 5 s.
 *
 * Env: BENCH_DATABASE_URL, BENCH_PAY_NOTES (1000), BENCH_LEDGER_LINES (1000000), BENCH_DURATION (10),
 *      BENCH_WARMUP (2), BENCH_CONNECTIONS (50), BENCH_ENFORCE (1: exit 2 when a target is missed).
 * Exit codes: 0 ok, 1 failed run, 2 target missed.
 */
import { ADMIN_PASSWORD, BENCH_DATABASE_URL, BENCH_ENFORCE, envNumber, reportedSettings } from './lib/env.ts';
import { runGetLoad, summarize } from './lib/load.ts';
import { call, payAllNotes } from './lib/payNotes.ts';
import {
  evaluateTargets,
  finishBench,
  type Measurement,
  machineLine,
  measurement,
  runBench,
  type TargetOutcome,
} from './lib/report.ts';
import {
  BATCH_PAY_SCENARIO_NAME,
  LEDGER_LIST_SCENARIO_NAME,
  moneyTargets,
  RECONCILE_SCENARIO_NAME,
} from './lib/scenarios.ts';
import { BENCH_WALLET, seedAuditedNotes, seedBulkLedger } from './lib/seedMoney.ts';
import { login, startBenchServer } from './lib/server.ts';

const env = (name: string, fallback: number) => envNumber(name, fallback, { allowZero: true });
const settings = {
  databaseUrl: BENCH_DATABASE_URL,
  payNotes: env('BENCH_PAY_NOTES', 1000),
  ledgerLines: env('BENCH_LEDGER_LINES', 1_000_000),
  durationSeconds: env('BENCH_DURATION', 10),
  warmupSeconds: env('BENCH_WARMUP', 2),
  connections: Math.max(1, Math.round(env('BENCH_CONNECTIONS', 50))),
  enforce: BENCH_ENFORCE,
};

/** PGlite: one request pays 1 000 audited notes; timed until the bank's callbacks have paid them all. */
async function batchPay(): Promise<{ seconds: number; outcomes: TargetOutcome[] }> {
  let ids: string[] = [];
  const server = await startBenchServer({
    seed: async (db) => {
      ids = await seedAuditedNotes(db, settings.payNotes);
    },
  });
  try {
    const token = await login(server, 'admin', ADMIN_PASSWORD);
    const paid = await payAllNotes(server, token, ids);
    const seconds = paid.seconds;
    const check = await call(server, token, 'GET', '/wallet/ledger/check');
    console.log(
      `batch pay of ${ids.length} notes on ${server.kind}: request answered in ${paid.acceptedSeconds.toFixed(2)} s ` +
        `(${paid.message}), all paid after ${seconds.toFixed(2)} s; ledger balanced: ${String(check.balanced)}`,
    );
    if (!check.balanced) throw new Error(`the ledger does not reconcile: ${JSON.stringify(check)}`);
    return {
      seconds,
      outcomes: evaluateTargets(
        moneyTargets.filter((t) => t.scenario === BATCH_PAY_SCENARIO_NAME),
        [],
        server.kind,
        { [BATCH_PAY_SCENARIO_NAME]: seconds },
      ),
    };
  } finally {
    await server.close();
  }
}

/** PostgreSQL: the ledger list of one wallet under load, and the reconcile, over 1 000 000 lines. */
async function ledgerOnPostgres(): Promise<{ measurements: Measurement[]; outcomes: TargetOutcome[] }> {
  const server = await startBenchServer({ adminUrl: settings.databaseUrl, poolSize: 20 });
  try {
    const seeded = await seedBulkLedger(server.db, settings.ledgerLines);
    console.log(
      `seeded ${seeded.lines} ledger lines (${seeded.walletLines} on the listed wallet) in ${(seeded.ms / 1000).toFixed(1)} s\n${seeded.pagePlan}`,
    );
    const token = await login(server, 'admin', ADMIN_PASSWORD);
    const path = `${server.config.basePath}/wallet/ledger/list?walletId=${BENCH_WALLET}&pageNo=1&pageSize=10`;
    const load = (seconds: number) =>
      runGetLoad(`${server.baseUrl}${path}`, token, settings.connections, seconds);
    if (settings.warmupSeconds > 0) await load(settings.warmupSeconds);
    const run = await load(settings.durationSeconds);
    const m = measurement(
      { name: LEDGER_LIST_SCENARIO_NAME, method: 'GET', path, baseline: false },
      summarize(`${server.baseUrl}${path}`, [run]),
      0,
    );
    console.log(
      `ledger list: ${m.rps.toFixed(0)} req/s, p50 ${m.latencyMs.p50.toFixed(1)} ms, p99 ${m.latencyMs.p99.toFixed(1)} ms, errors ${m.errors.total}`,
    );
    if (m.errors.total > 0) throw new Error(`the ledger list answered ${m.errors.total} errors`);
    const started = performance.now();
    const check = await call(server, token, 'GET', '/wallet/ledger/check');
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `reconcile over ${String(check.lineCount)} lines: ${seconds.toFixed(2)} s, balanced: ${String(check.balanced)}`,
    );
    if (!check.balanced)
      throw new Error(`the ledger does not reconcile: ${JSON.stringify(check).slice(0, 500)}`);
    return {
      measurements: [m],
      outcomes: evaluateTargets(
        moneyTargets.filter((t) => t.scenario !== BATCH_PAY_SCENARIO_NAME),
        [m],
        server.kind,
        { [RECONCILE_SCENARIO_NAME]: seconds },
      ),
    };
  } finally {
    await server.close();
  }
}

async function main(): Promise<number> {
  console.log(machineLine('bench:money'));
  const pay = await batchPay();
  const pg = settings.databaseUrl ? await ledgerOnPostgres() : null;
  if (!pg) console.log('(BENCH_DATABASE_URL not set: the PostgreSQL figures are not measured)');
  const outcomes = [...pay.outcomes, ...(pg?.outcomes ?? [])];
  const record = {
    settings: reportedSettings(settings),
    batchPaySeconds: pay.seconds,
    measurements: pg?.measurements ?? [],
  };
  return finishBench('money.json', outcomes, record, settings.enforce, 'money');
}

runBench('bench:money', main);
