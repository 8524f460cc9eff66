import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The value at percentile `p` of ascending `sorted` (NaN when empty). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/** Runs a command to its end, collecting its output. */
export function runChild(
  command: string,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs a TypeScript script of the bench in a node process of its own (through tsx), to its end. */
export function runScript(
  file: string,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return runChild(process.execPath, ['--import', 'tsx', file, ...args]);
}

export interface RateLoadResult {
  sent: number;
  failed: number;
  firstFailure: string | null;
  seconds: number;
  /** Latencies in ms by path, ascending. */
  byPath: Record<string, number[]>;
}

/**
 * The fixed-rate load (`rateLoad.ts`) in a child process, so that it never shares the server's event loop:
 * GETs of `paths` round-robin, or each of `posts` sent once, at `rate` per second for `seconds`.
 */
export async function fixedRate(
  baseUrl: string,
  token: string,
  requests: string[] | Array<{ path: string; body: unknown }>,
  rate: number,
  seconds: number,
): Promise<RateLoadResult> {
  const posts = requests.length > 0 && typeof requests[0] !== 'string';
  let dir: string | null = null;
  let arg = JSON.stringify(requests);
  if (posts) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'freight-rate-'));
    const file = path.join(dir, 'posts.json');
    writeFileSync(file, arg);
    arg = `@${file}`;
  }
  try {
    const load = await runScript(path.join(import.meta.dirname, 'rateLoad.ts'), [
      baseUrl,
      token,
      arg,
      String(rate),
      String(seconds),
    ]);
    if (load.status !== 0) throw new Error(`rate load failed: ${load.stderr}`);
    return JSON.parse(load.stdout.trim().split('\n').at(-1) ?? '{}') as RateLoadResult;
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
