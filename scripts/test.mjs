#!/usr/bin/env node
// `npm test`: lint, type-check, unit and API tests (vitest), then browser tests (Playwright in Debian Chromium).
// Prints one closing line "N passed, N failed" over every test that ran.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'node_modules/.cache/test-reports');
mkdirSync(reports, { recursive: true });
const only = process.argv[2];
let passed = 0;
let failed = 0;
const failures = [];

// A step that hangs (a query spinning inside the embedded database blocks even vitest's own timeouts) must
// fail the run with its name, not hold CI until its deadline. The limit stays above the slowest whole step
// seen on a 2-core machine (the browser suite once took 45 min) and leaves the other steps room within CI's 90.
const STEP_LIMIT_MS = 55 * 60_000;

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    timeout: STEP_LIMIT_MS,
    killSignal: 'SIGKILL',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  if (result.error?.code === 'ETIMEDOUT')
    console.log(`${title}: stopped after ${STEP_LIMIT_MS / 60_000} min`);
  console.log(`${ok ? '✔' : '✘'} ${title} (${seconds} s)`);
  if (!ok) failures.push(title);
  return ok;
}

/** Runs a step with its output held back, then prints it whole, so steps run side by side stay readable. */
function runQuietly(title, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), STEP_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`${code === 0 ? '✔' : '✘'} ${title} (${seconds} s)`);
      if (code !== 0) failures.push(title);
      resolve(code === 0);
    });
  });
}

/** Runs the tasks two at a time. */
async function inPairs(tasks) {
  const queue = [...tasks];
  const lane = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all([lane(), lane()]);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
}

const npx = 'npx';
if (!only || only === 'static') {
  // The checks read files and compute on one core each: two at a time keep both cores busy.
  const checks = [
    ['lint and format (biome)', ['biome', 'ci', '.']],
    // platform/ never imports modules/; modules use each other through index.ts, in layers (no cycles).
    [
      'server layers (dependency-cruiser)',
      ['depcruise', 'server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    ],
    ...['packages/contracts', 'server', 'web', 'e2e', 'bench']
      .filter((project) => existsSync(path.join(root, project, 'tsconfig.json')))
      .map((project) => [`type-check ${project}`, ['tsc', '-p', project, '--noEmit']]),
  ];
  await inPairs(
    checks.map(
      ([title, args]) =>
        () =>
          runQuietly(title, npx, args),
    ),
  );
}
// Before the API tests too: PDF statements and invoices embed the system's CJK font that this installs.
const prerequisites =
  !only || only === 'unit' || only === 'e2e'
    ? run('browser prerequisites (chromium, CJK font)', 'bash', ['scripts/ensure-chromium.sh'])
    : false;
if (!only || only === 'unit') {
  const file = path.join(reports, 'vitest.json');
  run('unit and API tests (vitest, PGlite)', npx, [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  countVitest(file);
}
if ((!only || only === 'e2e') && existsSync(path.join(root, 'e2e/playwright.config.ts'))) {
  if (prerequisites) {
    run('build the console', 'npm', ['run', 'build', '-w', 'web']);
    const file = path.join(reports, 'playwright.json');
    run(
      'browser tests (playwright, chromium)',
      npx,
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      },
    );
    countPlaywright(file);
  }
}

if (failures.length) console.log(`\nfailed steps: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
