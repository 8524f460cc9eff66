// 统计分析 (/statistics/list): waybills, tonnage, freight, fees, loss and on-time rate over a date range, by
// period (day/week/month), customer, route, agent or vehicle type; a chart, a table whose rows open the
// waybill list with the row's filters, and the table as Excel.
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { StatisticsGroup, StatisticsPeriod, StatisticsQuery, StatisticsRow } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withChunkTimeout } from '../../app/chunkLoad';
import { BusyButton } from '../../components/common/BusyButton';
import { DashboardError } from '../../components/dashboard/DashboardError';
import { FigureCard } from '../../components/dashboard/FigureCard';
import { dictText, useDictItems } from '../../components/dict/useDict';
import { yuanColumn } from '../../components/finance/columns';
import { yuan } from '../../components/finance/money';
import { useBilingual } from '../../components/resource/text';
import { downloadFile } from '../../components/resource/transfer';
import { useMenuModel } from '../../layouts/useMenuModel';
import { statisticsApi } from '../../services/statisticsApi';

const EChart = lazy(() => withChunkTimeout(import('../../components/chart/EChart')));

const GROUPS: Array<{ value: StatisticsGroup; label: readonly [string, string] }> = [
  { value: 'period', label: ['按周期', 'By period'] },
  { value: 'customer', label: ['按货主', 'By shipper'] },
  { value: 'route', label: ['按线路', 'By route'] },
  { value: 'agent', label: ['按经纪人', 'By agent'] },
  { value: 'vehicleType', label: ['按车型', 'By vehicle type'] },
];
const PERIODS: Array<{ value: StatisticsPeriod; label: readonly [string, string] }> = [
  { value: 'day', label: ['日', 'Day'] },
  { value: 'week', label: ['周', 'Week'] },
  { value: 'month', label: ['月', 'Month'] },
];
/** A range opened from a link (`?begin=YYYY-MM-DD&end=YYYY-MM-DD`, the home page's KPIs), else null. */
function rangeOf(search: string): [Dayjs, Dayjs] | null {
  const params = new URLSearchParams(search);
  const begin = dayjs(params.get('begin') ?? '', 'YYYY-MM-DD', true);
  const end = dayjs(params.get('end') ?? '', 'YYYY-MM-DD', true);
  return begin.isValid() && end.isValid() && !end.isBefore(begin) ? [begin, end] : null;
}
const percent = (rate: number | null) => (rate === null ? '--' : `${(rate * 100).toFixed(1)}%`);

