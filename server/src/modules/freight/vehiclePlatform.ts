import {
  isHeavyVehicle,
  SHIPPING_STATUS,
  USER_TYPE,
  VEHICLE_NET_MSG,
  VEHICLE_NET_STATE,
  type VehiclePlatformPull,
  type VehiclePlatformSettings,
  vehiclePlatformSettingsBody,
} from '@freight/contracts';
import { and, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { withDeadline } from '../../platform/http/deadline.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound, unauthorized } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import { hySetting, saveSettings } from '../apps/index.ts';
import {
  decryptSecret,
  encryptSecret,
  jsonOutcomeJob,
  loadDataSourceKey,
  seedQuartzJobs,
} from '../system/index.ts';
import { hyVehicle } from './partySchema.ts';
import { livePositionOf, POSITIONS_CHANNEL } from './positions.ts';
import { actorOf } from './requestActor.ts';
import { hyShippingNote, hyTrackPoint } from './shippingSchema.ts';
import { ingestTrack, pointsBetween } from './tracks.ts';
import {
  type ConnectionAnswer,
  VEHICLE_PLATFORM_WINDOW_MS,
  type VehiclePlatform,
  type VehiclePlatformCredentials,
  VehiclePlatformUnavailable,
} from './vehiclePlatform/adapter.ts';
import { type SimulatedTrip, SimulatedVehiclePlatform } from './vehiclePlatform/simulated.ts';

// 全国道路货运车辆公共监管与服务平台: the 入网 check of a vehicle at registration, edit and review, and the pull of
// heavy trucks' Beidou positions for their waybills in transit into the track ingest (same duplicate and
// out-of-order tolerance as a track source's upload). Credentials are platform settings; the secret is stored
// encrypted and answered only masked.

const KEYS = {
  endpoint: 'vehicle_platform_endpoint',
  account: 'vehicle_platform_account',
  secret: 'vehicle_platform_secret',
} as const;
/** Waybills whose vehicle is on the road between loading and unloading. */
const PULLED_STATUSES = [SHIPPING_STATUS.loaded, SHIPPING_STATUS.inTransit];
/** Beidou, in the `track_source` dictionary. */
const BEIDOU_SOURCE = 2;
/** A pull looks back at most this far (the platform's history is asked day by day). */
const PULL_LOOKBACK_MS = 3 * VEHICLE_PLATFORM_WINDOW_MS;
/** How long a check of a real platform may take: the registration waits for it. */
const CHECK_TIMEOUT_MS = 5_000;
/** A stored "connected" this recent lets a review pass while the platform does not answer. */
const CONNECTED_FRESH_MS = 7 * 86_400_000;
export const VEHICLE_PLATFORM_JOB = 'vehiclePlatformPull';
export const TRACK_PULL_PERMISSION = 'shipping:track:pull';

/** Clients of real platforms by endpoint (none shipped: the product ships the simulated platform). */
export type VehiclePlatformClientFactory = (credentials: VehiclePlatformCredentials) => VehiclePlatform;

interface PlatformState {
  simulated: SimulatedVehiclePlatform;
  /** A test or a deployment's client for http(s) endpoints. */
  client: VehiclePlatformClientFactory | null;
}
const states = new WeakMap<AppContext, PlatformState>();

/** The simulated trip of a plate: its latest waybill on the road, from loading to unloading place. */
function tripsOf(db: Db) {
  return async (plateNo: string, at: Date): Promise<SimulatedTrip | null> => {
    const [note] = await db
      .select({
        loadLng: hyShippingNote.loadLng,
        loadLat: hyShippingNote.loadLat,
        unloadLng: hyShippingNote.unloadLng,
        unloadLat: hyShippingNote.unloadLat,
        loadTime: hyShippingNote.loadTime,
        departTime: hyShippingNote.departTime,
      })
      .from(hyShippingNote)
      .innerJoin(hyVehicle, eq(hyVehicle.id, hyShippingNote.vehicleId))
      .where(
        and(
          eq(hyVehicle.plateNo, plateNo),
          inArray(hyShippingNote.status, [...PULLED_STATUSES, SHIPPING_STATUS.unloaded]),
          lte(hyShippingNote.loadTime, at),
        ),
      )
      .orderBy(desc(hyShippingNote.loadTime))
      .limit(1);
    const start = note?.departTime ?? note?.loadTime;
    if (!note || !start || note.loadLng === null || note.loadLat === null) return null;
    if (note.unloadLng === null || note.unloadLat === null) return null;
    return { from: [note.loadLng, note.loadLat], to: [note.unloadLng, note.unloadLat], start };
  };
}

export function registerVehiclePlatform(ctx: AppContext): PlatformState {
  const state: PlatformState = { simulated: new SimulatedVehiclePlatform(tripsOf(ctx.db)), client: null };
  states.set(ctx, state);
  return state;
}

/** The simulated platform of an app, and the hook a deployment or test uses for a real client. */
export function vehiclePlatformState(ctx: AppContext): PlatformState {
  const found = states.get(ctx);
  if (!found) throw new Error('vehicle platform not registered');
  return found;
}

async function readSettings(db: DbOrTx): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: hySetting.settingKey, value: hySetting.settingValue })
    .from(hySetting)
    .where(and(eq(hySetting.tenantId, 0), inArray(hySetting.settingKey, Object.values(KEYS))));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

