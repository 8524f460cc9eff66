// 任务页 (/dashboard/task): the scheduled jobs with their last and next run, and the background queues
// (regulator outbox, bank payments, payout approvals) with their waiting and failed counts, each opening its
// list.
import type { TaskJob } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, Row, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryError } from '../../components/dashboard/DashboardError';
import { PanelCard } from '../../components/dashboard/PanelCard';
import { RefreshButton } from '../../components/dashboard/RefreshButton';
import { StatTile } from '../../components/dashboard/StatTile';
import { useMenuModel } from '../../layouts/useMenuModel';
import { dashboardApi } from '../../services/dashboardApi';

const JOBS_PATH = '/system/quartzJob';

export default function Task() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { routes } = useMenuModel();
  const jobsPath = routes.some((r) => r.path === JOBS_PATH) ? JOBS_PATH : undefined;
  const summary = useQuery({ queryKey: ['dashboard', 'task'], queryFn: dashboardApi.task });
  const data = summary.data;

  const columns: ColumnsType<TaskJob> = [
    {
      title: t('task.job'),
      dataIndex: 'jobClassName',
      render: (_, job) => (
        <div style={{ minWidth: 140, maxWidth: 260, whiteSpace: 'normal' }}>
          <div>{job.jobClassName}</div>
          {job.description ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {job.description}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: t('task.status'),
      dataIndex: 'status',
      width: 96,
      render: (status: number) =>
        status === 0 ? (
          <Badge status="processing" text={t('task.running')} />
        ) : (
          <Badge status="default" text={t('task.stopped')} />
        ),
    },
    {
      title: t('task.lastRun'),
      dataIndex: 'lastRun',
      width: 220,
      render: (_, job) =>
        job.lastRun ? (
          <span style={{ whiteSpace: 'nowrap' }}>
            {job.lastRun.time}{' '}
            {job.lastRun.success === null ? (
              <Tag color="processing">{t('task.inProgress')}</Tag>
            ) : job.lastRun.success ? (
              <Tag color="success">{t('task.ok')}</Tag>
            ) : (
              <Tag color="error">{t('task.fail')}</Tag>
            )}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('task.never')}</Typography.Text>
        ),
    },
    {
      title: t('task.nextRun'),
      dataIndex: 'nextRun',
      width: 170,
      render: (next: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{next ?? '—'}</span>,
    },
    { title: t('task.cron'), dataIndex: 'cronExpression', width: 140 },
  ];

  return (
    <div className="dashboard" data-testid="dashboard-task">
      <QueryError query={summary} />
      <PanelCard
        title={t('task.queues')}
        data-testid="task-queues"
        extra={<RefreshButton query={summary} />}
        loading={summary.isLoading}
        rows={data?.queues}
        emptyText={t('task.noQueues')}
        skeletonRows={2}
      >
        {(queues) => (
          <Row gutter={[12, 12]}>
            {queues.map((q) => (
              <Col key={q.key} xs={24} sm={12} lg={8}>
                <div className="pending-tile" data-testid={`queue-${q.key}`}>
                  <Typography.Text strong>{t(`task.queue.${q.key}`)}</Typography.Text>
                  <Row gutter={8} className="mt8">
                    {[
                      { key: 'waiting', path: q.path, value: q.waiting, alarm: false },
                      { key: 'failedCount', path: q.failedPath, value: q.failed, alarm: q.failed > 0 },
                    ].map((tile) => (
                      <Col key={tile.key} span={12}>
                        <StatTile
                          look="link-tile"
                          onOpen={() => navigate(tile.path)}
                          title={t(`task.${tile.key}`)}
                          value={tile.value}
                          valueStyle={tile.alarm ? { color: '#ff4d4f' } : undefined}
                        />
                      </Col>
                    ))}
                  </Row>
                </div>
              </Col>
            ))}
          </Row>
        )}
      </PanelCard>
      {data?.jobs === null ? null : (
        <Card
          variant="borderless"
          title={t('task.jobs')}
          className="mt16"
          data-testid="task-jobs"
          extra={
            jobsPath ? (
              <Button type="link" size="small" onClick={() => navigate(jobsPath)}>
                {t('task.open')}
              </Button>
            ) : null
          }
        >
          <Table<TaskJob>
            rowKey="id"
            size="small"
            loading={summary.isLoading}
            columns={columns}
            dataSource={data?.jobs ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: <Empty description={t('task.noJobs')} image={Empty.PRESENTED_IMAGE_SIMPLE} />,
            }}
          />
        </Card>
      )}
    </div>
  );
}
