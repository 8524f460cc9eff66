// Analysis dashboard (/dashboard/analysis, the home page): the freight KPIs of the caller's scope from
// /dashboard/analysis, each opening the list whose total it is; this month against last; the pending
// counters. Charts are a lazy ECharts chunk.
import type { AnalysisSummary, PendingCounts } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withChunkTimeout } from '../../app/chunkLoad';
import { queryClient } from '../../app/queryClient';
import { ReloadIconButton } from '../../components/common/ReloadIconButton';
import { DashboardError } from '../../components/dashboard/DashboardError';
import { DashboardRow } from '../../components/dashboard/DashboardRow';
import { FigureCard } from '../../components/dashboard/FigureCard';
import { TileGrid } from '../../components/dashboard/TileGrid';
import { yuan } from '../../components/finance/money';
import { PENDING_LINKS } from '../../components/header/pendingLinks';
import { dashboardApi } from '../../services/dashboardApi';
import { noticeApi } from '../../services/noticeApi';
import { errorText } from '../../services/request';
import { RegulatorCard } from './components/RegulatorCard';

const loadEChart = () => withChunkTimeout(import('../../components/chart/EChart'));
// The chart library is fetched as soon as this page's module is, not after its data arrived.
loadEChart().catch(() => undefined);
const EChart = lazy(loadEChart);

function ChartFallback({ height }: { height: number }) {
  return <Skeleton.Node active style={{ width: '100%', height }} />;
}

interface QueryChartProps {
  query: { isLoading: boolean; isError: boolean; error: unknown };
  label: string;
  emptyText?: string;
  option: EChartsOption | null;
}

/** A chart card's body: a placeholder while its query loads, the failure, the empty note without an option. */
function QueryChart({ query, label, emptyText, option }: QueryChartProps) {
  if (query.isLoading) return <ChartFallback height={300} />;
  if (query.isError) return <Empty description={errorText(query.error)} />;
  if (!option) return <Empty description={emptyText} />;
  return (
    <Suspense fallback={<ChartFallback height={300} />}>
      <EChart label={label} option={option} />
    </Suspense>
  );
}

/** A chart in its card, the card's title naming the chart for screen readers too. */
function QueryChartCard({
  title,
  extra,
  ...chart
}: Omit<QueryChartProps, 'label'> & { title: string; extra?: ReactNode }) {
  return (
    <Card variant="borderless" title={title} extra={extra}>
      <QueryChart label={title} {...chart} />
    </Card>
  );
}

interface Kpi {
  key: string;
  value: number | string;
  path: string;
  note?: ReactNode;
}

/** A KPI card's column; the loading placeholders take the same so the row does not jump. */
const KPI_COL = { xs: 24, sm: 12, xl: 6 };

