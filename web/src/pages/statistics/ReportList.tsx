// 报表列表 (/statistics/report): the saved reports the caller may run, by category (settlement, tax,
// operations) with a search box; one opens with its parameter form (date range, …) and search boxes, runs on
// the server (paging, sorting, totals row; money as yuan with two decimals and thousands separators), draws
// its chart and exports to Excel with the export code. `?code=` opens a report directly.
import { ArrowLeftOutlined, BarChartOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  formatYuan,
  PAGE_SIZE_OPTIONS,
  SAVED_REPORT_CATEGORIES,
  SAVED_REPORT_CATEGORY_TEXT,
  type SavedReportCategory,
  type SavedReportColumn,
  type SavedReportDetail,
  type SavedReportSummary,
} from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { withChunkTimeout } from '../../app/chunkLoad';
import { BusyButton } from '../../components/common/BusyButton';
import { pageTotalText, useBilingual } from '../../components/resource/text';
import { downloadFile } from '../../components/resource/transfer';
import { errorText } from '../../services/request';
import { savedReportApi } from '../../services/savedReportApi';

const EChart = lazy(() => withChunkTimeout(import('../../components/chart/EChart')));

type Rec = Record<string, unknown>;

const CATEGORY_COLOR: Record<SavedReportCategory, string> = {
  settlement: 'blue',
  tax: 'gold',
  operations: 'green',
};

/** English names of the seeded reports (an administrator's own reports show their Chinese name). */
const REPORT_EN: Record<string, string> = {
  rpt_settlement_customer_month: 'Settlement by shipper and month',
  rpt_receivable_aging: 'Receivables aging',
  rpt_driver_tax_month: 'Driver tax by driver and month',
  rpt_operations_daily: 'Daily operations by route',
};
/** English titles of the seeded reports' columns and parameters, by field name. */
const FIELD_EN: Record<string, string> = {
  month: 'Month',
  period: 'Month',
  day: 'Date',
  customer_name: 'Shipper',
  driver_name: 'Driver',
  route: 'Route',
  waybills: 'Waybills',
  bills: 'Bills',
  tonnage: 'Tonnes',
  customer_fee: 'Freight (¥)',
  driver_fee: 'Driver freight (¥)',
  service_fee: 'Service fee (¥)',
  loss_deduction: 'Loss deduction (¥)',
  audited_fee: 'Audited freight (¥)',
  outstanding: 'Outstanding (¥)',
  not_due: 'Not due (¥)',
  days_1_30: '1-30 days overdue (¥)',
  days_31_60: '31-60 days overdue (¥)',
  days_61_90: '61-90 days overdue (¥)',
  days_over_90: 'Over 90 days overdue (¥)',
  oldest_due: 'Oldest due date',
  tax_state: 'Tax state',
  vat: 'VAT (¥)',
  surcharge: 'Surcharges (¥)',
  iit: 'Income tax (¥)',
  tax_total: 'Taxes (¥)',
  invoice_no: 'Invoice no.',
  certificate_no: 'Tax certificate no.',
  arrived: 'Arrived',
  on_time: 'On time',
  avg_transit_hours: 'Avg. transit (h)',
  begin_date: 'From',
  end_date: 'To',
  as_of: 'As of',
};

const NUMERIC = new Set(['Integer', 'Long', 'Double', 'BigDecimal', 'Money']);
const isMoney = (c: Pick<SavedReportColumn, 'fieldType'>) => c.fieldType === 'Money';

/** A cell or total as shown: money as yuan `1,234.50`, other numbers grouped, the rest as text. */
function cellText(column: Pick<SavedReportColumn, 'fieldType'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (isMoney(column)) return formatYuan(value as string | number);
  if (NUMERIC.has(column.fieldType)) {
    const n = Number(value);
    return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: 3 }) : String(value);
  }
  return String(value);
}

