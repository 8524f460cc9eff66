import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  timeoutSeconds: number;
  /** A response whose body lacks this text counts as a mismatch (the envelope answers refusals with 200). */
  expectBodyIncludes?: string;
}

/**
 * What autocannon resolves with off the main thread, whatever its typings say: one run's counters with
 * its histograms encoded. Runs of one route are merged by `summarize`.
 */
export interface RawLoad {
  latencies: string;
  requests: string;
  throughput: string;
  totalCompletedRequests: number;
  totalRequests: number;
  totalBytes: number;
  samples: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  non2xx: number;
  resets: number;
  statusCodeStats: Record<string, { count: number }>;
  /** Seconds. */
  duration: number;
  start: Date;
  finish: Date;
}

export interface LoadSummary {
  durationSeconds: number;
  /** Completed requests, whatever their status. */
  requests: number;
  rps: number;
  /** Latency of the 2xx responses. */
  latencyMs: { p50: number; p90: number; p99: number; avg: number; max: number };
  non2xx: number;
  /** 2xx responses without `expectBodyIncludes`. */
  mismatches: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

const workerFile = new URL('./loadWorker.ts', import.meta.url).href;
// tsx's loader is registered per thread: the worker loads its TypeScript entry through tsx's API.
const tsxApi = import.meta.resolve('tsx/esm/api');
const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(
  workerFile,
)}, ${JSON.stringify(import.meta.url)}))`;

/** Runs autocannon in a worker thread, so the load generator never shares the server's event loop. */
export function runLoad(options: LoadOptions): Promise<RawLoad> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: options });
    let settled = false;
    worker.once('message', (result: RawLoad) => {
      settled = true;
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`load worker exited with code ${code} before reporting`));
    });
  });
}

/** Load on one GET route as a signed-in user; a response without the success envelope counts as a mismatch. */
export function runGetLoad(
  url: string,
  token: string,
  connections: number,
  durationSeconds: number,
): Promise<RawLoad> {
  return runLoad({
    url,
    method: 'GET',
    headers: { 'x-access-token': token },
    connections,
    durationSeconds,
    timeoutSeconds: 10,
    expectBodyIncludes: '"success":true',
  });
}

// autocannon's documented aggregateResult(), which its typings leave out.
const { aggregateResult } = autocannon as unknown as {
  aggregateResult(results: RawLoad[], opts?: Partial<autocannon.Options>): autocannon.Result;
};

/**
 * Steady-state requests/s of one closed-loop run. Each of the C connections completes about D/L − ½
 * requests in D seconds at latency L (the one in flight at the stop is dropped), so completed ≈ rate × (D − L/2):
 * dividing by D alone would understate slow routes and short runs.
 */
function effectiveSeconds(run: RawLoad, meanLatencyMs: number): number {
  return Math.max(run.duration - meanLatencyMs / 2000, run.duration / 2);
}

/** Merges runs of one route (latency histograms included) into one summary. */
export function summarize(url: string, runs: RawLoad[]): LoadSummary {
  if (runs.length === 0) throw new Error('no load runs to summarize');
  // aggregateResult adds the later runs' status counts into the first run's objects: give it copies.
  const aggregate = (list: RawLoad[]) => aggregateResult(structuredClone(list), { url });
  const result = aggregate(runs);
  const durationSeconds = runs.reduce((sum, run) => sum + run.duration, 0);
  const effective = runs.reduce(
    (sum, run) => sum + effectiveSeconds(run, aggregate([run]).latency.average),
    0,
  );
  const requests = runs.reduce((sum, run) => sum + run.totalCompletedRequests, 0);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stat.count ?? 0;
  return {
    durationSeconds,
    requests,
    rps: effective > 0 ? requests / effective : 0,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      avg: result.latency.average,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
