// 请求追踪 (/monitor/httptrace): the last 1 000 requests this server answered (time, method, path, status,
// duration, user); never tokens, query strings or bodies.
import type { RequestTrace } from '@freight/contracts';
import { Card, Input, Row, Segmented, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { pageTotalText, useBilingual } from '../../components/resource/text';
import { MonitorPage, StatCard, useMonitorPage } from './components/monitorKit';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

function statusColor(status: number): string {
  if (status >= 500) return 'error';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'processing';
  return 'success';
}

export default function HttpTrace() {
  const tx = useBilingual();
  const [klass, setKlass] = useState('all');
  const [search, setSearch] = useState('');
  const { query: traces, frame } = useMonitorPage<{ records: RequestTrace[]; total: number }>(
    '/monitor/httptrace',
  );
  const all = traces.data?.records ?? [];
  const rows = useMemo(
    () =>
      all.filter(
        (r) =>
          (klass === 'all' || `${Math.floor(r.status / 100)}xx` === klass) &&
          (!search || r.path.includes(search) || (r.username ?? '').includes(search)),
      ),
    [all, klass, search],
  );
  const avg = all.length ? all.reduce((s, r) => s + r.durationMs, 0) / all.length : 0;
  const errors = all.filter((r) => r.status >= 500).length;
  return (
    <MonitorPage testId="monitor-httptrace" title={['请求追踪', 'Request trace']} {...frame}>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <StatCard
          md={6}
          title={tx(['启动以来请求', 'Requests since start'])}
          value={traces.data?.total ?? 0}
        />
        <StatCard md={6} title={tx(['已保留', 'Kept'])} value={all.length} suffix="/ 1000" />
        <StatCard md={6} title={tx(['平均耗时', 'Mean duration'])} value={avg} precision={1} suffix="ms" />
        <StatCard
          md={6}
          title={tx(['服务端错误', 'Server errors'])}
          value={errors}
          valueStyle={errors ? { color: '#ff4d4f' } : undefined}
        />
      </Row>
      <Card size="small">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
          <Segmented
            value={klass}
            onChange={(v) => setKlass(String(v))}
            options={[
              { value: 'all', label: tx(['全部', 'All']) },
              { value: '2xx', label: '2xx' },
              { value: '3xx', label: '3xx' },
              { value: '4xx', label: '4xx' },
              { value: '5xx', label: '5xx' },
            ]}
          />
          <Input.Search
            allowClear
            placeholder={tx(['路径或用户', 'Path or user'])}
            onSearch={setSearch}
            style={{ width: 240 }}
          />
        </div>
        <Table<RequestTrace>
          size="small"
          rowKey={(r) => `${r.time}-${r.method}-${r.path}-${r.durationMs}`}
          dataSource={rows}
          scroll={{ x: 820 }}
          pagination={{
            defaultPageSize: 20,
            showSizeChanger: true,
            showTotal: pageTotalText(tx),
          }}
          columns={[
            {
              title: tx(['时间', 'Time']),
              dataIndex: 'time',
              width: 170,
              render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            {
              title: tx(['方法', 'Method']),
              dataIndex: 'method',
              width: 90,
              render: (v: string) => <Tag color={METHOD_COLORS[v]}>{v}</Tag>,
            },
            { title: tx(['路径', 'Path']), dataIndex: 'path', ellipsis: true },
            {
              title: tx(['状态', 'Status']),
              dataIndex: 'status',
              width: 80,
              render: (v: number) => <Tag color={statusColor(v)}>{v}</Tag>,
            },
            {
              title: tx(['耗时(毫秒)', 'Duration (ms)']),
              dataIndex: 'durationMs',
              width: 120,
              align: 'right',
              sorter: (a, b) => a.durationMs - b.durationMs,
              render: (v: number) => v.toFixed(1),
            },
            {
              title: tx(['用户', 'User']),
              dataIndex: 'username',
              width: 130,
              render: (v: string | null) => v ?? '-',
            },
          ]}
        />
      </Card>
    </MonitorPage>
  );
}
