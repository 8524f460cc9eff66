// 凭证导出: the accounting vouchers of a month generated from the ledger (each posting one voucher,
// each invoice issued one more), previewed with their entries and totals beside the ledger's, and exported as
// the import workbook of 用友 (U8/T+) or 金蝶 (K/3 Cloud). The 科目 come from 凭证科目.
import { formatFen, type Voucher, type VoucherEntry, type VoucherPreview } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Grid, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useBilingual } from '../../components/resource/text';
import { downloadFile } from '../../components/resource/transfer';
import { useCan } from '../../components/resource/useCan';
import { api, errorText } from '../../services/request';

const money = (fen: number) => (fen ? formatFen(fen) : '');

export default function VoucherExport() {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [month, setMonth] = useState<Dayjs>(() => dayjs());
  const [busy, setBusy] = useState<string | null>(null);
  const period = month.format('YYYY-MM');
  const preview = useQuery({
    queryKey: ['voucherPreview', period],
    queryFn: () => api.get<VoucherPreview>('/finance/voucher/preview', { period }),
  });
  const data = preview.data;
  const balanced =
    data !== undefined &&
    data.totals.debitFen === data.totals.creditFen &&
    data.vouchers.every(
      (v) => v.entries.reduce((s, e) => s + e.debitFen, 0) === v.entries.reduce((s, e) => s + e.creditFen, 0),
    );

  const exportAs = async (format: 'yonyou' | 'kingdee') => {
    setBusy(format);
    try {
      await downloadFile(
        '/finance/voucher/export',
        { period, format },
        `凭证${period}-${format === 'yonyou' ? '用友' : '金蝶'}.xlsx`,
      );
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const entryColumns = [
    { title: tx(['摘要', 'Summary']), dataIndex: 'summary', ellipsis: true },
    {
      title: tx(['科目', 'Subject']),
      key: 'subject',
      render: (_: unknown, e: VoucherEntry) => `${e.subjectCode} ${e.subjectName}`,
    },
    { title: tx(['往来单位', 'Partner']), dataIndex: 'partner', width: 160, ellipsis: true },
    {
      title: tx(['借方', 'Debit']),
      dataIndex: 'debitFen',
      align: 'right' as const,
      width: 120,
      render: money,
    },
    {
      title: tx(['贷方', 'Credit']),
      dataIndex: 'creditFen',
      align: 'right' as const,
      width: 120,
      render: money,
    },
  ];
  const sum = (v: Voucher, side: 'debitFen' | 'creditFen') => v.entries.reduce((s, e) => s + e[side], 0);

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="voucher-export">
      <Card size="small">
        <Space wrap size={12}>
          <span>{tx(['会计期间', 'Period'])}</span>
          <DatePicker
            picker="month"
            allowClear={false}
            value={month}
            onChange={(value) => value && setMonth(value)}
            data-testid="voucher-period"
          />
          <Button onClick={() => void preview.refetch()} loading={preview.isFetching}>
            {tx(['预览', 'Preview'])}
          </Button>
          {can('finance:voucher:export') && (
            <>
              <Button
                type="primary"
                loading={busy === 'yonyou'}
                onClick={() => void exportAs('yonyou')}
                data-testid="export-yonyou"
              >
                {tx(['导出用友（U8/T+）', 'Export for Yonyou (U8/T+)'])}
              </Button>
              <Button
                loading={busy === 'kingdee'}
                onClick={() => void exportAs('kingdee')}
                data-testid="export-kingdee"
              >
                {tx(['导出金蝶（K/3 Cloud）', 'Export for Kingdee (K/3 Cloud)'])}
              </Button>
            </>
          )}
        </Space>
      </Card>
      {preview.error && <Alert type="error" showIcon message={errorText(preview.error)} />}
      {data && (
        <Card size="small">
          <Space wrap size={screens.md ? 40 : 16}>
            <Statistic title={tx(['凭证张数', 'Vouchers'])} value={data.totals.count} />
            <Statistic title={tx(['借方合计(元)', 'Debits'])} value={formatFen(data.totals.debitFen)} />
            <Statistic title={tx(['贷方合计(元)', 'Credits'])} value={formatFen(data.totals.creditFen)} />
            <Statistic
              title={tx(['账户流水借方(元)', 'Ledger debits'])}
              value={formatFen(data.totals.ledgerDebitFen)}
            />
            <Statistic
              title={tx(['账户流水贷方(元)', 'Ledger credits'])}
              value={formatFen(data.totals.ledgerCreditFen)}
            />
            <Tag color={balanced ? 'success' : 'error'} data-testid="voucher-balanced">
              {balanced ? tx(['借贷平衡', 'Balanced']) : tx(['借贷不平', 'Not balanced'])}
            </Tag>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {tx([
              '每笔账户流水记账生成一张记账凭证，开具发票另生成收入凭证（借贷合计含发票凭证，账户流水合计不含）；科目在“凭证科目”中设置。',
              'Each ledger posting is one voucher, each invoice issued one more (the debit and credit totals include the invoices, the ledger totals do not); the accounts are set in Voucher accounts.',
            ])}
          </Typography.Paragraph>
        </Card>
      )}
      <Table<Voucher>
        size="small"
        rowKey={(v) => `${v.number}`}
        loading={preview.isLoading}
        dataSource={data?.vouchers ?? []}
        scroll={{ x: 720 }}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        expandable={{
          expandedRowRender: (v) => (
            <Table<VoucherEntry>
              size="small"
              rowKey={(_, i) => String(i)}
              columns={entryColumns}
              dataSource={v.entries}
              pagination={false}
            />
          ),
        }}
        columns={[
          {
            title: tx(['凭证号', 'No.']),
            key: 'number',
            width: 90,
            render: (_, v) => `${v.word}-${String(v.number).padStart(4, '0')}`,
          },
          { title: tx(['日期', 'Date']), dataIndex: 'date', width: 110 },
          { title: tx(['摘要', 'Summary']), dataIndex: 'summary', ellipsis: true },
          { title: tx(['分录', 'Entries']), key: 'entries', width: 70, render: (_, v) => v.entries.length },
          {
            title: tx(['借方(元)', 'Debit']),
            key: 'debit',
            align: 'right',
            width: 120,
            render: (_, v) => formatFen(sum(v, 'debitFen')),
          },
          {
            title: tx(['贷方(元)', 'Credit']),
            key: 'credit',
            align: 'right',
            width: 120,
            render: (_, v) => formatFen(sum(v, 'creditFen')),
          },
        ]}
      />
    </Space>
  );
}
