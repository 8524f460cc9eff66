// Redis监控 (/monitor/redis): the configured Redis's INFO by section and its key counts; a clear notice when
// REDIS_URL is not set.
import type { RedisMonitor } from '@freight/contracts';
import { Card, Collapse, Descriptions, Result, Row, Typography } from 'antd';
import { useBilingual } from '../../components/resource/text';
import { BarsChart, MonitorPage, StatCard, useMonitorPage } from './components/monitorKit';

export default function RedisInfo() {
  const tx = useBilingual();
  const { query: redis, frame } = useMonitorPage<RedisMonitor>('/monitor/redis');
  const data = redis.data;
  return (
    <MonitorPage testId="monitor-redis" title={['Redis监控', 'Redis']} {...frame}>
      {data && !data.configured ? (
        <Card>
          <Result
            status="info"
            title={tx(['未配置 Redis', 'Redis is not configured'])}
            subTitle={
              <>
                {tx([
                  '本服务器未使用 Redis：缓存与实时推送在进程内完成。设置环境变量 ',
                  'This server runs without Redis: caches and live pushes stay inside the process. Set ',
                ])}
                <Typography.Text code>REDIS_URL</Typography.Text>
                {tx([' 并重启后在此查看 Redis 状态。', ' and restart to see Redis here.'])}
              </>
            }
          />
        </Card>
      ) : null}
      {data?.configured ? (
        <>
          <Row gutter={[12, 12]}>
            <StatCard title={tx(['版本', 'Version'])} value={data.sections.server?.redis_version ?? '-'} />
            <StatCard title={tx(['键总数', 'Keys'])} value={data.dbSize} />
            <StatCard
              title={tx(['已用内存', 'Memory used'])}
              value={data.sections.memory?.used_memory_human ?? '-'}
            />
            <StatCard
              title={tx(['客户端连接', 'Clients'])}
              value={data.sections.clients?.connected_clients ?? '-'}
            />
          </Row>
          {data.keys.length > 0 ? (
            <Card size="small" title={tx(['各库键数', 'Keys per database'])} style={{ marginTop: 12 }}>
              <BarsChart
                label={tx(['各库键数', 'Keys per database'])}
                height={Math.max(120, data.keys.length * 40)}
                items={data.keys.map((k) => ({ name: k.db, value: k.keys }))}
              />
            </Card>
          ) : null}
          <Collapse
            style={{ marginTop: 12 }}
            defaultActiveKey={['server']}
            items={Object.entries(data.sections).map(([name, values]) => ({
              key: name,
              label: name,
              children: (
                <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
                  {Object.entries(values).map(([k, v]) => (
                    <Descriptions.Item key={k} label={k}>
                      {v}
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              ),
            }))}
          />
        </>
      ) : null}
    </MonitorPage>
  );
}
