import { performance } from 'node:perf_hooks';

/**
 * An open loop: calls `send(seq)` `total` times, one every 1000/rate ms on schedule (a late answer does not
 * delay the next send). Resolves when every send has settled, with how many were sent and the seconds taken.
 */
export async function openLoop(
  total: number,
  ratePerSecond: number,
  send: (seq: number) => Promise<void>,
): Promise<{ sent: number; seconds: number }> {
  const interval = 1000 / ratePerSecond;
  const inFlight: Promise<void>[] = [];
  const t0 = performance.now();
  for (let seq = 0; seq < total; seq++) {
    const due = t0 + seq * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(seq));
  }
  await Promise.all(inFlight);
  return { sent: inFlight.length, seconds: (performance.now() - t0) / 1000 };
}