function ReportCatalog({ onOpen }: { onOpen: (code: string) => void }) {
  const tx = useBilingual();
  const [category, setCategory] = useState<SavedReportCategory | 'all'>('all');
  const [keyword, setKeyword] = useState('');
  // The caller's reports are a handful: fetched once, filtered here (the server filters the same way).
  const list = useQuery({ queryKey: ['saved-reports'], queryFn: () => savedReportApi.list() });
  const mine = list.data ?? [];
  const categories = SAVED_REPORT_CATEGORIES.filter((c) => mine.some((r) => r.category === c));
  const needle = keyword.toLowerCase();
  const reports = mine.filter(
    (r) =>
      (category === 'all' || r.category === category) &&
      (!needle ||
        [r.name, REPORT_EN[r.code] ?? '', r.description ?? ''].some((t) => t.toLowerCase().includes(needle))),
  );
  const nameOf = (r: SavedReportSummary) => tx([r.name, REPORT_EN[r.code] ?? r.name]);
  return (
    <div data-testid="report-catalog">
      <Card variant="borderless" className="mb16">
        <Space wrap>
          <Segmented
            value={category}
            onChange={(v) => setCategory(v as SavedReportCategory | 'all')}
            options={[
              { value: 'all', label: tx(['全部', 'All']) },
              ...categories.map((c) => ({
                value: c,
                label: tx(SAVED_REPORT_CATEGORY_TEXT[c]),
              })),
            ]}
            data-testid="report-category"
          />
          <Input.Search
            allowClear
            placeholder={tx(['搜索报表名称或说明', 'Search reports'])}
            onSearch={(v) => setKeyword(v.trim())}
            style={{ width: 260 }}
            data-testid="report-keyword"
          />
        </Space>
      </Card>
      {list.isError ? <Alert type="error" showIcon message={errorText(list.error)} /> : null}
      {list.isLoading ? (
        <Skeleton active />
      ) : reports.length === 0 ? (
        <Card variant="borderless">
          <Empty description={tx(['没有可查看的报表', 'No reports you may run'])} />
        </Card>
      ) : (
        SAVED_REPORT_CATEGORIES.filter((c) => reports.some((r) => r.category === c)).map((c) => (
          <div key={c} className="mb16">
            <Typography.Title level={5}>{tx(SAVED_REPORT_CATEGORY_TEXT[c])}</Typography.Title>
            <Row gutter={[16, 16]}>
              {reports
                .filter((r) => r.category === c)
                .map((r) => (
                  <Col key={r.code} xs={24} sm={12} xl={8}>
                    <Card
                      hoverable
                      onClick={() => onOpen(r.code)}
                      data-testid={`report-card-${r.code}`}
                      title={
                        <Space>
                          <BarChartOutlined />
                          {nameOf(r)}
                        </Space>
                      }
                      extra={
                        <Tag color={CATEGORY_COLOR[r.category]}>{tx(SAVED_REPORT_CATEGORY_TEXT[c])}</Tag>
                      }
                    >
                      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                        {r.description ?? ''}
                      </Typography.Paragraph>
                    </Card>
                  </Col>
                ))}
            </Row>
          </div>
        ))
      )}
    </div>
  );
}

/** The form's values as the run's query: parameters as `self_<name>`, search boxes by field. */
function queryOf(detail: SavedReportDetail, values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const text = (v: unknown) => (dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : String(v ?? '').trim());
  const range = values.__range as [Dayjs, Dayjs] | null | undefined;
  for (const p of detail.params) {
    let value = text(values[`param_${p.name}`]);
    if (p.name === 'begin_date' && range?.[0]) value = range[0].format('YYYY-MM-DD');
    if (p.name === 'end_date' && range?.[1]) value = range[1].format('YYYY-MM-DD');
    if (value) out[`self_${p.name}`] = value;
  }
  for (const s of detail.search) {
    const value = text(values[`search_${s.field}`]);
    if (value) out[s.field] = value;
  }
  return out;
}

