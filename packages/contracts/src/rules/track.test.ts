import { describe, expect, it } from 'vitest';
import {
  detectStops,
  distanceMetres,
  isValidCoordinate,
  pathLengthMetres,
  simplifyTrack,
  type TrackPoint,
} from './track.ts';

// 0.001° of latitude ≈ 111.2 m everywhere.
const NANJING = { lng: 118.7969, lat: 32.0603 };

describe('distance', () => {
  it('measures metres on the sphere', () => {
    expect(distanceMetres(NANJING, { lng: NANJING.lng, lat: NANJING.lat + 0.001 })).toBeCloseTo(111.2, 0);
    // Nanjing – Shanghai city centres ≈ 270 km
    const d = distanceMetres(NANJING, { lng: 121.4737, lat: 31.2304 });
    expect(d).toBeGreaterThan(265_000);
    expect(d).toBeLessThan(275_000);
    expect(pathLengthMetres([NANJING, { lng: NANJING.lng, lat: NANJING.lat + 0.002 }])).toBeCloseTo(222.4, 0);
  });
});

describe('Douglas–Peucker', () => {
  it('drops points on a straight line and keeps the corner', () => {
    const line = Array.from({ length: 101 }, (_, i) => ({ lng: NANJING.lng + i * 0.001, lat: NANJING.lat }));
    const corner = Array.from({ length: 100 }, (_, i) => ({
      lng: NANJING.lng + 0.1,
      lat: NANJING.lat + (i + 1) * 0.001,
    }));
    const out = simplifyTrack([...line, ...corner], 10);
    expect(out).toHaveLength(3);
    expect(out[1]).toEqual(line[100]);
  });

  it('keeps a bump larger than the tolerance and drops one smaller', () => {
    const pts = Array.from({ length: 21 }, (_, i) => ({ lng: NANJING.lng + i * 0.001, lat: NANJING.lat }));
    const bumped = pts.map((p, i) => (i === 10 ? { ...p, lat: p.lat + 0.0005 } : p)); // ≈ 55.6 m off
    expect(simplifyTrack(bumped, 100)).toHaveLength(2);
    expect(simplifyTrack(bumped, 20)).toHaveLength(5); // the bump and the two points beside it
    expect(simplifyTrack(bumped, 0)).toHaveLength(21);
    expect(simplifyTrack(bumped.slice(0, 2), 10)).toHaveLength(2);
  });

  it('simplifies a day of 10 s points quickly', () => {
    const day = Array.from({ length: 8_640 }, (_, i) => ({
      lng: NANJING.lng + i * 0.0003 + Math.sin(i / 50) * 0.002,
      lat: NANJING.lat + Math.cos(i / 70) * 0.002,
    }));
    const started = performance.now();
    const out = simplifyTrack(day, 15);
    expect(performance.now() - started).toBeLessThan(200);
    expect(out.length).toBeLessThan(day.length / 4);
    expect(out[0]).toBe(day[0]);
    expect(out.at(-1)).toBe(day.at(-1));
  });
});

describe('stops', () => {
  const at = (minute: number, dLat: number): TrackPoint => ({
    lng: NANJING.lng,
    lat: NANJING.lat + dLat,
    time: Date.UTC(2026, 2, 15, 0, 0) + minute * 60_000,
  });

  it('finds a 40 minute stop within 500 m and ignores a 20 minute one', () => {
    const pts: TrackPoint[] = [];
    let m = 0;
    // drive 10 min, 1 km per minute
    for (let i = 0; i < 10; i++) pts.push(at(m++, i * 0.009));
    // stop 40 min jittering within 100 m
    const stopLat = 10 * 0.009;
    for (let i = 0; i <= 40; i++) pts.push(at(m++, stopLat + (i % 2) * 0.0005));
    // drive 10 min
    for (let i = 1; i <= 10; i++) pts.push(at(m++, stopLat + 0.01 + i * 0.009));
    // stop 20 min
    const shortLat = stopLat + 0.01 + 10 * 0.009;
    for (let i = 0; i < 20; i++) pts.push(at(m++, shortLat));
    const stops = detectStops(pts);
    expect(stops).toHaveLength(1);
    expect(stops[0].minutes).toBe(40);
    expect(stops[0].start).toBe(pts[10].time);
    expect(Math.abs(stops[0].lat - (NANJING.lat + stopLat))).toBeLessThan(0.001);
    expect(detectStops(pts, 500, 15)).toHaveLength(2);
  });
});

describe('coordinates', () => {
  it('accepts WGS-84 ranges and refuses (0,0) and NaN', () => {
    expect(isValidCoordinate(118.79, 32.06)).toBe(true);
    expect(isValidCoordinate(0, 0)).toBe(false);
    expect(isValidCoordinate(181, 10)).toBe(false);
    expect(isValidCoordinate(Number.NaN, 10)).toBe(false);
  });
});
