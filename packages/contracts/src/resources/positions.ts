import { resource } from '../resource.ts';
import { SHIPPING_STATUS, trackSourceBody } from '../shipping.ts';
import { createdFilter, dictField, driverNameColumn, hiddenKey, searchedTime, timeColumn } from './fields.ts';
import { newestFirst } from './listPresets.ts';

// 实时位置: the latest fix of every vehicle, with the waybill it is on. Positions are written by the track
// ingest and the waybill steps, never by a console user: the list is read-only.

/** A vehicle not heard of for this long is offline, whatever its waybill says. */
export const VEHICLE_OFFLINE_MS = 30 * 60_000;

/** Live states (dictionary `vehicle_live_state`): how the map colours a vehicle. */
export const LIVE_STATE = {
  idle: 'idle',
  loading: 'loading',
  transit: 'transit',
  offline: 'offline',
} as const;
export type LiveState = (typeof LIVE_STATE)[keyof typeof LIVE_STATE];

/**
 * A vehicle's live state from its last fix and its active waybill's status: on the way to or at the loading
 * place until it departs, in transit until it unloads, idle without a waybill, offline when silent.
 */
export function liveStateOf(
  gpsTimeMs: number,
  noteStatus: number | null | undefined,
  nowMs: number,
): LiveState {
  if (nowMs - gpsTimeMs > VEHICLE_OFFLINE_MS) return LIVE_STATE.offline;
  if (noteStatus === SHIPPING_STATUS.inTransit) return LIVE_STATE.transit;
  if (
    noteStatus === SHIPPING_STATUS.dispatched ||
    noteStatus === SHIPPING_STATUS.accepted ||
    noteStatus === SHIPPING_STATUS.loaded
  )
    return LIVE_STATE.loading;
  return LIVE_STATE.idle;
}

/** What the map draws of a vehicle: compact, the same from `/map/realtime/positions` and over the socket. */
export interface LivePosition {
  vehicleId: string;
  plateNo: string | null;
  lng: number;
  lat: number;
  speed: number | null;
  gpsTime: string;
  liveState: LiveState;
  driverName: string | null;
  shippingNoteNumber: string | null;
  noteId: string | null;
  customerId: string | null;
  agentId: string | null;
  captainId: string | null;
}

/** `/map/realtime/positions`: the whole fleet in the user's scope, with counts by state. */
export interface FleetAnswer {
  positions: LivePosition[];
  counts: Record<LiveState, number>;
  offlineAfterMs: number;
  /** More vehicles than the map takes; the list holds them all. */
  truncated: boolean;
}

/** The socket's message: fixes of vehicles the user may see. */
export interface PositionsPush {
  type: 'positions';
  rows: LivePosition[];
}

export const vehiclePositionResource = resource({
  path: '/map/realtime',
  permission: 'map:realtime',
  title: ['实时位置', 'Live positions'],
  actions: ['export'],
  id: 'vehicleId',
  scope: { tenant: true, customer: 'customerId', agent: 'agentId', captain: 'captainId' },
  defaultSort: { field: 'gpsTime', order: 'desc' },
  fields: {
    vehicleId: hiddenKey(['车辆', 'Vehicle']),
    plateNo: { label: ['车牌号', 'Plate'], search: 'like', sort: true, list: { width: 110, fixed: 'left' } },
    liveState: dictField(['状态', 'State'], 'vehicle_live_state', {
      tag: true,
      from: ['gpsTime', 'noteStatus'],
      list: { width: 90 },
    }),
    driverName: driverNameColumn,
    shippingNoteNumber: { label: ['运单号', 'Waybill no.'], search: 'like', list: { width: 170 } },
    noteStatus: dictField(['运单状态', 'Waybill status'], 'shipping_status', {
      filter: true,
      list: { width: 96 },
    }),
    speed: { label: ['速度(km/h)', 'Speed (km/h)'], kind: 'number', sort: true, list: { width: 110 } },
    direction: { label: ['方向(°)', 'Heading (°)'], kind: 'number', list: false },
    lng: { label: ['经度', 'Longitude'], kind: 'number', list: { width: 110 } },
    lat: { label: ['纬度', 'Latitude'], kind: 'number', list: { width: 100 } },
    gpsTime: searchedTime(['定位时间', 'Fix time']),
    source: dictField(['来源', 'Source'], 'track_source', { list: { width: 90 } }),
    noteId: hiddenKey(['运单', 'Waybill']),
    customerId: hiddenKey(['货主', 'Shipper']),
    agentId: hiddenKey(['经纪人', 'Agent']),
    captainId: hiddenKey(['车队长', 'Captain']),
  },
});

/**
 * 轨迹来源: the driver app and positioning providers that send fixes, each with an app key of its own. A
 * source is made by its own route (the answer carries the key, once); only the key's hash is stored, never
 * listed, exported or logged.
 */
export const trackSourceResource = resource({
  path: '/track/source',
  permission: 'shipping:track:source',
  title: ['轨迹来源', 'Track sources'],
  actions: ['edit', 'delete'],
  scope: { tenant: true },
  defaultSort: newestFirst,
  body: trackSourceBody,
  fields: {
    name: { label: ['来源名称', 'Name'], required: true, search: true, sort: true },
    kind: dictField(['来源类型', 'Kind'], 'track_source', { search: true, list: { width: 120 } }),
    keyHint: { label: ['App Key 末四位', 'App key ends'], form: false, list: { width: 120 } },
    keyHash: { label: ['App Key', 'App key'], secret: true, list: false, form: false, detail: false },
    status: dictField(['状态', 'Status'], 'valid_status', { search: true, form: false, list: { width: 80 } }),
    lastUsedAt: timeColumn(['最近上传', 'Last upload']),
    remark: { label: ['备注', 'Remark'], kind: 'textarea', list: { width: 180, ellipsis: true } },
    createTime: createdFilter,
  },
});
