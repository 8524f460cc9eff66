/**
 * Risk rules benchmark, `npm run risk -w bench` (or `npm run bench:risk`):
 *   real dispatches (POST /shipping/hyShippingNote/dispatch, each of its own order, driver and vehicle) sent at
 *   a FIXED rate of BENCH_RATE (20) per second, open loop, for BENCH_DURATION (20) s from a process of its own;
 *   the server times the rules of every dispatch inside the dispatch's transaction (judging the step and
 *   raising its warnings) — target p99 < 5 ms. The dispatch's own p99 is shown for information.
 *
 * Env: BENCH_DATABASE_URL (PostgreSQL; PGlite when unset), BENCH_RATE (20), BENCH_DURATION (20),
 *      BENCH_WARMUP (3), BENCH_ENFORCE (1: exit 2 when a target is missed).
 * Exit codes: 0 ok, 1 failed run, 2 target missed.
 */
import os from 'node:os';
import { SAMPLE_ORDER_PLACES } from '@freight/contracts';
import {
  hyCustomer,
  hyDriver,
  hyDriverVehicle,
  hyOrder,
  hyVehicle,
} from '@freight/server/src/modules/freight/index.ts';
import { timeRuleEvaluation } from '@freight/server/src/modules/risk/index.ts';
import type { Db } from '@freight/server/src/platform/db/client.ts';
import { ADMIN_PASSWORD, BENCH_DATABASE_URL, BENCH_ENFORCE, envNumber, reportedSettings } from './lib/env.ts';
import { fixedRate, percentile } from './lib/rateRun.ts';
import { evaluateTargets, finishBench, machineLine, runBench, type TargetOutcome } from './lib/report.ts';
import { RULES_DISPATCH_SCENARIO, riskTargets } from './lib/scenarios.ts';
import { login, startBenchServer } from './lib/server.ts';

