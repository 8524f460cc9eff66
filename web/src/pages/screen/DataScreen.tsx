// 数据大屏 (/screen/data): today's and the month's figures, the busiest lanes (loading → unloading city) and
// the vehicles' positions on the shared base map (AMap with the platform's key, else the offline grid with
// city points), waybills per day, the top routes; refreshed every 30 s.
import type { DataScreen as DataScreenResult, FleetAnswer } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { CircleMarker, MapContainer, Polyline, Tooltip } from 'react-leaflet';
import { yuan } from '../../components/finance/money';
import { BaseLayers, mapPoint } from '../../components/map/BaseLayers';
import { useBilingual } from '../../components/resource/text';
import type { Bilingual } from '../../components/resource/types';
import { useMenuModel } from '../../layouts/useMenuModel';
import { api } from '../../services/request';
import { statisticsApi } from '../../services/statisticsApi';
import { usePlatform } from '../../stores/platform';
import {
  DARK_AXIS,
  RotatingTitle,
  ScreenChart,
  ScreenFigures,
  ScreenFrame,
  ScreenLoading,
  ScreenPanel,
  ScreenRanking,
  ScreenStatus,
  useRotation,
} from './components/ScreenFrame';
import { SCREEN_REFRESH_MS, useScreenFigures } from './components/useScreenPush';
import 'leaflet/dist/leaflet.css';

const STATE_COLOURS: Record<string, string> = {
  transit: '#4fd1ff',
  loading: '#ffb84d',
  idle: '#52c41a',
  offline: '#8c8c8c',
};

/** A period's freight, in yuan, under the period's counts. */
function FreightFigure({ label, fen }: { label: Bilingual; fen?: number }) {
  const tx = useBilingual();
  return (
    <ScreenFigures
      style={{ marginTop: 14 }}
      figures={[{ label, value: fen === undefined ? undefined : yuan(fen), unit: tx(['元', '¥']) }]}
    />
  );
}

function LaneMap({
  data,
  fleet,
  gdKey,
}: {
  data: DataScreenResult;
  fleet?: FleetAnswer;
  gdKey?: string | null;
}) {
  const gcj02 = Boolean(gdKey?.trim());
  const max = Math.max(1, ...data.routes.map((r) => r.waybills));
  return (
    <MapContainer
      className="screen-map"
      center={[33, 112]}
      zoom={5}
      zoomControl={false}
      attributionControl={Boolean(gcj02)}
      scrollWheelZoom={false}
      dragging={false}
      doubleClickZoom={false}
    >
      <BaseLayers gdKey={gdKey} />
      {data.routes.map((route) =>
        route.from && route.to ? (
          <Polyline
            key={`${route.loadCity}-${route.unloadCity}`}
            positions={[
              mapPoint(route.from[0], route.from[1], gcj02),
              mapPoint(route.to[0], route.to[1], gcj02),
            ]}
            pathOptions={{ color: '#ffb84d', weight: 1 + (5 * route.waybills) / max, opacity: 0.85 }}
          >
            <Tooltip sticky>
              {route.loadCity} → {route.unloadCity}: {route.waybills}
            </Tooltip>
          </Polyline>
        ) : null,
      )}
      {(fleet?.positions ?? []).map((p) => (
        <CircleMarker
          key={p.vehicleId}
          center={mapPoint(p.lng, p.lat, gcj02)}
          radius={4}
          pathOptions={{ color: STATE_COLOURS[p.liveState] ?? '#4fd1ff', fillOpacity: 0.9, weight: 1 }}
        />
      ))}
    </MapContainer>
  );
}