const isSimulated = (endpoint: string) => endpoint === '' || endpoint.toLowerCase().startsWith('sim://');

function maskOf(secret: string): string {
  return secret ? `******${secret.length > 6 ? secret.slice(-2) : ''}` : '';
}

/** The adapter for the stored settings: the simulated platform unless an http(s) endpoint has a client. */
export async function vehiclePlatformOf(ctx: AppContext, db: DbOrTx = ctx.db): Promise<VehiclePlatform> {
  const state = vehiclePlatformState(ctx);
  const stored = await readSettings(db);
  const endpoint = stored[KEYS.endpoint] ?? '';
  if (isSimulated(endpoint)) return state.simulated;
  if (!state.client) throw new VehiclePlatformUnavailable(`no client for ${endpoint}`);
  const sealed = stored[KEYS.secret] ?? '';
  // Inside a write's transaction the key is read through it (the embedded database has one connection).
  const secret = sealed ? decryptSecret(await loadDataSourceKey(db as Db), sealed) : '';
  return state.client({ endpoint, account: stored[KEYS.account] ?? '', secret });
}

/** A platform call that answers in time; a timeout or any failure is the platform being unavailable. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  const unavailable = (error: unknown) =>
    error instanceof VehiclePlatformUnavailable ? error : new VehiclePlatformUnavailable(String(error));
  return withDeadline(
    promise.catch((error: unknown) => {
      throw unavailable(error);
    }),
    ms,
    () => new VehiclePlatformUnavailable('timeout'),
  );
}

export interface NetCheck {
  netState: number;
  netSince: Date | null;
  netCheckedAt: Date;
}

type NetVehicle = {
  plateNo: string;
  plateColor?: string | null;
  grossMassKg?: number | null;
  vehicleType?: string | null;
};

/** The stored 入网 state of the platform's answer: a light vehicle not connected needs not be. */
export function netStateOf(vehicle: NetVehicle, answer: ConnectionAnswer): number {
  if (answer.connected) return VEHICLE_NET_STATE.connected;
  return isHeavyVehicle(vehicle) ? VEHICLE_NET_STATE.notConnected : VEHICLE_NET_STATE.notRequired;
}

/**
 * Asks the platform whether the vehicle is connected: heavy vehicles are connected or not, a light one that
 * is not connected needs not be. Null when the platform did not answer (the vehicle stays unchecked).
 */
