// Shared parts of the monitoring screens (/monitor/*): polling, byte and duration formats, a sample history
// for the charts and the page frame with its refresh controls.
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Progress,
  Skeleton,
  Space,
  Statistic,
  type StatisticProps,
  Switch,
  Typography,
} from 'antd';
import type { EChartsOption } from 'echarts';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withChunkTimeout } from '../../../app/chunkLoad';

export { InfoList } from '../../../components/common/InfoList';

import { useBilingual } from '../../../components/resource/text';
import { api, errorText } from '../../../services/request';

const EChart = lazy(() => withChunkTimeout(import('../../../components/chart/EChart')));

export const POLL_MS = 5000;

/** The figures of one monitoring call, refreshed every 5 s while `live`. */
export function useMonitor<T>(url: string, live: boolean) {
  return useQuery({
    queryKey: ['monitor', url],
    queryFn: () => api.get<T>(url),
    refetchInterval: live ? POLL_MS : false,
    retry: false,
  });
}

/**
 * A monitoring page's call with its auto-refresh switch: the figures and the props of its MonitorPage frame.
 */
export function useMonitorPage<T>(url: string) {
  const [live, setLive] = useState(true);
  const query = useMonitor<T>(url, live);
  return {
    query,
    data: query.data,
    frame: {
      updatedAt: query.dataUpdatedAt,
      live,
      onLive: setLive,
      onRefresh: () => void query.refetch(),
      error: query.error,
      loading: query.isLoading,
    },
  };
}

/**
 * One figure in a small card, half the row on phones; on wider screens a quarter of the row unless `md` or
 * `lg` (grid columns out of 24) say otherwise.
 */
export function StatCard({
  md,
  lg = md ? undefined : 6,
  ...props
}: StatisticProps & { md?: number; lg?: number }) {
  return (
    <Col xs={12} md={md} lg={lg}>
      <Card size="small">
        <Statistic {...props} />
      </Card>
    </Col>
  );
}

/** A titled panel of a monitoring page, the whole row on phones and `lg` grid columns (of 24) on wide screens. */
export function PanelCol({
  title,
  lg = 12,
  sm,
  centered = false,
  extra,
  children,
}: {
  title: ReactNode;
  lg?: number;
  sm?: number;
  centered?: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Col xs={24} sm={sm} lg={lg}>
      <Card size="small" title={title} extra={extra} style={centered ? { textAlign: 'center' } : undefined}>
        {children}
      </Card>
    </Col>
  );
}

/** A usage bar coloured by how full it is (green, orange from 75 %, red from 90 %). */
export function UsageProgress({
  percent,
  dashboard = false,
  size,
  format = (p) => `${p}%`,
}: {
  percent: number;
  dashboard?: boolean;
  size?: number;
  format?: (percent?: number) => ReactNode;
}) {
  return (
    <Progress
      type={dashboard ? 'dashboard' : 'line'}
      percent={percent}
      size={size}
      status="normal"
      strokeColor={percentColor(percent)}
      format={format}
    />
  );
}

/** The last `size` samples taken each time `sample` changes (the chart's history). */
export function useHistory<S>(sample: S | undefined, size = 60): Array<S & { at: number }> {
  const [items, setItems] = useState<Array<S & { at: number }>>([]);
  const last = useRef<S | undefined>(undefined);
  useEffect(() => {
    if (sample === undefined || sample === last.current) return;
    last.current = sample;
    setItems((prev) => [...prev.slice(-(size - 1)), { ...sample, at: Date.now() }]);
  }, [sample, size]);
  return items;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '-';
  let value = n;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${UNITS[unit]}`;
}

function formatDuration(seconds: number, en: boolean): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const parts = en
    ? [d && `${d}d`, h && `${h}h`, m && `${m}m`, `${s}s`]
    : [d && `${d}天`, h && `${h}小时`, m && `${m}分`, `${s}秒`];
  return parts.filter(Boolean).join(' ');
}

/** formatDuration in the console's language. */
export function useFormatDuration(): (seconds: number) => string {
  const en = useTranslation().i18n.language.startsWith('en');
  return (seconds) => formatDuration(seconds, en);
}

export function percentColor(percent: number): string {
  if (percent >= 90) return '#ff4d4f';
  if (percent >= 75) return '#faad14';
  return '#52c41a';
}

export const clock = (at: number) => new Date(at).toTimeString().slice(0, 8);

/** The chart library loads with the first chart; a placeholder of the chart's size stands in meanwhile. */
function LazyChart({ option, height, label }: { option: EChartsOption; height: number; label: string }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} label={label} />
    </Suspense>
  );
}

/** A line chart over the history: one line per series. */
export function HistoryChart<T>({
  label,
  history,
  series,
  unit,
  height = 240,
}: {
  label: string;
  /** The samples taken while the page is open, oldest first. */
  history: Array<T & { at: number }>;
  /** Each line: its name and the figure it reads from a sample. */
  series: Array<{ name: string; value: (sample: T) => number }>;
  unit?: string;
  height?: number;
}) {
  const option: EChartsOption = {
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${v}${unit ?? ''}` },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: history.map((h) => clock(h.at)) },
    yAxis: { type: 'value', axisLabel: { formatter: `{value}${unit ?? ''}` } },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      smooth: true,
      showSymbol: false,
      data: history.map(s.value),
    })),
  };
  return <LazyChart option={option} height={height} label={label} />;
}