function ReportRunner({ code, onBack }: { code: string; onBack: () => void }) {
  const tx = useBilingual();
  const [form] = Form.useForm();
  const detail = useQuery({ queryKey: ['saved-report', code], queryFn: () => savedReportApi.detail(code) });
  const [params, setParams] = useState<Record<string, string> | null>(null);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [sort, setSort] = useState<{ column: string; order: 'asc' | 'desc' } | null>(null);
  const d = detail.data;
  const hasRange =
    !!d?.params.some((p) => p.name === 'begin_date') && !!d?.params.some((p) => p.name === 'end_date');
  const initial = useMemo(() => {
    const values: Record<string, unknown> = {};
    if (!d) return values;
    if (hasRange) values.__range = [dayjs().subtract(89, 'day'), dayjs()];
    for (const p of d.params)
      if (p.defaultValue)
        values[`param_${p.name}`] = p.type === 'date' ? dayjs(p.defaultValue) : p.defaultValue;
    return values;
  }, [d, hasRange]);
  const effective = params ?? (d ? queryOf(d, initial) : null);
  const query = effective ? { ...effective, ...page, ...(sort ?? {}) } : null;
  const data = useQuery({
    queryKey: ['saved-report-data', code, query],
    queryFn: () => savedReportApi.data(code, query ?? {}),
    enabled: !!d && !!query,
  });

  if (detail.isError) return <Alert type="error" showIcon message={errorText(detail.error)} />;
  if (!d) return <Skeleton active />;

  const titleOf = (field: string, zh: string): string => tx([zh, FIELD_EN[field] ?? zh]);
  const columns: TableColumnsType<Rec> = d.columns.map((c) => ({
    key: c.field,
    dataIndex: c.field,
    title: titleOf(c.field, c.title),
    width: c.width ?? undefined,
    align: NUMERIC.has(c.fieldType) ? 'right' : 'left',
    sorter: c.sortable,
    sortOrder: sort?.column === c.field ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
    render: (value: unknown, row: Rec) =>
      c.dictCode ? String(row[`${c.field}_dictText`] ?? value ?? '') : cellText(c, value),
  }));
  const totals = data.data?.totals ?? {};
  const records = data.data?.records ?? [];

  const run = () => {
    setParams(queryOf(d, form.getFieldsValue(true) as Record<string, unknown>));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const exportXls = () =>
    downloadFile(savedReportApi.exportUrl(code), { ...(effective ?? {}), ...(sort ?? {}) }, `${d.name}.xlsx`);

  // The chart sums the shown page's rows per category value (a report by customer and month draws one bar
  // per customer).
  const chart = d.chart;
  const chartColumns = chart ? d.columns.filter((c) => chart.y.includes(c.field)) : [];
  const chartData = (() => {
    if (!chart || records.length === 0) return null;
    const keys: string[] = [];
    const sums = new Map<string, number[]>();
    for (const row of records) {
      const key = String(row[chart.x] ?? '');
      if (!sums.has(key)) {
        keys.push(key);
        sums.set(
          key,
          chartColumns.map(() => 0),
        );
      }
      const acc = sums.get(key) as number[];
      chartColumns.forEach((c, i) => {
        acc[i] = (acc[i] ?? 0) + (Number(row[c.field]) || 0);
      });
    }
    // Dates read left to right.
    if (/^(day|month|period)$/.test(chart.x)) keys.sort();
    return { keys, sums };
  })();
  const chartLabel = tx([`${d.name}图表`, `${REPORT_EN[d.code] ?? d.name} chart`]);

  return (
    <div data-testid="report-runner">
      <Card
        variant="borderless"
        className="mb16"
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="report-back" />
            {tx([d.name, REPORT_EN[d.code] ?? d.name])}
            <Tag color={CATEGORY_COLOR[d.category]}>{tx(SAVED_REPORT_CATEGORY_TEXT[d.category])}</Tag>
          </Space>
        }
      >
        {d.description ? <Typography.Paragraph type="secondary">{d.description}</Typography.Paragraph> : null}
        <Form form={form} layout="inline" initialValues={initial} onFinish={run} style={{ rowGap: 8 }}>
          {hasRange ? (
            <Form.Item name="__range" label={tx(['日期范围', 'Dates'])}>
              <DatePicker.RangePicker data-testid="report-range" />
            </Form.Item>
          ) : null}
          {d.params
            .filter((p) => !(hasRange && (p.name === 'begin_date' || p.name === 'end_date')))
            .map((p) => (
              <Form.Item key={p.name} name={`param_${p.name}`} label={titleOf(p.name, p.title)}>
                {p.type === 'date' ? (
                  <DatePicker placeholder={tx(['默认今天', 'Today'])} />
                ) : (
                  <Input allowClear style={{ width: 160 }} />
                )}
              </Form.Item>
            ))}
          {d.search.map((s) => (
            <Form.Item key={s.field} name={`search_${s.field}`} label={titleOf(s.field, s.title)}>
              {s.options ? (
                <Select
                  allowClear
                  style={{ width: 140 }}
                  options={s.options.map((o) => ({ value: o.value, label: o.text }))}
                />
              ) : (
                <Input allowClear style={{ width: 160 }} />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="report-run">
                {tx(['查询', 'Run'])}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setParams(null);
                  setSort(null);
                  setPage((p) => ({ ...p, pageNo: 1 }));
                }}
              >
                {tx(['重置', 'Reset'])}
              </Button>
              {d.canExport ? (
                <BusyButton icon={<DownloadOutlined />} run={exportXls} data-testid="report-export">
                  {tx(['导出Excel', 'Export Excel'])}
                </BusyButton>
              ) : null}
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {data.isError ? (
        <Alert
          className="mb16"
          type="error"
          showIcon
          message={errorText(data.error)}
          data-testid="report-error"
        />
      ) : null}
      {chart && chartData ? (
        <Card variant="borderless" className="mb16" title={chartLabel}>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
            <EChart
              height={280}
              label={chartLabel}
              option={{
                tooltip: { trigger: 'axis' },
                legend: { top: 0, data: chartColumns.map((c) => titleOf(c.field, c.title)) },
                grid: { left: 64, right: 24, top: 36, bottom: 56 },
                xAxis: {
                  type: 'category',
                  data: chartData.keys,
                  axisLabel: { rotate: chartData.keys.length > 6 ? 30 : 0, fontSize: 11 },
                },
                yAxis: { type: 'value' },
                series: chartColumns.map((c, i) => ({
                  name: titleOf(c.field, c.title),
                  type: chart.type,
                  smooth: chart.type === 'line',
                  barMaxWidth: 24,
                  data: chartData.keys.map((k) => Math.round((chartData.sums.get(k)?.[i] ?? 0) * 100) / 100),
                })),
              }}
            />
          </Suspense>
        </Card>
      ) : null}
      <Card variant="borderless">
        <Table<Rec>
          size="small"
          bordered
          rowKey={(row) => JSON.stringify(d.columns.map((c) => row[c.field]))}
          columns={columns}
          dataSource={records}
          loading={data.isFetching}
          scroll={{ x: 'max-content' }}
          data-testid="report-table"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          onChange={(pagination, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            setSort(
              s?.order ? { column: String(s.field), order: s.order === 'descend' ? 'desc' : 'asc' } : null,
            );
            setPage({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? 20 });
          }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: data.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [...PAGE_SIZE_OPTIONS],
            showTotal: pageTotalText(tx),
          }}
          summary={() =>
            records.length > 0 && Object.keys(totals).length > 0 ? (
              <Table.Summary.Row data-testid="report-totals">
                {d.columns.map((c, i) => (
                  <Table.Summary.Cell
                    key={c.field}
                    index={i}
                    align={NUMERIC.has(c.fieldType) ? 'right' : 'left'}
                  >
                    {totals[c.field] !== undefined ? (
                      <strong>{cellText(c, totals[c.field])}</strong>
                    ) : i === 0 ? (
                      <strong>{tx(['合计', 'Total'])}</strong>
                    ) : null}
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

export default function ReportList() {
  const [search, setSearch] = useSearchParams();
  const code = search.get('code');
  const open = (next: string | null) =>
    setSearch(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next) out.set('code', next);
        else out.delete('code');
        return out;
      },
      { replace: false },
    );
  return (
    <div className="dashboard" data-testid="report-list">
      {code ? (
        <ReportRunner key={code} code={code} onBack={() => open(null)} />
      ) : (
        <ReportCatalog onOpen={open} />
      )}
    </div>
  );
}
