// 磁盘监控 (/monitor/disk): every mounted disk of the server with size, used and free space.
import type { DiskInfo } from '@freight/contracts';
import { Card, Col, Descriptions, Empty, Row, Typography } from 'antd';
import { useBilingual } from '../../components/resource/text';
import {
  BarsChart,
  formatBytes,
  MonitorPage,
  percentColor,
  UsageProgress,
  useMonitorPage,
} from './components/monitorKit';

export default function DiskMonitor() {
  const tx = useBilingual();
  const { query: disks, frame } = useMonitorPage<DiskInfo[]>('/monitor/disk');
  const rows = disks.data ?? [];
  return (
    <MonitorPage testId="monitor-disk" title={['磁盘监控', 'Disks']} {...frame}>
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {rows.map((disk) => (
              <Col key={disk.mount} xs={24} sm={12} xl={8}>
                <Card
                  size="small"
                  title={<Typography.Text code>{disk.mount}</Typography.Text>}
                  extra={disk.fsType}
                >
                  <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
                    <UsageProgress dashboard percent={disk.usedPercent} size={110} />
                    <Descriptions column={1} size="small" style={{ flex: 1 }}>
                      <Descriptions.Item label={tx(['总容量', 'Size'])}>
                        {formatBytes(disk.size)}
                      </Descriptions.Item>
                      <Descriptions.Item label={tx(['已用', 'Used'])}>
                        {formatBytes(disk.used)}
                      </Descriptions.Item>
                      <Descriptions.Item label={tx(['可用', 'Free'])}>
                        {formatBytes(disk.free)}
                      </Descriptions.Item>
                    </Descriptions>
                  </div>
                </Card>
              </Col>
            ))}
          </Row>
          <Card size="small" title={tx(['使用率', 'Usage'])} style={{ marginTop: 12 }}>
            <BarsChart
              label={tx(['各挂载点使用率', 'Usage per mount'])}
              unit="%"
              max={100}
              height={Math.max(120, rows.length * 44)}
              items={rows.map((d) => ({
                name: d.mount,
                value: d.usedPercent,
                color: percentColor(d.usedPercent),
              }))}
            />
          </Card>
        </>
      )}
    </MonitorPage>
  );
}
