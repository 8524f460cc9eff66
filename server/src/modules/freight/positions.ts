import {
  ACTIVE_SHIPPING_STATUSES,
  type FleetAnswer,
  formatDateTime,
  type LivePosition,
  type LiveState,
  liveStateOf,
  partyScopeOf,
  partySees,
  VEHICLE_OFFLINE_MS,
  vehiclePositionResource,
} from '@freight/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { onFreightEvent } from './events.ts';
import { type hyShippingNote, hyVehiclePosition } from './shippingSchema.ts';

// The live map's data: every vehicle's latest fix with the waybill it is on. The ingest writes the fix, the
// waybill steps write the waybill; a fix older than the one kept is history only.

export const POSITIONS_CHANNEL = 'positions';
type PositionRow = typeof hyVehiclePosition.$inferSelect;

export function livePositionOf(row: PositionRow, now = Date.now()): LivePosition {
  return {
    vehicleId: row.vehicleId,
    plateNo: row.plateNo,
    lng: row.lng,
    lat: row.lat,
    speed: row.speed,
    gpsTime: formatDateTime(row.gpsTime),
    liveState: liveStateOf(row.gpsTime.getTime(), row.noteStatus, now),
    driverName: row.driverName,
    shippingNoteNumber: row.shippingNoteNumber,
    noteId: row.noteId,
    customerId: row.customerId,
    agentId: row.agentId,
    captainId: row.captainId,
  };
}

export interface LatestFix {
  time: Date;
  lng: number;
  lat: number;
  speed: number | null;
  direction: number | null;
  source: number;
}

/** The vehicle and its active waybill as the ingest has already read them (no second lookup per batch). */
export interface FixVehicle {
  id: string;
  plateNo: string | null;
  agentId: string | null;
  captainId: string | null;
}
export interface FixWaybill {
  id: string;
  number: string | null;
  status: number;
  driverName: string | null;
  customerId: string | null;
}

/**
 * Keeps a vehicle's newest fix with its active waybill; answers the stored row when the fix was newer than
 * the one kept (an older fix arriving late changes nothing here).
 */
export async function recordLatestFix(
  db: DbOrTx,
  vehicle: FixVehicle,
  note: FixWaybill | null,
  tenantId: number,
  fix: LatestFix,
): Promise<PositionRow | null> {
  const vehicleId = vehicle.id;
  const values = {
    vehicleId,
    tenantId,
    plateNo: vehicle.plateNo,
    lng: fix.lng,
    lat: fix.lat,
    speed: fix.speed,
    direction: fix.direction,
    gpsTime: fix.time,
    source: fix.source,
    noteId: note?.id ?? null,
    shippingNoteNumber: note?.number ?? null,
    noteStatus: note?.status ?? null,
    driverName: note?.driverName ?? null,
    customerId: note?.customerId ?? null,
    agentId: vehicle.agentId,
    captainId: vehicle.captainId,
    updateTime: new Date(),
  };
  const { vehicleId: _key, ...changes } = values;
  const [stored] = await db
    .insert(hyVehiclePosition)
    .values(values)
    .onConflictDoUpdate({
      target: hyVehiclePosition.vehicleId,
      set: changes,
      setWhere: sql`${hyVehiclePosition.gpsTime} < excluded.gps_time`,
    })
    .returning();
  return stored ?? null;
}

/**
 * Rebuilds the kept positions from the stored track points and the active waybills (after a bulk load of
 * points, e.g. the demo's, or to repair): one statement.
 */
