// Track geometry: Douglas–Peucker simplification (so a day of 10 s points draws fast) and
// stop detection (domain.md risk control: a stop is ≥ 30 min moving less than 500 m). Pure functions over
// WGS-84 points; distances in metres on a local equirectangular projection, which is exact enough at the
// scale of a few kilometres that both algorithms work at.

export interface TrackPoint {
  lng: number;
  lat: number;
  /** Epoch milliseconds. */
  time: number;
  /** km/h */
  speed?: number | null;
  direction?: number | null;
}

export interface TrackStop {
  lng: number;
  lat: number;
  start: number;
  end: number;
  minutes: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(
  a: Pick<TrackPoint, 'lng' | 'lat'>,
  b: Pick<TrackPoint, 'lng' | 'lat'>,
): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a path in metres. */
export function pathLengthMetres(points: ReadonlyArray<Pick<TrackPoint, 'lng' | 'lat'>>): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceMetres(points[i - 1], points[i]);
  return total;
}

/**
 * Douglas–Peucker: the fewest points such that no dropped point lies farther than `toleranceM` metres
 * from the kept line. Iterative (a day of points would overflow a recursive version's stack on a
 * straight road) and O(n log n) on real tracks.
 */
export function simplifyTrack<P extends Pick<TrackPoint, 'lng' | 'lat'>>(
  points: readonly P[],
  toleranceM: number,
): P[] {
  const n = points.length;
  if (n <= 2 || toleranceM <= 0) return [...points];
  // Project once to metres around the first point.
  const lat0 = points[0].lat * RAD;
  const kx = Math.cos(lat0) * EARTH_RADIUS_M * RAD;
  const ky = EARTH_RADIUS_M * RAD;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = (points[i].lng - points[0].lng) * kx;
    ys[i] = (points[i].lat - points[0].lat) * ky;
  }
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const tol2 = toleranceM * toleranceM;
  const stack: Array<[number, number]> = [[0, n - 1]];
  while (stack.length) {
    const [first, last] = stack.pop() as [number, number];
    const ax = xs[first];
    const ay = ys[first];
    const dx = xs[last] - ax;
    const dy = ys[last] - ay;
    const len2 = dx * dx + dy * dy;
    let maxD = -1;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      let px = xs[i] - ax;
      let py = ys[i] - ay;
      if (len2 > 0) {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
        px -= t * dx;
        py -= t * dy;
      }
      const d2 = px * px + py * py;
      if (d2 > maxD) {
        maxD = d2;
        index = i;
      }
    }
    if (index !== -1 && maxD > tol2) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  const out: P[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(points[i]);
  return out;
}

/**
 * Stops: runs of consecutive points that stay within `radiusM` of the run's first point for at least
 * `minMinutes` (domain.md defaults: 500 m, 30 min). Points must be in time order.
 */
export function detectStops(points: readonly TrackPoint[], radiusM = 500, minMinutes = 30): TrackStop[] {
  const stops: TrackStop[] = [];
  let i = 0;
  while (i < points.length) {
    const anchor = points[i];
    let j = i + 1;
    while (j < points.length && distanceMetres(anchor, points[j]) < radiusM) j++;
    const last = points[j - 1];
    const minutes = (last.time - anchor.time) / 60_000;
    if (minutes >= minMinutes) {
      let lng = 0;
      let lat = 0;
      for (let k = i; k < j; k++) {
        lng += points[k].lng;
        lat += points[k].lat;
      }
      stops.push({
        lng: lng / (j - i),
        lat: lat / (j - i),
        start: anchor.time,
        end: last.time,
        minutes: Math.round(minutes),
      });
      i = j;
    } else {
      i++;
    }
  }
  return stops;
}

/** A coordinate a GPS device may send: WGS-84 longitude/latitude within range and not (0, 0). */
export function isValidCoordinate(lng: number, lat: number): boolean {
  return (
    Number.isFinite(lng) &&
    Number.isFinite(lat) &&
    lng >= -180 &&
    lng <= 180 &&
    lat >= -90 &&
    lat <= 90 &&
    !(lng === 0 && lat === 0)
  );
}
