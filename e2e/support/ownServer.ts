// A server of a spec's own, for settings the suite's server does not run with (the login captcha on, single
// sign-on): started from the sources on another port over a fresh data directory, quiet, without the scheduler.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_DIR, PORT, REPO_ROOT } from './env.ts';

/**
 * Starts the server on `port` with `env` added to the usual settings, its data in a new temporary directory
 * named after `name`; answers the process and that directory (the spec removes it when done). Does not wait:
 * the spec polls for what it needs to be ready. Its output goes to `e2e/test-results/<suite port>/<name>-server.log`,
 * kept after the run, so an answer the spec did not expect can be traced to the server's error.
 */
export function spawnOwnServer(
  port: number,
  name: string,
  env: Record<string, string>,
): { child: ChildProcess; dataDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), `freight-e2e-${name}-`));
  const logDir = path.join(E2E_DIR, 'test-results', String(PORT));
  mkdirSync(logDir, { recursive: true });
  const log = openSync(path.join(logDir, `${name}-server.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SCHEDULER: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: process.env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist'),
      ...env,
    },
  });
  closeSync(log);
  return { child, dataDir };
}
