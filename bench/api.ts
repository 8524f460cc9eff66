/**
 * API benchmark: the real server in-process on PGlite (default) or PostgreSQL (BENCH_DATABASE_URL), 10 000
 * extra users, autocannon in a worker thread against each scenario, compared with a bare one-row route.
 *
 *   npm run bench:api
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *
 * Env: BENCH_DURATION   seconds measured per route (10)
 *      BENCH_ROUNDS     interleaved rounds the duration is split into (2; keep rounds of 5 s or more)
 *      BENCH_WARMUP     seconds of warm-up per route (2)
 *      BENCH_CONNECTIONS (50), BENCH_USERS extra users (10000), BENCH_PG_POOL (20)
 *      BENCH_ENFORCE    1: exit 2 when an enforced target is missed (default); 0: report only
 *      BENCH_ONLY       comma-separated parts of scenario names to run (the bare baseline always runs), e.g.
 *                       `BENCH_ONLY=getData` for the online report alone; BENCH_REPORT_ROWS (100000)
 * Exit codes: 0 ok, 1 errors or failed run, 2 target missed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { stableId } from '@freight/server/src/seed/seed.ts';
import { type RawLoad, runLoad, summarize } from './lib/load.ts';
import {
  evaluateTargets,
  formatErrors,
  formatMeasurements,
  formatTargets,
  type Measurement,
  measurement,
  runBench,
  withRatios,
} from './lib/report.ts';
import {
  apiScenarios,
  apiTargets,
  REPORT_DATA_SCENARIO_NAME,
  REPORT_P99_TARGET_MS,
  reportRows,
  type Scenario,
  type ScenarioContext,
} from './lib/scenarios.ts';
import { type BulkUsersResult, benchUserId, seedBulkUsers } from './lib/seedUsers.ts';
import { type BenchServer, login, startBenchServer } from './lib/server.ts';

const ADMIN = { username: 'admin', password: 'Freight#2026' };
const SUCCESS = '"success":true';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return value;
}

const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  durationSeconds: envNumber('BENCH_DURATION', 10),
  warmupSeconds: envNumber('BENCH_WARMUP', 2),
  connections: Math.max(1, Math.round(envNumber('BENCH_CONNECTIONS', 50))),
  users: envNumber('BENCH_USERS', 10_000),
  poolSize: envNumber('BENCH_PG_POOL', 20),
  rounds: Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 2))),
  enforce: process.env.BENCH_ENFORCE !== '0',
  only: (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
};

/** The scenarios BENCH_ONLY names (all when unset), with the baseline every ratio needs. */
function selected(scenarios: Scenario[]): Scenario[] {
  if (settings.only.length === 0) return scenarios;
  const chosen = scenarios.filter((s) => s.baseline || settings.only.some((part) => s.name.includes(part)));
  if (!chosen.some((s) => !s.baseline))
    throw new Error(`BENCH_ONLY=${settings.only.join(',')} names no scenario`);
  return chosen;
}