export default function StatisticsList() {
  const tx = useBilingual();
  const navigate = useNavigate();
  const { routes } = useMenuModel();
  const canOpenList = routes.some((r) => r.path === '/shipping/list');
  const vehicleTypes = useDictItems('vehicle_type');
  const location = useLocation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(
    () => rangeOf(location.search) ?? [dayjs().subtract(29, 'day'), dayjs()],
  );
  // A kept-alive page opened again from another link takes that link's range.
  useEffect(() => {
    const linked = rangeOf(location.search);
    if (linked) setRange(linked);
  }, [location.search]);
  const [period, setPeriod] = useState<StatisticsPeriod>('day');
  const [groupBy, setGroupBy] = useState<StatisticsGroup>('period');
  const query: StatisticsQuery = {
    begin: range[0].format('YYYY-MM-DD'),
    end: range[1].format('YYYY-MM-DD'),
    period,
    groupBy,
  };
  const result = useQuery({ queryKey: ['statistics', query], queryFn: () => statisticsApi.list(query) });
  const data = result.data;

  const labelOf = (row: StatisticsRow) => {
    if (groupBy === 'vehicleType')
      return row.key ? dictText(vehicleTypes.items, row.key) : tx(['未知', 'Unknown']);
    if (groupBy === 'agent' && !row.key) return tx(['无经纪人', 'No agent']);
    return row.label || row.key;
  };

  const columns: TableColumnsType<StatisticsRow> = [
    {
      title: tx(GROUPS.find((g) => g.value === groupBy)?.label ?? ['', '']),
      dataIndex: 'label',
      fixed: 'left',
      width: 170,
      render: (_, row) =>
        row.drill && canOpenList ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            data-testid="statistics-drill"
            onClick={() => navigate(`/shipping/list?${new URLSearchParams(row.drill ?? {}).toString()}`)}
          >
            {labelOf(row)}
          </Button>
        ) : (
          labelOf(row)
        ),
    },
    { title: tx(['运单数', 'Waybills']), dataIndex: 'waybills', align: 'right', width: 90 },
    { title: tx(['吨位(吨)', 'Tonnes']), dataIndex: 'tonnage', align: 'right', width: 110 },
    yuanColumn(tx(['运费(元)', 'Freight (¥)']), 'freightFen', 130),
    yuanColumn(tx(['服务费(元)', 'Service fee (¥)']), 'serviceFeeFen', 130),
    yuanColumn(tx(['经纪人费(元)', 'Agent fee (¥)']), 'agentFeeFen', 120),
    { title: tx(['亏吨(吨)', 'Loss (t)']), dataIndex: 'lossTonnage', align: 'right', width: 100 },
    yuanColumn(tx(['亏吨扣款(元)', 'Loss deduction (¥)']), 'lossDeductionFen', 130),
    {
      title: tx(['准时率', 'On time']),
      dataIndex: 'onTimeRate',
      align: 'right',
      width: 100,
      render: (rate: number | null, row) => (
        <span title={`${row.onTime}/${row.arrived}`}>{percent(rate)}</span>
      ),
    },
  ];

  const chartRows = useMemo(
    () => (data ? data.rows.slice(0, groupBy === 'period' ? 400 : 20) : []),
    [data, groupBy],
  );

  const total = data?.total;
  return (
    <div className="dashboard" data-testid="statistics-list">
      <Card variant="borderless" className="mb16">
        <Space wrap>
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            onChange={(value) => {
              if (value?.[0] && value[1]) setRange([value[0], value[1]]);
            }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
          <Select
            value={groupBy}
            onChange={setGroupBy}
            style={{ width: 140 }}
            options={GROUPS.map((g) => ({ value: g.value, label: tx(g.label) }))}
            data-testid="statistics-group"
          />
          {groupBy === 'period' ? (
            <Segmented
              value={period}
              onChange={(v) => setPeriod(v as StatisticsPeriod)}
              options={PERIODS.map((p) => ({ value: p.value, label: tx(p.label) }))}
            />
          ) : null}
          <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()} loading={result.isFetching}>
            {tx(['刷新', 'Refresh'])}
          </Button>
          <BusyButton
            icon={<DownloadOutlined />}
            run={() =>
              downloadFile('/statistics/list/exportXls', query, `统计分析${query.begin}_${query.end}.xlsx`)
            }
            disabled={!data}
          >
            {tx(['导出Excel', 'Export Excel'])}
          </BusyButton>
        </Space>
      </Card>
      {result.isError ? <DashboardError error={result.error} onRetry={() => void result.refetch()} /> : null}
      <Row gutter={[16, 16]}>
        {(
          [
            ['waybills', ['运单数', 'Waybills'], total?.waybills],
            ['tonnage', ['吨位(吨)', 'Tonnes'], total?.tonnage],
            ['freight', ['运费(元)', 'Freight (¥)'], total ? yuan(total.freightFen) : undefined],
            ['serviceFee', ['服务费(元)', 'Service fee (¥)'], total ? yuan(total.serviceFeeFen) : undefined],
            ['agentFee', ['经纪人费(元)', 'Agent fee (¥)'], total ? yuan(total.agentFeeFen) : undefined],
            ['onTime', ['准时率', 'On-time rate'], total ? percent(total.onTimeRate) : undefined],
          ] as const
        ).map(([key, label, value]) => (
          <FigureCard key={key} col={{ xs: 12, sm: 8, xl: 4 }} data-testid={`statistics-total-${key}`}>
            <Statistic title={tx(label)} value={value ?? 0} loading={result.isLoading} />
          </FigureCard>
        ))}
      </Row>
      <Card variant="borderless" className="mt16" title={tx(['运费与运单数', 'Freight and waybills'])}>
        {result.isLoading ? (
          <Skeleton.Node active style={{ width: '100%', height: 300 }} />
        ) : chartRows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={tx(['所选范围内没有运单', 'No waybills in the range'])}
          />
        ) : (
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>
            <EChart
              height={300}
              label={tx(['运费与运单数', 'Freight and waybills'])}
              option={{
                tooltip: { trigger: 'axis' },
                legend: { data: [tx(['运费(元)', 'Freight (¥)']), tx(['运单数', 'Waybills'])], top: 0 },
                grid: { left: 56, right: 40, top: 36, bottom: 48 },
                xAxis: {
                  type: 'category',
                  data: chartRows.map(labelOf),
                  axisLabel: { rotate: chartRows.length > 8 ? 30 : 0, fontSize: 11 },
                },
                yAxis: [
                  { type: 'value', name: '¥' },
                  { type: 'value', minInterval: 1, splitLine: { show: false } },
                ],
                series: [
                  {
                    name: tx(['运费(元)', 'Freight (¥)']),
                    type: 'bar',
                    barMaxWidth: 24,
                    data: chartRows.map((r) => r.freightFen / 100),
                  },
                  {
                    name: tx(['运单数', 'Waybills']),
                    type: 'line',
                    yAxisIndex: 1,
                    smooth: true,
                    data: chartRows.map((r) => r.waybills),
                  },
                ],
              }}
            />
          </Suspense>
        )}
      </Card>
      <Card variant="borderless" className="mt16" title={tx(['统计明细', 'Breakdown'])}>
        <Table<StatisticsRow>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={result.isLoading}
          scroll={{ x: 1100 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          data-testid="statistics-table"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          summary={() =>
            total && data && data.rows.length > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>{tx(['合计', 'Total'])}</strong>
                </Table.Summary.Cell>
                {[
                  total.waybills,
                  total.tonnage,
                  yuan(total.freightFen),
                  yuan(total.serviceFeeFen),
                  yuan(total.agentFeeFen),
                  total.lossTonnage,
                  yuan(total.lossDeductionFen),
                  percent(total.onTimeRate),
                ].map((value, i) => (
                  // The cells stand in the columns' fixed order.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Table.Summary.Cell key={i} index={i + 1} align="right">
                    {value}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Card>
    </div>
  );
}
