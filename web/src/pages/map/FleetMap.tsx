// The live map's drawing: base layers, clustered vehicles coloured by live state, and a popup per vehicle
// (driver, waybill, speed, last fix, link to its track). Markers are DOM icons built with textContent, never
// HTML strings, since plates and names are user data.
import 'leaflet/dist/leaflet.css';
import './fleet.css';
import type { LivePosition, LiveState } from '@freight/contracts';
import { Button, Descriptions } from 'antd';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, Popup, useMap, useMapEvent } from 'react-leaflet';
import { useNavigate } from 'react-router';
import { DictTag } from '../../components/dict';
import { BaseLayers, mapPoint } from '../../components/map/BaseLayers';
import { useBilingual } from '../../components/resource/text';
import { dominantState, type FleetIndex, type FleetMarker, fleetIndex, fleetMarkers } from './fleetClusters';

export const STATE_COLOURS: Record<LiveState, string> = {
  idle: '#8c8c8c',
  loading: '#fa8c16',
  transit: '#52c41a',
  offline: '#f5222d',
};
/** The zoom a searched vehicle is shown at: past the clusters' last level, so it stands alone. */
const VEHICLE_ZOOM = 15;
const CHINA_CENTRE: [number, number] = [34.5, 108.5];

function vehicleIcon(p: LivePosition, selected: boolean): L.DivIcon {
  const dot = document.createElement('span');
  dot.className = 'fleet-dot';
  dot.style.background = STATE_COLOURS[p.liveState];
  dot.dataset.plate = p.plateNo ?? '';
  dot.dataset.state = p.liveState;
  dot.dataset.selected = String(selected);
  dot.title = p.plateNo ?? '';
  return L.divIcon({ className: 'fleet-marker', html: dot, iconSize: [14, 14], iconAnchor: [7, 7] });
}

function clusterIcon(marker: Extract<FleetMarker, { kind: 'cluster' }>): L.DivIcon {
  const size = marker.count < 10 ? 30 : marker.count < 100 ? 38 : marker.count < 1000 ? 46 : 54;
  const bubble = document.createElement('div');
  bubble.className = 'fleet-cluster';
  bubble.style.background = STATE_COLOURS[dominantState(marker.counts)];
  bubble.textContent = String(marker.count);
  bubble.dataset.testid = 'fleet-cluster';
  return L.divIcon({ className: 'fleet-marker', html: bubble, iconSize: [size, size] });
}

function VehiclePopup({ p }: { p: LivePosition }) {
  const tx = useBilingual();
  const navigate = useNavigate();
  const track = p.noteId
    ? `/map/track?noteId=${encodeURIComponent(p.noteId)}`
    : `/map/track?plateNo=${encodeURIComponent(p.plateNo ?? '')}`;
  return (
    <div data-testid="vehicle-popup" style={{ minWidth: 220 }}>
      <Descriptions size="small" column={1} title={p.plateNo} styles={{ label: { width: 72 } }}>
        <Descriptions.Item label={tx(['状态', 'State'])}>
          <DictTag code="vehicle_live_state" value={p.liveState} />
        </Descriptions.Item>
        <Descriptions.Item label={tx(['司机', 'Driver'])}>{p.driverName ?? '--'}</Descriptions.Item>
        <Descriptions.Item label={tx(['运单', 'Waybill'])}>{p.shippingNoteNumber ?? '--'}</Descriptions.Item>
        <Descriptions.Item label={tx(['速度', 'Speed'])}>
          {p.speed === null ? '--' : `${p.speed} km/h`}
        </Descriptions.Item>
        <Descriptions.Item label={tx(['定位时间', 'Last fix'])}>
          <span data-testid="vehicle-fix-time">{p.gpsTime}</span>
        </Descriptions.Item>
        <Descriptions.Item label={tx(['坐标', 'Position'])}>
          <span data-testid="vehicle-fix-place">{`${p.lng.toFixed(5)}, ${p.lat.toFixed(5)}`}</span>
        </Descriptions.Item>
      </Descriptions>
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(track)}>
        {tx(['查看轨迹', 'Show track'])}
      </Button>
    </div>
  );
}

interface View {
  bbox: [number, number, number, number];
  zoom: number;
}
const viewOf = (map: L.Map): View => {
  const b = map.getBounds().pad(0.2);
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() };
};

