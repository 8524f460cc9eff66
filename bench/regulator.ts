// `npm run bench:regulator`: regulator reporting at scale.
//  1. Building and validating 100 000 electronic waybills (WLHY_YD1001) on one core. Target: < 20 s.
//  2. Sending 10 000 messages through the outbox to a fake Fujian gateway (a separate process, SM2 + SM4)
//     that answers 10 % of them with transient failures (server, queue, HTTP 500, dropped connection, token
//     expiry). Target: all accepted in the end, no business key accepted twice. The sender's clock is moved
//     on between runs, so retries are due at once instead of after their backoff.
//  3. A sender process killed with SIGKILL mid-run and started again (PostgreSQL, BENCH_DATABASE_URL or the
//     local server): every message accepted in the end, none accepted twice.
// The targets are rows of `regulatorTargets` (lib/scenarios.ts); the run fails when an enforced one fails.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '@freight/server/src/app.ts';
import { loadConfig } from '@freight/server/src/config.ts';
import { hyDriver, hyVehicle } from '@freight/server/src/modules/freight/index.ts';
import { seedCodeTables } from '@freight/server/src/modules/regulator/fake/seedCodes.ts';
import { sendReports } from '@freight/server/src/modules/regulator/index.ts';
import { buildWaybill, type WaybillInput } from '@freight/server/src/modules/regulator/messages/index.ts';
import { hyReportChannel, hyReportMessage } from '@freight/server/src/modules/regulator/schema.ts';
import { encryptSecret, loadDataSourceKey } from '@freight/server/src/modules/system/index.ts';
import { type Db, openDatabase } from '@freight/server/src/platform/db/client.ts';
import { seedSystem } from '@freight/server/src/seed/seed.ts';
import { eq, sql } from 'drizzle-orm';
import { envNumber } from './lib/env.ts';
import { evaluateTargets, formatTargets } from './lib/report.ts';
import {
  REGULATOR_BUILD_SCENARIO,
  REGULATOR_CRASH_SCENARIO,
  REGULATOR_SEND_SCENARIO,
  regulatorTargets,
} from './lib/scenarios.ts';
import { createPostgresDatabase } from './lib/server.ts';

/** The scale of the three runs, from the environment (smaller for a quick check). */
const settings = {
  buildCount: envNumber('BENCH_REGULATOR_BUILD', 100_000),
  sendCount: envNumber('BENCH_REGULATOR_SEND', 10_000),
  failureRate: envNumber('BENCH_REGULATOR_FAILURE', 0.1, { allowZero: true }),
  crashCount: envNumber('BENCH_REGULATOR_CRASH', 2_000),
};
const codes = seedCodeTables();
const platform = {
  name: '智运通网络货运平台',
  creditCode: '91320113MA1W8GXR5K',
  permitNumber: '苏交运管许可宁字320113000001号',
};
const pad = (n: number, width: number) => String(n).padStart(width, '0');

