// HTTP服务 (/monitor/tomcat, the reference's Tomcat信息): the Fastify server's routes, open connections, requests
// per second, error rate, status classes and slowest routes of the last 1 000 requests.
import type { HttpServerInfo } from '@freight/contracts';
import { Card, Row, Table } from 'antd';
import { useBilingual } from '../../components/resource/text';
import {
  BarsChart,
  HistoryChart,
  PanelCol,
  type Sampled,
  SampledMonitorPage,
  StatCard,
} from './components/monitorKit';

const STATUS_COLORS: Record<string, string> = {
  '2xx': '#52c41a',
  '3xx': '#1677ff',
  '4xx': '#faad14',
  '5xx': '#ff4d4f',
};

function HttpFigures({ data, history }: Sampled<HttpServerInfo>) {
  const tx = useBilingual();
  return (
    <>
      <Row gutter={[12, 12]}>
        <StatCard lg={4} title={tx(['服务器', 'Server'])} value={`${data.server} ${data.fastifyVersion}`} />
        <StatCard lg={4} title={tx(['路由数', 'Routes'])} value={data.routes} />
        <StatCard lg={4} title={tx(['打开的连接', 'Open connections'])} value={data.connections ?? '-'} />
        <StatCard
          lg={4}
          title={tx(['每秒请求(近1分钟)', 'Requests/s (1 min)'])}
          value={data.requestsPerSecond}
          precision={2}
        />
        <StatCard
          lg={4}
          title={tx(['错误率(近1分钟)', 'Error rate (1 min)'])}
          value={data.errorRate * 100}
          precision={2}
          suffix="%"
          valueStyle={data.errorRate > 0 ? { color: '#ff4d4f' } : undefined}
        />
        <StatCard lg={4} title={tx(['启动以来请求', 'Requests since start'])} value={data.totalRequests} />
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <PanelCol lg={14} title={tx(['请求速率', 'Request rate'])}>
          <HistoryChart
            label={tx(['请求速率历史', 'Request rate history'])}
            unit="/s"
            history={history}
            series={[{ name: tx(['每秒请求', 'Requests/s']), value: (h) => h.requestsPerSecond }]}
          />
        </PanelCol>
        <PanelCol lg={10} title={tx(['状态分布(最近1000次)', 'Statuses (last 1 000)'])}>
          <BarsChart
            label={tx(['状态分布', 'Statuses'])}
            items={Object.entries(data.statuses).map(([name, value]) => ({
              name,
              value,
              color: STATUS_COLORS[name],
            }))}
          />
        </PanelCol>
      </Row>
      <Card
        size="small"
        title={tx(['最慢的路由(最近1000次)', 'Slowest routes (last 1 000)'])}
        style={{ marginTop: 12 }}
      >
        <Table
          size="small"
          rowKey="route"
          pagination={false}
          scroll={{ x: 600 }}
          dataSource={data.slowest}
          columns={[
            { title: tx(['路由', 'Route']), dataIndex: 'route', ellipsis: true },
            { title: tx(['次数', 'Count']), dataIndex: 'count', width: 80, align: 'right' },
            { title: tx(['平均(毫秒)', 'Mean (ms)']), dataIndex: 'avgMs', width: 110, align: 'right' },
            { title: tx(['最长(毫秒)', 'Max (ms)']), dataIndex: 'maxMs', width: 110, align: 'right' },
          ]}
        />
      </Card>
    </>
  );
}

const PAGE = { url: '/monitor/http', testId: 'monitor-http', title: ['HTTP服务', 'HTTP server'] } as const;

export default function TomcatInfo() {
  return <SampledMonitorPage<HttpServerInfo> {...PAGE} figures={HttpFigures} />;
}
