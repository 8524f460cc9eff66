// The map's base, inside a react-leaflet MapContainer: AMap tiles in GCJ-02 when the platform
// sets a `gd_web` key, else — and as soon as the tiles cannot be fetched — an offline view: a coordinate grid
// with city points and no boundary data. OpenStreetMap is not the default for China.
import gcoord from 'gcoord';
import L, { type LatLngTuple } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CircleMarker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { useBilingual } from '../resource/text';
import { CITY_POINTS } from './cities';
import './baseLayers.css';

const AMAP_TILES =
  'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}';
/** Tile failures, with none loaded, after which the offline view takes over. */
const FAILED_TILES = 3;

/** WGS-84 to the map's [lat, lng]: GCJ-02 on AMap's tiles, as is on the offline grid. */
export function mapPoint(lng: number, lat: number, gcj02: boolean): LatLngTuple {
  if (!gcj02) return [lat, lng];
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
  return [y, x];
}

/** Degrees between grid lines at a zoom: about four lines across a 256 px tile. */
export function gridStep(zoom: number): number {
  const steps = [20, 10, 10, 5, 5, 2, 1, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01];
  return steps[Math.max(0, Math.min(zoom, steps.length - 1))];
}

const GridLayer = L.GridLayer.extend({
  createTile(this: L.GridLayer, coords: L.Coords) {
    const size = this.getTileSize();
    const canvas = document.createElement('canvas');
    canvas.width = size.x;
    canvas.height = size.y;
    const context = canvas.getContext('2d');
    // biome-ignore lint/suspicious/noExplicitAny: Leaflet's layer keeps its map in a protected field
    const map = (this as any)._map as L.Map | undefined;
    if (!context || !map) return canvas;
    const nw = map.unproject([coords.x * size.x, coords.y * size.y], coords.z);
    const se = map.unproject([(coords.x + 1) * size.x, (coords.y + 1) * size.y], coords.z);
    const step = gridStep(coords.z);
    context.fillStyle = '#eef2f5';
    context.fillRect(0, 0, size.x, size.y);
    context.strokeStyle = '#d3dbe3';
    context.fillStyle = '#8c99a6';
    context.font = '10px sans-serif';
    context.lineWidth = 1;
    const x = (lng: number) => ((lng - nw.lng) / (se.lng - nw.lng)) * size.x;
    const y = (lat: number) => map.project([lat, nw.lng], coords.z).y - coords.y * size.y;
    for (let lng = Math.ceil(nw.lng / step) * step; lng <= se.lng; lng += step) {
      const px = Math.round(x(lng)) + 0.5;
      context.beginPath();
      context.moveTo(px, 0);
      context.lineTo(px, size.y);
      context.stroke();
      // Labels on every other tile row and column: one per line every 512 px is enough to read the grid.
      if (coords.y % 2 === 0) context.fillText(`${+lng.toFixed(2)}°E`, px + 3, 11);
    }
    for (let lat = Math.ceil(se.lat / step) * step; lat <= nw.lat; lat += step) {
      const py = Math.round(y(lat)) + 0.5;
      context.beginPath();
      context.moveTo(0, py);
      context.lineTo(size.x, py);
      context.stroke();
      if (coords.x % 2 === 0) context.fillText(`${+lat.toFixed(2)}°N`, 3, py - 3);
    }
    return canvas;
  },
});

function OfflineGrid() {
  const map = useMap();
  useEffect(() => {
    const layer = new GridLayer() as L.GridLayer;
    layer.setZIndex(0);
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map]);
  return null;
}

function CityPoints({ gcj02 }: { gcj02: boolean }) {
  const tx = useBilingual();
  const points = useMemo(
    () => CITY_POINTS.map((city) => ({ city, at: mapPoint(city.lng, city.lat, gcj02) })),
    [gcj02],
  );
  return (
    <>
      {points.map(({ city, at }) => (
        <CircleMarker
          key={city.name[0]}
          center={at}
          radius={3}
          interactive={false}
          pathOptions={{ color: '#8c99a6', fillColor: '#8c99a6', fillOpacity: 1, weight: 1 }}
        >
          <Tooltip permanent direction="right" offset={[4, 0]} className="map-city-label">
            {tx(city.name)}
          </Tooltip>
        </CircleMarker>
      ))}
    </>
  );
}

/** The base layers; `onOffline` tells whether the offline view is shown (for the page's note). */
export function BaseLayers({
  gdKey,
  onOffline,
}: {
  gdKey?: string | null;
  onOffline?: (offline: boolean) => void;
}) {
  const wantsTiles = Boolean(gdKey?.trim());
  const [tilesFailed, setTilesFailed] = useState(false);
  const counts = useRef({ loaded: 0, failed: 0 });
  const offline = !wantsTiles || tilesFailed;
  useEffect(() => onOffline?.(offline), [offline, onOffline]);
  if (offline)
    return (
      <>
        <OfflineGrid />
        <CityPoints gcj02={wantsTiles} />
      </>
    );
  return (
    <TileLayer
      url={AMAP_TILES}
      subdomains={['1', '2', '3', '4']}
      attribution="&copy; 高德地图"
      eventHandlers={{
        tileload: () => {
          counts.current.loaded += 1;
        },
        tileerror: () => {
          counts.current.failed += 1;
          if (counts.current.loaded === 0 && counts.current.failed >= FAILED_TILES) setTilesFailed(true);
        },
      }}
    />
  );
}
