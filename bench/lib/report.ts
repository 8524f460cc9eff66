import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { LoadSummary } from './load.ts';
import type { Target } from './scenarios.ts';
import type { DbKind } from './server.ts';

export interface ErrorCounts {
  /** Responses outside 2xx. */
  non2xx: number;
  /** 2xx responses whose body was not a success envelope. */
  mismatches: number;
  /** Connection errors, timeouts included. */
  connection: number;
  timeouts: number;
  total: number;
  statusCodes: Record<string, number>;
}

export interface Measurement {
  scenario: string;
  method: string;
  path: string;
  baseline: boolean;
  durationSeconds: number;
  requests: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; avg: number; max: number };
  errors: ErrorCounts;
  warmupErrors: number;
  /** requests/s over the baseline's; null for the baseline itself. */
  ratio: number | null;
}

export interface TargetOutcome {
  scenario: string;
  description: string;
  actual: string;
  pass: boolean;
  /** Whether this database's run is judged by the target (else it is shown for information). */
  enforced: boolean;
}

export function errorsOf(result: LoadSummary): ErrorCounts {
  const { non2xx, mismatches, errors: connection, timeouts, statusCodes } = result;
  return { non2xx, mismatches, connection, timeouts, total: non2xx + mismatches + connection, statusCodes };
}

export function measurement(
  scenario: { name: string; method: string; path: string; baseline: boolean },
  result: LoadSummary,
  warmupErrors: number,
): Measurement {
  return {
    scenario: scenario.name,
    method: scenario.method,
    path: scenario.path,
    baseline: scenario.baseline,
    durationSeconds: result.durationSeconds,
    requests: result.requests,
    rps: result.rps,
    latencyMs: result.latencyMs,
    errors: errorsOf(result),
    warmupErrors,
    ratio: null,
  };
}

export function withRatios(measurements: Measurement[]): Measurement[] {
  const baseline = measurements.find((m) => m.baseline);
  return measurements.map((m) => ({
    ...m,
    ratio: baseline && !m.baseline && baseline.rps > 0 ? m.rps / baseline.rps : null,
  }));
}

/** The outcome of a target that is a limit on one number the bench measured itself (MB, ms, s). */
function belowLimit(
  target: Target,
  kind: DbKind,
  limit: number,
  actual: number | undefined,
  unit: string,
  digits: number,
): TargetOutcome {
  return {
    scenario: target.scenario,
    description: `< ${limit} ${unit} (target set for ${target.databases.join(', ')})`,
    actual: actual === undefined ? 'not measured' : `${num(actual, digits)} ${unit}`,
    pass: actual !== undefined && actual < limit,
    enforced: target.databases.includes(kind) && actual !== undefined,
  };
}