export async function checkVehicleNet(
  ctx: AppContext,
  vehicle: NetVehicle,
  db: DbOrTx = ctx.db,
): Promise<NetCheck | null> {
  try {
    const platform = await vehiclePlatformOf(ctx, db);
    const answer = await withTimeout(
      platform.isConnected(vehicle.plateNo, vehicle.plateColor ?? '2'),
      CHECK_TIMEOUT_MS,
    );
    return {
      netState: netStateOf(vehicle, answer),
      netSince: answer.since ?? null,
      netCheckedAt: new Date(),
    };
  } catch (error) {
    if (error instanceof VehiclePlatformUnavailable) return null;
    throw error;
  }
}

/**
 * The vehicle's add and edit: the stored values with the 入网 check of the plate written (or, when the
 * platform does not answer, the check cleared so the list shows it unchecked).
 */
export async function withNetCheck(
  ctx: AppContext,
  values: Record<string, unknown>,
  mode: 'add' | 'edit',
  tx: DbOrTx,
  tenantId: number,
): Promise<Record<string, unknown>> {
  let merged: NetVehicle = values as NetVehicle;
  if (mode === 'edit') {
    const [stored] = await tx
      .select()
      .from(hyVehicle)
      .where(and(eq(hyVehicle.id, String(values.id)), eq(hyVehicle.tenantId, tenantId)));
    if (stored) merged = { ...stored, ...(values as Partial<NetVehicle>) };
  }
  if (!merged.plateNo) return values;
  const check = await checkVehicleNet(ctx, merged, tx);
  return {
    ...values,
    netState: check?.netState ?? null,
    netSince: check?.netSince ?? null,
    netCheckedAt: check?.netCheckedAt ?? null,
  };
}

/**
 * Before a vehicle's approval (outside the review's transaction, the platform may be slow): checks again and
 * stores the answer; a heavy vehicle not connected is refused, as the regulator refuses its waybills.
 */
export async function netCheckBeforeApprove(ctx: AppContext, id: string, tenantId: number): Promise<void> {
  const [vehicle] = await ctx.db
    .select()
    .from(hyVehicle)
    .where(and(eq(hyVehicle.id, id), eq(hyVehicle.tenantId, tenantId)));
  if (!vehicle) throw recordNotFound();
  const check = await checkVehicleNet(ctx, vehicle);
  if (check) {
    await ctx.db.update(hyVehicle).set(check).where(eq(hyVehicle.id, id));
    tablesWritten(ctx.db, hyVehicle);
  }
  if (!isHeavyVehicle(vehicle)) return;
  if (check) {
    if (check.netState !== VEHICLE_NET_STATE.connected) throw bizError(VEHICLE_NET_MSG.refused);
    return;
  }
  const fresh =
    vehicle.netState === VEHICLE_NET_STATE.connected &&
    vehicle.netCheckedAt !== null &&
    Date.now() - vehicle.netCheckedAt.getTime() < CONNECTED_FRESH_MS;
  if (!fresh) throw bizError(VEHICLE_NET_MSG.unreachable);
}

type NoteRow = typeof hyShippingNote.$inferSelect;

/**
 * Pulls one waybill's positions from the platform since the last point stored for its vehicle (at most three
 * days back) and stores them through the track ingest.
 */