interface Prepared {
  scenario: Scenario;
  method: NonNullable<Scenario['method']>;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function prepare(scenario: Scenario, ctx: ScenarioContext): Prepared {
  const headers: Record<string, string> = {};
  if (scenario.auth !== false) headers['x-access-token'] = ctx.token;
  if (scenario.acceptEncoding) headers['accept-encoding'] = scenario.acceptEncoding;
  let body: string | undefined;
  if (scenario.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(scenario.body);
  }
  return {
    scenario,
    method: scenario.method ?? 'GET',
    path: typeof scenario.path === 'function' ? scenario.path(ctx) : scenario.path,
    headers,
    body,
  };
}

/** One request per scenario before any load: a refused route fails here with its message, not as a count. */
async function preflight(server: BenchServer, p: Prepared): Promise<void> {
  const response = await fetch(`${server.baseUrl}${p.path}`, {
    method: p.method,
    headers: p.headers,
    body: p.body,
  });
  const text = await response.text();
  const expectSuccess = p.scenario.expectSuccess !== false;
  if (!response.ok || (expectSuccess && !text.includes(SUCCESS))) {
    throw new Error(
      `${p.scenario.name}: ${p.method} ${p.path} answered HTTP ${response.status}: ${text.slice(0, 300)}`,
    );
  }
}

function loadOf(server: BenchServer, p: Prepared, durationSeconds: number): Promise<RawLoad> {
  return runLoad({
    url: `${server.baseUrl}${p.path}`,
    method: p.method,
    headers: p.headers,
    body: p.body,
    connections: p.scenario.connections ?? settings.connections,
    durationSeconds,
    timeoutSeconds: 10,
    expectBodyIncludes: p.scenario.expectSuccess === false || p.scenario.acceptEncoding ? undefined : SUCCESS,
  });
}

const failures = (run: RawLoad) => run.non2xx + run.mismatches + run.errors;

/**
 * Warms every route up, then measures them in interleaved rounds (A B C A B C …) so a burst of load from
 * other processes on the machine falls on every route alike rather than on one.
 */
async function measureAll(server: BenchServer, prepared: Prepared[]): Promise<Measurement[]> {
  const warmupErrors = new Map<Prepared, number>();
  if (settings.warmupSeconds > 0) {
    process.stdout.write('warming up …');
    for (const p of prepared) warmupErrors.set(p, failures(await loadOf(server, p, settings.warmupSeconds)));
    console.log(' done');
  }
  const runs = new Map<Prepared, RawLoad[]>(prepared.map((p) => [p, []]));
  const slice = settings.durationSeconds / settings.rounds;
  for (let round = 1; round <= settings.rounds; round++) {
    const line: string[] = [];
    for (const p of prepared) {
      const run = await loadOf(server, p, slice);
      runs.get(p)?.push(run);
      const errors = failures(run);
      line.push(
        `${p.scenario.name} ${run.totalCompletedRequests} requests${errors ? ` ${errors} ERRORS` : ''}`,
      );
    }
    console.log(`round ${round}/${settings.rounds}: ${line.join(', ')}`);
  }
  return prepared.map((p) =>
    measurement(
      { name: p.scenario.name, method: p.method, path: p.path, baseline: p.scenario.baseline === true },
      summarize(`${server.baseUrl}${p.path}`, runs.get(p) ?? []),
      warmupErrors.get(p) ?? 0,
    ),
  );
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function banner(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const edge = '!'.repeat(width);
  return [edge, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), edge].join('\n');
}

async function main(): Promise<number> {
  const sampleUserId = settings.users > 0 ? benchUserId(0) : stableId('user', 'admin');
  const scenarios = selected(apiScenarios(sampleUserId));
  const cpus = os.cpus();
  const loadAverageAtStart = os.loadavg();
  console.log(
    `bench:api on node ${process.version}, ${cpus.length}× ${cpus[0]?.model ?? 'cpu'}, load average ${loadAverage()} ` +
      '(other processes share these cores: compare ratios, not absolute figures)',
  );
  console.log(
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per route ` +
      `in ${settings.rounds} interleaved rounds, ` +
      `${settings.users} extra users; load generator in a worker thread, server on the main thread`,
  );

  let users: BulkUsersResult | undefined;
  const started = performance.now();
  const server = await startBenchServer({
    adminUrl: settings.databaseUrl,
    poolSize: settings.poolSize,
    seed: async (db) => {
      users = await seedBulkUsers(db, settings.users, ADMIN.password);
    },
    register: (app, db) => {
      for (const scenario of scenarios) scenario.register?.(app, db);
    },
  });
  try {
    if (!users) throw new Error('bulk users were not seeded');
    console.log(
      `server on ${server.baseUrl} (${server.location}); seeded ${users.users} users in ${(users.ms / 1000).toFixed(1)} s, ` +
        `ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const token = await login(server, ADMIN.username, ADMIN.password);
    const ctx: ScenarioContext = { server, token, users };
    const prepared: Prepared[] = [];
    for (const scenario of scenarios) {
      await scenario.setup?.(ctx);
      const p = prepare(scenario, ctx);
      await preflight(server, p);
      prepared.push(p);
    }

    const measured = await measureAll(server, prepared);
    const measurements = withRatios(measured);
    // Targets of scenarios BENCH_ONLY left out are not judged.
    const targets = apiTargets.filter((t) => scenarios.some((s) => s.name === t.scenario));
    const outcomes = evaluateTargets(targets, measurements, server.kind);

    console.log(`\nResults on ${server.kind} (load average now ${loadAverage()}):\n`);
    console.log(formatMeasurements(measurements));
    console.log('\nTargets:\n');
    console.log(formatTargets(outcomes));
    const report = measurements.find((m) => m.scenario === REPORT_DATA_SCENARIO_NAME);
    if (report) {
      const p99 = report.latencyMs.p99;
      console.log(
        `\nreport getData p99 over ${reportRows} rows at ${settings.connections} connections on ${server.kind}: ` +
          `${p99.toFixed(1)} ms (target < ${REPORT_P99_TARGET_MS} ms: ${p99 < REPORT_P99_TARGET_MS ? 'PASS' : 'FAIL'})`,
      );
    }

    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(resultsDir, { recursive: true });
    const file = `${resultsDir}api-${server.kind}.json`;
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          database: server.kind,
          environment: {
            node: process.version,
            cpus: cpus.length,
            cpuModel: cpus[0]?.model,
            loadAverageAtStart,
            loadAverageAtEnd: os.loadavg(),
          },
          settings: { ...settings, databaseUrl: settings.databaseUrl ? '(set)' : undefined },
          measurements,
          targets: outcomes,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nfigures written to ${file}`);

    const errorLines = formatErrors(measurements);
    const warmupErrors = measurements.filter((m) => m.warmupErrors > 0);
    if (warmupErrors.length) {
      console.warn(
        `warning: errors during warm-up: ${warmupErrors.map((m) => `${m.scenario} ${m.warmupErrors}`).join(', ')}`,
      );
    }
    if (errorLines.length) {
      console.error(`\n${banner(['THE RUN HAD ERRORS: its figures are not valid', ...errorLines])}`);
      return 1;
    }
    const missed = outcomes.filter((o) => o.enforced && !o.pass);
    if (missed.length) {
      console.error(
        `\nTARGETS MISSED on ${server.kind}: ${missed.map((o) => `${o.scenario} ${o.description}`).join('; ')}`,
      );
      return settings.enforce ? 2 : 0;
    }
    console.log(
      `\nall targets ${outcomes.some((o) => o.enforced) ? 'met' : 'informational on this database'}`,
    );
    return 0;
  } finally {
    await server.close();
  }
}

runBench('bench:api', main);
