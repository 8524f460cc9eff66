// A report rendered from its definition: search form from getQueryInfo, columns from getRpColumns,
// server paging/sorting via getData, totals row. Used by the auto report page and by RecordPopup.
import { formatYuan, PAGE_SIZE_OPTIONS, popupRowKey } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { pageTotalText, useBilingual } from '../resource/text';
import { getData, getQueryInfo, type RpColumns, type RpQuery } from './reportApi';

type Row = Record<string, unknown>;

interface Props {
  meta: RpColumns;
  selection?: { multi: boolean; keys: string[]; onChange: (keys: string[], rows: Row[]) => void };
  onRowClick?: (row: Row) => void;
  scrollY?: number;
  /** Receives the current search so the caller can export with it. */
  onQueryChange?: (query: RpQuery) => void;
}

const NUMERIC = new Set(['Integer', 'Long', 'Double', 'BigDecimal', 'Number']);

export function ReportTable({ meta, selection, onRowClick, scrollY, onQueryChange }: Props) {
  const tx = useBilingual();
  const [form] = Form.useForm();
  const [query, setQuery] = useState<RpQuery>({ pageNo: 1, pageSize: 10 });
  const fields = useQuery({
    queryKey: ['report-query-info', meta.cgRpConfigId],
    queryFn: () => getQueryInfo(meta.cgRpConfigId),
  });
  const data = useQuery({
    queryKey: ['report-data', meta.cgRpConfigId, query],
    queryFn: () => getData(meta.cgRpConfigId, query),
  });
  const update = (next: RpQuery) => {
    setQuery(next);
    onQueryChange?.(next);
  };
  const search = () => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') clean[k] = v;
    update({ pageNo: 1, pageSize: query.pageSize, column: query.column, order: query.order, ...clean });
  };
  const columns: TableProps<Row>['columns'] = meta.columns.map((c) => ({
    key: c.dataIndex,
    title: c.title,
    dataIndex: c.dataIndex,
    width: c.width,
    ellipsis: true,
    sorter: true,
    sortOrder: query.column === c.dataIndex ? (query.order === 'desc' ? 'descend' : 'ascend') : undefined,
    align: NUMERIC.has(c.fieldType) ? 'right' : 'left',
    render: (value: unknown, row: Row) =>
      c.dictCode ? String(row[`${c.dataIndex}_dictText`] ?? value ?? '') : String(value ?? ''),
  }));
  const totals = data.data?.totals;
  const hasTotals = totals && Object.keys(totals).length > 0;
  return (
    <div>
      {fields.data && fields.data.length > 0 && (
        <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
          {fields.data.map((f) =>
            f.mode === 'group' ? (
              <Form.Item key={f.field} label={f.label}>
                <Space.Compact>
                  <Form.Item name={`${f.field}_begin`} noStyle>
                    <Input style={{ width: 110 }} placeholder={tx(['开始', 'From'])} />
                  </Form.Item>
                  <Form.Item name={`${f.field}_end`} noStyle>
                    <Input style={{ width: 110 }} placeholder={tx(['结束', 'To'])} />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            ) : (
              <Form.Item key={f.field} name={f.field} label={f.label}>
                <Input allowClear style={{ width: 160 }} />
              </Form.Item>
            ),
          )}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="report-search">
                {tx(['查询', 'Search'])}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  update({ pageNo: 1, pageSize: query.pageSize });
                }}
              >
                {tx(['重置', 'Reset'])}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Table<Row>
        size="small"
        bordered
        rowKey={(row) => popupRowKey(row)}
        loading={data.isFetching}
        dataSource={data.data?.records ?? []}
        columns={columns}
        scroll={{ x: 'max-content', y: scrollY }}
        rowSelection={
          selection
            ? {
                type: selection.multi ? 'checkbox' : 'radio',
                columnWidth: 40,
                selectedRowKeys: selection.keys,
                onChange: (keys, rows) => selection.onChange(keys.map(String), rows),
              }
            : undefined
        }
        onRow={(row) => ({
          onClick: (event) => {
            // A click on the selection box already changed the selection.
            if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
            onRowClick?.(row);
          },
        })}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          update({
            ...query,
            pageNo: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? 10,
            column: s?.order ? String(s.field) : undefined,
            order: s?.order ? (s.order === 'descend' ? 'desc' : 'asc') : undefined,
          });
        }}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: data.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          showTotal: pageTotalText(tx),
        }}
        summary={
          hasTotals
            ? () => (
                <Table.Summary.Row>
                  {selection && <Table.Summary.Cell index={-1} />}
                  {meta.columns.map((c, i) => (
                    <Table.Summary.Cell key={c.dataIndex} index={i} align="right">
                      {i === 0 && totals?.[c.dataIndex] === undefined
                        ? tx(['合计', 'Total'])
                        : totals?.[c.dataIndex] !== undefined
                          ? formatYuan(totals[c.dataIndex] as number | string)
                          : ''}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
    </div>
  );
}
