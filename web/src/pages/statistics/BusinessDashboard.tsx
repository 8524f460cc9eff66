// 经营看板 (/statistics/business): the owner's view — revenue (service fee) and margin by month, the top 10
// customers, receivables by age, the wallets' float, the risk rate and the regulator's acceptance rate.
// Figures other than the caller's own waybills are platform staff's.
import type { BusinessSummary } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Row, Skeleton, Statistic, Table } from 'antd';
import { ChartPanel } from '../../components/chart/ChartPanel';
import { QueryError } from '../../components/dashboard/DashboardError';
import { DashboardRow } from '../../components/dashboard/DashboardRow';
import { FigureCard } from '../../components/dashboard/FigureCard';
import { RefreshButton } from '../../components/dashboard/RefreshButton';
import { yuanColumn } from '../../components/finance/columns';
import { yuan } from '../../components/finance/money';
import { useBilingual } from '../../components/resource/text';
import { statisticsApi } from '../../services/statisticsApi';

const BUCKETS: Record<string, readonly [string, string]> = {
  notDue: ['未到期', 'Not due'],
  d30: ['逾期1–30天', '1–30 days'],
  d60: ['逾期31–60天', '31–60 days'],
  d90: ['逾期61–90天', '61–90 days'],
  over90: ['逾期90天以上', 'Over 90 days'],
};
const percent = (rate: number | null | undefined) =>
  rate === null || rate === undefined ? '--' : `${(rate * 100).toFixed(1)}%`;

export default function BusinessDashboard() {
  const tx = useBilingual();
  const summary = useQuery({ queryKey: ['statistics', 'business'], queryFn: statisticsApi.business });
  const data = summary.data;
  const loading = summary.isLoading;
  const revenue = tx(['服务费收入(元)', 'Revenue (¥)']);
  const margin = tx(['毛利(元)', 'Margin (¥)']);
  const marginRate = tx(['毛利率', 'Margin rate']);
  const thisMonth = data?.trend.at(-1);

  const kpis: Array<[string, readonly [string, string], string | number | undefined]> = [
    [
      'revenue',
      ['本月服务费(元)', 'Revenue this month (¥)'],
      thisMonth ? yuan(thisMonth.serviceFeeFen) : undefined,
    ],
    ['margin', ['本月毛利(元)', 'Margin this month (¥)'], thisMonth ? yuan(thisMonth.marginFen) : undefined],
    [
      'float',
      ['钱包沉淀资金(元)', 'Wallet float (¥)'],
      data?.walletFloatFen === null ? '--' : data ? yuan(data.walletFloatFen) : undefined,
    ],
    ['risk', ['风险运单率', 'Risk rate'], data ? (data.risk ? percent(data.risk.rate) : '--') : undefined],
    [
      'regulator',
      ['监管上报成功率', 'Regulator acceptance'],
      data ? (data.regulator ? percent(data.regulator.rate) : '--') : undefined,
    ],
  ];

  return (
    <div className="dashboard" data-testid="business-dashboard">
      <div className="workplace-head mb16">
        <span />
        <RefreshButton query={summary} />
      </div>
      <QueryError query={summary} />
      <Row gutter={[16, 16]}>
        {kpis.map(([key, label, value]) => (
          <FigureCard
            key={key}
            col={{ xs: 12, md: 8, xl: Math.floor(24 / 5), style: { flex: '1 1 0', minWidth: 170 } }}
            style={{ height: '100%' }}
            data-testid={`business-${key}`}
          >
            <Statistic
              title={tx(label)}
              value={value ?? 0}
              loading={loading}
              valueStyle={{ fontSize: 24, whiteSpace: 'nowrap' }}
              suffix={
                key === 'risk' && data?.risk ? (
                  <span className="business-ratio">{`${data.risk.flagged}/${data.risk.waybills}`}</span>
                ) : key === 'regulator' && data?.regulator ? (
                  <span className="business-ratio">{`${data.regulator.accepted}/${data.regulator.accepted + data.regulator.failed}`}</span>
                ) : undefined
              }
            />
          </FigureCard>
        ))}
      </Row>
      <DashboardRow
        main={
          <Card
            variant="borderless"
            title={tx(['收入与毛利趋势（近12个月）', 'Revenue and margin, 12 months'])}
          >
            <ChartPanel
              loading={loading}
              data={data}
              height={280}
              label={tx(['收入与毛利趋势', 'Revenue and margin trend'])}
              option={(data) => ({
                tooltip: { trigger: 'axis' },
                legend: { data: [revenue, margin, marginRate], top: 0 },
                grid: { left: 64, right: 48, top: 36, bottom: 28 },
                xAxis: { type: 'category', data: data.trend.map((m) => m.month) },
                yAxis: [
                  { type: 'value' },
                  { type: 'value', axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
                ],
                series: [
                  {
                    name: revenue,
                    type: 'bar',
                    barMaxWidth: 22,
                    data: data.trend.map((m) => m.serviceFeeFen / 100),
                  },
                  {
                    name: margin,
                    type: 'bar',
                    barMaxWidth: 22,
                    data: data.trend.map((m) => m.marginFen / 100),
                  },
                  {
                    name: marginRate,
                    type: 'line',
                    smooth: true,
                    yAxisIndex: 1,
                    connectNulls: true,
                    data: data.trend.map((m) =>
                      m.marginRate === null ? null : Math.round(m.marginRate * 10_000) / 100,
                    ),
                  },
                ],
              })}
            />
          </Card>
        }
        aside={
          <Card
            variant="borderless"
            title={tx(['应收账龄', 'Receivables ageing'])}
            data-testid="business-receivables"
          >
            {loading ? (
              <Skeleton active />
            ) : !data?.receivables ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={tx(['仅平台人员可见', 'Platform staff only'])}
              />
            ) : (
              <Table<NonNullable<BusinessSummary['receivables']>[number]>
                rowKey="bucket"
                size="small"
                pagination={false}
                dataSource={data.receivables}
                columns={[
                  {
                    title: tx(['账龄', 'Age']),
                    dataIndex: 'bucket',
                    render: (b: string) => tx(BUCKETS[b] ?? b),
                  },
                  { title: tx(['账单数', 'Bills']), dataIndex: 'bills', align: 'right' },
                  yuanColumn(tx(['未收金额(元)', 'Unpaid (¥)']), 'amountFen'),
                ]}
              />
            )}
          </Card>
        }
      />
      <Card
        variant="borderless"
        className="mt16"
        title={tx(['前10大货主（近12个月）', 'Top 10 shippers, 12 months'])}
      >
        <Table<BusinessSummary['topCustomers'][number]>
          rowKey="customerId"
          size="small"
          loading={loading}
          pagination={false}
          scroll={{ x: 520 }}
          dataSource={data?.topCustomers ?? []}
          data-testid="business-top"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          columns={[
            { title: '#', width: 48, render: (_, __, i) => i + 1 },
            { title: tx(['货主', 'Shipper']), dataIndex: 'customerName', ellipsis: true },
            { title: tx(['运单数', 'Waybills']), dataIndex: 'waybills', align: 'right', width: 90 },
            yuanColumn(tx(['运费(元)', 'Freight (¥)']), 'freightFen'),
            yuanColumn(tx(['服务费(元)', 'Service fee (¥)']), 'serviceFeeFen'),
          ]}
        />
      </Card>
    </div>
  );
}
