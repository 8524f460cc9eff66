// Node运行时 (/monitor/jvm, the reference's JVM信息): the server process's Node version, memory, CPU, event-loop
// delay and garbage collections, with a history of heap and delay while the page is open.
import type { RuntimeInfo } from '@freight/contracts';
import { Col, Row, Statistic, Table } from 'antd';
import { useBilingual } from '../../components/resource/text';
import {
  formatBytes,
  HistoryChart,
  InfoList,
  PanelCol,
  type Sampled,
  SampledMonitorPage,
  StatCard,
  UsageProgress,
  useFormatDuration,
} from './components/monitorKit';

const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

function RuntimeFigures({ data, history }: Sampled<RuntimeInfo>) {
  const tx = useBilingual();
  const duration = useFormatDuration();
  const heapPercent = Math.round((data.memory.heapUsed / data.memory.heapLimit) * 1000) / 10;
  return (
    <>
      <Row gutter={[12, 12]}>
        <StatCard title={tx(['Node版本', 'Node version'])} value={data.nodeVersion} />
        <StatCard title={tx(['运行时长', 'Uptime'])} value={duration(data.uptimeSeconds)} />
        <StatCard title={tx(['常驻内存', 'RSS'])} value={formatBytes(data.memory.rss)} />
        <StatCard title={tx(['进程CPU', 'Process CPU'])} value={data.cpuPercent} suffix="%" precision={1} />
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <PanelCol title={tx(['堆内存', 'Heap'])}>
          <UsageProgress
            percent={heapPercent}
            format={() => `${formatBytes(data.memory.heapUsed)} / ${formatBytes(data.memory.heapLimit)}`}
          />
          <HistoryChart
            label={tx(['内存历史', 'Memory history'])}
            unit=" MB"
            history={history}
            series={[
              { name: tx(['堆已用', 'Heap used']), value: (h) => mb(h.memory.heapUsed) },
              { name: tx(['堆总量', 'Heap total']), value: (h) => mb(h.memory.heapTotal) },
              { name: 'RSS', value: (h) => mb(h.memory.rss) },
            ]}
          />
        </PanelCol>
        <PanelCol title={tx(['事件循环延迟', 'Event-loop delay'])}>
          <Row gutter={8}>
            {(['p50', 'p90', 'p99', 'max'] as const).map((k) => (
              <Col span={6} key={k}>
                <Statistic title={k} value={data.eventLoopDelayMs[k]} precision={1} suffix="ms" />
              </Col>
            ))}
          </Row>
          <HistoryChart
            label={tx(['事件循环延迟历史', 'Event-loop delay history'])}
            unit=" ms"
            height={212}
            history={history}
            series={[
              { name: 'p50', value: (h) => h.eventLoopDelayMs.p50 },
              { name: 'p99', value: (h) => h.eventLoopDelayMs.p99 },
            ]}
          />
        </PanelCol>
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <PanelCol title={tx(['进程', 'Process'])}>
          <InfoList
            items={[
              ['PID', data.pid],
              ['V8', data.v8Version],
              [tx(['堆总量', 'Heap total']), formatBytes(data.memory.heapTotal)],
              [tx(['堆外内存', 'External']), formatBytes(data.memory.external)],
              ['ArrayBuffers', formatBytes(data.memory.arrayBuffers)],
            ]}
          />
        </PanelCol>
        <PanelCol title={tx(['垃圾回收', 'Garbage collection'])}>
          <Table
            size="small"
            rowKey="kind"
            pagination={false}
            dataSource={data.gc}
            columns={[
              { title: tx(['类型', 'Kind']), dataIndex: 'kind' },
              { title: tx(['次数', 'Count']), dataIndex: 'count', align: 'right' },
              {
                title: tx(['累计耗时(毫秒)', 'Total (ms)']),
                dataIndex: 'totalMs',
                align: 'right',
                render: (v: number) => v.toFixed(1),
              },
            ]}
          />
        </PanelCol>
      </Row>
    </>
  );
}

const PAGE = {
  url: '/monitor/runtime',
  testId: 'monitor-runtime',
  title: ['Node运行时', 'Node runtime'],
} as const;

export default function JvmInfo() {
  return <SampledMonitorPage<RuntimeInfo> {...PAGE} figures={RuntimeFigures} />;
}
