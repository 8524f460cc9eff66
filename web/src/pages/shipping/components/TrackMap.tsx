// Track playback on a map: AMap tiles when the platform sets a `gd_web` key (AMap draws in GCJ-02,
// so the WGS-84 points are converted through gcoord), else the offline grid. The line, stops and
// the moving marker are vector layers: without tiles the track still draws.
import 'leaflet/dist/leaflet.css';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { formatDateTime, isValidCoordinate, type TrackResult } from '@freight/contracts';
import { Alert, Button, Empty, Grid, Select, Slider, Space, Statistic, Typography } from 'antd';
import gcoord from 'gcoord';
import type { LatLngBoundsExpression, LatLngTuple } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, MapContainer, Polyline, Tooltip, useMap } from 'react-leaflet';
import { BaseLayers } from '../../../components/map/BaseLayers';
import { useBilingual } from '../../../components/resource/text';

export class TrackConversionError extends Error {}

/**
 * WGS-84 [lng, lat] → the map's [lat, lng] (GCJ-02 for AMap). Any point that cannot be converted stops the
 * drawing with the reason (轨迹坐标转换失败), rather than a line through the sea.
 */
export function toMapPoints(
  points: ReadonlyArray<readonly [number, number, ...unknown[]]>,
  gcj02: boolean,
): LatLngTuple[] {
  return points.map(([lng, lat], i) => {
    if (!isValidCoordinate(lng, lat))
      throw new TrackConversionError(`第 ${i + 1} 个点坐标无效：(${lng}, ${lat})`);
    if (!gcj02) return [lat, lng];
    let out: unknown;
    try {
      out = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02);
    } catch (error) {
      throw new TrackConversionError(`第 ${i + 1} 个点 (${lng}, ${lat})：${(error as Error).message}`);
    }
    const [x, y] = out as [number, number];
    if (!isValidCoordinate(x, y))
      throw new TrackConversionError(`第 ${i + 1} 个点 (${lng}, ${lat}) 转换结果无效`);
    return [y, x];
  });
}

function FitBounds({ bounds }: { bounds: LatLngBoundsExpression | null }) {
  const map = useMap();
  useEffect(() => {
    if (bounds) map.fitBounds(bounds, { padding: [24, 24] });
  }, [map, bounds]);
  return null;
}

const SPEEDS = [1, 4, 16, 64];

