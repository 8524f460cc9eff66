// Execution history of one scheduled job: every cron trigger, manual run and reported misfire, with its
// duration, outcome and error (history with duration and error; misfires reported, not lost).
import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { formatDateTime, PAGE_SIZE, PAGE_SIZE_OPTIONS, type Page } from '@freight/contracts';
import { Tag, Typography } from 'antd';
import { SideDrawer } from '../../../../components/common/SideDrawer';
import type { ShownFor } from '../../../../components/common/shownFor';
import { toListQuery } from '../../../../components/resource/query';
import { pageTotalText, useBilingual } from '../../../../components/resource/text';
import { api } from '../../../../services/request';

export interface JobRun {
  id: string;
  jobId: string;
  trigger: 'cron' | 'manual' | 'misfire';
  fireTime: string | null;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  success: number | null;
  message: string | null;
  error: string | null;
  instance: string | null;
}

const TRIGGERS = {
  cron: { label: ['定时触发', 'Scheduled'], color: 'blue' },
  manual: { label: ['手动执行', 'Manual'], color: 'purple' },
  misfire: { label: ['错过触发', 'Missed'], color: 'volcano' },
} as const;

export function JobHistoryDrawer({ job, onClose }: ShownFor<'job', { id: string; title: string }>) {
  const tx = useBilingual();
  const columns: ProColumns<JobRun>[] = [
    {
      title: tx(['触发方式', 'Trigger']),
      dataIndex: 'trigger',
      width: 100,
      valueType: 'select',
      fieldProps: {
        options: Object.entries(TRIGGERS).map(([value, t]) => ({ value, label: tx(t.label) })),
      },
      render: (_d, run) => {
        const t = TRIGGERS[run.trigger] ?? TRIGGERS.cron;
        return <Tag color={t.color}>{tx(t.label)}</Tag>;
      },
    },
    {
      title: tx(['结果', 'Outcome']),
      dataIndex: 'success',
      width: 90,
      valueType: 'select',
      fieldProps: {
        options: [
          { value: 1, label: tx(['成功', 'Succeeded']) },
          { value: 0, label: tx(['失败', 'Failed']) },
        ],
      },
      render: (_d, run) =>
        run.success === 1 ? (
          <Tag color="success">{tx(['成功', 'Succeeded'])}</Tag>
        ) : run.success === 0 ? (
          <Tag color="error">{tx(['失败', 'Failed'])}</Tag>
        ) : (
          <Tag color="processing">{tx(['执行中', 'Running'])}</Tag>
        ),
    },
    {
      title: tx(['开始时间', 'Started']),
      dataIndex: 'startTime',
      width: 170,
      search: false,
      sorter: true,
      render: (_d, run) => formatDateTime(run.startTime),
    },
    {
      title: tx(['计划时间', 'Due at']),
      dataIndex: 'fireTime',
      width: 170,
      search: false,
      render: (_d, run) => formatDateTime(run.fireTime) || '--',
    },
    {
      title: tx(['耗时(毫秒)', 'Duration (ms)']),
      dataIndex: 'durationMs',
      width: 110,
      search: false,
      sorter: true,
      render: (_d, run) => (run.durationMs ?? '--').toLocaleString(),
    },
    {
      title: tx(['结果信息', 'Result']),
      dataIndex: 'message',
      search: false,
      width: 260,
      render: (_d, run) =>
        run.error ? (
          <Typography.Text type="danger" data-testid="job-run-error">
            {run.error}
          </Typography.Text>
        ) : (
          <Typography.Text ellipsis={{ tooltip: run.message }} style={{ maxWidth: 260 }}>
            {run.message || '--'}
          </Typography.Text>
        ),
    },
    { title: tx(['实例', 'Instance']), dataIndex: 'instance', width: 160, search: false },
  ];

  return (
    <SideDrawer
      open={Boolean(job)}
      onClose={onClose}
      width={960}
      title={`${tx(['执行记录', 'Run history'])} · ${job?.title ?? ''}`}
    >
      {job && (
        <ProTable<JobRun>
          rowKey="id"
          size="small"
          columns={columns}
          search={{ labelWidth: 'auto', filterType: 'light' }}
          options={{ reload: true, density: false, setting: false }}
          scroll={{ x: 1000 }}
          pagination={{
            defaultPageSize: PAGE_SIZE,
            pageSizeOptions: [...PAGE_SIZE_OPTIONS],
            showSizeChanger: true,
            showTotal: pageTotalText(tx),
          }}
          request={async (params, sort) => {
            const query = toListQuery(params, sort, { jobId: job.id });
            const page = await api.get<Page<JobRun>>('/sys/quartzJob/logs', query);
            return { data: page.records, total: page.total, success: true };
          }}
          data-testid="job-history"
        />
      )}
    </SideDrawer>
  );
}
