// `npm run bench:export`: time and peak memory growth of exporting 100 000 log rows to xlsx through
// `/sys/log/exportXls` (streamed). Targets: under 10 s, peak RSS growth under 150 MB.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD, envNumber } from './lib/env.ts';
import { login, startBenchServer } from './lib/server.ts';

const ROWS = envNumber('BENCH_EXPORT_ROWS', 100_000);
const TARGET_SECONDS = 10;
const TARGET_RSS_MB = 150;

const server = await startBenchServer({
  adminUrl: process.env.BENCH_DATABASE_URL,
  async seed(db) {
    // generate_series keeps the 100 000 rows inside the database: the seed itself costs no Node memory.
    await db.execute(sql`
      insert into sys_log (id, log_type, log_content, operate_type, userid, username, ip, method, request_url, request_param, status_code, success, cost_time, create_time)
      select md5(i::text), 2, '编辑运单 ' || i, 3, 'bench', 'operator' || (i % 50), '10.0.' || (i % 250) || '.' || (i % 200),
             'PUT', '/jeecg-boot/shipping/hyShippingNote/edit', '{"id":"' || i || '","weight":31500}', 200, 1, i % 90,
             now() - (i || ' seconds')::interval
      from generate_series(1, ${ROWS}) as i`);
  },
});
try {
  const token = await login(server, 'admin', ADMIN_PASSWORD);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  const heapBaseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = Date.now();
  const response = await fetch(`${server.baseUrl}${server.config.basePath}/sys/log/exportXls?pageSize=10`, {
    headers: { 'X-Access-Token': token },
  });
  if (!response.ok || !response.body) throw new Error(`export answered HTTP ${response.status}`);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let heapPeak = 0;
  for await (const chunk of response.body) {
    chunks.push(chunk as Uint8Array);
    bytes += (chunk as Uint8Array).length;
    const usage = process.memoryUsage();
    heapPeak = Math.max(heapPeak, usage.heapUsed);
    peak = Math.max(peak, usage.rss);
  }
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const growthMb = (peak - baseline) / 1024 / 1024;
  console.log(`\nexport of ${ROWS} log rows to xlsx on ${server.kind}`);
  console.log(`file size                ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(
    `time                     ${seconds.toFixed(2)} s   (target < ${TARGET_SECONDS} s: ${seconds < TARGET_SECONDS ? 'PASS' : 'FAIL'})`,
  );
  console.log(
    `peak RSS growth          ${growthMb.toFixed(1)} MB (target < ${TARGET_RSS_MB} MB: ${growthMb < TARGET_RSS_MB ? 'PASS' : 'FAIL'})`,
  );
  console.log(
    `JS heap                  ${(heapBaseline / 1024 / 1024).toFixed(1)} MB before, peak ${(heapPeak / 1024 / 1024).toFixed(1)} MB (garbage included)`,
  );
  console.log('(server and client share this process, so the growth counts both; the file is held too)');
  // The file really holds every row: read back outside the timing.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const dataRows = (workbook.worksheets[0]?.rowCount ?? 1) - 1;
  console.log(
    `rows in the file         ${dataRows} (expected at least ${ROWS}, the sign-in is logged too: ${dataRows >= ROWS ? 'PASS' : 'FAIL'})`,
  );
  if (dataRows < ROWS || seconds >= TARGET_SECONDS || growthMb >= TARGET_RSS_MB) process.exitCode = 2;
} finally {
  await server.close();
}