export async function pullNote(
  ctx: AppContext,
  platform: VehiclePlatform,
  note: NoteRow,
  now = new Date(),
  log?: FastifyBaseLogger,
): Promise<{ received: number; inserted: number }> {
  const [vehicle] = await ctx.db
    .select({ id: hyVehicle.id, plateNo: hyVehicle.plateNo })
    .from(hyVehicle)
    .where(eq(hyVehicle.id, note.vehicleId));
  const begin = note.loadTime ?? note.acceptTime;
  if (!vehicle || !begin) return { received: 0, inserted: 0 };
  const end = note.unloadTime ?? now;
  const [last] = await ctx.db
    .select({ time: sql<Date>`max(${hyTrackPoint.gpsTime})`.mapWith((v) => (v ? new Date(v) : null)) })
    .from(hyTrackPoint)
    .where(pointsBetween(vehicle.id, begin, end));
  let from = new Date(
    Math.max(begin.getTime(), end.getTime() - PULL_LOOKBACK_MS, last?.time?.getTime() ?? 0),
  );
  let received = 0;
  let inserted = 0;
  while (from < end) {
    const to = new Date(Math.min(end.getTime(), from.getTime() + VEHICLE_PLATFORM_WINDOW_MS));
    const points = await withTimeout(platform.positions(vehicle.plateNo, from, to), CHECK_TIMEOUT_MS * 6);
    received += points.length;
    for (let i = 0; i < points.length; i += 1_000) {
      const result = await ingestTrack(
        ctx.db,
        { id: null, tenantId: note.tenantId, kind: BEIDOU_SOURCE },
        { vehicleId: vehicle.id, points: points.slice(i, i + 1_000) },
      );
      inserted += result.inserted;
      if (result.position)
        ctx.realtime
          .publishRows(POSITIONS_CHANNEL, result.position.tenantId, [{ ...livePositionOf(result.position) }])
          .catch((error: unknown) => log?.warn({ err: error }, 'position push failed'));
    }
    from = to;
  }
  return { received, inserted };
}

/** The job: every waybill on the road with a heavy vehicle connected to the platform. */
export async function pullInTransit(ctx: AppContext, log?: FastifyBaseLogger): Promise<VehiclePlatformPull> {
  const platform = await vehiclePlatformOf(ctx);
  const notes = await ctx.db
    .select({ note: hyShippingNote, grossMassKg: hyVehicle.grossMassKg, vehicleType: hyVehicle.vehicleType })
    .from(hyShippingNote)
    .innerJoin(hyVehicle, eq(hyVehicle.id, hyShippingNote.vehicleId))
    .where(
      and(
        inArray(hyShippingNote.status, PULLED_STATUSES),
        // Connected or not yet checked: the platform's answer decides; known "not connected" ones are skipped.
        sql`coalesce(${hyVehicle.netState}, ${VEHICLE_NET_STATE.connected}) = ${VEHICLE_NET_STATE.connected}`,
      ),
    );
  const out: VehiclePlatformPull = { notes: 0, received: 0, inserted: 0 };
  const now = new Date();
  for (const row of notes) {
    if (!isHeavyVehicle(row)) continue;
    const result = await pullNote(ctx, platform, row.note, now, log);
    out.notes += 1;
    out.received += result.received;
    out.inserted += result.inserted;
  }
  return out;
}

export function vehiclePlatformJob(ctx: AppContext): JobDefinition {
  return jsonOutcomeJob(
    {
      key: VEHICLE_PLATFORM_JOB,
      title: '拉取北斗轨迹',
      description: '从全国道路货运车辆公共监管与服务平台拉取在途重型货车的北斗定位，写入车辆轨迹',
    },
    (log) => pullInTransit(ctx, log),
  );
}

/** The job's schedule row, every five minutes; an administrator's later changes are kept. */
export async function seedVehiclePlatformJob(db: Db): Promise<void> {
  await seedQuartzJobs(db, [
    {
      jobClassName: VEHICLE_PLATFORM_JOB,
      cronExpression: '0 0/5 * * * ?',
      parameter: '{}',
      description: '每5分钟从全国道路货运车辆公共监管与服务平台拉取在途重型货车的北斗定位',
    },
  ]);
}

async function settingsView(ctx: AppContext): Promise<VehiclePlatformSettings> {
  const stored = await readSettings(ctx.db);
  const endpoint = stored[KEYS.endpoint] ?? '';
  const sealed = stored[KEYS.secret] ?? '';
  const secret = sealed ? decryptSecret(await loadDataSourceKey(ctx.db), sealed) : '';
  return {
    endpoint,
    account: stored[KEYS.account] ?? '',
    secretSet: secret !== '',
    secretMask: maskOf(secret),
    provider: isSimulated(endpoint) ? 'simulated' : 'http',
  };
}

