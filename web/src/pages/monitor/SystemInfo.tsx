// 系统信息 (/monitor/system): the server machine (CPU, load, memory, uptime, OS) and its database (engine,
// size, connections), with a CPU and memory history while the page is open.
import type { SystemInfo as SystemFigures } from '@freight/contracts';
import { Col, Row, Statistic, Tag } from 'antd';
import { useBilingual } from '../../components/resource/text';
import {
  formatBytes,
  HistoryChart,
  InfoList,
  PanelCol,
  type Sampled,
  SampledMonitorPage,
  UsageProgress,
  useFormatDuration,
} from './components/monitorKit';

const memoryPercent = (memory: SystemFigures['memory']) =>
  Math.round((memory.used / memory.total) * 1000) / 10;

function MachineFigures({ data, history }: Sampled<SystemFigures>) {
  const tx = useBilingual();
  const duration = useFormatDuration();
  return (
    <>
      <Row gutter={[12, 12]}>
        <PanelCol title="CPU" sm={12} lg={6} centered>
          <UsageProgress dashboard percent={data.cpuPercent} />
          <div>{tx([`${data.cpuCount} 核`, `${data.cpuCount} cores`])}</div>
        </PanelCol>
        <PanelCol title={tx(['内存', 'Memory'])} sm={12} lg={6} centered>
          <UsageProgress dashboard percent={memoryPercent(data.memory)} />
          <div>
            {formatBytes(data.memory.used)} / {formatBytes(data.memory.total)}
          </div>
        </PanelCol>
        <PanelCol title={tx(['CPU与内存历史', 'CPU and memory history'])}>
          <HistoryChart
            label={tx(['CPU与内存历史', 'CPU and memory history'])}
            unit="%"
            height={180}
            history={history}
            series={[
              { name: 'CPU', value: (h) => h.cpuPercent },
              { name: tx(['内存', 'Memory']), value: (h) => memoryPercent(h.memory) },
            ]}
          />
        </PanelCol>
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <PanelCol title={tx(['服务器', 'Server'])}>
          <InfoList
            items={[
              [tx(['主机名', 'Host name']), data.hostname],
              [tx(['操作系统', 'OS']), `${data.platform} ${data.release} (${data.arch})`],
              [tx(['处理器', 'Processor']), data.cpuModel],
              [tx(['系统负载(1/5/15分)', 'Load (1/5/15 min)']), data.loadAverage.join(' / ')],
              [tx(['系统运行时长', 'OS uptime']), duration(data.osUptimeSeconds)],
            ]}
          />
        </PanelCol>
        <PanelCol
          title={tx(['数据库', 'Database'])}
          extra={<Tag color="blue">{data.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}</Tag>}
        >
          <Row gutter={8} style={{ marginBottom: 12 }}>
            <Col span={12}>
              <Statistic title={tx(['数据库大小', 'Size'])} value={formatBytes(data.database.sizeBytes)} />
            </Col>
            <Col span={12}>
              <Statistic
                title={tx(['连接数', 'Connections'])}
                value={data.database.connections ?? '-'}
                suffix={data.database.maxConnections ? `/ ${data.database.maxConnections}` : undefined}
              />
            </Col>
          </Row>
          <InfoList
            items={[
              [tx(['库名', 'Name']), data.database.name],
              [tx(['版本', 'Version']), data.database.version],
            ]}
          />
        </PanelCol>
      </Row>
    </>
  );
}

const PAGE = { url: '/monitor/system', testId: 'monitor-system', title: ['系统信息', 'System'] } as const;

export default function SystemInfo() {
  return <SampledMonitorPage<SystemFigures> {...PAGE} figures={MachineFigures} />;
}
