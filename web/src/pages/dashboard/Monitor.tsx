// 监控页 (/dashboard/monitor): the fleet by live state, today's waybills by status, dispatches per hour
// today vs yesterday and the latest open risk warnings, in the caller's scope; refreshed every 30 s.
import { RISK_RULE_OPTIONS, textOf } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChartPanel } from '../../components/chart/ChartPanel';
import { QueryError } from '../../components/dashboard/DashboardError';
import { DashboardRow } from '../../components/dashboard/DashboardRow';
import { FigureCard } from '../../components/dashboard/FigureCard';
import { PanelCard, PanelList } from '../../components/dashboard/PanelCard';
import { RefreshButton } from '../../components/dashboard/RefreshButton';
import { StatTile } from '../../components/dashboard/StatTile';
import { dictText, useDictItems } from '../../components/dict/useDict';
import { useMenuModel } from '../../layouts/useMenuModel';
import { dashboardApi } from '../../services/dashboardApi';

const MONITOR_REFRESH_MS = 30_000;

const STATES = [
  { key: 'transit', color: '#1677ff' },
  { key: 'loading', color: '#fa8c16' },
  { key: 'idle', color: '#52c41a' },
  { key: 'offline', color: '#8c8c8c' },
] as const;

export default function Monitor() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { routes } = useMenuModel();
  const has = (path: string) => routes.some((r) => r.path === path);
  const statuses = useDictItems('shipping_status');
  const summary = useQuery({
    queryKey: ['dashboard', 'monitor'],
    queryFn: dashboardApi.monitor,
    refetchInterval: MONITOR_REFRESH_MS,
  });
  const data = summary.data;
  const lang = i18n.language?.startsWith('en') ? 'en' : 'zh';
  const ruleName = (rule: string) => {
    const found = RISK_RULE_OPTIONS.find((o) => o.value === rule);
    return found ? textOf(found.label, lang) : rule;
  };
  const waybillTotal = data?.waybillsToday.reduce((n, r) => n + r.count, 0) ?? 0;
  const hours = Array.from({ length: 24 }, (_, h) => t('monitor.hour', { h }));

  return (
    <div className="dashboard" data-testid="dashboard-monitor">
      <div className="workplace-head mb16">
        <Typography.Text type="secondary" data-testid="monitor-refreshed">
          {data ? t('monitor.autoRefresh', { time: data.refreshedAt.slice(11) }) : null}
        </Typography.Text>
        <RefreshButton query={summary} />
      </div>
      <QueryError query={summary} />
      <Row gutter={[16, 16]}>
        {STATES.map((s) => (
          <FigureCard key={s.key} col={{ xs: 12, sm: 6 }} data-testid={`vehicles-${s.key}`}>
            <StatTile
              disabled={!has('/map/realtime')}
              onOpen={() => navigate('/map/realtime')}
              style={{ border: 0, background: 'transparent', padding: 0 }}
              title={t(`monitor.${s.key}`)}
              value={data?.vehicles[s.key] ?? 0}
              loading={summary.isLoading}
              valueStyle={{ color: s.color }}
            />
          </FigureCard>
        ))}
      </Row>
      <DashboardRow
        main={
          <Card variant="borderless" title={t('monitor.dispatches')} data-testid="monitor-dispatches">
            <ChartPanel
              loading={summary.isLoading}
              data={data}
              height={280}
              label={t('monitor.dispatches')}
              option={(data) => ({
                tooltip: { trigger: 'axis' },
                legend: { data: [t('monitor.today'), t('monitor.yesterday')], top: 0 },
                grid: { left: 36, right: 12, top: 36, bottom: 28 },
                xAxis: { type: 'category', data: hours },
                yAxis: { type: 'value', minInterval: 1 },
                series: [
                  {
                    name: t('monitor.today'),
                    type: 'bar',
                    data: data.dispatchesByHour.today,
                    barMaxWidth: 14,
                  },
                  {
                    name: t('monitor.yesterday'),
                    type: 'line',
                    smooth: true,
                    data: data.dispatchesByHour.yesterday,
                  },
                ],
              })}
            />
          </Card>
        }
        aside={
          <PanelCard
            title={t('monitor.waybillsToday')}
            extra={data ? `${t('monitor.total')} ${waybillTotal}` : null}
            data-testid="monitor-waybills"
            loading={summary.isLoading}
            rows={data?.waybillsToday}
            emptyText={t('monitor.noWaybills')}
          >
            {(waybills) => (
              <Row gutter={[12, 12]}>
                {waybills.map((row) => (
                  <Col key={row.status} xs={12} sm={8}>
                    <StatTile
                      disabled={!has('/shipping/list')}
                      onOpen={() => navigate(`/shipping/list?status=${row.status}`)}
                      data-testid={`waybills-${row.status}`}
                      title={dictText(statuses.items, row.status)}
                      value={row.count}
                    />
                  </Col>
                ))}
              </Row>
            )}
          </PanelCard>
        }
      />
      {data?.warnings === null ? null : (
        <PanelList
          title={t('monitor.warnings')}
          className="mt16"
          data-testid="monitor-warnings"
          extra={
            has('/risk/warning') ? (
              <Button type="link" size="small" onClick={() => navigate('/risk/warning?state=open')}>
                {t('task.open')}
              </Button>
            ) : null
          }
          loading={summary.isLoading}
          rows={data?.warnings}
          emptyText={t('monitor.noWarnings')}
          renderRow={(w) => (
            <div className="monitor-warning">
              <div>
                <Tag color={w.severity === 2 ? 'red' : 'orange'}>
                  {w.severity === 2 ? t('monitor.blocking') : t('monitor.warn')}
                </Tag>
                <Typography.Text strong>{ruleName(w.ruleType)}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {[w.shippingNoteNumber, w.plateNo].filter(Boolean).join(' · ')}
                </Typography.Text>
              </div>
              <div className="monitor-warning-text">{w.message}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {w.time}
              </Typography.Text>
            </div>
          )}
        />
      )}
    </div>
  );
}
