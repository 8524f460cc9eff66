#!/usr/bin/env node
// The API suite once more against a real PostgreSQL server (TEST_DATABASE_URL, default the local one).
// Each test file creates and drops a database of its own there. Starts the server if none answers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sh = (cmd) => spawnSync('bash', ['-c', cmd], { stdio: 'inherit' }).status === 0;
const answers = () =>
  sh(
    `pg_isready -q -d '${url}' 2>/dev/null || (command -v psql >/dev/null && psql '${url}' -c 'select 1' >/dev/null 2>&1)`,
  );

if (!answers()) {
  console.log('no PostgreSQL answers; starting one');
  if (!existsSync('/usr/lib/postgresql') && process.getuid?.() === 0) {
    sh(
      'DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null',
    );
  }
  sh(
    'cluster=$(ls /etc/postgresql 2>/dev/null | head -1); [ -n "$cluster" ] && pg_ctlcluster --skip-systemctl-redirect "$cluster" main start',
  );
  sh(`su postgres -c "psql -c \\"alter user postgres password 'postgres'\\"" >/dev/null 2>&1 || true`);
  for (let i = 0; i < 30 && !answers(); i++) spawnSync('sleep', ['1']);
  if (!answers()) {
    console.error(`PostgreSQL at ${url} does not answer`);
    process.exit(1);
  }
}

const reports = path.join(root, 'node_modules/.cache/test-reports');
mkdirSync(reports, { recursive: true });
const file = path.join(reports, 'vitest-postgres.json');
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
    // A hang must fail the run, not hold CI until its deadline.
    timeout: 20 * 60_000,
    killSignal: 'SIGKILL',
  },
);
if (existsSync(file)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  console.log(`\nPostgreSQL API suite: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
process.exit(result.status ?? 1);
