import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadOptions, RawLoad } from './load.ts';

// The worker side of runLoad() in load.ts: one autocannon run, its raw result posted back.
const options = workerData as LoadOptions;
const expected = options.expectBodyIncludes;

// autocannon's verifyBody sees no status, so its mismatches would count every non-2xx twice: count here
// the 2xx answers without the expected text (a refusal the envelope sends with HTTP 200).
let mismatches = 0;
const onResponse = (status: number, body: string) => {
  if (expected && status >= 200 && status < 300 && !body.includes(expected)) mismatches += 1;
};

const result = (await autocannon({
  url: options.url,
  method: options.method,
  headers: options.headers,
  body: options.body,
  requests: [{ onResponse }],
  connections: options.connections,
  duration: options.durationSeconds,
  timeout: options.timeoutSeconds,
  // Off the main thread autocannon never aggregates; say so rather than rely on it.
  skipAggregateResult: true,
})) as unknown as RawLoad;
parentPort?.postMessage({ ...result, mismatches } satisfies RawLoad);
