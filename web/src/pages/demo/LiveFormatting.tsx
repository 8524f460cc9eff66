// Gallery section: the newest shipping notes as the server sent them to this viewer,
// with money, dates and long text through the shared formatters and the fee rules ('--' for a hidden fee).
import {
  ellipsis,
  formatDateTime,
  formatFen,
  HIDDEN_FEE,
  orderFeeTotal,
  type Page,
  paginationLabel,
} from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Skeleton, Table } from 'antd';
import { useBilingual } from '../../components/resource/text';
import { api } from '../../services/request';

interface NoteRow {
  id: string;
  shippingNoteNumber: string;
  orderMode: number;
  driverFee: number | string | null;
  agentFee: number | string | null;
  customerFee: number | string | null;
  loadAddress: string | null;
  createTime: string;
}

const fee = (value: NoteRow['driverFee']) => (value === HIDDEN_FEE ? HIDDEN_FEE : formatFen(value) || '--');

export function LiveFormatting() {
  const tx = useBilingual();
  const notes = useQuery({
    queryKey: ['gallery-notes'],
    queryFn: () =>
      api.get<Page<NoteRow>>('/shipping/hyShippingNote/list', {
        pageNo: 1,
        pageSize: 3,
        column: 'createTime',
        order: 'desc',
      }),
  });
  if (notes.isLoading) return <Skeleton active />;
  if (notes.isError)
    return <Alert type="warning" showIcon message={tx(['运单数据不可用', 'Notes unavailable'])} />;
  const page = notes.data;
  const rows = page?.records ?? [];
  return (
    <>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={tx(['金额 1234567.891 元', 'Money 1234567.891 yuan'])}>
          <span data-testid="format-money">{formatFen(123456789)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={tx(['分页文字', 'Pagination label'])}>
          <span data-testid="format-pagination">{paginationLabel(page?.total ?? 0, [1, rows.length])}</span>
        </Descriptions.Item>
      </Descriptions>
      <Table<NoteRow>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 760 }}
        dataSource={rows}
        data-testid="format-notes"
        columns={[
          { title: tx(['运单号', 'Note']), dataIndex: 'shippingNoteNumber', width: 170 },
          {
            title: tx(['司机运费', 'Driver fee']),
            dataIndex: 'driverFee',
            align: 'right',
            render: (v: NoteRow['driverFee']) => fee(v),
          },
          {
            title: tx(['应收合计', 'Fee total']),
            key: 'total',
            align: 'right',
            // `agentFee` for an agent order (mode 3), else `customerFee`.
            render: (_v, row) => fee(orderFeeTotal(row) ?? null),
          },
          {
            title: tx(['装货地址', 'Loading address']),
            dataIndex: 'loadAddress',
            render: (v: string | null) => <span title={v ?? ''}>{ellipsis(v ?? '')}</span>,
          },
          {
            title: tx(['创建时间', 'Created']),
            dataIndex: 'createTime',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
    </>
  );
}