// ---- 1. build + validate -------------------------------------------------------------------------------------
function waybillInput(i: number): WaybillInput {
  const t0 = Date.UTC(2026, 0, 1) + i * 60_000;
  return {
    platform,
    sendTime: new Date(t0 + 86_400_000),
    orderNo: `HY2026${pad(i, 10)}`,
    shippingNoteNumber: `YD2026${pad(i, 10)}`,
    serialNumber: `${pad(i % 100, 2)}00`,
    vehicleAmount: 1 + (i % 5),
    transportTypeCode: '1',
    businessTypeCode: '1002996',
    consignmentTime: new Date(t0),
    despatchTime: new Date(t0 + 3_600_000),
    receiptTime: new Date(t0 + 9 * 3_600_000),
    consignor: { name: `货主${i % 997}有限公司`, id: '91320500MA1N7QXY3B' },
    consignee: { name: `收货人${i % 101}` },
    loading: { place: '江苏省南京市栖霞区南京钢铁厂东门', divisionCode: '320113' },
    unloading: { place: '上海市宝山区宝山钢铁码头3号库', divisionCode: '310113' },
    freightFen: 100_000 + i * 37,
    vehicle: { plateNo: `苏E${pad(i % 100_000, 5)}`, plateColor: '2', grossMassKg: i % 10 ? 49_000 : 4_495 },
    drivers: [{ name: `司机${i % 5000}`, idCard: `3201021985${pad(i % 100_000_000, 8)}` }],
    goods: { name: '螺纹钢', cargoType: '0400', weightG: 30_000_000 + (i % 5000) * 331 },
    actualCarrier: {
      name: `司机${i % 5000}`,
      id: `3201021985${pad(i % 100_000_000, 8)}`,
      businessLicense: i % 10 ? `3201000${pad(i % 100_000, 5)}` : null,
      areaCode: '320000',
    },
    insurance: i % 3 ? null : { policyNumber: `PICC${pad(i, 12)}`, companyCode: 'PICC' },
  };
}

console.log(
  `1. building and validating ${settings.buildCount.toLocaleString()} waybills (WLHY_YD1001) on one core`,
);
let invalid = 0;
const buildStarted = performance.now();
for (let i = 0; i < settings.buildCount; i++) {
  if (!buildWaybill(waybillInput(i), codes).ok) invalid++;
  if ((i + 1) % 20_000 === 0)
    console.log(
      `   ${(i + 1).toLocaleString()} built, ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`,
    );
}
const buildSeconds = (performance.now() - buildStarted) / 1000;
console.log(
  `   ${settings.buildCount.toLocaleString()} in ${buildSeconds.toFixed(2)} s (${((buildSeconds * 1e6) / settings.buildCount).toFixed(1)} µs each, ` +
    `input generation included), ${invalid} invalid`,
);

// ---- 2. send through the outbox ----------------------------------------------------------------------------
interface FakeInfo {
  baseUrl: string;
  account: string;
  password: string;
  sm2PublicKey: string;
}

async function startFake(failureRate: number): Promise<{ info: FakeInfo; stop(): void }> {
  const serverDir = path.resolve(import.meta.dirname, '../server');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/modules/regulator/fake/cli.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      REGULATOR_FAKE_PORT: '0',
      REGULATOR_FAKE_VARIANTS: 'fujian',
      REGULATOR_FAKE_FAILURE: String(failureRate),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`fake gateway exited (${code})`)));
  });
  const info = (JSON.parse(line) as { channels: { fujian: FakeInfo } }).channels.fujian;
  return { info, stop: () => child.kill('SIGTERM') };
}

type Stats = { requests: number; logins: number; accepted: number; repeats: number; injected: number };
const statsOf = async (baseUrl: string) => (await (await fetch(`${baseUrl}/__fake/stats`)).json()) as Stats;

