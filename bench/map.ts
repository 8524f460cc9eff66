/**
 * Live map benchmark, `npm run bench:map`:
 *   - clustering 10 000 vehicles spread over China: building the index and taking the country view (zoom 4)
 *     and a province view (zoom 8), the median of 20 runs — target < 50 ms;
 *   - location ingest at a fixed 2 000 points/s in batches of 50 (40 batches/s) for 60 s, round-robin over
 *     BENCH_VEHICLES vehicles — target p99 < 50 ms per batch on PostgreSQL (PGlite shown for information);
 *   - GET /metrics with its token, 500 calls one after another — target p99 < 10 ms;
 *   - the live map in Chromium over the whole fleet (1 000 vehicles by default): a fix ingested for the vehicle
 *     whose popup is open shows there within 2 s (the slowest of 10 fixes).
 *
 * Env: BENCH_DATABASE_URL (PostgreSQL admin URL; PGlite when unset), BENCH_INGEST_SECONDS (60),
 *      BENCH_INGEST_RATE (2000 points/s), BENCH_VEHICLES (1000), BENCH_ENFORCE (1: exit 2 when a target is missed).
 */
import path from 'node:path';
import type { LiveState } from '@freight/contracts';
import { testLivePosition } from '@freight/contracts/testing';
import { hyVehicle } from '@freight/server/src/modules/freight/index.ts';
import { fleetIndex, fleetMarkers } from '../web/src/pages/map/fleetClusters.ts';
import { ADMIN_PASSWORD, BENCH_DATABASE_URL, BENCH_ENFORCE, envNumber } from './lib/env.ts';
import { measureLivePush } from './lib/livePush.ts';
import { runScript } from './lib/rateRun.ts';
import { evaluateTargets, formatTargets } from './lib/report.ts';
import {
  CLUSTER_SCENARIO,
  INGEST_SCENARIO,
  LIVE_PUSH_SCENARIO,
  METRICS_SCENARIO,
  mapTargets,
} from './lib/scenarios.ts';
import { login, startBenchServer } from './lib/server.ts';

const settings = {
  databaseUrl: BENCH_DATABASE_URL,
  ingestSeconds: envNumber('BENCH_INGEST_SECONDS', 60),
  pointsPerSecond: envNumber('BENCH_INGEST_RATE', 2000),
  vehicles: Math.round(envNumber('BENCH_VEHICLES', 1000)),
  enforce: BENCH_ENFORCE,
};
const BATCH = 50;
const FLEET = 10_000;
const METRICS_TOKEN = 'bench-metrics-token';

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

function clustering(): { medianMs: number; maxMs: number; markers: number } {
  const states: LiveState[] = ['idle', 'loading', 'transit', 'offline'];
  // A fleet dense in the east, thin in the west, as China's freight is.
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const fleet = Array.from({ length: FLEET }, (_, i) =>
    testLivePosition(
      i,
      random() < 0.8 ? 110 + random() * 12 : 80 + random() * 30,
      22 + random() * 20,
      states[i % 4],
      `苏A${String(i).padStart(5, '0')}`,
    ),
  );
  const runs: number[] = [];
  let markers = 0;
  for (let run = 0; run < 21; run++) {
    const began = performance.now();
    const index = fleetIndex(fleet);
    markers = fleetMarkers(index, [73, 18, 135, 54], 4).length;
    fleetMarkers(index, [116, 30, 122, 35], 8);
    if (run > 0) runs.push(performance.now() - began); // the first run warms the JIT
  }
  return { medianMs: median(runs), maxMs: Math.max(...runs), markers };
}

