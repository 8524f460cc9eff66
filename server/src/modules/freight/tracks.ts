import {
  ACTIVE_SHIPPING_STATUSES,
  detectStops,
  formatDateTime,
  pathLengthMetres,
  simplifyTrack,
  TRACK_WINDOW_MAX_MS,
  type TrackPoint,
  type TrackResult,
  type trackIngestBody,
  trackQuery,
  USER_TYPE,
} from '@freight/contracts';
import { and, asc, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { isCustomerUser } from './orders.ts';
import { hyVehicle } from './partySchema.ts';
import { recordLatestFix } from './positions.ts';
import { actorOf } from './requestActor.ts';
import { hyShippingNote, hyTrackPoint, type hyVehiclePosition } from './shippingSchema.ts';

// GPS tracks: points per vehicle, idempotent by vehicle + time, sent only by track sources
// with an app key (trackSources.ts), never by a console user; a note's track is its vehicle's points between
// load and unload; queries answer a Douglas–Peucker line with stops.

const INSERT_CHUNK = 1_000;

async function vehicleOf(db: Db, tenantId: number, vehicleId?: string, plateNo?: string) {
  const [vehicle] = await db
    .select({
      id: hyVehicle.id,
      plateNo: hyVehicle.plateNo,
      agentId: hyVehicle.agentId,
      captainId: hyVehicle.captainId,
    })
    .from(hyVehicle)
    .where(
      and(
        eq(hyVehicle.tenantId, tenantId),
        vehicleId ? eq(hyVehicle.id, vehicleId) : eq(hyVehicle.plateNo, plateNo ?? ''),
      ),
    )
    .limit(1);
  if (!vehicle) throw bizError('车辆不存在');
  return vehicle;
}

/** A track source as the ingest knows it after checking its key. */
export interface TrackSender {
  /** The hy_track_source row; null for a pull by the product itself (the national vehicle platform). */
  id: string | null;
  tenantId: number;
  kind: number;
}

/**
 * Stores a batch of fixes of one vehicle of the sender's tenant, attached to the vehicle's active waybill.
 * Points may come in any order and more than once (a device resending after a lost answer): a fix already
 * stored for that vehicle and instant is skipped, not doubled.
 */
export async function ingestTrack(
  db: Db,
  sender: TrackSender,
  body: z.infer<typeof trackIngestBody>,
): Promise<{
  vehicleId: string;
  noteId: string | null;
  received: number;
  inserted: number;
  /** The vehicle's kept position, when this batch held its newest fix. */
  position: typeof hyVehiclePosition.$inferSelect | null;
}> {
  const vehicle = await vehicleOf(db, sender.tenantId, body.vehicleId, body.plateNo);
  const [active] = await db
    .select({
      id: hyShippingNote.id,
      number: hyShippingNote.shippingNoteNumber,
      status: hyShippingNote.status,
      driverName: hyShippingNote.driverName,
      customerId: hyShippingNote.customerId,
    })
    .from(hyShippingNote)
    .where(
      and(
        eq(hyShippingNote.vehicleId, vehicle.id),
        eq(hyShippingNote.tenantId, sender.tenantId),
        inArray(hyShippingNote.status, [...ACTIVE_SHIPPING_STATUSES]),
      ),
    )
    .orderBy(desc(hyShippingNote.createTime))
    .limit(1);
  const byTime = new Map<number, (typeof body.points)[number]>();
  for (const p of body.points) byTime.set(p.time.getTime(), p);
  const points = [...byTime.values()].sort((a, b) => a.time.getTime() - b.time.getTime());
  let inserted = 0;
  for (let i = 0; i < points.length; i += INSERT_CHUNK) {
    const rows = points.slice(i, i + INSERT_CHUNK).map((p) => ({
      vehicleId: vehicle.id,
      gpsTime: p.time,
      lng: p.lng,
      lat: p.lat,
      speed: p.speed === null || p.speed === undefined ? null : Math.round(p.speed),
      direction: p.direction === null || p.direction === undefined ? null : Math.round(p.direction),
      source: sender.kind,
      sourceId: sender.id,
      noteId: active?.id ?? null,
      tenantId: sender.tenantId,
    }));
    const stored = await db
      .insert(hyTrackPoint)
      .values(rows)
      .onConflictDoNothing({ target: [hyTrackPoint.vehicleId, hyTrackPoint.gpsTime] })
      .returning({ t: hyTrackPoint.gpsTime });
    inserted += stored.length;
  }
  const newest = points.at(-1);
  const position = newest
    ? await recordLatestFix(db, vehicle, active ?? null, sender.tenantId, {
        time: newest.time,
        lng: newest.lng,
        lat: newest.lat,
        speed: newest.speed === null || newest.speed === undefined ? null : Math.round(newest.speed),
        direction:
          newest.direction === null || newest.direction === undefined ? null : Math.round(newest.direction),
        source: sender.kind,
      })
    : null;
  return {
    vehicleId: vehicle.id,
    noteId: active?.id ?? null,
    received: body.points.length,
    inserted,
    position,
  };
}

/** A vehicle's track points from `begin` to `end`, both included. */
export function pointsBetween(vehicleId: string, begin: Date, end: Date): SQL | undefined {
  return and(
    eq(hyTrackPoint.vehicleId, vehicleId),
    gte(hyTrackPoint.gpsTime, begin),
    lte(hyTrackPoint.gpsTime, end),
  );
}

/** The simplified line and stops of a vehicle between two instants. */
export async function trackOf(
  db: Db,
  vehicle: { id: string; plateNo: string },
  begin: Date,
  end: Date,
  toleranceM: number,
): Promise<TrackResult> {
  const rows = await db
    .select({
      time: hyTrackPoint.gpsTime,
      lng: hyTrackPoint.lng,
      lat: hyTrackPoint.lat,
      speed: hyTrackPoint.speed,
    })
    .from(hyTrackPoint)
    .where(pointsBetween(vehicle.id, begin, end))
    .orderBy(asc(hyTrackPoint.gpsTime));
  const points: TrackPoint[] = rows.map((row) => ({
    lng: row.lng,
    lat: row.lat,
    time: row.time.getTime(),
    speed: row.speed,
  }));
  const line = simplifyTrack(points, toleranceM);
  return {
    vehicleId: vehicle.id,
    plateNo: vehicle.plateNo,
    begin: formatDateTime(begin),
    end: formatDateTime(end),
    rawCount: points.length,
    distanceM: Math.round(pathLengthMetres(points)),
    points: line.map((p) => [p.lng, p.lat, p.time, p.speed ?? null]),
    stops: detectStops(points),
  };
}

/** A note's track: its vehicle from loading (or acceptance) to unloading (or now while on the road). */
async function noteTrack(
  db: Db,
  request: FastifyRequest,
  note: { id?: string; number?: string },
  toleranceM: number,
) {
  const actor = actorOf(request);
  const conditions = [
    note.id ? eq(hyShippingNote.id, note.id) : eq(hyShippingNote.shippingNoteNumber, note.number ?? ''),
    eq(hyShippingNote.tenantId, actor.tenantId),
  ];
  if (isCustomerUser(actor.userType)) conditions.push(eq(hyShippingNote.customerId, actor.cid ?? ''));
  const [found] = await db
    .select()
    .from(hyShippingNote)
    .where(and(...conditions));
  if (!found) throw bizError('未找到对应运单');
  return trackOfNote(db, found, toleranceM);
}

export async function trackOfNote(db: Db, note: typeof hyShippingNote.$inferSelect, toleranceM: number) {
  const begin = note.loadTime ?? note.acceptTime;
  if (!begin) throw bizError('运单尚未装货，没有轨迹');
  const end = note.unloadTime ?? new Date();
  const result = await trackOf(
    db,
    { id: note.vehicleId, plateNo: note.plateNo ?? '' },
    begin,
    end,
    toleranceM,
  );
  result.note = {
    id: note.id,
    shippingNoteNumber: note.shippingNoteNumber,
    loadLng: note.loadLng,
    loadLat: note.loadLat,
    unloadLng: note.unloadLng,
    unloadLat: note.unloadLat,
    loadAddress: `${note.loadCity}${note.loadAddress}`,
    unloadAddress: `${note.unloadCity}${note.unloadAddress}`,
  };
  return result;
}

export function trackRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The note's track from the shipping lists (track-query list, note detail).
  r.get(
    '/shipping/hyShippingNote/track',
    permitted('shipping:track:list', { querystring: trackQuery.extend({ id: z.string().min(1).max(32) }) }),
    async (request) => ok(await noteTrack(db, request, { id: request.query.id }, request.query.tolerance)),
  );

  // The map's track query (/map/track): a note, or a vehicle over a window of at most three days.
  r.get('/map/track/query', permitted('map:track', { querystring: trackQuery }), async (request) => {
    const q = request.query;
    if (q.noteId || q.noteNo)
      return ok(await noteTrack(db, request, { id: q.noteId, number: q.noteNo }, q.tolerance));
    const actor = actorOf(request);
    // A vehicle's whole day may cross other customers' trips: only platform staff query by vehicle.
    if (actor.userType !== USER_TYPE.system) throw bizError('请按运单查询轨迹');
    if (!q.vehicleId && !q.plateNo) throw bizError('请选择车辆或运单');
    if (!q.begin || !q.end) throw bizError('请选择开始和结束时间');
    if (q.end <= q.begin) throw bizError('结束时间必须晚于开始时间');
    if (q.end.getTime() - q.begin.getTime() > TRACK_WINDOW_MAX_MS) throw bizError('一次最多查询3天的轨迹');
    const vehicle = await vehicleOf(db, actor.tenantId, q.vehicleId, q.plateNo);
    return ok(await trackOf(db, vehicle, q.begin, q.end, q.tolerance));
  });
}
