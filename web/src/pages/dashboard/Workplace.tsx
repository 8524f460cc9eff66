// 工作台 (/dashboard/workplace): a greeting, the caller's to-dos (each opens its filtered list), the caller's
// own recent operations and quick links from the caller's menu.
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryError } from '../../components/dashboard/DashboardError';
import { DashboardRow } from '../../components/dashboard/DashboardRow';
import { PanelCard, PanelList } from '../../components/dashboard/PanelCard';
import { RefreshButton } from '../../components/dashboard/RefreshButton';
import { TileGrid } from '../../components/dashboard/TileGrid';
import { useMenuModel } from '../../layouts/useMenuModel';
import { dashboardApi } from '../../services/dashboardApi';

const QUICK_LINKS_MAX = 8;

function greetingKey(hour: number): string {
  if (hour < 12) return 'workplace.morning';
  if (hour < 18) return 'workplace.afternoon';
  return 'workplace.evening';
}

export default function Workplace() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { routes } = useMenuModel();
  const summary = useQuery({ queryKey: ['dashboard', 'workplace'], queryFn: dashboardApi.workplace });
  const links = useMemo(
    () =>
      routes
        .filter(
          (r) =>
            !r.hidden &&
            !r.url &&
            !r.path.includes(':') &&
            !r.path.startsWith('/dashboard/') &&
            r.component &&
            r.component !== 'layouts/RouteView',
        )
        .slice(0, QUICK_LINKS_MAX),
    [routes],
  );
  const data = summary.data;

  return (
    <div className="dashboard" data-testid="dashboard-workplace">
      <Card variant="borderless" className="mb16">
        <div className="workplace-head">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="workplace-greeting">
            {data
              ? t('workplace.welcome', {
                  greeting: t(greetingKey(new Date().getHours())),
                  name: data.realname,
                })
              : t(greetingKey(new Date().getHours()))}
          </Typography.Title>
          <RefreshButton query={summary} />
        </div>
      </Card>
      <QueryError query={summary} />
      <PanelCard
        title={t('workplace.todos')}
        data-testid="workplace-todos"
        loading={summary.isLoading}
        rows={data?.todos}
        emptyText={t('workplace.noTodos')}
        skeletonRows={2}
      >
        {(todos) => (
          <TileGrid
            tiles={todos.map((todo) => ({
              key: todo.key,
              title: t(`workplace.todo.${todo.key}`),
              value: todo.count,
              to: todo.path,
              valueStyle: todo.count > 0 ? { color: '#fa541c' } : undefined,
            }))}
            col={{ xs: 12, sm: 8, lg: 6, xl: 4 }}
            gutter={[12, 12]}
            testIdPrefix="todo"
          />
        )}
      </PanelCard>
      <DashboardRow
        stackBelow="lg"
        main={
          <PanelList
            title={t('workplace.recent')}
            data-testid="workplace-recent"
            loading={summary.isLoading}
            rows={data?.recentLogs}
            emptyText={t('workplace.noRecent')}
            renderRow={(log) => (
              <div className="workplace-log">
                <span className="workplace-log-text">
                  {log.success ? (
                    <CheckCircleOutlined style={{ color: '#52c41a' }} />
                  ) : (
                    <CloseCircleOutlined style={{ color: '#ff4d4f' }} aria-label={t('workplace.failed')} />
                  )}{' '}
                  {log.content}
                </span>
                <Typography.Text type="secondary" className="workplace-log-time">
                  {log.time}
                </Typography.Text>
              </div>
            )}
          />
        }
        aside={
          <Card variant="borderless" title={t('workplace.quickLinks')} data-testid="workplace-links">
            {links.length === 0 ? (
              <Empty description={t('workplace.noLinks')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Row gutter={[8, 8]}>
                {links.map((link) => (
                  <Col key={link.id} xs={12} sm={8} lg={12}>
                    <Button block onClick={() => navigate(link.path)} className="quick-link">
                      {link.title || link.name}
                    </Button>
                  </Col>
                ))}
              </Row>
            )}
          </Card>
        }
      />
    </div>
  );
}