export default function DataScreen() {
  const tx = useBilingual();
  const { routes: menu } = useMenuModel();
  const gdKey = usePlatform((s) => s.settings?.gd_web);
  const screen = useScreenFigures('data', statisticsApi.dataScreen, [['screen', 'positions']]);
  const fleet = useQuery({
    queryKey: ['screen', 'positions'],
    queryFn: () => api.get<FleetAnswer>('/map/realtime/positions'),
    refetchInterval: SCREEN_REFRESH_MS,
    retry: false,
    enabled: menu.some((r) => r.path === '/map/realtime'),
  });
  const data = screen.data;
  const rotation = useRotation(2, 10_000);

  const status = <ScreenStatus figures={screen} />;

  return (
    <ScreenFrame title={tx(['网络货运数据大屏', 'Freight data screen'])} testId="screen-data" status={status}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: '460px 1fr 460px',
          gap: 20,
          minHeight: 0,
          height: '100%',
        }}
      >
        <div style={{ display: 'grid', gridTemplateRows: 'auto 1fr', gap: 20, minHeight: 0 }}>
          <ScreenPanel title={tx(['今日', 'Today'])} testId="screen-today">
            <ScreenFigures
              className="screen-figures"
              figures={[
                { label: ['运单数', 'Waybills'], value: data?.today.waybills },
                { label: ['运输中', 'In transit'], value: data?.today.inTransit },
                { label: ['吨位', 'Tonnage'], value: data?.today.tonnage, unit: 't' },
                { label: ['已卸货', 'Unloaded'], value: data?.today.arrived },
              ]}
            />
            <FreightFigure label={['今日运费', 'Freight today']} fen={data?.today.freightFen} />
          </ScreenPanel>
          <ScreenPanel title={tx(['近14天运单', 'Waybills, 14 days'])}>
            {data ? (
              <Suspense fallback={null}>
                <ScreenChart
                  height={380}
                  label={tx(['近14天运单', 'Waybills, 14 days'])}
                  option={{
                    grid: { left: 44, right: 12, top: 16, bottom: 28 },
                    tooltip: { trigger: 'axis' },
                    xAxis: { type: 'category', data: data.daily.map((d) => d.day.slice(5)), ...DARK_AXIS },
                    yAxis: { type: 'value', minInterval: 1, ...DARK_AXIS },
                    series: [
                      {
                        type: 'line',
                        smooth: true,
                        areaStyle: { color: 'rgba(79,209,255,0.25)' },
                        lineStyle: { color: '#4fd1ff' },
                        itemStyle: { color: '#4fd1ff' },
                        data: data.daily.map((d) => d.waybills),
                      },
                    ],
                  }}
                />
              </Suspense>
            ) : (
              <ScreenLoading />
            )}
          </ScreenPanel>
        </div>
        <ScreenPanel
          title={
            <>
              <span>{tx(['运输线路与车辆位置', 'Lanes and vehicles'])}</span>
              <span style={{ fontSize: 16, color: '#9fb7d9' }}>
                {fleet.data ? `${tx(['车辆', 'Vehicles'])} ${fleet.data.positions.length}` : ''}
              </span>
            </>
          }
          testId="screen-map"
        >
          {data ? <LaneMap data={data} fleet={fleet.data} gdKey={gdKey} /> : <ScreenLoading />}
        </ScreenPanel>
        <div style={{ display: 'grid', gridTemplateRows: 'auto 1fr', gap: 20, minHeight: 0 }}>
          <ScreenPanel title={tx(['本月', 'This month'])}>
            <ScreenFigures
              className="screen-figures"
              figures={[
                { label: ['运单数', 'Waybills'], value: data?.month.waybills },
                { label: ['吨位', 'Tonnage'], value: data?.month.tonnage, unit: 't' },
              ]}
            />
            <FreightFigure label={['本月运费', 'Freight this month']} fen={data?.month.freightFen} />
          </ScreenPanel>
          <ScreenPanel
            testId="screen-routes"
            title={
              <RotatingTitle
                rotation={rotation}
                titles={[
                  tx(['热门线路（近30天）', 'Top routes, 30 days']),
                  tx(['线路吨位', 'Route tonnage']),
                ]}
              />
            }
          >
            {!data ? (
              <ScreenLoading />
            ) : data.routes.length === 0 ? (
              <div className="screen-empty">{tx(['近30天暂无运单', 'No waybills in 30 days'])}</div>
            ) : (
              <ScreenRanking
                rows={[...data.routes]
                  .sort((a, b) => (rotation === 0 ? b.waybills - a.waybills : b.tonnage - a.tonnage))
                  .slice(0, 10)
                  .map((route) => ({
                    key: `${route.loadCity}-${route.unloadCity}`,
                    name: `${route.loadCity} → ${route.unloadCity}`,
                    value: rotation === 0 ? route.waybills : `${route.tonnage} t`,
                  }))}
              />
            )}
          </ScreenPanel>
        </div>
      </div>
    </ScreenFrame>
  );
}