export function TrackMap({ track, gdKey }: { track: TrackResult; gdKey?: string | null }) {
  const tx = useBilingual();
  const screens = Grid.useBreakpoint();
  const gcj02 = Boolean(gdKey?.trim());
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(16);

  const converted = useMemo(() => {
    try {
      const line = toMapPoints(track.points, gcj02);
      const stops = toMapPoints(
        track.stops.map((s) => [s.lng, s.lat] as const),
        gcj02,
      );
      const places = track.note
        ? toMapPoints(
            [
              [track.note.loadLng ?? Number.NaN, track.note.loadLat ?? Number.NaN],
              [track.note.unloadLng ?? Number.NaN, track.note.unloadLat ?? Number.NaN],
            ].filter(([lng, lat]) => Number.isFinite(lng) && Number.isFinite(lat)) as Array<[number, number]>,
            gcj02,
          )
        : [];
      return { line, stops, places, error: null as string | null };
    } catch (error) {
      return { line: [], stops: [], places: [], error: (error as Error).message };
    }
  }, [track, gcj02]);

  // Playback walks the simplified line in its own time, `speed` times faster than real time.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      setIndex((i) => {
        if (i >= track.points.length - 1) {
          setPlaying(false);
          return i;
        }
        const now = track.points[i][2];
        const target = now + speed * 1000 * 5;
        let next = i + 1;
        while (next < track.points.length - 1 && track.points[next][2] < target) next++;
        return next;
      });
    }, 200);
    return () => window.clearInterval(timer);
  }, [playing, speed, track.points]);

  const bounds = useMemo<LatLngBoundsExpression | null>(() => {
    const all = [...converted.line, ...converted.places];
    if (all.length === 0) return null;
    const lats = all.map((p) => p[0]);
    const lngs = all.map((p) => p[1]);
    return [
      [Math.min(...lats), Math.min(...lngs)],
      [Math.max(...lats), Math.max(...lngs)],
    ];
  }, [converted]);

  if (converted.error)
    return (
      <Alert
        type="error"
        showIcon
        message="轨迹坐标转换失败"
        description={converted.error}
        data-testid="track-conversion-error"
      />
    );
  if (track.points.length === 0)
    return <Empty description={tx(['该时间段没有轨迹', 'No track in this period'])} />;

  const current = track.points[Math.min(index, track.points.length - 1)];
  const position = converted.line[Math.min(index, converted.line.length - 1)];
  const timeOf = (ms: number) => formatDateTime(ms);
  return (
    <div data-testid="track-map">
      <Space wrap size={[24, 8]} style={{ marginBottom: 12 }}>
        <Statistic title={tx(['车牌', 'Plate'])} value={track.plateNo || '--'} />
        <Statistic title={tx(['里程(公里)', 'Distance (km)'])} value={(track.distanceM / 1000).toFixed(1)} />
        <Statistic
          title={tx(['定位点', 'Fixes'])}
          value={track.rawCount}
          suffix={`→ ${track.points.length}`}
        />
        <Statistic title={tx(['停留', 'Stops'])} value={track.stops.length} />
      </Space>
      <div style={{ height: screens.md ? 460 : 320, width: '100%' }}>
        <MapContainer
          center={converted.line[0]}
          zoom={9}
          style={{ height: '100%', width: '100%', background: '#eef2f5' }}
          scrollWheelZoom
        >
          <BaseLayers gdKey={gdKey} />
          <FitBounds bounds={bounds} />
          <Polyline positions={converted.line} pathOptions={{ color: '#1677ff', weight: 4 }} />
          <Polyline
            positions={converted.line.slice(0, index + 1)}
            pathOptions={{ color: '#52c41a', weight: 5 }}
          />
          {converted.places.map((p, i) => (
            <CircleMarker
              key={`place-${p.join()}`}
              center={p}
              radius={9}
              pathOptions={{ color: '#722ed1', fillOpacity: 0.2 }}
            >
              <Tooltip>
                {i === 0
                  ? `${tx(['装货地', 'Loading'])} ${track.note?.loadAddress ?? ''}`
                  : `${tx(['卸货地', 'Unloading'])} ${track.note?.unloadAddress ?? ''}`}
              </Tooltip>
            </CircleMarker>
          ))}
          <CircleMarker
            center={converted.line[0]}
            radius={6}
            pathOptions={{ color: '#389e0d', fillOpacity: 1 }}
          >
            <Tooltip>{`${tx(['起点', 'Start'])} ${timeOf(track.points[0][2])}`}</Tooltip>
          </CircleMarker>
          <CircleMarker
            center={converted.line.at(-1) as LatLngTuple}
            radius={6}
            pathOptions={{ color: '#cf1322', fillOpacity: 1 }}
          >
            <Tooltip>{`${tx(['终点', 'End'])} ${timeOf(track.points.at(-1)?.[2] ?? 0)}`}</Tooltip>
          </CircleMarker>
          {converted.stops.map((p, i) => {
            const stop = track.stops[i];
            return (
              <CircleMarker
                key={`stop-${stop.start}`}
                center={p}
                radius={8}
                pathOptions={{ color: '#fa8c16', fillOpacity: 0.6 }}
              >
                <Tooltip>
                  {tx(['停留', 'Stop'])} {stop.minutes} {tx(['分钟', 'min'])} · {timeOf(stop.start)} –{' '}
                  {timeOf(stop.end)}
                </Tooltip>
              </CircleMarker>
            );
          })}
          {position && (
            <CircleMarker
              center={position}
              radius={8}
              pathOptions={{ color: '#fff', fillColor: '#1677ff', fillOpacity: 1, weight: 3 }}
            />
          )}
        </MapContainer>
      </div>
      <Space wrap style={{ marginTop: 12, width: '100%' }} size={[12, 8]}>
        <Button
          type="primary"
          icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
          onClick={() => {
            if (!playing && index >= track.points.length - 1) setIndex(0);
            setPlaying((p) => !p);
          }}
          data-testid="track-play"
        >
          {playing ? tx(['暂停', 'Pause']) : tx(['播放', 'Play'])}
        </Button>
        <Select
          value={speed}
          onChange={setSpeed}
          style={{ width: 96 }}
          options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          aria-label={tx(['播放速度', 'Speed'])}
        />
        <Typography.Text data-testid="track-time">
          {timeOf(current[2])}
          {current[3] !== null && current[3] !== undefined ? ` · ${current[3]} km/h` : ''}
        </Typography.Text>
      </Space>
      <Slider
        min={0}
        max={Math.max(0, track.points.length - 1)}
        value={index}
        onChange={(v) => setIndex(v)}
        tooltip={{ formatter: (v) => timeOf(track.points[v ?? 0]?.[2] ?? 0) }}
        aria-label={tx(['播放进度', 'Position'])}
      />
      {track.stops.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {track.stops
            .map(
              (s) =>
                `${tx(['停留', 'Stop'])} ${s.minutes} ${tx(['分钟', 'min'])}（${timeOf(s.start).slice(11, 16)}–${timeOf(s.end).slice(11, 16)}）`,
            )
            .join('；')}
        </Typography.Paragraph>
      )}
    </div>
  );
}
