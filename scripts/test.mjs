#!/usr/bin/env node
// `npm test`: lint, type-check, unit and API tests (vitest), then browser tests (Playwright in Debian Chromium).
// Prints one closing line "N passed, N failed" over every test that ran.
import { spawn } from 'node:child_process';
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

/** Children of running steps, each the leader of its own process group (see `step`). */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(1);
  });

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group has already ended
  }
}

/**
 * Runs one step in a process group of its own, so that the hang guard stops everything the step started
 * (`npx` and the Playwright, vitest and Chromium processes under it), not only its first process.
 * `quiet` holds the output back and prints it whole at the end, so steps run side by side stay readable.
 */
function step(title, command, args, { env = {}, quiet = false } = {}) {
  if (!quiet) console.log(`\n▶ ${title}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
      detached: true,
    });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, STEP_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (quiet) {
        console.log(`\n▶ ${title}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (timedOut) console.log(`${title}: stopped after ${STEP_LIMIT_MS / 60_000} min`);
      const ok = code === 0 && !timedOut;
      console.log(`${ok ? '✔' : '✘'} ${title} (${seconds} s)`);
      if (!ok) failures.push(title);
      resolve(ok);
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
          step(title, npx, args, { quiet: true }),
    ),
  );
}
// Before the API tests too: PDF statements and invoices embed the system's CJK font that this installs.
const prerequisites =
  !only || only === 'unit' || only === 'e2e'
    ? await step('browser prerequisites (chromium, CJK font)', 'bash', ['scripts/ensure-chromium.sh'])
    : false;
if (!only || only === 'unit') {
  const file = path.join(reports, 'vitest.json');
  await step('unit and API tests (vitest, PGlite)', npx, [
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
    await step('build the console', 'npm', ['run', 'build', '-w', 'web']);
    const file = path.join(reports, 'playwright.json');
    await step(
      'browser tests (playwright, chromium)',
      npx,
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
      },
    );
    countPlaywright(file);
  }
}

if (failures.length) console.log(`\nfailed steps: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
