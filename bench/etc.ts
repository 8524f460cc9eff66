// `npm run etc -w bench`: time and peak memory growth of importing 100 000 ETC toll records (CSV, streamed
// upload) through `/plateform/etc/importExcel` with their matching to the waybills, over 1 000 000 waybills.
// Targets (rows of `etcTargets`): under 60 s on PostgreSQL, peak RSS growth under 300 MB. BENCH_ETC_NOTES and
// BENCH_ETC_ROWS scale it down for a quick check; BENCH_DATABASE_URL picks PostgreSQL (else PGlite).
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ADMIN_PASSWORD, BENCH_ENFORCE, envNumber } from './lib/env.ts';
import { evaluateTargets, exitCodeOf, formatTargets } from './lib/report.ts';
import {
  ETC_IMPORT_SCENARIO,
  ETC_MEMORY_SCENARIO,
  ETC_STORED_SCENARIO,
  etcTargets,
} from './lib/scenarios.ts';
import { seedBulkNotes } from './lib/seedNotes.ts';
import { login, startBenchServer } from './lib/server.ts';

const NOTES = envNumber('BENCH_ETC_NOTES', 1_000_000);
const ROWS = envNumber('BENCH_ETC_ROWS', 100_000);
/** Share of the records whose plate is not the platform's (they stay unmatched). */
const STRANGERS = 0.1;

const server = await startBenchServer({
  adminUrl: process.env.BENCH_DATABASE_URL,
  async seed(db) {
    await seedBulkNotes(db, NOTES);
    // Every trip that was loaded gets its times (loaded 2 h after creation, signed 20 h later), and every
    // vehicle its row with a plate, all inside the database.
    await db.execute(sql`
      update hy_shipping_note set load_time = create_time + interval '2 hours',
        unload_time = case when status >= 4 then create_time + interval '20 hours' end,
        sign_time = case when status >= 5 then create_time + interval '22 hours' end
      where status >= 2`);
    await db.execute(sql`
      insert into hy_vehicle (id, tenant_id, plate_no)
      select v, 0, case when v like 'benchvha%' then '苏A' else '苏B' end || right(v, 8)
      from (select distinct vehicle_id as v from hy_shipping_note) as t
      on conflict do nothing`);
    await db.execute(sql`analyze hy_shipping_note`);
    await db.execute(sql`analyze hy_vehicle`);
  },
});
const dir = await mkdtemp(path.join(tmpdir(), 'bench-etc-'));
try {
  // The provider's file: passages 1 h after loading of random loaded trips, and some of unknown plates.
  const file = path.join(dir, 'etc.csv');
  const out = createWriteStream(file);
  out.write('交易流水号,车牌号,入口站,出口站,入口时间,出口时间,通行费,发票号\n');
  const sample = (
    (await server.db.execute(sql`
      select n.plate, to_char(n.load_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as exit_at
      from (select case when vehicle_id like 'benchvha%' then '苏A' else '苏B' end || right(vehicle_id, 8) as plate,
                   load_time + interval '1 hour' as load_time
            from hy_shipping_note where status >= 2 order by random() limit ${ROWS}) as n`)) as unknown as {
      rows: Array<{ plate: string; exit_at: string }>;
    }
  ).rows;
  for (let i = 0; i < ROWS; i++) {
    const s = sample[i % Math.max(1, sample.length)];
    const stranger = i % Math.round(1 / STRANGERS) === 0;
    const plate = stranger ? `沪Z${String(i % 100_000).padStart(5, '0')}` : s.plate;
    const line = `BENCH${String(i).padStart(10, '0')},${plate},苏州东,上海北,,${s.exit_at},${(20 + (i % 300)).toFixed(2)},0440${String(i).padStart(8, '0')}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );

  const token = await login(server, 'admin', ADMIN_PASSWORD);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const form = new FormData();
  form.append('file', await openAsBlob(file), 'etc.csv');
  const started = Date.now();
  const response = await fetch(`${server.baseUrl}${server.config.basePath}/plateform/etc/importExcel`, {
    method: 'POST',
    headers: { 'X-Access-Token': token },
    body: form,
  });
  const body = (await response.json()) as {
    success: boolean;
    message: string;
    result?: { inserted: number; matched: number; unmatched: number; errorCount: number };
  };
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const growthMb = (peak - baseline) / 1024 / 1024;
  console.log(`\nETC import of ${ROWS} records with matching over ${NOTES} waybills on ${server.kind}`);
  console.log(`answer                   ${body.message}`);
  console.log(`time                     ${seconds.toFixed(2)} s`);
  console.log(`peak RSS growth          ${growthMb.toFixed(1)} MB`);
  console.log('(server and client share this process, so the growth counts both)');
  const expectedMatched = ROWS - Math.ceil(ROWS * STRANGERS);
  const imported =
    body.success && body.result?.inserted === ROWS && (body.result?.matched ?? 0) >= expectedMatched * 0.99;
  console.log(
    `records stored / matched ${body.result?.inserted ?? 0} / ${body.result?.matched ?? 0} (expected ${ROWS} / about ${expectedMatched})`,
  );
  // The size targets hold for the counts only: a scaled-down run shows its figures for information.
  const fullSize = ROWS >= 100_000 && NOTES >= 1_000_000;
  const outcomes = evaluateTargets(
    fullSize ? etcTargets : etcTargets.filter((t) => t.scenario === ETC_STORED_SCENARIO),
    [],
    server.kind,
    { [ETC_IMPORT_SCENARIO]: seconds },
    { [ETC_STORED_SCENARIO]: imported },
    {},
    { [ETC_MEMORY_SCENARIO]: growthMb },
  );
  console.log(`\nTargets:\n\n${formatTargets(outcomes)}`);
  process.exitCode = exitCodeOf(outcomes, BENCH_ENFORCE, 'ETC');
} finally {
  await rm(dir, { recursive: true, force: true });
  await server.close();
}