async function main() {
  const cluster = clustering();
  console.log(
    `clustering ${FLEET} vehicles: median ${cluster.medianMs.toFixed(1)} ms, max ${cluster.maxMs.toFixed(1)} ms (${cluster.markers} markers at zoom 4)`,
  );

  const server = await startBenchServer({
    adminUrl: settings.databaseUrl,
    config: { metricsToken: METRICS_TOKEN, logLevel: 'warn' },
    seed: async (db) => {
      const rows = Array.from({ length: settings.vehicles }, (_, i) => ({
        id: `benchveh${String(i).padStart(8, '0')}`,
        tenantId: 0,
        plateNo: `苏Z${String(i).padStart(5, '0')}`,
        state: 2,
      }));
      for (let i = 0; i < rows.length; i += 500) await db.insert(hyVehicle).values(rows.slice(i, i + 500));
    },
  });
  try {
    console.log(`server on ${server.kind} (${server.location})`);
    const api = `${server.baseUrl}${server.config.basePath}`;
    const admin = await login(server, 'admin', ADMIN_PASSWORD);
    const source = await fetch(`${api}/track/source/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': admin },
      body: JSON.stringify({ name: 'bench 定位平台', kind: 2 }),
    });
    const appKey = String(((await source.json()) as { result: { appKey: string } }).result.appKey);
    const vehicles = Array.from(
      { length: settings.vehicles },
      (_, i) => `benchveh${String(i).padStart(8, '0')}`,
    );

    const batchesPerSecond = settings.pointsPerSecond / BATCH;
    // Asynchronous: the server runs in this process and must go on answering while the load runs.
    const load = await runScript(path.join(import.meta.dirname, 'lib/ingestLoad.ts'), [
      api,
      appKey,
      vehicles.join(','),
      String(batchesPerSecond),
      String(settings.ingestSeconds),
      String(BATCH),
    ]);
    if (load.status !== 0) throw new Error(`ingest load failed: ${load.stderr}`);
    const ingest = JSON.parse(load.stdout.trim().split('\n').at(-1) ?? '{}') as {
      sent: number;
      failed: number;
      seconds: number;
      latenciesMs: number[];
    };
    const ingestP99 = percentile(ingest.latenciesMs, 99);
    console.log(
      `ingest: ${ingest.sent} batches of ${BATCH} (${Math.round((ingest.sent * BATCH) / ingest.seconds)} points/s) in ${ingest.seconds.toFixed(1)} s, ${ingest.failed} failed; per batch p50 ${percentile(ingest.latenciesMs, 50).toFixed(1)} ms, p99 ${ingestP99.toFixed(1)} ms, max ${(ingest.latenciesMs.at(-1) ?? 0).toFixed(1)} ms`,
    );

    const metricsLatencies: number[] = [];
    for (let i = 0; i < 520; i++) {
      const began = performance.now();
      const response = await fetch(`${server.baseUrl}/metrics`, {
        // As Prometheus scrapes: gzip accepted.
        headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'accept-encoding': 'gzip' },
      });
      await response.text();
      if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
      if (i >= 20) metricsLatencies.push(performance.now() - began);
    }
    metricsLatencies.sort((a, b) => a - b);
    const metricsP99 = percentile(metricsLatencies, 99);
    console.log(
      `/metrics: p50 ${percentile(metricsLatencies, 50).toFixed(2)} ms, p99 ${metricsP99.toFixed(2)} ms`,
    );

    // Every vehicle of the fleet reports once, so the page holds the whole fleet whatever the ingest reached.
    for (let i = 0; i < vehicles.length; i += 20)
      await Promise.all(
        vehicles.slice(i, i + 20).map(async (vehicleId, j) => {
          const answer = await fetch(`${api}/track/ingest`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-app-key': appKey },
            body: JSON.stringify({
              vehicleId,
              points: [
                {
                  time: new Date(Date.now() - 60_000).toISOString(),
                  lng: 110 + ((i + j) % 100) / 10,
                  lat: 25 + ((i + j) % 97) / 8,
                  speed: 40,
                },
              ],
            }),
          });
          if (!((await answer.json()) as { success?: boolean }).success) throw new Error('fleet fix refused');
        }),
      );
    const push = await measureLivePush({
      baseUrl: server.baseUrl,
      apiBase: api,
      appKey,
      vehicleId: vehicles[0],
      plateNo: '苏Z00000',
      samples: 10,
    });
    const pushMax = push.latenciesMs.at(-1) ?? Number.POSITIVE_INFINITY;
    console.log(
      `live map (${push.vehicles} vehicles on the page): fix to popup median ${median(push.latenciesMs).toFixed(0)} ms, max ${pushMax.toFixed(0)} ms`,
    );

    const outcomes = evaluateTargets(
      mapTargets,
      [],
      server.kind,
      {},
      {},
      {
        [CLUSTER_SCENARIO]: cluster.medianMs,
        [INGEST_SCENARIO]: ingest.failed === 0 ? ingestP99 : Number.POSITIVE_INFINITY,
        [METRICS_SCENARIO]: metricsP99,
        [LIVE_PUSH_SCENARIO]: pushMax,
      },
    );
    console.log(`\n${formatTargets(outcomes)}`);
    const missed = outcomes.filter((o) => o.enforced && !o.pass);
    if (missed.length && settings.enforce) process.exitCode = 2;
  } finally {
    await server.close();
  }
}

await main();
