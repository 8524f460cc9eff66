#!/usr/bin/env node
// `npm start`: build the console if it is missing or older than its sources, then run the server
// (migrations and demo seed happen at server start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function consoleIsStale() {
  if (!existsSync(path.join(root, 'web/index.html'))) return false;
  if (!existsSync(dist)) return true;
  const built = statSync(dist).mtimeMs;
  const sources = [
    path.join(root, 'web/src'),
    path.join(root, 'web/public'),
    path.join(root, 'packages/contracts/src'),
  ];
  return sources.some((dir) => existsSync(dir) && newestMtime(dir) > built);
}

if (process.env.SKIP_WEB_BUILD !== 'true' && consoleIsStale()) {
  console.log('building the console (web/dist)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
