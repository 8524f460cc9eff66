// `npm run bench:web`: what the login page costs to load (gzipped JS + CSS), what the dashboard adds, and the
// time from pressing "login" to the dashboard's first chart, in Debian Chromium against a real server.
// It also prints the typing time of a 1 000-row editable table and the report getData p99.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from './lib/browser.ts';
import { measureEditableTableTyping, printKeystrokes } from './lib/editableTable.ts';
import { envNumber } from './lib/env.ts';
import { startBenchServer } from './lib/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TARGET_LOGIN_KB = 250;
const TARGET_DASHBOARD_MS = 1500;
const RUNS = envNumber('BENCH_RUNS', 3);

if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'inherit' });
}

interface Asset {
  url: string;
  gzipBytes: number;
}

/** Records every script and stylesheet the page loads, measured as it would travel gzipped. */
function recordAssets(page: Page, into: Asset[]): void {
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await response.body();
      into.push({ url: response.url(), gzipBytes: gzipSync(body).length });
    } catch {
      // a response without a body (redirect, aborted) costs nothing to count
    }
  });
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const sum = (assets: Asset[]) => assets.reduce((n, a) => n + a.gzipBytes, 0);

const server = await startBenchServer({
  config: {
    loginCaptcha: false,
    loginRateLimitPerMinute: 1_000_000,
    // Another build of the console (e.g. a copy built outside web/dist) can be measured with WEB_DIST.
    ...(process.env.WEB_DIST ? { webDist: path.resolve(process.env.WEB_DIST) } : {}),
  },
});
const browser = await launchChromium();
try {
  const timings: number[] = [];
  let loginAssets: Asset[] = [];
  let dashboardAssets: Asset[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const assets: Asset[] = [];
    recordAssets(page, assets);
    await page.goto(`${server.baseUrl}/user/login`, { waitUntil: 'networkidle' });
    const atLogin = assets.length;
    await page
      .locator('input:not([type="password"]):not([type="hidden"]):not([type="checkbox"])')
      .first()
      .fill('admin');
    await page.locator('input[type="password"]').first().fill('Freight#2026');
    const started = Date.now();
    await page.locator('input[type="password"]').first().press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/dashboard/analysis'), { timeout: 30_000 });
    await page
      .locator('[data-testid="layout-content"] canvas')
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    timings.push(Date.now() - started);
    await page.waitForLoadState('networkidle');
    if (run === 0) {
      loginAssets = assets.slice(0, atLogin);
      dashboardAssets = assets.slice(atLogin);
    }
    await context.close();
  }
  timings.sort((a, b) => a - b);
  const median = timings[Math.floor(timings.length / 2)];
  const loginKb = kb(sum(loginAssets));
  const dashboardKb = kb(sum(dashboardAssets));
  console.log('\nconsole weight (gzipped) and speed, Debian Chromium, localhost');
  console.log(
    `login page JS+CSS        ${loginKb} KB in ${loginAssets.length} files  (target ≤ ${TARGET_LOGIN_KB} KB: ${loginKb <= TARGET_LOGIN_KB ? 'PASS' : 'FAIL'})`,
  );
  for (const a of [...loginAssets].sort((x, y) => y.gzipBytes - x.gzipBytes).slice(0, 5)) {
    console.log(`   ${kb(a.gzipBytes).toString().padStart(7)} KB  ${new URL(a.url).pathname}`);
  }
  console.log(`dashboard adds           ${dashboardKb} KB in ${dashboardAssets.length} files`);
  console.log(
    `login submit → first chart: median ${median} ms over ${timings.length} runs [${timings.join(', ')}]  (target ≤ ${TARGET_DASHBOARD_MS} ms: ${median <= TARGET_DASHBOARD_MS ? 'PASS' : 'FAIL'})`,
  );
  const keystrokes = await measureEditableTableTyping(browser, server.baseUrl, {
    username: 'admin',
    password: 'Freight#2026',
  });
  printKeystrokes(keystrokes);
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench/results/web.json'),
    JSON.stringify(
      { loginKb, dashboardKb, timings, median, keystrokes, at: new Date().toISOString() },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await server.close();
}

// The building blocks' other figure: the online report popup's `getData` over 100 000 rows, measured
// by the API bench's scenario in a process of its own so the browser runs above do not weigh on it.
const report = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/api.ts')], {
  cwd: path.join(ROOT, 'bench'),
  env: { ...process.env, BENCH_ONLY: 'getData', BENCH_ENFORCE: '0' },
  encoding: 'utf8',
});
const figure = report.stdout.split('\n').find((line) => line.startsWith('report getData p99'));
console.log(`\n${figure ?? `report getData bench failed:\n${report.stdout}${report.stderr}`}`);