/** The channel to the fake gateway and `count` reportable drivers and vehicles, each with a due message. */
async function seedReportables(db: Db, info: FakeInfo, count: number): Promise<void> {
  const key = await loadDataSourceKey(db);
  const [channel] = await db
    .insert(hyReportChannel)
    .values({
      channelName: 'bench',
      province: '福建省',
      provinceCode: '350000',
      variant: 'fujian',
      enabled: true,
      baseUrl: info.baseUrl,
      account: info.account,
      password: encryptSecret(key, info.password),
      sm2PublicKeySecret: encryptSecret(key, info.sm2PublicKey),
      platformName: platform.name,
      platformCreditCode: platform.creditCode,
      platformPermitNo: platform.permitNumber,
    })
    .returning();
  const half = Math.ceil(count / 2);
  const drivers = Array.from({ length: half }, (_, i) => ({
    id: `bd${pad(i, 30)}`,
    driverName: `司机${i}`,
    mobile: `139${pad(i, 8)}`,
    idCard: `3201021985${pad(i, 8)}`,
    drivingClass: 'A2',
    drivingIssuer: '南京市公安局交通警察支队',
    drivingValidFrom: '2020-01-01',
    drivingValidTo: '2032-01-01',
    qualificationNo: `3201021985${pad(i, 8)}`,
    state: 2,
  }));
  const vehicles = Array.from({ length: count - half }, (_, i) => ({
    id: `bv${pad(i, 30)}`,
    plateNo: `苏E${pad(i, 5)}`,
    plateColor: '2',
    vehicleType: 'Q11',
    owner: '南京顺达运输有限公司',
    useCharacter: '货运',
    vin: `LZZ1CLVB8KA${pad(i, 6)}`,
    licenseIssuer: '南京市公安局交通警察支队',
    registerDate: '2019-04-01',
    issueDate: '2019-04-03',
    energyType: 'B',
    ratedLoadKg: 32_000,
    grossMassKg: 49_000,
    roadTransportNo: `3201000${pad(i, 5)}`,
    state: 2,
  }));
  for (let i = 0; i < drivers.length; i += 1000) await db.insert(hyDriver).values(drivers.slice(i, i + 1000));
  for (let i = 0; i < vehicles.length; i += 1000)
    await db.insert(hyVehicle).values(vehicles.slice(i, i + 1000));
  const messages = [
    ...drivers.map((d) => ({ type: 'WLHY_JSY1001', businessId: d.id, businessNo: d.driverName })),
    ...vehicles.map((v) => ({ type: 'WLHY_CL1001', businessId: v.id, businessNo: v.plateNo })),
  ].map((m) => ({ ...m, channelId: channel?.id, nextAttemptAt: new Date(0) }));
  for (let i = 0; i < messages.length; i += 1000)
    await db.insert(hyReportMessage).values(messages.slice(i, i + 1000));
}

async function acceptedCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(hyReportMessage)
    .where(eq(hyReportMessage.state, 'accepted'));
  return row?.n ?? 0;
}

const timings: Record<string, number> = { [REGULATOR_BUILD_SCENARIO]: buildSeconds };
const checks: Record<string, boolean> = {};

