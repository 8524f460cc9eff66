#!/usr/bin/env node
// `npm test -w e2e`: browser prerequisites, a fresh console build, then the Playwright suite.
// Extra arguments go to `playwright test` (e.g. `npm test -w e2e -- --project=desktop tests/tabs.spec.ts`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const step = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

step('bash', ['scripts/ensure-chromium.sh']);
if (process.env.SKIP_WEB_BUILD !== 'true') step('npm', ['run', 'build', '-w', 'web']);
step('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
