import type { ConnectionAnswer, PlatformPoint, VehiclePlatform } from './adapter.ts';

// The simulated national vehicle platform, shipped in the product and used while no endpoint is configured.
// Deterministic, so a demo and a test see the same answers every time:
// - connected: every plate except those ending in 404 (the documented "not connected" pattern, e.g. 苏A12404),
//   connected since the first day of the year 2024;
// - positions: a fix every minute on the whole minute, moving at a steady 60 km/h in a straight line from the
//   vehicle's current trip's loading place to its unloading place (the trip is what the product knows of it:
//   its active waybill), then standing at the unloading place; no trip, or a plate not connected, no fixes.

/** A plate the simulated platform reports as not connected (documented: ending in 404). */
export const simulatedNotConnected = (plateNo: string) => plateNo.trim().toUpperCase().endsWith('404');

export const SIMULATED_FIX_INTERVAL_MS = 60_000;
const SPEED_KMH = 60;
const CONNECTED_SINCE = new Date('2024-01-01T00:00:00+08:00');

/** Where a vehicle drives in the simulation: from a place to another, leaving at `start`. */
export interface SimulatedTrip {
  from: [number, number];
  to: [number, number];
  start: Date;
}

/** Great-circle distance in metres. */
function metres(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

function bearing(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b[0] - a[0]) * rad) * Math.cos(b[1] * rad);
  const x =
    Math.cos(a[1] * rad) * Math.sin(b[1] * rad) -
    Math.sin(a[1] * rad) * Math.cos(b[1] * rad) * Math.cos((b[0] - a[0]) * rad);
  return Math.round((((Math.atan2(y, x) / rad) % 360) + 360) % 360);
}

export class SimulatedVehiclePlatform implements VehiclePlatform {
  /** Calls answered, for tests. */
  calls = { isConnected: 0, positions: 0 };

  constructor(private readonly tripOf: (plateNo: string, at: Date) => Promise<SimulatedTrip | null>) {}

  async isConnected(plateNo: string, _plateColor: string): Promise<ConnectionAnswer> {
    this.calls.isConnected += 1;
    if (simulatedNotConnected(plateNo)) return { connected: false };
    return { connected: true, since: CONNECTED_SINCE };
  }

  async positions(plateNo: string, from: Date, to: Date): Promise<PlatformPoint[]> {
    this.calls.positions += 1;
    if (simulatedNotConnected(plateNo) || to <= from) return [];
    const trip = await this.tripOf(plateNo, to);
    if (!trip) return [];
    const length = metres(trip.from, trip.to);
    const durationMs = (length / (SPEED_KMH * 1000)) * 3_600_000;
    const direction = bearing(trip.from, trip.to);
    const first = Math.max(from.getTime(), trip.start.getTime());
    const points: PlatformPoint[] = [];
    for (
      let t = Math.ceil(first / SIMULATED_FIX_INTERVAL_MS) * SIMULATED_FIX_INTERVAL_MS;
      t <= to.getTime();
      t += SIMULATED_FIX_INTERVAL_MS
    ) {
      const elapsed = t - trip.start.getTime();
      const f = durationMs > 0 ? Math.min(1, elapsed / durationMs) : 1;
      points.push({
        time: new Date(t),
        lng: Number((trip.from[0] + (trip.to[0] - trip.from[0]) * f).toFixed(6)),
        lat: Number((trip.from[1] + (trip.to[1] - trip.from[1]) * f).toFixed(6)),
        speed: f < 1 ? SPEED_KMH : 0,
        direction: f < 1 ? direction : null,
      });
    }
    return points;
  }
}
