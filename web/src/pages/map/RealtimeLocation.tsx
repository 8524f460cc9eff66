// 实时位置: every vehicle in the user's scope on one map, clustered and coloured by live state (idle,
// loading, in transit, offline after 30 min of silence), moved by pushed fixes without reloading; a plate search
// opens a vehicle's popup. The list view is the position declaration's list (search, sort, export).
import {
  type FleetAnswer,
  LIVE_STATE,
  type LivePosition,
  type LiveState,
  vehiclePositionResource,
} from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Card, Grid, Input, Segmented, Space, Spin, Tag } from 'antd';
import type { LatLngTuple } from 'leaflet';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDictItems } from '../../components/dict';
import { mapPoint } from '../../components/map/BaseLayers';
import { pageOf, ResourceListPage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { api, errorText } from '../../services/request';
import { usePlatform } from '../../stores/platform';
import { FleetMap, STATE_COLOURS } from './FleetMap';
import { usePositionSocket } from './usePositionSocket';

const positionPage = pageOf(vehiclePositionResource, {});
const STATES = Object.values(LIVE_STATE) as LiveState[];
/** The whole fleet is read again now and then: states age into "offline" without any push. */
const REFRESH_MS = 60_000;

export default function RealtimeLocation() {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const gdKey = usePlatform((s) => s.settings?.gd_web);
  const stateItems = useDictItems('vehicle_live_state');
  const [mode, setMode] = useState<'map' | 'list'>('map');
  const [shown, setShown] = useState<LiveState | 'all'>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ at: LatLngTuple; seq: number } | null>(null);
  const [offline, setOffline] = useState(false);
  const [fleet, setFleet] = useState<Map<string, LivePosition>>(new Map());

  const answer = useQuery({
    queryKey: ['mapPositions'],
    queryFn: () => api.get<FleetAnswer>('/map/realtime/positions'),
    refetchInterval: REFRESH_MS,
  });
  useEffect(() => {
    if (answer.data) setFleet(new Map(answer.data.positions.map((p) => [p.vehicleId, p])));
  }, [answer.data]);

  usePositionSocket(
    useCallback((rows: LivePosition[]) => {
      setFleet((current) => {
        const next = new Map(current);
        for (const row of rows) next.set(row.vehicleId, row);
        return next;
      });
    }, []),
    // After a reconnect, fixes sent while the socket was down are read from the server.
    useCallback(() => void queryClient.invalidateQueries({ queryKey: ['mapPositions'] }), [queryClient]),
  );

  const all = useMemo(() => [...fleet.values()], [fleet]);
  const counts = useMemo(() => {
    const out: Record<LiveState, number> = { idle: 0, loading: 0, transit: 0, offline: 0 };
    for (const p of all) out[p.liveState] += 1;
    return out;
  }, [all]);
  const positions = useMemo(
    () => (shown === 'all' ? all : all.filter((p) => p.liveState === shown)),
    [all, shown],
  );
  const stateText = (state: LiveState) => stateItems.items.find((i) => i.value === state)?.text ?? state;

  const search = (plate: string) => {
    const wanted = plate.trim().toUpperCase();
    if (!wanted) return;
    const hit = all.find((p) => (p.plateNo ?? '').toUpperCase().includes(wanted));
    if (!hit) {
      void message.warning(tx(['范围内没有该车辆的位置', 'No position of that vehicle in your scope']));
      return;
    }
    setShown('all');
    setSelectedId(hit.vehicleId);
    setFocus((f) => ({
      at: mapPoint(hit.lng, hit.lat, Boolean(gdKey?.trim())),
      seq: (f?.seq ?? 0) + 1,
    }));
  };

  const legend = (
    <Space wrap size={[8, 8]} data-testid="fleet-states">
      <Tag.CheckableTag checked={shown === 'all'} onChange={() => setShown('all')}>
        {tx(['全部', 'All'])} {all.length}
      </Tag.CheckableTag>
      {STATES.map((state) => (
        <Tag.CheckableTag
          key={state}
          checked={shown === state}
          onChange={(on) => setShown(on ? state : 'all')}
          data-testid={`fleet-state-${state}`}
        >
          <Badge color={STATE_COLOURS[state]} text={`${stateText(state)} ${counts[state]}`} />
        </Tag.CheckableTag>
      ))}
    </Space>
  );

  return (
    <Card
      variant="borderless"
      title={tx(['实时位置', 'Live positions'])}
      extra={
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'map' | 'list')}
          options={[
            { value: 'map', label: tx(['地图', 'Map']) },
            { value: 'list', label: tx(['列表', 'List']) },
          ]}
        />
      }
    >
      {mode === 'list' ? (
        <ResourceListPage def={positionPage} />
      ) : (
        <>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
            {legend}
            <Input.Search
              allowClear
              placeholder={tx(['车牌号', 'Plate'])}
              onSearch={search}
              style={{ width: screens.sm ? 220 : '100%' }}
              data-testid="fleet-search"
            />
          </Space>
          {answer.error ? (
            <Alert type="error" showIcon message={errorText(answer.error)} />
          ) : answer.isLoading ? (
            <Spin style={{ display: 'block', margin: '96px auto' }} />
          ) : (
            <div style={{ position: 'relative' }}>
              <FleetMap
                positions={positions}
                gdKey={gdKey}
                selectedId={selectedId}
                onSelect={setSelectedId}
                focus={focus}
                height={screens.md ? 600 : 420}
                onOffline={setOffline}
              />
              {offline && (
                <Tag
                  data-testid="offline-base"
                  style={{ position: 'absolute', top: 10, right: 0, zIndex: 500 }}
                  color="default"
                >
                  {tx(['离线底图（无边界数据）', 'Offline base map (no boundaries)'])}
                </Tag>
              )}
              {all.length === 0 && (
                <Alert
                  style={{ marginTop: 12 }}
                  type="info"
                  showIcon
                  message={tx([
                    '范围内还没有车辆上报位置',
                    'No vehicle in your scope has reported a position yet',
                  ])}
                />
              )}
              {answer.data?.truncated && (
                <Alert
                  style={{ marginTop: 12 }}
                  type="warning"
                  showIcon
                  message={tx([
                    '车辆过多，地图只显示前 20 000 辆；请用列表查询其余车辆',
                    'Too many vehicles: the map shows the first 20 000; use the list for the rest',
                  ])}
                />
              )}
            </div>
          )}
        </>
      )}
    </Card>
  );
}
