// Analysis dashboard (/dashboard/analysis): real figures from /sys/loginfo, /sys/visitInfo and the
// pending counters; charts are a lazy ECharts chunk.
import { EyeOutlined, GlobalOutlined, LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import type { PendingCounts } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withChunkTimeout } from '../../app/chunkLoad';
import { queryClient } from '../../app/queryClient';
import { PENDING_LINKS } from '../../components/header/pendingLinks';
import { dashboardApi } from '../../services/dashboardApi';
import { noticeApi } from '../../services/noticeApi';
import { errorText } from '../../services/request';
import { RegulatorCard } from './components/RegulatorCard';

const loadEChart = () => withChunkTimeout(import('./components/EChart'));
// The chart library is fetched as soon as this page's module is, not after its data arrived.
loadEChart().catch(() => undefined);
const EChart = lazy(loadEChart);

function ChartFallback({ height }: { height: number }) {
  return <Skeleton.Node active style={{ width: '100%', height }} />;
}

export default function Analysis() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginInfo = useQuery({ queryKey: ['loginInfo'], queryFn: dashboardApi.loginInfo });
  const visits = useQuery({ queryKey: ['visitInfo'], queryFn: dashboardApi.visitInfo });
  const counts = useQuery({ queryKey: ['pendingCounts'], queryFn: noticeApi.pendingCounts, retry: false });

  const refresh = () => {
    void loginInfo.refetch();
    void visits.refetch();
    void counts.refetch();
    void queryClient.invalidateQueries({ queryKey: ['regulatorSummary'] });
  };

  const days = visits.data ?? [];
  const hasVisits = days.some((d) => Number(d.visit) > 0 || Number(d.ip) > 0);
  const pending = PENDING_LINKS.map((l) => ({
    ...l,
    value: Number(counts.data?.[l.key as keyof PendingCounts] ?? 0),
  }));

  const stats = [
    { key: 'todayVisits', icon: <EyeOutlined />, value: loginInfo.data?.todayVisitCount, color: '#1677ff' },
    { key: 'todayIp', icon: <GlobalOutlined />, value: loginInfo.data?.todayIp, color: '#13c2c2' },
    {
      key: 'totalVisits',
      icon: <LineChartOutlined />,
      value: loginInfo.data?.totalVisitCount,
      color: '#722ed1',
    },
  ];

  return (
    <div className="dashboard" data-testid="dashboard-analysis">
      {loginInfo.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('common.loadFailed')}
          description={errorText(loginInfo.error)}
          className="mb16"
        />
      ) : null}
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col key={s.key} xs={24} sm={8}>
            <Card variant="borderless" className="stat-card" data-testid={`stat-${s.key}`}>
              <Statistic
                title={t(`dashboard.${s.key}`)}
                value={s.value ?? 0}
                loading={loginInfo.isLoading}
                prefix={<span style={{ color: s.color }}>{s.icon}</span>}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} className="mt16">
        <Col xs={24} xl={14}>
          <Card
            variant="borderless"
            title={t('dashboard.visits7')}
            extra={
              <Button
                type="text"
                size="small"
                icon={<ReloadOutlined />}
                onClick={refresh}
                aria-label={t('dashboard.refresh')}
              />
            }
          >
            {visits.isLoading ? (
              <ChartFallback height={300} />
            ) : visits.isError ? (
              <Empty description={errorText(visits.error)} />
            ) : !hasVisits && days.length === 0 ? (
              <Empty description={t('dashboard.noVisits')} />
            ) : (
              <Suspense fallback={<ChartFallback height={300} />}>
                <EChart
                  label={t('dashboard.visits7')}
                  option={{
                    tooltip: { trigger: 'axis' },
                    legend: { data: [t('dashboard.visit'), t('dashboard.ip')], top: 0 },
                    grid: { left: 40, right: 16, top: 36, bottom: 28 },
                    xAxis: { type: 'category', data: days.map((d) => d.tian || d.ymd) },
                    yAxis: { type: 'value', minInterval: 1 },
                    series: [
                      {
                        name: t('dashboard.visit'),
                        type: 'bar',
                        data: days.map((d) => Number(d.visit) || 0),
                        barMaxWidth: 28,
                      },
                      {
                        name: t('dashboard.ip'),
                        type: 'line',
                        smooth: true,
                        data: days.map((d) => Number(d.ip) || 0),
                      },
                    ],
                  }}
                />
              </Suspense>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title={t('dashboard.pendingChart')}>
            {counts.isLoading ? (
              <ChartFallback height={300} />
            ) : counts.isError ? (
              <Empty description={errorText(counts.error)} />
            ) : (
              <Suspense fallback={<ChartFallback height={300} />}>
                <EChart
                  label={t('dashboard.pendingChart')}
                  option={{
                    tooltip: { trigger: 'axis' },
                    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
                    xAxis: { type: 'value', minInterval: 1 },
                    yAxis: {
                      type: 'category',
                      inverse: true,
                      data: pending.map((p) => t(`pending.${p.key}`)),
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
              </Suspense>
            )}
          </Card>
        </Col>
      </Row>
      <Card variant="borderless" title={t('dashboard.pending')} className="mt16">
        <Row gutter={[16, 16]}>
          {pending.map((p) => (
            <Col key={p.key} xs={12} sm={8} lg={6} xl={3}>
              <button
                type="button"
                className="pending-tile"
                onClick={() => navigate(p.path)}
                data-testid={`tile-${p.key}`}
              >
                <Statistic title={t(`pending.${p.key}`)} value={p.value} loading={counts.isLoading} />
              </button>
            </Col>
          ))}
        </Row>
      </Card>
      <RegulatorCard />
    </div>
  );
}
