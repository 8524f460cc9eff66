import { performance } from 'node:perf_hooks';
import { openLoop } from './openLoop.ts';

// The ingest load of `npm run bench:map`, in a process of its own so that it never shares the server's event
// loop: an open loop that sends one batch every 1000/rate ms on schedule (a late answer does not delay the next
// send), round-robin over the vehicles, each batch the next `batch` one-second fixes of its vehicle.
// Prints one JSON line: { sent, failed, latenciesMs (sorted) }.
const [baseUrl, appKey, vehiclesArg, rateArg, secondsArg, batchArg] = process.argv.slice(2);
const vehicles = vehiclesArg.split(',');
const ratePerSecond = Number(rateArg);
const seconds = Number(secondsArg);
const batch = Number(batchArg);

const startedAt = Date.now();
// Each vehicle's clock starts an hour back and moves a second per fix: every batch holds new fixes.
const clocks = new Map(vehicles.map((id) => [id, startedAt - 3_600_000]));
const latencies: number[] = [];
let failed = 0;

function body(vehicleId: string, seq: number): string {
  let at = clocks.get(vehicleId) ?? startedAt;
  const points = [];
  for (let i = 0; i < batch; i++) {
    at += 1000;
    points.push({
      time: new Date(at).toISOString(),
      lng: 118 + ((seq * 7 + i) % 3000) / 1000,
      lat: 31 + ((seq * 3 + i) % 2000) / 1000,
      speed: 60,
    });
  }
  clocks.set(vehicleId, at);
  return JSON.stringify({ vehicleId, points });
}

async function send(seq: number): Promise<void> {
  const vehicleId = vehicles[seq % vehicles.length];
  const payload = body(vehicleId, seq);
  const began = performance.now();
  try {
    const response = await fetch(`${baseUrl}/track/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-key': appKey },
      body: payload,
    });
    const json = (await response.json()) as { success?: boolean };
    if (!json.success) failed += 1;
  } catch {
    failed += 1;
  }
  latencies.push(performance.now() - began);
}

const { sent, seconds: took } = await openLoop(Math.round(ratePerSecond * seconds), ratePerSecond, send);
latencies.sort((a, b) => a - b);
console.log(JSON.stringify({ sent, failed, seconds: took, latenciesMs: latencies }));
