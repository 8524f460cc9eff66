// 系统信息 (/monitor/system): the server machine (CPU, load, memory, uptime, OS) and its database (engine,
// size, connections), with a CPU and memory history while the page is open.
import type { SystemInfo as SystemFigures } from '@freight/contracts';
import { Card, Col, Descriptions, Progress, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBilingual } from '../../components/resource/text';
import {
  formatBytes,
  formatDuration,
  HistoryChart,
  MonitorPage,
  percentColor,
  useHistory,
  useMonitorPage,
} from './components/monitorKit';

export default function SystemInfo() {
  const tx = useBilingual();
  const en = useTranslation().i18n.language.startsWith('en');
  const { query: system, frame } = useMonitorPage<SystemFigures>('/monitor/system');
  const data = system.data;
  const history = useHistory(data);
  const memPercent = data ? Math.round((data.memory.used / data.memory.total) * 1000) / 10 : 0;
  return (
    <MonitorPage testId="monitor-system" title={['系统信息', 'System']} {...frame}>
      {data ? (
        <>
          <Row gutter={[12, 12]}>
            <Col xs={24} sm={12} lg={6}>
              <Card size="small" title="CPU" style={{ textAlign: 'center' }}>
                <Progress
                  type="dashboard"
                  percent={data.cpuPercent}
                  status="normal"
                  strokeColor={percentColor(data.cpuPercent)}
                  format={(p) => `${p}%`}
                />
                <div>{tx([`${data.cpuCount} 核`, `${data.cpuCount} cores`])}</div>
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Card size="small" title={tx(['内存', 'Memory'])} style={{ textAlign: 'center' }}>
                <Progress
                  type="dashboard"
                  percent={memPercent}
                  status="normal"
                  strokeColor={percentColor(memPercent)}
                  format={(p) => `${p}%`}
                />
                <div>
                  {formatBytes(data.memory.used)} / {formatBytes(data.memory.total)}
                </div>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={tx(['CPU与内存历史', 'CPU and memory history'])}>
                <HistoryChart
                  label={tx(['CPU与内存历史', 'CPU and memory history'])}
                  unit="%"
                  height={180}
                  times={history.map((h) => h.at)}
                  series={[
                    { name: 'CPU', data: history.map((h) => h.cpuPercent) },
                    {
                      name: tx(['内存', 'Memory']),
                      data: history.map((h) => Math.round((h.memory.used / h.memory.total) * 1000) / 10),
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
          <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
            <Col xs={24} lg={12}>
              <Card size="small" title={tx(['服务器', 'Server'])}>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={tx(['主机名', 'Host name'])}>{data.hostname}</Descriptions.Item>
                  <Descriptions.Item label={tx(['操作系统', 'OS'])}>
                    {data.platform} {data.release} ({data.arch})
                  </Descriptions.Item>
                  <Descriptions.Item label={tx(['处理器', 'Processor'])}>{data.cpuModel}</Descriptions.Item>
                  <Descriptions.Item label={tx(['系统负载(1/5/15分)', 'Load (1/5/15 min)'])}>
                    {data.loadAverage.join(' / ')}
                  </Descriptions.Item>
                  <Descriptions.Item label={tx(['系统运行时长', 'OS uptime'])}>
                    {formatDuration(data.osUptimeSeconds, en)}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card
                size="small"
                title={tx(['数据库', 'Database'])}
                extra={<Tag color="blue">{data.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}</Tag>}
              >
                <Row gutter={8} style={{ marginBottom: 12 }}>
                  <Col span={12}>
                    <Statistic
                      title={tx(['数据库大小', 'Size'])}
                      value={formatBytes(data.database.sizeBytes)}
                    />
                  </Col>
                  <Col span={12}>
                    <Statistic
                      title={tx(['连接数', 'Connections'])}
                      value={data.database.connections ?? '-'}
                      suffix={data.database.maxConnections ? `/ ${data.database.maxConnections}` : undefined}
                    />
                  </Col>
                </Row>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={tx(['库名', 'Name'])}>{data.database.name}</Descriptions.Item>
                  <Descriptions.Item label={tx(['版本', 'Version'])}>
                    {data.database.version}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
          </Row>
        </>
      ) : null}
    </MonitorPage>
  );
}