function FleetLayer({
  index,
  byId,
  selectedId,
  onSelect,
  gcj02,
}: {
  index: FleetIndex;
  byId: Map<string, LivePosition>;
  selectedId: string | null;
  onSelect: (vehicleId: string | null) => void;
  gcj02: boolean;
}) {
  const map = useMap();
  const [view, setView] = useState<View>(() => viewOf(map));
  // A stable handler: re-subscribing on each render would miss a move made by a sibling's effect in the same
  // commit (React runs every cleanup before any new effect).
  const onMove = useCallback(() => setView(viewOf(map)), [map]);
  useMapEvent('moveend', onMove);
  const markers = useMemo(() => fleetMarkers(index, view.bbox, view.zoom), [index, view]);
  const refs = useRef(new Map<string, L.Marker>());

  // A vehicle chosen outside the map (the plate search) opens its popup once its marker is drawn alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the marker exists only once `markers` holds it
  useEffect(() => {
    if (selectedId) refs.current.get(selectedId)?.openPopup();
  }, [selectedId, markers]);

  return (
    <>
      {markers.map((marker) => {
        if (marker.kind === 'cluster')
          return (
            <Marker
              key={`c${marker.clusterId}`}
              position={[marker.lat, marker.lng]}
              icon={clusterIcon(marker)}
              eventHandlers={{
                click: () =>
                  map.setView(
                    [marker.lat, marker.lng],
                    Math.min(index.getClusterExpansionZoom(marker.clusterId), VEHICLE_ZOOM + 2),
                  ),
              }}
            />
          );
        const p = byId.get(marker.vehicleId);
        if (!p) return null;
        return (
          <Marker
            key={p.vehicleId}
            position={mapPoint(p.lng, p.lat, gcj02)}
            icon={vehicleIcon(p, p.vehicleId === selectedId)}
            ref={(instance) => {
              if (instance) refs.current.set(p.vehicleId, instance);
              else refs.current.delete(p.vehicleId);
            }}
            eventHandlers={{ click: () => onSelect(p.vehicleId), popupclose: () => onSelect(null) }}
          >
            <Popup>
              <VehiclePopup p={p} />
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}

/** Shows the whole fleet once it first arrives (the country view until then). */
function FitFleetOnce({ points }: { points: L.LatLngTuple[] }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || points.length === 0) return;
    done.current = true;
    map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 11 });
  }, [map, points]);
  return null;
}

/** Moves the map to a searched vehicle. */
function FocusOn({ target }: { target: { at: L.LatLngTuple; seq: number } | null }) {
  const map = useMap();
  useEffect(() => {
    if (target) map.setView(target.at, VEHICLE_ZOOM);
  }, [map, target]);
  return null;
}

export function FleetMap({
  positions,
  gdKey,
  selectedId,
  onSelect,
  focus,
  height,
  onOffline,
}: {
  positions: LivePosition[];
  gdKey?: string | null;
  selectedId: string | null;
  onSelect: (vehicleId: string | null) => void;
  focus: { at: L.LatLngTuple; seq: number } | null;
  height: number;
  onOffline?: (offline: boolean) => void;
}) {
  const gcj02 = Boolean(gdKey?.trim());
  const index = useMemo(
    () =>
      fleetIndex(positions, (p) => {
        const [lat, lng] = mapPoint(p.lng, p.lat, gcj02);
        return [lng, lat];
      }),
    [positions, gcj02],
  );
  const byId = useMemo(() => new Map(positions.map((p) => [p.vehicleId, p])), [positions]);
  const places = useMemo(() => positions.map((p) => mapPoint(p.lng, p.lat, gcj02)), [positions, gcj02]);
  return (
    <div style={{ height, width: '100%' }} data-testid="fleet-map">
      <MapContainer
        center={CHINA_CENTRE}
        zoom={4}
        minZoom={3}
        style={{ height: '100%', width: '100%', background: '#eef2f5' }}
        scrollWheelZoom
      >
        <BaseLayers gdKey={gdKey} onOffline={onOffline} />
        <FitFleetOnce points={places} />
        <FocusOn target={focus} />
        <FleetLayer index={index} byId={byId} selectedId={selectedId} onSelect={onSelect} gcj02={gcj02} />
      </MapContainer>
    </div>
  );
}
