// 主钱包: the platform's balances, service-fee income by period (a chart), receivables from
// advances, the ledger check, and the platform accounts, payables and bank statement as declared lists.

import { DownloadOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { statementLineResource, walletResource } from '@freight/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { withChunkTimeout } from '../../app/chunkLoad';
import { ReloadIconButton } from '../../components/common/ReloadIconButton';
import { yuanColumn } from '../../components/finance/columns';
import { type LedgerAccount, LedgerDrawer, SignedYuan } from '../../components/finance/LedgerDrawer';
import { announceMoneyChange, yuan } from '../../components/finance/money';
import { useCan, useResourcePage } from '../../components/resource';
import { ImportButton } from '../../components/resource/ImportButton';
import { ResourceTabs } from '../../components/resource/ResourceTabs';
import { useBilingual } from '../../components/resource/text';
import { api, errorText } from '../../services/request';
import { announceChange, onResourceChange } from '../../services/resourceEvents';

const EChart = lazy(() => withChunkTimeout(import('../../components/chart/EChart')));

type Rec = Record<string, unknown>;

interface Summary {
  accounts: Array<{ code: string; name: string; balanceFen: number }>;
  serviceFeeIncomeFen: number;
  agentFeeFen: number;
  advanceReceivableFen: number;
  receivablesByCustomer: Array<{
    customerId: string;
    customerName: string | null;
    owedFen: number;
    notes: number;
  }>;
  customerFundsFen: number;
  /** What the platform owes drivers, agents and captains (their balances above zero). */
  payablesFen: number;
  /** What they owe the platform: deductions beyond their balance, offset against their next payment. */
  payeeDebtsFen: number;
  /** Cash at the bank (the clearing account's balance, an asset, stands below zero in the books). */
  bankBalanceFen: number;
}

interface Series {
  unit: 'month' | 'day';
  from: string;
  to: string;
  points: Array<{ period: string; serviceFeeFen: number; agentFeeFen: number }>;
  serviceFeeFen: number;
  agentFeeFen: number;
}

interface Check {
  balanced: boolean;
  ledgerSumFen: number;
  lineCount: number;
  mismatches: Array<{ walletId: string; ownerName: string | null; balanceFen: number; ledgerFen: number }>;
  unbalancedPostings: Array<{ postingId: string; sumFen: number }>;
}

/** A statistic's amount; '--' until the summary has come. */
const money = (fen: number | undefined) => ({ value: fen === undefined ? '--' : yuan(fen), prefix: '¥' });

function useLedgerAction(open: (a: LedgerAccount) => void) {
  return useMemo(
    () => ({
      key: 'ledger',
      label: ['流水', 'Ledger'] as [string, string],
      perm: 'finance:ledger:list',
      run: (row: Rec) => open({ walletId: String(row.id), name: String(row.ownerName ?? '') }),
    }),
    [open],
  );
}

function FeeChart() {
  const tx = useBilingual();
  const [unit, setUnit] = useState<'month' | 'day'>('month');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [series, setSeries] = useState<Series | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [seq, setSeq] = useState(0);
  useEffect(() => onResourceChange((path) => path === '/plateform/cost' && setSeq((n) => n + 1)), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: seq reloads the series after a payment
  useEffect(() => {
    let live = true;
    api
      .get<Series>('/plateform/wallet/feeSeries', {
        unit,
        begin: range?.[0].format('YYYY-MM-DD'),
        end: range?.[1].format('YYYY-MM-DD'),
      })
      .then((s) => {
        if (!live) return;
        setSeries(s);
        setError(null);
      })
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [unit, range, seq]);
  const label = tx(['服务费收入', 'Service-fee income']);
  return (
    <Card
      variant="borderless"
      title={tx(['服务费收入（按期间）', 'Service-fee income by period'])}
      extra={
        <Space wrap>
          <Segmented
            size="small"
            value={unit}
            onChange={(v) => {
              setUnit(v as 'month' | 'day');
              setRange(null);
            }}
            options={[
              { value: 'month', label: tx(['按月', 'Monthly']) },
              { value: 'day', label: tx(['按日', 'Daily']) },
            ]}
          />
          <DatePicker.RangePicker
            size="small"
            picker={unit === 'month' ? 'month' : 'date'}
            value={range}
            allowClear
            onChange={(v) =>
              setRange(
                v?.[0] && v[1]
                  ? [
                      unit === 'month' ? v[0].startOf('month') : v[0],
                      unit === 'month' ? v[1].endOf('month') : v[1],
                    ]
                  : null,
              )
            }
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          />
        </Space>
      }
    >
      {error ? (
        <Empty description={error} />
      ) : !series ? (
        <div style={{ height: 280 }} />
      ) : (
        <>
          <Typography.Text type="secondary">
            {series.from} ~ {series.to}
            {tx(['：', ': '])}
            {label}{' '}
            <Typography.Text strong data-testid="fee-range-total">
              ¥{yuan(series.serviceFeeFen)}
            </Typography.Text>
            {series.agentFeeFen ? ` · ${tx(['经纪人佣金', 'Agent fees'])} ¥${yuan(series.agentFeeFen)}` : ''}
          </Typography.Text>
          <Suspense fallback={<div style={{ height: 280 }} />}>
            <EChart
              label={label}
              height={280}
              option={{
                tooltip: {
                  trigger: 'axis',
                  valueFormatter: (v) => `¥${yuan(Math.round(Number(v) * 100))}`,
                },
                legend: { top: 0, data: [label, tx(['经纪人佣金', 'Agent fees'])] },
                grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
                xAxis: { type: 'category', data: series.points.map((p) => p.period) },
                yAxis: { type: 'value', axisLabel: { formatter: (v: number) => v.toLocaleString('zh-CN') } },
                series: [
                  {
                    name: label,
                    type: 'bar',
                    barMaxWidth: 28,
                    data: series.points.map((p) => p.serviceFeeFen / 100),
                  },
                  {
                    name: tx(['经纪人佣金', 'Agent fees']),
                    type: 'line',
                    smooth: true,
                    data: series.points.map((p) => p.agentFeeFen / 100),
                  },
                ],
              }}
            />
          </Suspense>
        </>
      )}
    </Card>
  );
}

function LedgerCheck() {
  const tx = useBilingual();
  const [check, setCheck] = useState<Check | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      setCheck(await api.get<Check>('/wallet/ledger/check'));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button icon={<SafetyCertificateOutlined />} loading={busy} onClick={() => void run()}>
        {tx(['账务核对', 'Check the ledger'])}
      </Button>
      {error && <Alert type="error" showIcon message={error} />}
      {check && (
        <Alert
          data-testid="ledger-check"
          type={check.balanced ? 'success' : 'error'}
          showIcon
          message={
            check.balanced
              ? tx([
                  `借贷平衡：${check.lineCount} 笔流水合计 ${yuan(check.ledgerSumFen)}，账户余额与流水一致`,
                  `Balanced: ${check.lineCount} lines sum to ${yuan(check.ledgerSumFen)}; every balance equals its lines`,
                ])
              : tx([
                  `不平衡：流水合计 ${yuan(check.ledgerSumFen)}，${check.mismatches.length} 个账户不符，${check.unbalancedPostings.length} 笔分录不平`,
                  `Not balanced: lines sum to ${yuan(check.ledgerSumFen)}; ${check.mismatches.length} accounts differ, ${check.unbalancedPostings.length} postings do not balance`,
                ])
          }
          description={
            check.mismatches.length > 0 ? (
              <Table
                size="small"
                pagination={false}
                rowKey="walletId"
                dataSource={check.mismatches}
                columns={[
                  { title: tx(['账户', 'Account']), dataIndex: 'ownerName' },
                  { title: tx(['余额', 'Balance']), dataIndex: 'balanceFen', render: (v) => yuan(v) },
                  { title: tx(['流水合计', 'Lines']), dataIndex: 'ledgerFen', render: (v) => yuan(v) },
                ]}
              />
            ) : undefined
          }
        />
      )}
    </Space>
  );
}

export default function MainWallet() {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [ledger, setLedger] = useState<LedgerAccount | null>(null);
  const [seq, setSeq] = useState(0);
  const openLedger = useCallback((a: LedgerAccount) => setLedger(a), []);
  const ledgerAction = useLedgerAction(openLedger);
  useEffect(
    () =>
      onResourceChange((path) => {
        if (path === '/plateform/wallet/platform') setSeq((n) => n + 1);
      }),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: seq reloads the summary after a payment
  useEffect(() => {
    let live = true;
    api
      .get<Summary>('/plateform/wallet/summary')
      .then((s) => live && setSummary(s))
      .catch((e) => message.error(errorText(e)));
    return () => {
      live = false;
    };
  }, [seq, message]);

  const platformDef = useResourcePage(walletResource, [ledgerAction], () => ({
    view: 'platform',
    fields: { balanceFen: { render: (v) => <SignedYuan fen={v} /> } },
    rowActions: [ledgerAction],
  }));
  const payableDef = useResourcePage(walletResource, [ledgerAction], () => ({
    view: 'payable',
    rowActions: [ledgerAction],
  }));
  const statementDef = useResourcePage(statementLineResource, [], () => ({
    perm: 'finance:wallet',
    fields: { amountFen: { render: (v) => yuan(v) } },
  }));
  const payeeDebts = summary?.payeeDebtsFen ?? 0;
  /** A headline figure: its title, its amount ('--' until the summary has come), its test id and footnote. */
  const figure = (
    key: string,
    title: [string, string],
    fen: number | undefined,
    more: { testid?: string; note?: string } = {},
  ) => ({ key, title: tx(title), fen, ...more });
  const stats = [
    figure('fee', ['服务费收入（累计）', 'Service-fee income (to date)'], summary?.serviceFeeIncomeFen, {
      testid: 'service-fee-income',
    }),
    figure('receivable', ['垫付应收款', 'Advance receivables'], summary?.advanceReceivableFen),
    figure('funds', ['货主资金（托管）', 'Customer funds (escrow)'], summary?.customerFundsFen),
    figure('payables', ['应付司机/经纪人', 'Payables to drivers/agents'], summary?.payablesFen, {
      testid: 'payables',
      note:
        payeeDebts > 0
          ? `${tx(['另有司机/经纪人欠款', 'Owed by drivers/agents'])} ¥${yuan(payeeDebts)}`
          : undefined,
    }),
    figure('bank', ['银行存款（清算户）', 'Cash at bank (clearing)'], summary?.bankBalanceFen, {
      testid: 'bank-balance',
    }),
    figure(
      'card',
      ['油卡/ETC待结算', 'Fuel card / ETC due'],
      summary ? (summary.accounts.find((a) => a.code === 'card_provider')?.balanceFen ?? 0) : undefined,
    ),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col key={s.key} xs={12} md={8} xl={4}>
            <Card variant="borderless" size="small" style={{ height: '100%' }}>
              <Statistic
                title={s.title}
                {...money(s.fen)}
                valueStyle={{ fontSize: 20, whiteSpace: 'nowrap' }}
                data-testid={s.testid}
              />
              {s.note && (
                <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid={`${s.testid}-note`}>
                  {s.note}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <FeeChart />
        </Col>
        <Col xs={24} xl={8}>
          <Card
            variant="borderless"
            title={tx(['垫付应收（按货主）', 'Advance receivables by customer'])}
            extra={<ReloadIconButton label={tx(['刷新', 'Refresh'])} onClick={() => setSeq((n) => n + 1)} />}
          >
            <Table
              size="small"
              rowKey="customerId"
              pagination={false}
              scroll={{ y: 200 }}
              dataSource={summary?.receivablesByCustomer ?? []}
              columns={[
                { title: tx(['货主', 'Customer']), dataIndex: 'customerName', ellipsis: true },
                { title: tx(['运单', 'Waybills']), dataIndex: 'notes', width: 84, align: 'right' },
                yuanColumn(tx(['应收', 'Owed']), 'owedFen', 120),
              ]}
            />
            {can('finance:wallet:reconcile') && (
              <div style={{ marginTop: 16 }}>
                <LedgerCheck />
              </div>
            )}
          </Card>
        </Col>
      </Row>
      <ResourceTabs
        destroyOnHidden={false}
        tabs={[
          { key: 'platform', label: ['平台账户', 'Platform accounts'], def: platformDef },
          { key: 'payable', label: ['应付账户', 'Payables'], def: payableDef },
          {
            key: 'statement',
            label: ['银行流水', 'Bank statement'],
            def: statementDef,
            above: can('finance:wallet:import') && (
              <Space wrap style={{ marginBottom: 8 }}>
                <ImportButton
                  url="/plateform/wallet/importStatement"
                  accept=".xlsx,.csv"
                  title={tx(['导入银行流水', 'Import bank statement'])}
                  icon={<UploadOutlined />}
                  onDone={announceMoneyChange}
                />
                <Button
                  icon={<DownloadOutlined />}
                  onClick={async () => {
                    try {
                      const env = await api.post<{ unmatched: number }>(
                        '/plateform/wallet/downloadStatement',
                        { day: dayjs().format('YYYY-MM-DD') },
                      );
                      message.success(
                        tx([
                          `已下载今日银行流水，未匹配 ${env?.unmatched ?? 0} 条`,
                          `Today's statement downloaded; ${env?.unmatched ?? 0} unmatched`,
                        ]),
                      );
                      announceMoneyChange();
                      announceChange(statementLineResource.path);
                    } catch (e) {
                      message.error(errorText(e));
                    }
                  }}
                >
                  {tx(['下载今日银行流水', "Download today's statement"])}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <LedgerDrawer account={ledger} onClose={() => setLedger(null)} />
    </Space>
  );
}