/** This month against last month as a signed percentage, or null when last month had nothing. */
function change(now: number, before: number): string | null {
  if (!before) return null;
  const pct = ((now - before) / before) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

function kpisOf(data: AnalysisSummary, t: TFunction): Kpi[] {
  const out: Kpi[] = [];
  const { paths } = data;
  const vsLast = (now: number, before: number) => {
    const pct = change(now, before);
    return t('dashboard.lastMonth', { value: yuan(before) }) + (pct ? ` (${pct})` : '');
  };
  if (data.today)
    out.push({
      key: 'todayWaybills',
      value: data.today.waybills,
      path: paths.today,
      note: t('dashboard.todayFreight', { value: yuan(data.today.freightFen) }),
    });
  if (data.inTransit !== null) out.push({ key: 'inTransit', value: data.inTransit, path: paths.inTransit });
  if (data.month && data.lastMonth) {
    out.push({
      key: 'monthFreight',
      value: yuan(data.month.freightFen),
      path: paths.month,
      note: vsLast(data.month.freightFen, data.lastMonth.freightFen),
    });
    out.push({
      key: 'monthServiceFee',
      value: yuan(data.month.serviceFeeFen),
      path: paths.month,
      note: vsLast(data.month.serviceFeeFen, data.lastMonth.serviceFeeFen),
    });
  }
  const counts = [
    ['duePayments', data.duePayments, paths.duePayments],
    ['awaitingAudit', data.awaitingAudit, paths.awaitingAudit],
    ['openWarnings', data.openWarnings, paths.openWarnings],
    ['regulatorFailed', data.regulatorFailed, paths.regulatorFailed],
  ] as const;
  for (const [key, value, path] of counts) if (value !== null) out.push({ key, value, path });
  return out;
}

export default function Analysis() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const analysis = useQuery({ queryKey: ['analysis'], queryFn: dashboardApi.analysis });
  const counts = useQuery({ queryKey: ['pendingCounts'], queryFn: noticeApi.pendingCounts, retry: false });

  const refresh = () => {
    void analysis.refetch();
    void counts.refetch();
    void queryClient.invalidateQueries({ queryKey: ['regulatorSummary'] });
  };

  const data = analysis.data;
  const kpis = data ? kpisOf(data, t) : [];
  const pending = PENDING_LINKS.map((l) => ({
    key: l.key,
    title: t(`pending.${l.key}`),
    value: Number(counts.data?.[l.key as keyof PendingCounts] ?? 0),
    to: l.path,
  }));
  const months = data?.month && data.lastMonth ? { now: data.month, before: data.lastMonth } : null;

  return (
    <div className="dashboard" data-testid="dashboard-analysis">
      {analysis.isError ? <DashboardError error={analysis.error} onRetry={refresh} /> : null}
      <Row gutter={[16, 16]}>
        {analysis.isLoading
          ? [0, 1, 2, 3].map((i) => (
              <FigureCard key={i} col={KPI_COL}>
                <Skeleton active paragraph={{ rows: 1 }} />
              </FigureCard>
            ))
          : kpis.map((k) => (
              <FigureCard key={k.key} col={KPI_COL} styles={{ body: { padding: 0 } }}>
                <button
                  type="button"
                  className="kpi-link"
                  onClick={() => navigate(k.path)}
                  data-testid={`kpi-${k.key}`}
                >
                  <Statistic title={t(`dashboard.kpi.${k.key}`)} value={k.value} />
                  <Typography.Text type="secondary" className="kpi-note">
                    {k.note ?? t('dashboard.openList')}
                  </Typography.Text>
                </button>
              </FigureCard>
            ))}
      </Row>
      <DashboardRow
        main={
          <QueryChartCard
            title={t('dashboard.monthChart')}
            extra={<ReloadIconButton label={t('dashboard.refresh')} onClick={refresh} />}
            query={analysis}
            emptyText={t('dashboard.noFreight')}
            option={
              months && {
                tooltip: { trigger: 'axis' },
                legend: { data: [t('dashboard.thisMonth'), t('dashboard.previousMonth')], top: 0 },
                grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
                xAxis: {
                  type: 'category',
                  data: [t('dashboard.kpi.monthFreight'), t('dashboard.kpi.monthServiceFee')],
                },
                yAxis: { type: 'value', name: t('dashboard.yuanAxis') },
                series: [
                  {
                    name: t('dashboard.thisMonth'),
                    type: 'bar',
                    barMaxWidth: 36,
                    data: [months.now.freightFen / 100, months.now.serviceFeeFen / 100],
                  },
                  {
                    name: t('dashboard.previousMonth'),
                    type: 'bar',
                    barMaxWidth: 36,
                    data: [months.before.freightFen / 100, months.before.serviceFeeFen / 100],
                  },
                ],
              }
            }
          />
        }
        aside={
          <QueryChartCard
            title={t('dashboard.pendingChart')}
            query={counts}
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
              xAxis: { type: 'value', minInterval: 1 },
              yAxis: {
                type: 'category',
                inverse: true,
                data: pending.map((p) => p.title),
              },
              series: [
                {
                  name: t('dashboard.count'),
                  type: 'bar',
                  data: pending.map((p) => p.value),
                  barMaxWidth: 18,
                },
              ],
            }}
          />
        }
      />
      <Card variant="borderless" title={t('dashboard.pending')} className="mt16">
        <TileGrid
          tiles={pending}
          col={{ xs: 12, sm: 8, lg: 6, xl: 3 }}
          testIdPrefix="tile"
          loading={counts.isLoading}
        />
      </Card>
      <RegulatorCard />
    </div>
  );
}