const settings = {
  databaseUrl: BENCH_DATABASE_URL,
  rate: envNumber('BENCH_RATE', 20),
  durationSeconds: envNumber('BENCH_DURATION', 20),
  warmupSeconds: envNumber('BENCH_WARMUP', 3),
  enforce: BENCH_ENFORCE,
};
const BATCH = 500;

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * `count` dispatchable pairs: an approved driver with valid certificates bound to an approved 32 t vehicle,
 * and a published 32 t order of a demo customer for each (no two dispatches wait on one order's lock).
 */
async function seedDispatches(db: Db, count: number) {
  const [customer] = await db.select().from(hyCustomer).limit(1);
  if (!customer) throw new Error('the demo seed has no customer');
  const n = (i: number, width: number) => String(i).padStart(width, '0');
  const drivers = Array.from({ length: count }, (_, i) => ({
    id: `rbdrv${n(i, 8)}`,
    tenantId: 0,
    driverName: `压测司机${i}`,
    mobile: `137${n(i, 8)}`,
    idCard: `3201021990${n(i, 8)}`,
    drivingClass: 'A2',
    idCardValidTo: '2035-01-01',
    drivingValidTo: '2035-01-01',
    qualificationValidTo: '2035-01-01',
    state: 2,
    createBy: 'bench',
  }));
  const vehicles = Array.from({ length: count }, (_, i) => ({
    id: `rbveh${n(i, 8)}`,
    tenantId: 0,
    plateNo: `苏R${n(i, 5)}`,
    ratedLoadKg: 32_000,
    licenseValidTo: '2035-01-01',
    roadTransportValidTo: '2035-01-01',
    state: 2,
    createBy: 'bench',
  }));
  await insertBatched(drivers, (batch) => db.insert(hyDriver).values(batch));
  await insertBatched(vehicles, (batch) => db.insert(hyVehicle).values(batch));
  await insertBatched(
    drivers.map((d, i) => ({ driverId: d.id, vehicleId: vehicles[i].id, isDefault: true })),
    (batch) => db.insert(hyDriverVehicle).values(batch),
  );
  const orders = Array.from({ length: count }, (_, i) => ({
    id: `rbord${n(i, 8)}`,
    tenantId: 0,
    orderNo: `RB${n(i, 10)}`,
    customerId: customer.id,
    customerName: customer.customerName,
    goodsName: '螺纹钢',
    cargoType: '0400',
    ...SAMPLE_ORDER_PLACES,
    plannedWeightG: 32_000_000,
    priceMode: 1,
    driverUnitPriceFen: 15_000,
    customerUnitPriceFen: 16_000,
    settleWeightBasis: 2,
    status: 1,
    createBy: 'bench',
  }));
  await insertBatched(orders, (batch) => db.insert(hyOrder).values(batch));
  return orders.map((o, i) => ({
    orderId: o.id,
    driverId: drivers[i].id,
    vehicleId: vehicles[i].id,
    plannedWeightG: 31_000_000,
  }));
}

async function main(): Promise<number> {
  console.log(machineLine('bench:risk'));
  const warmup = Math.round(settings.rate * settings.warmupSeconds);
  const measured = Math.round(settings.rate * settings.durationSeconds);
  let bodies: Awaited<ReturnType<typeof seedDispatches>> = [];
  const server = await startBenchServer({
    adminUrl: settings.databaseUrl,
    poolSize: 10,
    seed: async (db) => {
      bodies = await seedDispatches(db, warmup + measured);
    },
  });
  const rules: number[] = [];
  try {
    const token = await login(server, 'admin', ADMIN_PASSWORD);
    const route = `${server.config.basePath}/shipping/hyShippingNote/dispatch`;
    const posts = (from: number, to: number) => bodies.slice(from, to).map((body) => ({ path: route, body }));
    timeRuleEvaluation((action, ms) => {
      if (action === 'dispatch') rules.push(ms);
    });
    if (warmup > 0)
      await fixedRate(server.baseUrl, token, posts(0, warmup), settings.rate, settings.warmupSeconds);
    rules.length = 0;
    const load = await fixedRate(
      server.baseUrl,
      token,
      posts(warmup, warmup + measured),
      settings.rate,
      settings.durationSeconds,
    );
    timeRuleEvaluation(null);
    if (load.failed > 0) throw new Error(`${load.failed} dispatches failed, first: ${load.firstFailure}`);
    const dispatches = load.byPath[route] ?? [];
    rules.sort((a, b) => a - b);
    const figures = {
      dispatches: dispatches.length,
      dispatchP50: percentile(dispatches, 50),
      dispatchP99: percentile(dispatches, 99),
      rulesP50: percentile(rules, 50),
      rulesP99: percentile(rules, 99),
      rulesMax: rules.at(-1) ?? 0,
    };
    if (rules.length !== dispatches.length)
      throw new Error(`timed ${rules.length} rule evaluations for ${dispatches.length} dispatches`);
    console.log(
      `${figures.dispatches} dispatches at ${settings.rate}/s on ${server.kind}: dispatch p50 ${figures.dispatchP50.toFixed(1)} ms, p99 ${figures.dispatchP99.toFixed(1)} ms; ` +
        `rules p50 ${figures.rulesP50.toFixed(2)} ms, p99 ${figures.rulesP99.toFixed(2)} ms, max ${figures.rulesMax.toFixed(1)} ms`,
    );
    const outcomes: TargetOutcome[] = evaluateTargets(
      riskTargets,
      [],
      server.kind,
      {},
      {},
      { [RULES_DISPATCH_SCENARIO]: figures.rulesP99 },
    );
    outcomes.push({
      scenario: 'dispatch (whole request, for information)',
      description: `p99 at ${settings.rate}/s`,
      actual: `${figures.dispatchP99.toFixed(1)} ms`,
      pass: true,
      enforced: false,
    });
    const record = { host: os.hostname(), settings: reportedSettings(settings), figures };
    return finishBench('risk.json', outcomes, record, settings.enforce, 'risk');
  } finally {
    timeRuleEvaluation(null);
    await server.close();
  }
}

runBench('bench:risk', main);