const idBody = z.object({ id: z.string().min(1).max(32) });

export function vehiclePlatformRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  vehicleScope: (request: FastifyRequest) => Promise<SQL | undefined>,
): void {
  registerVehiclePlatform(ctx);
  ctx.jobs.register(vehiclePlatformJob(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The credentials, beside the other platform settings (never in the public settings answer).
  app.get('/setting/hySetting/vehiclePlatform', { config: { access: perm('apps:setting:list') } }, async () =>
    ok(await settingsView(ctx)),
  );

  r.put(
    '/setting/hySetting/vehiclePlatform',
    permitted('apps:setting:edit', { body: vehiclePlatformSettingsBody }),
    async (request) => {
      const username = request.session?.user.username ?? 'system';
      const { endpoint, account, secret, clearSecret } = request.body;
      const entries: Array<[string, string]> = [
        [KEYS.endpoint, endpoint],
        [KEYS.account, account],
      ];
      if (clearSecret) entries.push([KEYS.secret, '']);
      else if (secret) entries.push([KEYS.secret, encryptSecret(await loadDataSourceKey(ctx.db), secret)]);
      await saveSettings(ctx.db, entries, username);
      return ok(await settingsView(ctx), '货运平台接入设置已保存');
    },
  );

  // 重新核验入网: asks the platform again for one vehicle the user may edit.
  r.post('/hyvehicle/hyVehicle/checkNet', permitted('vehicle:edit', { body: idBody }), async (request) => {
    const [vehicle] = await ctx.db
      .select()
      .from(hyVehicle)
      .where(and(eq(hyVehicle.id, request.body.id), await vehicleScope(request)));
    if (!vehicle) throw recordNotFound();
    const check = await checkVehicleNet(ctx, vehicle);
    if (!check) throw bizError(VEHICLE_NET_MSG.unreachable);
    await ctx.db.update(hyVehicle).set(check).where(eq(hyVehicle.id, vehicle.id));
    tablesWritten(ctx.db, hyVehicle);
    const text =
      check.netState === VEHICLE_NET_STATE.connected
        ? '已入网'
        : check.netState === VEHICLE_NET_STATE.notConnected
          ? '未入网'
          : '无需入网';
    return ok(check, `入网核验完成：${text}`);
  });

  // 拉取轨迹: the waybill's positions from the platform now (the track page's button).
  r.post(
    '/shipping/hyShippingNote/pullTrack',
    permitted(TRACK_PULL_PERMISSION, { body: idBody }),
    async (request) => {
      if (!request.session) throw unauthorized();
      const actor = actorOf(request);
      // Platform business: a party user (granted the code by mistake) finds no waybill.
      const [note] =
        actor.userType === USER_TYPE.system
          ? await ctx.db
              .select()
              .from(hyShippingNote)
              .where(and(eq(hyShippingNote.id, request.body.id), eq(hyShippingNote.tenantId, actor.tenantId)))
          : [];
      if (!note) throw bizError('未找到对应运单');
      if (!(PULLED_STATUSES as number[]).includes(note.status))
        throw bizError('只有已装货或运输中的运单可以拉取轨迹');
      let platform: VehiclePlatform;
      try {
        platform = await vehiclePlatformOf(ctx);
      } catch (error) {
        if (error instanceof VehiclePlatformUnavailable) throw bizError(VEHICLE_NET_MSG.unreachable);
        throw error;
      }
      try {
        const result = await pullNote(ctx, platform, note, new Date(), request.log);
        return ok(result, `拉取到 ${result.received} 个定位点，新增 ${result.inserted} 个`);
      } catch (error) {
        if (error instanceof VehiclePlatformUnavailable) throw bizError(VEHICLE_NET_MSG.unreachable);
        throw error;
      }
    },
  );
}
