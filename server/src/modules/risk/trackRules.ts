import { SHIPPING_STATUS } from '@freight/contracts';
import { and, asc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import { hyOrder, hyShippingNote, hyTrackPoint, type NoteRow } from '../freight/index.ts';
import { jsonOutcomeJob } from '../system/index.ts';
import { type RuleSettings, settingsFor } from './params.ts';
import { type Finding, raiseWarnings } from './warnings.ts';

// The time-based rules, run on a schedule over the track points of the waybills on the road (and those
// unloaded within the last day, whose last leg may not have been checked): impossible speed between two
// points, stops (staying within R metres for N minutes), no position for N hours, the first and last point
// away from the loading and unloading place (track vs route), and a trip on the road longer than its
// planned distance allows (transport timeout).

export const RISK_SCAN_JOB = 'riskTrackScan';
/** Within this distance of the loading or unloading place a truck is at work, not stopped en route. */
const PLACE_RADIUS_M = 2000;

export interface TrackPoint {
  gpsTime: Date;
  lng: number;
  lat: number;
}

/** Great-circle distance in metres. */
export function distanceM(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const hhmm = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Stops: from each point, the run of points within the radius; one lasting the minimum is a stop. */
export function findStops(points: TrackPoint[], minMinutes: number, radiusM: number) {
  const stops: Array<{ from: TrackPoint; to: TrackPoint; minutes: number }> = [];
  let i = 0;
  while (i < points.length) {
    let j = i + 1;
    while (j < points.length && distanceM(points[i], points[j]) < radiusM) j++;
    const last = points[j - 1];
    const minutes = (last.gpsTime.getTime() - points[i].gpsTime.getTime()) / 60_000;
    if (j - 1 > i && minutes >= minMinutes) {
      stops.push({ from: points[i], to: last, minutes: Math.round(minutes) });
      i = j;
    } else i++;
  }
  return stops;
}

/** The fastest leg between two consecutive points, km/h (legs shorter than a minute are too noisy). */
export function fastestLeg(points: TrackPoint[]) {
  let best: { kmh: number; from: TrackPoint; to: TrackPoint } | null = null;
  for (let k = 1; k < points.length; k++) {
    const hours = (points[k].gpsTime.getTime() - points[k - 1].gpsTime.getTime()) / 3_600_000;
    if (hours < 1 / 60) continue;
    const kmh = distanceM(points[k - 1], points[k]) / 1000 / hours;
    if (!best || kmh > best.kmh) best = { kmh, from: points[k - 1], to: points[k] };
  }
  return best;
}

const place = (lng: number | null, lat: number | null) =>
  typeof lng === 'number' && typeof lat === 'number' ? { lng, lat } : null;

/** Track vs route: the first point after loading near the loading place, the last before unloading near the unloading place. */
function routeFindings(note: NoteRow, points: TrackPoint[], rules: RuleSettings): Finding[] {
  const { trackRoute } = rules;
  const first = points[0];
  const last = points.at(-1);
  if (!trackRoute.enabled || !first || !last) return [];
  const radiusM = trackRoute.params.radiusKm * 1000;
  const ends: Array<[string, string, TrackPoint, { lng: number; lat: number } | null]> = [
    ['load', '装货地', first, place(note.loadLng, note.loadLat)],
  ];
  if (note.unloadTime) ends.push(['unload', '卸货地', last, place(note.unloadLng, note.unloadLat)]);
  const out: Finding[] = [];
  for (const [end, name, point, at] of ends) {
    if (!at) continue;
    const km = distanceM(point, at) / 1000;
    if (km * 1000 <= radiusM) continue;
    out.push({
      rule: 'trackRoute',
      severity: trackRoute.severity,
      key: `trackRoute:${end}`,
      message: `轨迹偏离：${end === 'load' ? '装货后首个' : '卸货前末个'}轨迹点（${hhmm(point.gpsTime)}）距${name}${km.toFixed(1)}公里，超过${trackRoute.params.radiusKm}公里`,
      evidence: { end, point, place: at, km: Math.round(km * 10) / 10 },
    });
  }
  return out;
}

/** Transport timeout: still on the road after the planned distance at the planned speed plus the grace hours. */
function timeoutFindings(note: NoteRow, plannedKm: number | null, rules: RuleSettings, now: Date): Finding[] {
  const { transportTimeout: rule } = rules;
  const onRoad = note.status === SHIPPING_STATUS.loaded || note.status === SHIPPING_STATUS.inTransit;
  if (!rule.enabled || !onRoad || !note.loadTime || !plannedKm || plannedKm <= 0) return [];
  const { speedKmh, graceHours } = rule.params;
  const allowedH = plannedKm / speedKmh + graceHours;
  const due = new Date(note.loadTime.getTime() + allowedH * 3_600_000);
  if (now <= due) return [];
  const overH = Math.round(((now.getTime() - due.getTime()) / 3_600_000) * 10) / 10;
  return [
    {
      rule: 'transportTimeout',
      severity: rule.severity,
      key: 'transportTimeout',
      message: `运输超时：${hhmm(note.loadTime)}装货，计划里程${plannedKm}公里按${speedKmh}km/h加宽限${graceHours}小时应于${hhmm(due)}前卸货，已超时${overH}小时`,
      evidence: { loadTime: note.loadTime, plannedKm, speedKmh, graceHours, due, overHours: overH },
    },
  ];
}

export function trackFindings(
  note: NoteRow,
  points: TrackPoint[],
  rules: RuleSettings,
  now: Date,
  plannedKm: number | null = null,
): Finding[] {
  const out: Finding[] = [
    ...routeFindings(note, points, rules),
    ...timeoutFindings(note, plannedKm, rules, now),
  ];
  const { stop, speed, noLocation } = rules;
  // Standing at the loading or unloading place (weighbridge, queue) is the work, not a stop en route.
  const places = [
    { lng: note.loadLng, lat: note.loadLat },
    { lng: note.unloadLng, lat: note.unloadLat },
  ].filter((p): p is { lng: number; lat: number } => typeof p.lng === 'number' && typeof p.lat === 'number');
  const atPlace = (p: TrackPoint) => places.some((place) => distanceM(p, place) < PLACE_RADIUS_M);
  if (stop.enabled)
    for (const s of findStops(points, stop.params.minMinutes, stop.params.radiusM)) {
      if (atPlace(s.from) || atPlace(s.to)) continue;
      out.push({
        rule: 'stop',
        severity: stop.severity,
        key: `stop:${s.from.gpsTime.toISOString()}`,
        message: `异常停车：${hhmm(s.from.gpsTime)}起在${stop.params.radiusM}米范围内停留${s.minutes}分钟`,
        evidence: { from: s.from, to: s.to, minutes: s.minutes },
      });
    }
  if (speed.enabled) {
    const leg = fastestLeg(points);
    if (leg && leg.kmh > speed.params.maxKmh)
      out.push({
        rule: 'speed',
        severity: speed.severity,
        key: 'speed',
        message: `速度异常：${hhmm(leg.from.gpsTime)}至${hhmm(leg.to.gpsTime)}平均时速${Math.round(leg.kmh)}km/h，超过${speed.params.maxKmh}km/h`,
        evidence: { from: leg.from, to: leg.to, kmh: Math.round(leg.kmh) },
      });
  }
  if (noLocation.enabled && note.status === SHIPPING_STATUS.inTransit) {
    const last = points.at(-1)?.gpsTime ?? note.departTime;
    if (last && now.getTime() - last.getTime() >= noLocation.params.hours * 3_600_000)
      out.push({
        rule: 'noLocation',
        severity: noLocation.severity,
        key: `noLocation:${last.toISOString()}`,
        message: `定位缺失：自${hhmm(last)}起超过${noLocation.params.hours}小时没有定位`,
        evidence: { lastPointTime: last },
      });
  }
  return out;
}

export interface ScanOutcome {
  notes: number;
  warnings: number;
}

/** One scan over the waybills on the road: each note's new findings become warnings in its own transaction. */
export async function runRiskScan(db: Db, now = new Date()): Promise<ScanOutcome> {
  const since = new Date(now.getTime() - 86_400_000);
  const notes = await db
    .select()
    .from(hyShippingNote)
    .where(
      or(
        inArray(hyShippingNote.status, [SHIPPING_STATUS.loaded, SHIPPING_STATUS.inTransit]),
        and(eq(hyShippingNote.status, SHIPPING_STATUS.unloaded), gte(hyShippingNote.unloadTime, since)),
      ),
    )
    .limit(5000);
  const outcome: ScanOutcome = { notes: notes.length, warnings: 0 };
  const orderIds = [...new Set(notes.map((n) => n.orderId))];
  const distances = new Map<string, number | null>();
  for (let i = 0; i < orderIds.length; i += 1000)
    for (const o of await db
      .select({ id: hyOrder.id, km: hyOrder.plannedDistanceKm })
      .from(hyOrder)
      .where(inArray(hyOrder.id, orderIds.slice(i, i + 1000))))
      distances.set(o.id, o.km);
  const settings = new Map<string, RuleSettings>();
  for (const note of notes) {
    const cacheKey = `${note.tenantId}:${note.customerId}`;
    let rules = settings.get(cacheKey);
    if (!rules) {
      rules = await settingsFor(db, note.tenantId, note.customerId);
      settings.set(cacheKey, rules);
    }
    const points = await db
      .select({ gpsTime: hyTrackPoint.gpsTime, lng: hyTrackPoint.lng, lat: hyTrackPoint.lat })
      .from(hyTrackPoint)
      .where(
        and(
          eq(hyTrackPoint.vehicleId, note.vehicleId),
          gte(hyTrackPoint.gpsTime, note.loadTime ?? note.acceptTime ?? note.createTime),
          lte(hyTrackPoint.gpsTime, note.unloadTime ?? now),
        ),
      )
      .orderBy(asc(hyTrackPoint.gpsTime))
      .limit(20_000);
    const findings = trackFindings(note, points, rules, now, distances.get(note.orderId) ?? null);
    if (findings.length === 0) continue;
    const raised = await db.transaction((tx) => raiseWarnings(db, tx, note, findings, 'job', 'system'));
    outcome.warnings += raised.length;
  }
  return outcome;
}

export function riskScanJob(ctx: AppContext): JobDefinition {
  return jsonOutcomeJob(
    {
      key: RISK_SCAN_JOB,
      title: '风控轨迹检查',
      description: '检查在途运单的轨迹：速度异常、异常停车、定位缺失、轨迹偏离、运输超时，发现即生成预警',
    },
    () => runRiskScan(ctx.db),
  );
}