export function evaluateTargets(
  targets: Target[],
  measurements: Measurement[],
  kind: DbKind,
  /** Seconds of one-shot runs by scenario name (targets with `maxSeconds`). */
  timings: Record<string, number> = {},
  /** Whether the property of each target with `holds` was seen, by scenario name. */
  checks: Record<string, boolean> = {},
  /** Milliseconds the bench measured itself (a unit run, a percentile of its own load), by scenario name. */
  millis: Record<string, number> = {},
  /** Megabytes the bench measured itself (peak RSS growth), by scenario name. */
  megabytes: Record<string, number> = {},
): TargetOutcome[] {
  const outcomes: TargetOutcome[] = [];
  for (const target of targets) {
    if (target.maxMb !== undefined) {
      outcomes.push(belowLimit(target, kind, target.maxMb, megabytes[target.scenario], 'MB', 1));
      continue;
    }
    if (target.maxMs !== undefined) {
      outcomes.push(belowLimit(target, kind, target.maxMs, millis[target.scenario], 'ms', 2));
      continue;
    }
    if (target.holds !== undefined) {
      const seen = checks[target.scenario];
      outcomes.push({
        scenario: target.scenario,
        description: `${target.holds} (target set for ${target.databases.join(', ')})`,
        actual: seen === undefined ? 'not measured' : seen ? 'held' : 'did not hold',
        pass: seen === true,
        enforced: target.databases.includes(kind) && seen !== undefined,
      });
      continue;
    }
    if (target.maxSeconds !== undefined) {
      outcomes.push(belowLimit(target, kind, target.maxSeconds, timings[target.scenario], 's', 2));
      continue;
    }
    const m = measurements.find((x) => x.scenario === target.scenario);
    const enforced = target.databases.includes(kind);
    const on = `(target set for ${target.databases.join(', ')})`;
    if (target.minRatio !== undefined) {
      const actual = m?.ratio ?? null;
      outcomes.push({
        scenario: target.scenario,
        description: `requests/s >= ${pct(target.minRatio)} of bare ${on}`,
        actual: actual === null ? 'not measured' : pct(actual),
        pass: actual !== null && actual >= target.minRatio,
        enforced,
      });
    }
    if (target.maxP99Ms !== undefined) {
      const actual = m?.latencyMs.p99 ?? null;
      outcomes.push({
        scenario: target.scenario,
        description: `p99 < ${target.maxP99Ms} ms ${on}`,
        actual: actual === null ? 'not measured' : `${num(actual)} ms`,
        pass: actual !== null && actual < target.maxP99Ms,
        enforced,
      });
    }
  }
  return outcomes;
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const num = (value: number, digits = 1) => value.toFixed(digits);

function table(header: string[], rows: string[][], rightAligned: (column: number) => boolean): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (rightAligned(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('-+-');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function formatMeasurements(measurements: Measurement[]): string {
  return table(
    ['route', 'req/s', 'p50 ms', 'p99 ms', 'avg ms', 'max ms', 'requests', 'errors', 'vs bare'],
    measurements.map((m) => [
      m.scenario,
      num(m.rps, 0),
      num(m.latencyMs.p50),
      num(m.latencyMs.p99),
      num(m.latencyMs.avg, 2),
      num(m.latencyMs.max),
      String(m.requests),
      String(m.errors.total),
      m.baseline ? '(base)' : m.ratio === null ? '-' : pct(m.ratio),
    ]),
    (i) => i > 0,
  );
}

export function formatTargets(outcomes: TargetOutcome[]): string {
  return table(
    ['target', 'route', 'actual', 'result'],
    outcomes.map((o) => [
      o.description,
      o.scenario,
      o.actual,
      `${o.pass ? 'PASS' : 'FAIL'}${o.enforced ? '' : ' (info)'}`,
    ]),
    () => false,
  );
}

export function formatErrors(measurements: Measurement[]): string[] {
  return measurements
    .filter((m) => m.errors.total > 0)
    .map((m) => {
      const e = m.errors;
      const codes = Object.entries(e.statusCodes)
        .map(([code, count]) => `${code}×${count}`)
        .join(' ');
      return `${m.scenario}: ${e.non2xx} non-2xx, ${e.mismatches} without a success envelope, ${e.connection} connection errors (${e.timeouts} timeouts); status codes ${codes || 'none'}`;
    });
}

/** The first line of a bench's output: what it ran on, and how busy the machine was at the start. */
export function machineLine(bench: string): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${bench} on node ${process.version}, ${cpus.length}× ${cpus[0]?.model ?? 'cpu'}, load ${load}`;
}

/** Prints the missed targets; the exit code: 2 when one was missed and `enforce`, else 0. */
export function exitCodeOf(outcomes: TargetOutcome[], enforce: boolean, what: string): number {
  const missed = outcomes.filter((o) => o.enforced && !o.pass);
  if (missed.length) {
    console.error(`\nTARGETS MISSED: ${missed.map((o) => `${o.scenario} ${o.description}`).join('; ')}`);
    return enforce ? 2 : 0;
  }
  console.log(`\nall ${what} targets met`);
  return 0;
}

/** Keeps a run's figures as bench/results/<file>, dated: the record's keys follow the date. */
export function saveResults(file: string, record: Record<string, unknown>): void {
  const dir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    `${dir}${file}`,
    `${JSON.stringify({ date: new Date().toISOString(), ...record }, null, 2)}\n`,
  );
}

/**
 * The end of a bench: prints the targets, keeps the run as bench/results/<file> (the record, then the targets)
 * and answers the exit code.
 */
export function finishBench(
  file: string,
  outcomes: TargetOutcome[],
  record: Record<string, unknown>,
  enforce: boolean,
  what: string,
): number {
  console.log(`\nTargets:\n\n${formatTargets(outcomes)}`);
  saveResults(file, { ...record, targets: outcomes });
  return exitCodeOf(outcomes, enforce, what);
}

/** Runs a bench's main: its answer is the exit code; a throw is a failed run (1). */
export function runBench(bench: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`\n${bench} FAILED:`, error);
      process.exitCode = 1;
    },
  );
}