// ---- 2. send through the outbox ----------------------------------------------------------------------------
console.log(
  `2. sending ${settings.sendCount.toLocaleString()} messages to a fake Fujian gateway with ${settings.failureRate * 100} % injected failures`,
);
{
  const fake = await startFake(settings.failureRate);
  const database = await openDatabase({ dataDir: null });
  await seedSystem(database.db);
  const config = loadConfig({}, { scheduler: false, logLevel: 'silent', loginCaptcha: false });
  const { app, ctx } = await buildApp(config, database, { logger: false });
  await app.ready();
  try {
    const db = database.db;
    await seedReportables(db, fake.info, settings.sendCount);
    const started = performance.now();
    let clock = Date.now();
    let rounds = 0;
    for (;;) {
      rounds++;
      const run = await sendReports(ctx, { now: new Date(clock), limit: 500, concurrency: 16 });
      const [counts] = await db
        .select({
          accepted: sql<number>`count(*) filter (where state = 'accepted')::int`,
          failed: sql<number>`count(*) filter (where state = 'failed')::int`,
        })
        .from(hyReportMessage);
      const elapsed = (performance.now() - started) / 1000;
      if (rounds % 5 === 0 || run.claimed === 0)
        console.log(
          `   ${elapsed.toFixed(1)} s: ${counts?.accepted.toLocaleString()} / ${settings.sendCount.toLocaleString()} accepted, ` +
            `${counts?.failed} failed, this run ${run.accepted} accepted ${run.retrying} to retry`,
        );
      if (run.claimed === 0) {
        // Nothing due now: the retries wait for their backoff; move the clock past it.
        if ((counts?.accepted ?? 0) + (counts?.failed ?? 0) >= settings.sendCount || rounds > 2000) break;
        clock += 2 * 3_600_000;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const stats = await statsOf(fake.info.baseUrl);
    const [attempts] = await db
      .select({
        total: sql<number>`count(*)::int`,
        retried: sql<number>`count(*) filter (where outcome = 'retry')::int`,
      })
      .from(sql`hy_report_attempt`);
    checks[REGULATOR_SEND_SCENARIO] =
      (await acceptedCount(db)) === settings.sendCount &&
      stats.accepted === settings.sendCount &&
      stats.repeats === 0;
    console.log(
      `   ${settings.sendCount.toLocaleString()} messages in ${seconds.toFixed(1)} s (${(settings.sendCount / seconds).toFixed(0)}/s); ` +
        `gateway: ${stats.requests} requests, ${stats.logins} logins, ${stats.injected} failures injected, ` +
        `${stats.accepted} keys accepted, ${stats.repeats} repeats; outbox: ${attempts?.total} attempts, ${attempts?.retried} retried`,
    );
  } finally {
    await app.close();
    await database.close();
    fake.stop();
  }
}

// ---- 3. kill -9 of a sender mid-run ------------------------------------------------------------------------
// The sender runs in a process of its own on a PostgreSQL database (PGlite lives inside the killed process);
// it is killed with SIGKILL once part of the messages are accepted, then started again. Every message must end
// accepted, and the resends of what had reached the gateway are answered as repeats, never accepted twice.
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
console.log(
  `3. kill -9 of a sender process during a run of ${settings.crashCount.toLocaleString()} messages (PostgreSQL)`,
);
let pgDatabase: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
try {
  pgDatabase = await createPostgresDatabase(adminUrl);
} catch (error) {
  console.log(`   PostgreSQL not reachable at ${adminUrl} (${(error as Error).message}): not measured`);
}
if (pgDatabase) {
  const fake = await startFake(0);
  const database = await openDatabase({ url: pgDatabase.url, poolSize: 4 });
  try {
    await seedSystem(database.db);
    await seedReportables(database.db, fake.info, settings.crashCount);
    const sender = () =>
      spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'lib/regulatorSender.ts')], {
        env: { ...process.env, DATABASE_URL: pgDatabase?.url },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    const first = sender();
    const firstExit = new Promise<NodeJS.Signals | number | null>((resolve) =>
      first.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    // Killed once a third has reached the gateway: some claims are then in flight, sent and unrecorded.
    let killedAt = 0;
    for (;;) {
      const stats = await statsOf(fake.info.baseUrl);
      if (stats.accepted >= settings.crashCount / 3) {
        first.kill('SIGKILL');
        killedAt = stats.accepted;
        break;
      }
      if (first.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ended = await firstExit;
    const recordedBefore = await acceptedCount(database.db);
    console.log(
      `   first sender ended by ${ended}: gateway had ${killedAt} keys, the outbox recorded ${recordedBefore} accepted`,
    );
    const second = sender();
    const secondExit = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    const stats = await statsOf(fake.info.baseUrl);
    const recorded = await acceptedCount(database.db);
    checks[REGULATOR_CRASH_SCENARIO] =
      ended === 'SIGKILL' &&
      secondExit === 0 &&
      recorded === settings.crashCount &&
      stats.accepted === settings.crashCount;
    console.log(
      `   after the restart: ${recorded} / ${settings.crashCount} accepted in the outbox; gateway: ${stats.accepted} keys ` +
        `accepted once each, ${stats.repeats} resends answered as repeats`,
    );
  } finally {
    await database.close();
    fake.stop();
    await pgDatabase.drop();
  }
}

const outcomes = evaluateTargets(regulatorTargets, [], pgDatabase ? 'postgres' : 'pglite', timings, checks);
console.log(`\n${formatTargets(outcomes)}`);
if (outcomes.some((o) => o.enforced && !o.pass)) process.exitCode = 1;
