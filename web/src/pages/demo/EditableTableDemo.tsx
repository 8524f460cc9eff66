// Editable-table demo of the component gallery: 1 000 generated rows × 10 columns with the
// cell presets, statistics, sub-tables and row sync between open instances over /vxeSocket.
import type { TableRow } from '@freight/contracts';
import { Button, Card, Table, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  cellRenderCounts,
  type EditableColumn,
  EditableTable,
  type EditableTableHandle,
} from '../../components/editable-table';
import { useBilingual } from '../../components/resource/text';

export const DEMO_ROWS = 1_000;

const COLUMNS: EditableColumn[] = [
  { key: 'orderNo', title: '运单号', width: 150, presets: ['required'], unique: { message: '运单号已存在' } },
  { key: 'shipper', title: '货主', width: 120, presets: ['required'] },
  { key: 'mobile', title: '手机号', width: 130, presets: ['mobile'] },
  { key: 'email', title: '邮箱', width: 190, presets: ['email'] },
  { key: 'postcode', title: '邮编', width: 100, presets: ['postcode'] },
  { key: 'weight', title: '重量(吨)', width: 110, type: 'number', statistics: ['sum', 'average'] },
  {
    key: 'freight',
    title: '运费(元)',
    width: 120,
    type: 'number',
    presets: ['money'],
    statistics: ['sum', 'average'],
    money: true,
  },
  { key: 'pieces', title: '件数', width: 90, type: 'number', presets: ['integer'], statistics: ['sum'] },
  { key: 'tags', title: '标签', width: 150, type: 'tag' },
  { key: 'site', title: '网址', width: 200, presets: ['url'] },
];

const SHIPPERS = ['华东物流', '顺达货运', '安吉运输', '远通快运', '中原物流'];

function makeRows(count: number, seed = 0): TableRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `r${i + 1}`,
    orderNo: `YD${String(20260000 + i + 1)}`,
    shipper: SHIPPERS[(i + seed) % SHIPPERS.length],
    mobile: `138${String(10_000_000 + ((i * 7919 + seed) % 89_999_999)).padStart(8, '0')}`,
    email: `user${i + 1}@example.com`,
    postcode: String(100_000 + ((i * 37 + seed) % 800_000)),
    weight: String(((i * 13 + seed) % 400) / 10 + 1),
    freight: String((((i * 97 + seed) % 90_000) + 1_000) / 100),
    pieces: String(((i + seed) % 50) + 1),
    tags: '冷链;加急',
    site: `https://example.com/orders/${i + 1}`,
  }));
}

function SubTable({ row }: { row: TableRow }) {
  const stops = useMemo(
    () => [
      { key: '1', stop: '装货', place: '上海市嘉定区', at: '2026-01-05 08:00:00' },
      { key: '2', stop: '卸货', place: '苏州市工业园区', at: '2026-01-05 14:30:00' },
    ],
    [],
  );
  return (
    <Table
      size="small"
      pagination={false}
      data-testid={`et-sub-${row.id}`}
      columns={[
        { title: '环节', dataIndex: 'stop', width: 80 },
        { title: '地点', dataIndex: 'place' },
        { title: '时间', dataIndex: 'at', width: 180 },
      ]}
      dataSource={stops}
    />
  );
}

export default function EditableTableDemo() {
  const tx = useBilingual();
  const table = useRef<EditableTableHandle>(null);
  const [rows, setRows] = useState(() => makeRows(DEMO_ROWS));
  const [errors, setErrors] = useState<number | null>(null);

  useEffect(() => {
    // Read by the e2e test and `npm run bench:web`: cell renders per row id.
    (window as unknown as { __editableTableRenders?: Map<string, number> }).__editableTableRenders =
      cellRenderCounts;
  }, []);

  return (
    <Card
      title={tx(['可编辑表格', 'Editable table'])}
      data-testid="editable-table-demo"
      styles={{ body: { padding: 12 } }}
    >
      <Typography.Paragraph type="secondary">
        {tx([
          `${DEMO_ROWS} 行 × ${COLUMNS.length} 列；在另一个窗口打开本页，编辑的行会实时同步。`,
          `${DEMO_ROWS} rows × ${COLUMNS.length} columns; open this page in another window and edited rows sync live.`,
        ])}
      </Typography.Paragraph>
      <EditableTable
        ref={table}
        columns={COLUMNS}
        dataSource={rows}
        authPre="demo:editable:"
        reloadEffect
        height={460}
        socket={{ pageId: 'demo-editable-table', socketKey: 'demo-orders' }}
        subTable={(row) => <SubTable row={row} />}
        toolbarExtra={
          <>
            <Button onClick={() => setRows(makeRows(DEMO_ROWS, Date.now() % 97))} data-testid="et-reload">
              {tx(['重新加载', 'Reload'])}
            </Button>
            <Button
              onClick={() => setErrors(table.current?.validate().length ?? 0)}
              data-testid="et-validate"
            >
              {tx(['校验', 'Validate'])}
            </Button>
            <Button onClick={() => void table.current?.openSubTable('r1')} data-testid="et-open-sub">
              {tx(['打开第一行子表', 'Open first sub-table'])}
            </Button>
            <Button onClick={() => void table.current?.openSubTable('missing')} data-testid="et-open-missing">
              {tx(['打开不存在的子表', 'Open a missing sub-table'])}
            </Button>
            {errors !== null && (
              <Typography.Text type={errors ? 'danger' : 'success'} data-testid="et-error-count">
                {tx([`${errors} 个错误`, `${errors} errors`])}
              </Typography.Text>
            )}
          </>
        }
      />
    </Card>
  );
}