export async function rebuildPositions(db: Db): Promise<number> {
  const active = sql.raw([...ACTIVE_SHIPPING_STATUSES].join(','));
  const result = await db.execute(sql`
    insert into hy_vehicle_position (vehicle_id, tenant_id, plate_no, lng, lat, speed, direction, gps_time, source,
      note_id, shipping_note_number, note_status, driver_name, customer_id, agent_id, captain_id, update_time)
    select p.vehicle_id, p.tenant_id, v.plate_no, p.lng, p.lat, p.speed, p.direction, p.gps_time, p.source,
      n.id, n.shipping_note_number, n.status, n.driver_name, n.customer_id, v.agent_id, v.captain_id, now()
    from (
      select distinct on (vehicle_id) * from hy_track_point order by vehicle_id, gps_time desc
    ) p
    join hy_vehicle v on v.id = p.vehicle_id
    left join lateral (
      select id, shipping_note_number, status, driver_name, customer_id from hy_shipping_note
      where vehicle_id = p.vehicle_id and tenant_id = p.tenant_id and status in (${active})
      order by create_time desc limit 1
    ) n on true
    on conflict (vehicle_id) do update set
      tenant_id = excluded.tenant_id, plate_no = excluded.plate_no, lng = excluded.lng, lat = excluded.lat,
      speed = excluded.speed, direction = excluded.direction, gps_time = excluded.gps_time,
      source = excluded.source, note_id = excluded.note_id, shipping_note_number = excluded.shipping_note_number,
      note_status = excluded.note_status, driver_name = excluded.driver_name,
      customer_id = excluded.customer_id, agent_id = excluded.agent_id, captain_id = excluded.captain_id,
      update_time = excluded.update_time`);
  return Number((result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0);
}

/** A waybill step moves its vehicle's kept waybill: on while the waybill holds the vehicle, off after. */
async function followWaybill(tx: DbOrTx, note: typeof hyShippingNote.$inferSelect): Promise<void> {
  const holds = (ACTIVE_SHIPPING_STATUSES as readonly number[]).includes(note.status);
  const ofVehicle = eq(hyVehiclePosition.vehicleId, note.vehicleId);
  await tx
    .update(hyVehiclePosition)
    .set({
      noteId: holds ? note.id : null,
      shippingNoteNumber: holds ? note.shippingNoteNumber : null,
      noteStatus: holds ? note.status : null,
      driverName: holds ? note.driverName : null,
      customerId: holds ? note.customerId : null,
      updateTime: new Date(),
    })
    // Off: only a position still showing this waybill lets it go.
    .where(holds ? ofVehicle : and(ofVehicle, eq(hyVehiclePosition.noteId, note.id)));
}

export function positionRoutes(app: FastifyInstance, ctx: AppContext): void {
  onFreightEvent(ctx.db, async (tx, event) => {
    if (event.kind === 'noteStep') await followWaybill(tx, event.note);
  });

  const now = () => Date.now();
  const handle = bindResource(app, ctx, vehiclePositionResource, hyVehiclePosition, {
    presentRows: (rows) => {
      const at = now();
      for (const row of rows) {
        const time = row.gpsTime instanceof Date ? row.gpsTime.getTime() : Date.parse(String(row.gpsTime));
        row.liveState = liveStateOf(time, row.noteStatus as number | null, at);
      }
      return rows;
    },
  });

  // The whole fleet in scope at once, compact, for the map (the list pages; the map clusters them all).
  app.get('/map/realtime/positions', { config: { access: perm('map:realtime:list') } }, async (request) => {
    const where = await handle.whereFor(request, {});
    const rows = await ctx.db.select().from(hyVehiclePosition).where(where).limit(POSITIONS_MAX);
    const at = now();
    const positions = rows.map((row) => livePositionOf(row, at));
    const counts: Record<LiveState, number> = { idle: 0, loading: 0, transit: 0, offline: 0 };
    for (const p of positions) counts[p.liveState] += 1;
    return ok<FleetAnswer>({
      positions,
      counts,
      offlineAfterMs: VEHICLE_OFFLINE_MS,
      truncated: rows.length >= POSITIONS_MAX,
    });
  });

  // Fixes as they arrive, for the vehicles this user may see (the list's party rule, row by row).
  app.get(
    '/map/realtime/socket',
    { websocket: true, config: { access: perm('map:realtime:list'), audit: false } },
    (socket, request) => {
      const session = request.session;
      if (!session) {
        socket.close(4401, 'unauthorized');
        return;
      }
      const viewer = { party: partyScopeOf(session.user.userType), partyId: session.user.cid };
      ctx.realtime.addRowSocket({
        socket,
        channel: POSITIONS_CHANNEL,
        tenantId: session.tenantId,
        sees: (row) => partySees(vehiclePositionResource, row, viewer),
      });
      socket.on('error', (error) => request.log.warn({ err: error }, 'position socket error'));
      socket.on('message', (raw: Buffer) => {
        if (raw.toString() === 'HeartBeat') socket.send(JSON.stringify({ type: 'heartcheck' }));
      });
    },
  );
}

/** The map's fleet is capped: past this, the list (paged, searchable) is the way in. */
const POSITIONS_MAX = 20_000;