/** A horizontal bar chart of named values. */
export function BarsChart({
  label,
  items,
  unit,
  height = 240,
  max,
}: {
  label: string;
  items: Array<{ name: string; value: number; color?: string }>;
  unit?: string;
  height?: number;
  /** The scale's end (100 for percentages); the largest value by default. */
  max?: number;
}) {
  const option: EChartsOption = {
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${v}${unit ?? ''}` },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', max },
    yAxis: { type: 'category', data: items.map((i) => i.name), inverse: true },
    series: [
      {
        type: 'bar',
        barMaxWidth: 22,
        data: items.map((i) => ({ value: i.value, itemStyle: i.color ? { color: i.color } : undefined })),
        label: { show: true, position: 'right', formatter: `{c}${unit ?? ''}` },
      },
    ],
  };
  return <LazyChart option={option} height={height} label={label} />;
}

/** The frame of a monitoring page: title, last update, auto refresh switch and refresh button. */
export function MonitorPage({
  testId,
  title,
  updatedAt,
  live,
  onLive,
  onRefresh,
  error,
  loading,
  children,
}: {
  testId: string;
  title: readonly [string, string];
  updatedAt?: number;
  live: boolean;
  onLive(live: boolean): void;
  onRefresh(): void;
  error?: unknown;
  loading?: boolean;
  children: ReactNode;
}) {
  const tx = useBilingual();
  return (
    <div data-testid={testId} className="monitor-page">
      <Card
        size="small"
        style={{ marginBottom: 12 }}
        styles={{ body: { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' } }}
      >
        <Typography.Title level={5} style={{ margin: 0, flex: '1 1 auto' }}>
          {tx(title)}
        </Typography.Title>
        <Space wrap size={12}>
          {updatedAt ? (
            <Typography.Text type="secondary">
              {tx(['更新于', 'Updated'])} {clock(updatedAt)}
            </Typography.Text>
          ) : null}
          <Space size={4}>
            <Switch
              size="small"
              checked={live}
              onChange={onLive}
              aria-label={tx(['自动刷新', 'Auto refresh'])}
            />
            <Typography.Text>{tx(['每5秒刷新', 'Every 5 s'])}</Typography.Text>
          </Space>
          <Button icon={<ReloadOutlined />} onClick={onRefresh}>
            {tx(['刷新', 'Refresh'])}
          </Button>
        </Space>
      </Card>
      {error ? <Alert type="error" showIcon message={errorText(error)} style={{ marginBottom: 12 }} /> : null}
      {loading ? <Skeleton active /> : children}
    </div>
  );
}

/** One call's figures and the samples taken of them while the page is open. */
export type Sampled<T> = { data: T; history: Array<T & { at: number }> };

/** A monitoring page that charts its figures over time: its frame, call and history, `figures` drawing them. */
export function SampledMonitorPage<T>({
  url,
  testId,
  title,
  figures: Figures,
}: {
  url: string;
  testId: string;
  title: readonly [string, string];
  figures: ComponentType<Sampled<T>>;
}) {
  const { data, frame } = useMonitorPage<T>(url);
  const history = useHistory(data);
  return (
    <MonitorPage testId={testId} title={title} {...frame}>
      {data ? <Figures data={data} history={history} /> : null}
    </MonitorPage>
  );
}
